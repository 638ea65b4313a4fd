"""Complete games over gRPC between real bot processes: embedded referee and PlayMatch."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from arena.client import ArenaClient
from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.core.values import MatchRecord, Termination
from arena.match.clock import Clock
from arena.match.referee import play_match
from arena.rpc.embedded import EmbeddedReferee

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'}"
GREEDY_BOT = f"{sys.executable} {ROOT / 'bots' / 'greedy_bot.py'}"
CLOCK = Clock(per_move_ms=2000, bank_ms=5000)  # generous: these games must end normally


def assert_replays(record: MatchRecord) -> None:
    """The record is complete: its moves replay from the seed to the recorded outcome."""
    game = get_game(record.game)
    options = parse_options(game, record.options)
    states = replay(
        game, len(record.players), options, record.seed, ((m.seat, m.move) for m in record.moves)
    )
    assert game.outcome(states[-1]) == record.outcome


def test_lucky_numbers_with_two_three_and_four_bots_at_once() -> None:
    game = get_game("lucky_numbers")

    async def scenario() -> list[MatchRecord]:
        async with EmbeddedReferee(startup_timeout_s=20) as referee:
            names = ["r1", "r2", "r3", "g1"]
            commands = [RANDOM_BOT, RANDOM_BOT, RANDOM_BOT, GREEDY_BOT]
            await asyncio.gather(
                *(referee.launch(n, c) for n, c in zip(names, commands, strict=True))
            )
            assert referee.connected() == sorted(names)
            tables = [["r1", "g1"], ["r2", "r3", "g1"], ["r1", "r2", "r3", "g1"]]
            return await asyncio.gather(
                *(
                    play_match(
                        game,
                        game.options_type(),
                        40 + i,
                        [referee.player(n) for n in table],
                        clock=CLOCK,
                    )
                    for i, table in enumerate(tables)
                )
            )

    records = asyncio.run(asyncio.wait_for(scenario(), 45))
    assert [len(r.players) for r in records] == [2, 3, 4]
    for record in records:
        assert record.outcome.termination == Termination.NORMAL, record.outcome.detail
        assert len(record.moves) > 20
        assert_replays(record)


def test_the_same_bot_can_hold_two_seats_of_one_match() -> None:
    game = get_game("lucky_numbers")

    async def scenario() -> MatchRecord:
        async with EmbeddedReferee() as referee:
            await referee.launch("solo", RANDOM_BOT)
            players = [referee.player("solo"), referee.player("solo")]
            return await play_match(game, game.options_type(), 5, players, clock=CLOCK)

    record = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert record.players == ("solo", "solo")
    assert record.outcome.termination == Termination.NORMAL
    assert_replays(record)


def test_play_match_rpc_returns_the_full_record_and_get_match_finds_it() -> None:
    async def scenario() -> tuple[MatchRecord, MatchRecord, list[str]]:
        async with EmbeddedReferee() as referee:
            await asyncio.gather(
                referee.launch("ann", RANDOM_BOT), referee.launch("bob", RANDOM_BOT)
            )
            async with ArenaClient(referee.address) as reader:
                bots = sorted(b.name for b in await reader.list_bots())
                async with ArenaClient(referee.organizer()) as organizer:
                    record = await organizer.play_match(
                        "lucky_numbers",
                        ["ann", "bob"],
                        options={"setup": "michael", "bruno": True},
                        seed=7,
                        clock=CLOCK,
                        match_id="m-7",
                    )
                fetched = (await reader.get_match("m-7")).record
            return record, fetched, bots

    record, fetched, bots = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert bots == ["ann", "bob"]
    assert record == fetched
    assert record.match_id == "m-7"
    assert record.options == {"setup": "michael", "bruno": True}
    assert record.players == ("ann", "bob")
    assert record.outcome.termination == Termination.NORMAL
    assert_replays(record)


def test_every_game_with_a_wire_format_plays_over_grpc() -> None:
    from arena.core.registry import list_games
    from arena.rpc.wire.convert import game_wire

    wired = [g for g in list_games() if game_wire(g.name) is not None]

    async def scenario() -> list[MatchRecord]:
        async with EmbeddedReferee() as referee:
            await asyncio.gather(
                referee.launch("grd", GREEDY_BOT), referee.launch("rnd", RANDOM_BOT)
            )
            records = []
            for game in wired:  # the fewest seats the game takes; random_bot may hold several
                seats = ["grd"] + ["rnd"] * (game.min_players - 1)
                players = [referee.player(name) for name in seats]
                records.append(await play_match(game, game.options_type(), 3, players, clock=CLOCK))
            return records

    records = asyncio.run(asyncio.wait_for(scenario(), 45))
    assert "lucky_numbers" in [r.game for r in records]
    for record in records:
        assert record.outcome.termination == Termination.NORMAL, (
            record.game,
            record.outcome.detail,
        )
        assert_replays(record)
