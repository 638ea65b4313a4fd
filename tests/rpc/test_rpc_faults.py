"""Bot faults over gRPC are adjudicated, and the server's other matches finish normally.

Each scenario runs a 3-player match in which one bot misbehaves mid-game (seat 1) while the
same two well-behaved bots also play a second match on the same server. The offender ranks
last; the others are ranked by the game's adjudication of the position at the fault.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import grpc
import pytest

from arena.core.game import parse_options, replay
from arena.core.players import Player
from arena.core.registry import get_game
from arena.core.values import MatchRecord, Termination
from arena.match.clock import Clock
from arena.match.referee import play_match
from arena.rpc.embedded import EmbeddedReferee
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'}"
FAULT_BOT = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'fault_bot.py'}"
WRONG_ID_BOT = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'wrong_id_bot.py'}"
FAULT_CLOCK = Clock(per_move_ms=200, bank_ms=300)  # a stalled decision loses after 0.5 s
CALM_CLOCK = Clock(per_move_ms=2000, bank_ms=5000)
OFFENDER = 1
GOOD_DECISIONS = 3  # the bad bot plays this many first moves before its fault: mid-game


async def play_fault_and_calm(
    referee: EmbeddedReferee, bad: Player
) -> tuple[MatchRecord, MatchRecord]:
    """The faulty 3-player match and a calm 2-player match between r1 and r2, at once."""
    game = get_game("lucky_numbers")
    options = game.options_type()
    faulty = play_match(
        game, options, 11, [referee.player("r1"), bad, referee.player("r2")], clock=FAULT_CLOCK
    )
    calm = play_match(
        game, options, 12, [referee.player("r2"), referee.player("r1")], clock=CALM_CLOCK
    )
    return await asyncio.gather(faulty, calm)


BadPlayer = Callable[[EmbeddedReferee], Awaitable[Player]]


def run_with(
    bad_command: str | None, bad_player: BadPlayer | None = None
) -> tuple[MatchRecord, MatchRecord]:
    """Launch r1, r2 (random) and the bad bot (a command, or an in-process client), play both
    matches at once, return both records."""

    async def scenario() -> tuple[MatchRecord, MatchRecord]:
        async with EmbeddedReferee() as referee:
            launches = [referee.launch("r1", RANDOM_BOT), referee.launch("r2", RANDOM_BOT)]
            if bad_command is not None:
                launches.append(referee.launch("bad", bad_command))
            await asyncio.gather(*launches)
            if bad_player is not None:
                bad = await bad_player(referee)
            else:
                bad = referee.player("bad")
            return await play_fault_and_calm(referee, bad)

    return asyncio.run(asyncio.wait_for(scenario(), 30))


def assert_adjudicated(record: MatchRecord, termination: Termination, words: str) -> None:
    """The bad seat faulted as expected, ranks last, and the others are ranked by adjudicate."""
    outcome = record.outcome
    assert outcome.termination == termination, outcome.detail
    assert outcome.offender == OFFENDER
    assert words in outcome.detail
    assert outcome.ranks[OFFENDER] == 3
    assert sum(1 for m in record.moves if m.seat == OFFENDER) == GOOD_DECISIONS
    game = get_game(record.game)
    states = replay(
        game,
        3,
        parse_options(game, record.options),
        record.seed,
        ((m.seat, m.move) for m in record.moves),
    )
    expected = game.adjudicate(states[-1], OFFENDER)
    assert (outcome.ranks, outcome.scores, outcome.points) == (
        expected.ranks,
        expected.scores,
        expected.points,
    )


def assert_calm(record: MatchRecord) -> None:
    """The other match on the server ended by the rules."""
    assert record.outcome.termination == Termination.NORMAL, record.outcome.detail
    assert record.players == ("r2", "r1")


@pytest.mark.parametrize(
    ("mode", "termination", "words"),
    [
        ("sleepy", Termination.TIMEOUT, "time limit"),
        ("garbage", Termination.UNPARSABLE, "xyzzy"),
        ("index", Termination.UNPARSABLE, "outside the"),
        ("error", Termination.CRASH, "the policy fell over"),
        ("suicide", Termination.CRASH, "killed by SIGKILL"),
    ],
)
def test_a_faulty_bot_loses_its_match_and_the_other_match_goes_on(
    mode: str, termination: Termination, words: str
) -> None:
    faulty, calm = run_with(f"{FAULT_BOT} {mode} --after {GOOD_DECISIONS} --sleep-ms 1500")
    assert_adjudicated(faulty, termination, words)
    assert_calm(calm)


def test_a_reply_to_an_unknown_request_is_refused_and_the_request_times_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="arena.rpc.server.sessions")
    faulty, calm = run_with(f"{WRONG_ID_BOT} {GOOD_DECISIONS}")
    assert_adjudicated(faulty, Termination.TIMEOUT, "time limit")
    assert_calm(calm)
    assert "bot bad: decision for request id 100" in caplog.text and "refused" in caplog.text


async def connect_then_hang_up(referee: EmbeddedReferee) -> Player:
    """An in-process raw client that answers a few requests, then drops its connection."""
    channel = grpc.aio.insecure_channel(referee.address)
    call = arena_pb2_grpc.BotServiceStub(channel).Connect()
    await call.write(pb.BotMessage(hello=pb.Hello(name="bad")))
    assert (await call.read()).WhichOneof("kind") == "welcome"

    async def answer() -> None:
        answered = 0
        while (message := await call.read()) is not grpc.aio.EOF:
            if message.WhichOneof("kind") != "decision_request":
                continue
            if answered == GOOD_DECISIONS:
                await channel.close()  # the connection goes away mid-game
                return
            answered += 1
            decision = pb.Decision(request_id=message.decision_request.request_id, index=0)
            await call.write(pb.BotMessage(decision=decision))

    asyncio.get_running_loop().create_task(answer())
    return referee.player("bad")


def test_a_dropped_connection_is_a_disconnect() -> None:
    faulty, calm = run_with(None, connect_then_hang_up)
    assert_adjudicated(faulty, Termination.DISCONNECT, "connection lost")
    assert_calm(calm)
