"""The web pages' reads of their server that are more than one client call: a match's current
position, a tournament's live matches with their players.

The rest are the client's own methods (arena/client.py), the same the CLI's `--server` calls,
so a page shows the rows `arena tournament show --server` prints.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from arena.app.door import TournamentUpdate
from arena.rpc.client.arena_client import ArenaClient
from arena.v1 import arena_pb2 as pb

CURRENT_TIMEOUT_S = 3.0  # a withheld live match sends nothing until it ends
LIVE_PLAYERS_TIMEOUT_S = 1.5  # a tournament's update waits this long for its matches' players


async def current_update(
    client: ArenaClient, match_id: str, timeout_s: float = CURRENT_TIMEOUT_S
) -> pb.MatchUpdate | None:
    """A match's current public update (its END update once over): the first message of a
    WatchMatch from now; None when none comes in time (its moves are withheld)."""
    stream = client.watch_match(match_id, from_now=True)
    try:
        async with asyncio.timeout(timeout_s):
            return await anext(stream)
    except (TimeoutError, StopAsyncIteration):
        return None
    finally:
        with contextlib.suppress(Exception):
            await stream.aclose()  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class LiveMatch:
    """A match being played: its id and, once known, its players."""

    match_id: str
    players: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LiveTournament:
    """A tournament update and the matches it is playing now, with their players."""

    update: TournamentUpdate
    live: list[LiveMatch]


async def follow_tournament(client: ArenaClient, tid: int) -> AsyncIterator[LiveTournament]:
    """A tournament's updates, each with the players of its live matches (each match's
    players read once, from its current update)."""
    known: dict[str, tuple[str, ...]] = {}
    async for update in client.watch_tournament(tid):
        new = [m for m in update.live_matches if m not in known]
        currents = await asyncio.gather(
            *(current_update(client, m, LIVE_PLAYERS_TIMEOUT_S) for m in new),
            return_exceptions=True,
        )
        for match_id, current in zip(new, currents, strict=True):
            # A withheld match sends nothing in time: asked once, its players stay unknown.
            known[match_id] = tuple(current.players) if isinstance(current, pb.MatchUpdate) else ()
        live = [LiveMatch(m, known.get(m, ())) for m in update.live_matches]
        yield LiveTournament(update, live)
