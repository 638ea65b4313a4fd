"""WatchMatch over real gRPC: every move in order, late watchers catch up, no hidden information.

The secrecy check is the engines' conformance resample: re-deal what no spectator can see in
the position after each update; rebuilt from that position, the update is byte-identical.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import grpc
import pytest
from watch_helpers import Gate, arena_with_bots, collect, until

from arena.app.publicity import public_record_moves, spectator_json
from arena.core.game import parse_options, replay
from arena.core.players import random_policy
from arena.core.registry import get_game
from arena.games.lucky_numbers.sampling import resample as lucky_resample
from arena.games.the_number.sampling import resample as number_resample
from arena.rpc.server.state import ServerConfig
from arena.rpc.server.watching import WatchSettings
from arena.rpc.wire.convert import record_from_pb
from arena.v1 import arena_pb2 as pb

START, MOVE, END = pb.UPDATE_KIND_START, pb.UPDATE_KIND_MOVE, pb.UPDATE_KIND_END


def wire(message: pb.MatchUpdate) -> bytes:
    """A message's bytes with its maps (the options) in key order: map order is unspecified."""
    return message.SerializeToString(deterministic=True)


def assert_public_only(record: pb.MatchRecord, updates: list[pb.MatchUpdate], resample: Any):
    """Each update is rebuilt byte for byte (maps in key order) from the position re-dealt three
    times."""
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    moves = [(m.seat, m.move) for m in record.moves]
    states = replay(game, len(record.players), options, record.seed, moves)
    rng = random.Random(3)
    for update in updates:
        for _ in range(3):
            other = resample(states[update.ply], None, random.Random(rng.random()))
            rebuilt = pb.MatchUpdate()
            rebuilt.CopyFrom(update)
            rebuilt.view_json = spectator_json(game, other)
            rebuilt.board = game.render(other, None)
            assert wire(rebuilt) == wire(update), update.ply


def test_live_watchers_see_every_move_in_order_and_late_ones_catch_up() -> None:
    gate = Gate(after=4)
    policies = {"a": gate.wrap(random_policy(1)), "b": random_policy(2)}

    async def scenario() -> None:
        async with arena_with_bots("lucky_numbers", policies) as (stub, state):
            request = pb.PlayMatchRequest(game="lucky_numbers", seed=5, bots=["a", "b"])
            request.match_id = "w1"
            played = asyncio.ensure_future(stub.PlayMatch(request))
            await until(lambda: state.watch.feed("w1") is not None)
            first: list[pb.MatchUpdate] = []
            late: list[pb.MatchUpdate] = []
            now: list[pb.MatchUpdate] = []
            watchers = [asyncio.create_task(collect(stub, "w1", first))]
            await until(lambda: gate.calls > gate.after and len(first) >= 8)
            held_at = len(first)  # bot a is held: the match is paused mid-way
            watchers.append(asyncio.create_task(collect(stub, "w1", late)))
            watchers.append(asyncio.create_task(collect(stub, "w1", now, from_now=True)))
            await until(lambda: len(late) == held_at and len(now) == 1)
            assert now[0] == first[held_at - 1]  # the current position, then what follows
            gate.opened.set()
            record = await played
            await asyncio.wait_for(asyncio.gather(*watchers), 20)
            replayed: list[pb.MatchUpdate] = []
            await collect(stub, "w1", replayed)

        n = len(record.moves)
        assert [u.ply for u in first] == [*range(n + 1), n]
        assert [u.kind for u in first] == [START, *[MOVE] * n, END]
        assert [(u.move.seat, u.move.move) for u in first[1:-1]] == [
            (m.seat, m.move)
            for m in public_record_moves(record_from_pb(record))  # as the public saw them
        ]
        assert first[-1].outcome == record.outcome and not first[-1].live
        assert all(u.live for u in first[:-1]) and all(u.players == ["a", "b"] for u in first)
        assert [wire(u) for u in late] == [wire(u) for u in first]
        assert now == first[held_at - 1 :]
        assert [u.view_json for u in replayed] == [u.view_json for u in first]
        assert_public_only(record, first, lucky_resample)

    asyncio.run(scenario())


