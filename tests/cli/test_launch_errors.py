"""A launched bot that says Hello under another name: the error says who connected, at once
when the bot kept its token, after the startup timeout otherwise."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from arena.errors import BotError
from arena.rpc.embedded import EmbeddedReferee

ROOT = Path(__file__).resolve().parents[2]


def bot(script: str) -> str:
    return f"{sys.executable} {ROOT / 'tests' / 'bots' / script}"


async def launch(command: str, timeout_s: float) -> str:
    async with EmbeddedReferee(startup_timeout_s=timeout_s) as referee:
        with pytest.raises(BotError) as error:
            await referee.launch("expected", command)
        return str(error.value)


def test_a_bot_with_the_token_but_another_name_is_named_at_once():
    started = time.monotonic()
    message = asyncio.run(launch(bot("misnamed_bot.py"), timeout_s=30))
    assert time.monotonic() - started < 20  # not the 30 s timeout
    assert "connected as 'someone-else', not as 'expected'" in message
    assert "ARENA_BOT_NAME" in message


def test_a_bot_ignoring_name_and_token_is_listed_after_the_timeout():
    message = asyncio.run(launch(bot("anonymous_bot.py"), timeout_s=3))
    assert "did not connect as 'expected' within 3 s" in message
    assert "bots connected meanwhile: anonymous" in message


def test_a_bot_that_exits_says_so_with_its_output():
    message = asyncio.run(launch(f"{sys.executable} -c \"print('bye'); raise SystemExit(3)\"", 10))
    assert "exited (exit code 3) before connecting" in message and "bye" in message
