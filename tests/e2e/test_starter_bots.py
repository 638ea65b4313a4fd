"""The starter bots of bots/js and bots/cpp: built from their own copy of proto/, each plays every
registered game, passes `arena check-bot` (launched, and on a TLS server with credentials), names
the cause when it cannot join, and replays a tournament from its seed (toolchains installed like
the PostgreSQL server; CI never skips)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import token_ledger
from serve_process import kill, start_serve
from starter_bots import ROOT, build_js, starter_bot  # noqa: F401  # the fixture
from tls_server import TlsServer, tls_server

from arena.cli import main
from arena.core.registry import list_games
from arena.rpc.guard import guarded
from arena.store import Store

PY = sys.executable


def run_cli(capsys, *args: str) -> tuple[int, str]:
    """Exit code and stdout, with stderr after it when the command failed (its error)."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    code = exit_info.value.code or 0
    return code, captured.out if code == 0 else captured.out + captured.err


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_starter_bot_plays_a_real_match_of_every_game(capsys, starter_bot, game):  # noqa: F811
    others = ["--bot", "random"] * (min(g.min_players for g in list_games() if g.name == game) - 1)
    code, out = run_cli(
        capsys,
        "play",
        game,
        *others,
        "--bot-cmd",
        starter_bot,
        "--seed",
        "5",
        "--time-per-move",
        "2000",
    )
    assert code == 0, out
    assert "result (normal" in out or "result (turn_cap" in out, out
    assert "seat " in out and "(referee 127.0.0.1:" in out


def test_starter_bot_passes_check_bot(capsys, starter_bot):  # noqa: F811
    code, out = run_cli(capsys, "check-bot", "--time-per-move", "5000", "--", starter_bot)
    assert "[FAIL]" not in out and code == 0, out
    assert "[pass] reconnect after the server drops the stream" in out


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsServer]:
    """A shared server as a bot author meets it: TLS, credentials, `starter` registered."""
    with tls_server(tmp_path_factory.mktemp("shared"), ("starter",)) as server:
        yield server


def bot_env(**settings: str) -> dict[str, str]:
    """This environment without a developer's own bot settings, plus `settings`."""
    mine = ("ARENA_ADDRESS", "ARENA_BOT_NAME", "ARENA_TOKEN", "ARENA_TLS_CA", "ARENA_SEED")
    return {**{k: v for k, v in os.environ.items() if k not in mine}, **settings}


