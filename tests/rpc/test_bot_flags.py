"""A bot written from the README's snippet obeys --address, --name and --token (issue 42): it
connects where the command line says, under the name it says, and a flag it does not know
stops it with one line before it connects anywhere."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from serve_process import ROOT, kill, start_serve

import arena.bot
from arena.bot import DEFAULT_ADDRESS, run_bot
from arena.rpc.client.bot_client import BotConfig
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

CONNECT_WAIT_S = 60.0  # bounds a broken test only: the bot connects in about a second
BOT_VARIABLES = ("ARENA_ADDRESS", "ARENA_BOT_NAME", "ARENA_TOKEN", "ARENA_TLS_CA")


def readme_snippet() -> str:
    """The README's Python bot, as a newcomer would copy it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    (code,) = [c for c in re.findall(r"```python\n(.*?)```", text, re.S) if "run_bot(" in c]
    return code


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """An open `arena serve` on a free port: its address."""
    process, address = start_serve()
    try:
        yield address
    finally:
        kill(process)


def connected_bots(address: str) -> list[str]:
    """The names of the bots connected to the server at `address`."""

    async def ask() -> list[str]:
        async with grpc.aio.insecure_channel(address) as channel:
            stub = arena_pb2_grpc.ArenaServiceStub(channel)
            return [bot.name for bot in (await stub.ListBots(pb.ListBotsRequest())).bots]

    return asyncio.run(ask())


def start_snippet(tmp_path: Path, *args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    """The README snippet saved as readme_bot.py and started with `args`."""
    script = tmp_path / "readme_bot.py"
    script.write_text(readme_snippet(), encoding="utf-8")
    base = {k: v for k, v in os.environ.items() if k not in BOT_VARIABLES}
    return subprocess.Popen(
        [sys.executable, str(script), *args],
        env={**base, "PYTHONPATH": str(ROOT), **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_readme_bot_connects_where_its_flags_say_under_their_name(server, tmp_path):
    # $ARENA_ADDRESS names a port where nothing listens: the flag must win over it.
    elsewhere = {"ARENA_ADDRESS": "127.0.0.1:9", "ARENA_BOT_NAME": "not-this-one"}
    bot = start_snippet(
        tmp_path, "--address", server, "--name", "slow1", "--token", "t0k3n", env=elsewhere
    )
    try:
        deadline = time.monotonic() + CONNECT_WAIT_S
        while "slow1" not in connected_bots(server):
            assert bot.poll() is None, bot.communicate()[1][-2000:]
            assert time.monotonic() < deadline, "the bot did not connect"
            time.sleep(0.1)
        assert connected_bots(server) == ["slow1"]
    finally:
        kill(bot)


def test_an_unknown_flag_stops_the_bot_with_one_line_before_connecting(server, tmp_path):
    bot = start_snippet(tmp_path, "--adress", server, "--name", "typo", env={})
    _out, err = bot.communicate(timeout=CONNECT_WAIT_S)
    assert bot.returncode == 2
    (line,) = err.strip().splitlines()
    assert line.startswith("readme_bot.py: error: unrecognized arguments: --adress")
    assert "--address, --name, --token" in line  # what it does take
    assert "typo" not in connected_bots(server)


def test_explicit_arguments_beat_flags_which_beat_the_environment(monkeypatch):
    seen: list[BotConfig] = []

    async def capture(config: BotConfig, _policy: object) -> None:
        seen.append(config)

    monkeypatch.setattr(arena.bot, "_main", capture)
    monkeypatch.setenv("ARENA_ADDRESS", "127.0.0.1:7001")
    monkeypatch.setenv("ARENA_BOT_NAME", "from-env")
    monkeypatch.setenv("ARENA_TOKEN", "env-token")
    argv = ["--address", "127.0.0.1:7002", "--name", "from-flag", "--token", "flag-token"]
    run_bot(lambda request: 0, name="given", argv=argv)
    run_bot(lambda request: 0, argv=argv[2:])
    monkeypatch.delenv("ARENA_ADDRESS")
    run_bot(lambda request: 0, argv=())
    given, flagged, defaulted = seen
    assert (given.address, given.name, given.token) == ("127.0.0.1:7002", "given", "flag-token")
    assert (flagged.address, flagged.name, flagged.token) == (
        "127.0.0.1:7001",
        "from-flag",
        "flag-token",
    )
    assert (defaulted.address, defaulted.name) == (DEFAULT_ADDRESS, "from-env")
    assert defaulted.token == "env-token"
