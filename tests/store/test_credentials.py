"""Credentials: tokens shown once, stored as hashes, verified in constant time, revocable."""

from __future__ import annotations

import argparse
import hashlib
import secrets

import pytest
import sqlalchemy as sa

from arena.cli import main
from arena.errors import CredentialError
from arena.store import Role, Store
from arena.store import credentials as creds
from arena.store.schema import credentials


def test_a_token_verifies_for_its_name_and_role_only(db_url):
    with Store.open(db_url) as store:
        assert not store.has_credentials()
        token = store.add_credential("greedy", Role.BOT)
        assert len(token) >= 43  # 32 random bytes, URL-safe base64
        assert store.has_credentials() and store.has_credentials(Role.BOT)
        assert not store.has_credentials(Role.ORGANIZER)
        assert store.verify_credential("greedy", token, Role.BOT)
        assert not store.verify_credential("greedy", token, Role.ORGANIZER)
        assert not store.verify_credential("random", token, Role.BOT)
        assert not store.verify_credential("greedy", token + "x", Role.BOT)
        assert not store.verify_credential("greedy", "", Role.BOT)
        assert not store.verify_credential("", token, Role.BOT)
        assert not store.verify_credential("x" * 500, token, Role.BOT)


def test_tokens_never_read_as_a_command_line_option(monkeypatch):
    # A token that starts with '-' breaks `--token TOKEN` in argparse (`expected one argument`):
    # every token starts with the prefix, whatever its random part.
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: "-" + "A" * (43 - 1))
    token = creds.new_token()
    assert token.startswith("arena_") and token.endswith("-" + "A" * 42)
    parser = argparse.ArgumentParser()
    parser.add_argument("--token")
    assert parser.parse_args(["--token", token]).token == token


def test_only_a_sha256_of_the_token_is_stored(db_url):
    with Store.open(db_url) as store:
        token = store.add_credential("greedy", Role.BOT)
        with store.engine.connect() as conn:
            row = conn.execute(sa.select(credentials)).one()
        assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
        assert token not in repr(tuple(row))
        assert "hash" not in repr(store.credentials())


def test_an_active_name_is_refused_unless_rotated_and_rotation_kills_the_old_token(db_url):
    with Store.open(db_url) as store:
        old = store.add_credential("greedy", Role.BOT)
        with pytest.raises(CredentialError, match="already has a token"):
            store.add_credential("greedy", Role.BOT)
        new = store.rotate_credential("greedy", Role.BOT)
        assert new != old
        assert not store.verify_credential("greedy", old, Role.BOT)
        assert store.verify_credential("greedy", new, Role.BOT)
        newer = store.add_credential("greedy", Role.BOT, rotate=True)
        assert store.verify_credential("greedy", newer, Role.BOT)
        assert not store.verify_credential("greedy", new, Role.BOT)
        with pytest.raises(CredentialError, match="no active bot credential 'nobody' to rotate"):
            store.rotate_credential("nobody", Role.BOT)
        # an organizer may share a bot's name: roles are separate namespaces
        store.add_credential("greedy", Role.ORGANIZER)


def test_revoked_tokens_fail_and_the_name_can_be_added_again(db_url):
    with Store.open(db_url) as store:
        token = store.add_credential("alice", Role.ORGANIZER)
        store.revoke_credential("alice", Role.ORGANIZER)
        assert not store.verify_credential("alice", token, Role.ORGANIZER)
        assert not store.has_credentials()
        with pytest.raises(CredentialError, match="no active organizer credential 'alice'"):
            store.revoke_credential("alice", Role.ORGANIZER)
        [listed] = store.credentials()
        assert (listed.name, listed.role, listed.active) == ("alice", Role.ORGANIZER, False)
        again = store.add_credential("alice", Role.ORGANIZER)
        assert store.verify_credential("alice", again, Role.ORGANIZER)
        assert store.credentials()[0].active