def test_starter_bot_passes_check_bot_on_a_tls_server_with_credentials(
    capsys,
    monkeypatch,
    shared,
    starter_bot,  # noqa: F811
):
    flags = ["--address", shared.address, "--name", "starter", "--tls-ca", str(shared.cert)]
    token = shared.tokens["starter"]
    bot = subprocess.Popen(
        guarded([*shlex.split(starter_bot), *flags, "--seed", "7"]),
        env=bot_env(ARENA_TOKEN=token),  # the token by environment: `ps` shows no secret
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        monkeypatch.setenv("ARENA_TLS_CA", str(shared.cert))  # check-bot's own client: TLS,
        monkeypatch.setenv("ARENA_ORGANIZER_TOKEN", shared.organizer)  # and an organizer's token
        code, out = run_cli(
            capsys,
            "check-bot",
            "--server",
            shared.address,
            "--name",
            "starter",
            "--time-per-move",
            "5000",
            "--connect-timeout",
            "60",
        )
    finally:
        kill(bot)
    said = bot.stdout.read() if bot.stdout else ""
    token_ledger.printed(f"starter {starter_bot}", said + out)
    assert "[FAIL]" not in out and code == 0, out + said
    assert "[pass] lucky_numbers: full match, 2 players" in out
    assert f"connected to {shared.address} as starter" in said
    assert token not in said and token not in out


def test_starter_bot_names_the_cause_when_it_cannot_join(shared, starter_bot):  # noqa: F811
    command = [*shlex.split(starter_bot), "--address", shared.address, "--name", "starter"]
    token = shared.tokens["starter"]
    cases = [
        ([], token, f"{shared.address} expects TLS: give --tls-ca CA_FILE or set ARENA_TLS_CA"),
        (["--tls-ca", str(shared.cert)], "arena_wrong", "(a wrong token, or a name this server"),
    ]
    for extra, given, words in cases:
        done = subprocess.run(
            guarded([*command, *extra]),
            env=bot_env(ARENA_TOKEN=given),
            capture_output=True,
            text=True,
            timeout=60,
        )
        token_ledger.printed(f"starter {starter_bot}", done.stdout + done.stderr)
        assert done.returncode == 1, done.stdout + done.stderr
        assert done.stderr.strip().splitlines()[-1].startswith("error: "), done.stderr
        assert words in done.stderr, done.stderr
        assert given not in done.stdout + done.stderr


def tournament_moves(db: Path, command: str) -> list[tuple[str, list[tuple[int, str]]]]:
    """Play a small Lucky Numbers tournament of `command` against the built-in random bot;
    the moves of each of its matches."""
    done = subprocess.run(
        [PY, "-m", "arena", "tournament", "run", "--game", "lucky_numbers", "--bot",
         f"starter={command}", "--bot", "rand=builtin:random", "--seed", "11", "--db", str(db)],
        capture_output=True, text=True, timeout=300, env=bot_env(), cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    store = Store.open(str(db), create=False)
    try:
        return [
            (m.match_id, [(x.seat, x.move) for x in m.moves]) for m in store.tournament_matches(1)
        ]
    finally:
        store.close()


def test_starter_bot_replays_a_tournament_move_for_move(tmp_path, starter_bot):  # noqa: F811
    first = tournament_moves(tmp_path / "a.db", f"{starter_bot} --seed 3")
    again = tournament_moves(tmp_path / "b.db", f"{starter_bot} --seed 3")
    other = tournament_moves(tmp_path / "c.db", f"{starter_bot} --seed 4")
    assert first and first == again
    assert other != first  # the seed is what decides: another one plays other moves


def test_a_copied_javascript_starter_finds_its_protocol_in_its_own_folder(capsys, tmp_path):
    command = build_js()  # the repository's bots/js, with its node_modules
    source = ROOT / "bots" / "js"
    copy = tmp_path / "my-bot"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("node_modules"))
    (copy / "node_modules").symlink_to(source / "node_modules")
    assert command.endswith("bot.js")
    code, out = run_cli(
        capsys, "check-bot", "--game", "the_number", "--time-per-move", "5000", "--",
        "node", str(copy / "bot.js"),
    )  # fmt: skip
    assert code == 0 and "[FAIL]" not in out, out


def test_the_starters_ship_the_repositorys_protocol():
    contract = {p.relative_to(ROOT / "proto"): p.read_bytes() for p in (ROOT / "proto").rglob("*")
                if p.is_file()}  # fmt: skip
    for starter in ("js", "cpp"):
        folder = ROOT / "bots" / starter / "proto"
        shipped = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
        assert shipped == contract, f"bots/{starter}/proto differs from proto/: run `make proto`"


def test_starter_bot_retries_when_a_long_connection_drops(tmp_path, starter_bot):  # noqa: F811
    server, address = start_serve("--db", str(tmp_path / "open.db"))
    bot = subprocess.Popen(
        guarded([*shlex.split(starter_bot), "--address", address, "--name", "steady"]),
        env=bot_env(ARENA_RETRY_FOR_S="1"),  # a deadline shorter than the connection lasts
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert bot.stdout is not None
        seen = [bot.stdout.readline()]
        while seen[-1] and "connected to" not in seen[-1]:  # gRPC's own notices may come first
            seen.append(bot.stdout.readline())
        assert "connected to" in seen[-1], seen
        time.sleep(2.5)  # connected for longer than the retry deadline
        kill(server)
        out, _ = bot.communicate(timeout=60)
    finally:
        kill(server)
        kill(bot)
    # The deadline counts from the end of the last working connection, not from its start.
    assert "retrying in" in out, out
    assert out.strip().splitlines()[-1].startswith(f"error: no connection to {address}"), out


def test_starter_bot_replays_a_seeded_play_whatever_the_match_id(capsys, starter_bot):  # noqa: F811
    def moves(seed: str) -> list[str]:
        code, out = run_cli(
            capsys, "play", "lucky_numbers", "--bot", "random", "--bot-cmd",
            f"{starter_bot} --seed {seed}", "--seed", "5",
        )  # fmt: skip
        assert code == 0, out
        return [line for line in out.splitlines() if ". seat 1: " in line]  # the starter's

    first = moves("3")
    assert first and moves("3") == first  # the bot seed comes from the deal's seed, not the id
    assert moves("4") != first