def test_a_simultaneous_decision_is_shown_only_once_every_seat_has_decided() -> None:
    gate = Gate(after=0)  # seat 2 holds its very first choice
    policies = {"n0": random_policy(1), "n1": random_policy(2), "n2": gate.wrap(random_policy(3))}

    async def scenario() -> None:
        async with arena_with_bots("the_number", policies) as (stub, state):
            request = pb.PlayMatchRequest(game="the_number", seed=9, bots=list(policies))
            request.match_id = "sim"
            played = asyncio.ensure_future(stub.PlayMatch(request))
            await until(lambda: state.watch.feed("sim") is not None)
            seen: list[pb.MatchUpdate] = []
            watcher = asyncio.create_task(collect(stub, "sim", seen))
            sessions = [state.registry.get(n) for n in ("n0", "n1")]
            # Seats 0 and 1 have answered (the server holds no request of theirs), 2 has not.
            await until(lambda: gate.calls == 1 and all(not s._pending for s in sessions))
            await asyncio.sleep(0.1)  # the referee applies the two answers on this loop
            feed = state.watch.feed("sim")
            assert feed is not None and len(seen) == 1 and seen[0].kind == START
            assert len(feed.moments) == 1  # nothing of the two secret choices went out
            gate.opened.set()
            record = await played
            await asyncio.wait_for(watcher, 20)

        assert [u.kind for u in seen[:4]] == [START, MOVE, MOVE, MOVE]
        assert [u.ply for u in seen] == [*range(len(record.moves) + 1), len(record.moves)]
        assert_public_only(record, seen, number_resample)

    asyncio.run(scenario())


def test_unknown_matches_and_bad_delays_are_refused() -> None:
    async def scenario() -> None:
        async with arena_with_bots("lucky_numbers", {}) as (stub, _state):
            for request, code in (
                (pb.WatchMatchRequest(match_id="nope"), grpc.StatusCode.NOT_FOUND),
                (
                    pb.WatchMatchRequest(match_id="x", delay_ms=-1),
                    grpc.StatusCode.INVALID_ARGUMENT,
                ),
            ):
                with pytest.raises(grpc.aio.AioRpcError) as info:
                    await collect(stub, request.match_id, [], delay_ms=request.delay_ms)
                assert info.value.code() == code

    asyncio.run(scenario())


def test_a_delayed_watcher_sees_each_update_late_and_the_watcher_bound_holds() -> None:
    gate = Gate(after=2)
    policies = {"a": gate.wrap(random_policy(1)), "b": random_policy(2)}
    config = ServerConfig(watch=WatchSettings(max_watchers=2))

    async def scenario() -> None:
        async with arena_with_bots("lucky_numbers", policies, config) as (stub, state):
            request = pb.PlayMatchRequest(game="lucky_numbers", seed=5, bots=["a", "b"])
            request.match_id = "d1"
            played = asyncio.ensure_future(stub.PlayMatch(request))
            await until(lambda: gate.calls > gate.after)
            feed = state.watch.feed("d1")
            assert feed is not None
            last_event = feed.moments[-1].at
            delayed: list[pb.MatchUpdate] = []
            prompt: list[pb.MatchUpdate] = []
            watchers = [
                asyncio.create_task(collect(stub, "d1", delayed, from_now=True, delay_ms=400)),
                asyncio.create_task(collect(stub, "d1", prompt, from_now=True)),
            ]
            await until(lambda: len(prompt) == 1)
            with pytest.raises(grpc.aio.AioRpcError) as info:  # a third stream is one too many
                await collect(stub, "d1", [])
            assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            await until(lambda: len(delayed) == 1)
            assert time.monotonic() - last_event >= 0.4
            gate.opened.set()
            await played
            await asyncio.wait_for(asyncio.gather(*watchers), 30)
            assert delayed == prompt and delayed[-1].kind == END

    asyncio.run(scenario())
