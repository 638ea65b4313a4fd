"""The suite's own check that no token is printed: it finds one wherever it is printed."""

from __future__ import annotations

import token_ledger

from arena.rpc.client.remote import Remote

TOKEN = "arena_" + "x" * 43


def test_a_printed_token_is_found_and_named_by_where_not_by_itself() -> None:
    found = token_ledger.leaks([("server log", f"error: bad {TOKEN}!"), ("cli", "ok")], [TOKEN])
    assert found == ["server log"]
    assert token_ledger.leaks([("cli", "arena_short")], ["arena_short"]) == []  # too short


def test_the_commands_that_print_a_token_on_purpose_are_known() -> None:
    assert token_ledger.issues_a_token(["bot", "add", "ann", "--db", "x.db"])
    assert token_ledger.issues_a_token(["organizer", "rotate", "alice"])
    assert not token_ledger.issues_a_token(["bot", "list", "--db", "x.db"])


def test_a_remote_never_shows_its_token() -> None:
    remote = Remote("arena.example:50051", TOKEN, None)
    assert TOKEN not in repr(remote) and TOKEN not in str(remote)
    assert remote.metadata() == (("authorization", f"Bearer {TOKEN}"),)