def test_verification_stamps_last_seen_unless_asked_not_to(db_url):
    with Store.open(db_url) as store:
        token = store.add_credential("greedy", Role.BOT)
        assert store.credentials()[0].last_seen is None
        assert store.verify_credential("greedy", token, Role.BOT, touch=False)
        assert store.credentials()[0].last_seen is None
        assert store.verify_credential("greedy", token, Role.BOT)
        seen = store.credentials()[0].last_seen
        assert seen is not None and seen >= store.credentials()[0].created_at
        store.verify_credential("greedy", "wrong", Role.BOT)
        assert store.credentials()[0].last_seen == seen


@pytest.mark.parametrize(
    "name", ["", "a b", "x" * 65, "semi;colon", "slash/", "ümlaut", "new\nline", "t1-0'--"]
)
def test_names_are_bounded_to_a_safe_charset(sqlite_path, name):
    with Store.open(sqlite_path) as store:
        with pytest.raises(CredentialError, match="bad name"):
            store.add_credential(name, Role.BOT)
        assert store.credentials() == []


@pytest.mark.parametrize("name", ["a", "greedy-2.0_b", "x" * 64])
def test_good_names_are_accepted(sqlite_path, name):
    with Store.open(sqlite_path) as store:
        token = store.add_credential(name, Role.BOT)
        assert store.verify_credential(name, token, Role.BOT)


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    return exit_info.value.code or 0, captured.out, captured.err


def test_cli_add_prints_the_token_once_and_list_never_shows_it(capsys, sqlite_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run_cli(capsys, "bot", "add", "rand", "--db", sqlite_path)
    token = out.strip()
    assert code == 0 and "\n" not in token
    # the bot's own program, not greedy_bot.py whatever the name (issue 42)
    assert "ARENA_TOKEN=<the token above> python YOUR_BOT.py --address ADDR --name rand" in err
    assert "greedy_bot" not in err
    assert token not in err  # printed once, on stdout: stderr may go to a log
    with Store.open(sqlite_path) as store:
        assert store.verify_credential("rand", token, Role.BOT)
    code, out, err = run_cli(capsys, "organizer", "add", "alice", "--db", sqlite_path)
    assert code == 0 and "organizer 'alice'" in err
    code, out, _ = run_cli(capsys, "bot", "list", "-f", "json", "--db", sqlite_path)
    assert code == 0 and token not in out
    assert '"name": "rand"' in out and "alice" not in out  # bots only
    code, out, _ = run_cli(capsys, "organizer", "list", "-f", "csv", "--db", sqlite_path)
    assert out.splitlines()[0] == "name,role,created,revoked,last_seen,admin"
    assert out.splitlines()[1].startswith("alice,organizer,")


def test_cli_rotate_and_revoke(capsys, sqlite_path):
    _, first, _ = run_cli(capsys, "bot", "add", "greedy", "--db", sqlite_path)
    code, second, err = run_cli(capsys, "bot", "rotate", "greedy", "--db", sqlite_path)
    assert code == 0 and "rotated a token for bot 'greedy'" in err
    with Store.open(sqlite_path) as store:
        assert not store.verify_credential("greedy", first.strip(), Role.BOT)
        assert store.verify_credential("greedy", second.strip(), Role.BOT)
    code, out, _ = run_cli(capsys, "bot", "revoke", "greedy", "--db", sqlite_path)
    assert code == 0 and out == "revoked the token of bot 'greedy'\n"
    with Store.open(sqlite_path) as store:
        assert not store.has_credentials()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("bot", "add", "bad name"), "error: bad name 'bad name': use 1 to 64"),
        (("bot", "revoke", "ghost"), "error: no active bot credential 'ghost' to revoke"),
        (("organizer", "rotate", "ghost"), "error: no active organizer credential 'ghost'"),
    ],
)
def test_cli_errors_are_one_line(capsys, sqlite_path, args, message):
    code, _, err = run_cli(capsys, *args, "--db", sqlite_path)
    assert code == 1
    assert err.startswith(message) and err.count("\n") == 1


def test_cli_add_twice_is_refused(capsys, sqlite_path):
    run_cli(capsys, "bot", "add", "greedy", "--db", sqlite_path)
    code, out, err = run_cli(capsys, "bot", "add", "greedy", "--db", sqlite_path)
    assert code == 1 and out == ""
    assert err == "error: bot 'greedy' already has a token: rotate it or revoke it first\n"
