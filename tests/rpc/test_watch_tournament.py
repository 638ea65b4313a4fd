"""WatchTournament over real gRPC, and what watching hides in a duplicate-deal tournament."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from watch_helpers import Gate, arena_with_bots, collect, until

from arena.core.players import random_policy
from arena.store import Store
from arena.v1 import arena_pb2 as pb

FINISHED = pb.TOURNAMENT_STATUS_FINISHED


@asynccontextmanager
async def stored_arena(db: Path, policies: dict[str, Any]) -> AsyncIterator[tuple[Any, Any]]:
    """An in-process server with a database and these bots connected: (stub, state)."""
    store = Store.open(str(db))
    try:
        async with arena_with_bots("lucky_numbers", policies, store=store) as (stub, state):
            yield stub, state
    finally:
        store.close()


def test_a_tournament_watcher_sees_progress_every_match_once_and_the_final_standings(
    tmp_path: Path,
) -> None:
    policies = {n: random_policy(i) for i, n in enumerate(("a", "b", "c"))}

    async def scenario() -> None:
        async with stored_arena(tmp_path / "w.db", policies) as (stub, _state):
            request = pb.CreateTournamentRequest(game="lucky_numbers", bots=list(policies), seed=2)
            tid = (await stub.CreateTournament(request)).tournament_id
            updates = []
            watch = pb.WatchTournamentRequest(tournament_id=tid)
            async for update in stub.WatchTournament(watch):
                updates.append(update)
            final = await stub.GetTournament(pb.GetTournamentRequest(tournament_id=tid))

        done = [u.tournament.fixtures_done for u in updates]
        assert done == sorted(done) and done[-1] == 6
        finished = [m.match_id for u in updates for m in u.finished]
        assert sorted(finished) == [f"t{tid}-{i}" for i in range(6)]
        assert updates[-1].tournament.status == FINISHED and not updates[-1].live_matches
        assert updates[-1].tournament.standings == final.standings

    asyncio.run(scenario())


def test_duplicate_deals_show_no_move_or_position_until_the_tournament_is_finished(
    tmp_path: Path,
) -> None:
    gate = Gate(after=40)  # holds the tournament in its first match or two
    policies = {"a": gate.wrap(random_policy(1)), "b": random_policy(2)}

    async def scenario() -> None:
        async with stored_arena(tmp_path / "d.db", policies) as (stub, state):
            request = pb.CreateTournamentRequest(
                game="lucky_numbers", bots=list(policies), seed=2, deals="duplicate"
            )
            tid = (await stub.CreateTournament(request)).tournament_id
            await until(lambda: gate.calls > gate.after)
            (live_id,) = state.watch.live_matches(tid)
            seen: list[pb.MatchUpdate] = []
            watcher = asyncio.create_task(collect(stub, live_id, seen))
            await asyncio.sleep(0.2)
            assert seen == []  # a live match of this tournament shows nothing while played
            gate.opened.set()
            await asyncio.wait_for(watcher, 30)
            (end,) = seen
            assert end.kind == pb.UPDATE_KIND_END and end.moves_withheld
            assert end.view_json == "" and end.board == "" and not end.HasField("move")
            watch = pb.WatchTournamentRequest(tournament_id=tid)
            async for _update in stub.WatchTournament(watch):
                pass  # until it is finished
            replayed: list[pb.MatchUpdate] = []
            await collect(stub, f"t{tid}-1", replayed)  # finished now: everything is public
            assert len(replayed) > 2 and all(u.view_json for u in replayed)

    asyncio.run(scenario())
