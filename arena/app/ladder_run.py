"""A continuous ladder: keep pairing the bots that are connected now, rate each match as it ends.

Pairing picks, among the free bots, the table whose TrueSkill match quality (the draw
probability under the current ratings: the most informative match) is highest; bots with
fewer rated games win ties, so newcomers get placed quickly. Matches are stored in a Store
(each rated in the transaction that stores it, once: a match id is never stored twice), so a
run can stop at any time and a later run resumes from the stored ratings. Talking to the
referee is injected (`list_bots`, `play`), so this module needs no gRPC.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

import trueskill

from arena.core.values import MatchRecord
from arena.errors import ArenaError
from arena.ratings.trueskill_ladder import LadderEntry, environment
from arena.store import Store

log = logging.getLogger("arena.ladder")

MAX_TABLES_CONSIDERED = 500  # combinations scored per pairing (big fields: a random sample)
POLL_S = 0.5  # how often to look for free bots when none can be paired


@dataclass(frozen=True, slots=True)
class Available:
    """A connected bot that plays the game, and how many more matches it accepts now."""

    name: str
    free_slots: int


ListBots = Callable[[], Awaitable[list[Available]]]
PlayTable = Callable[[list[str], int, str], Awaitable[MatchRecord]]  # seats, seed, match id
OnRated = Callable[[MatchRecord], None]


def match_quality(
    env: trueskill.TrueSkill, ladder: dict[str, LadderEntry], table: Sequence[str]
) -> float:
    """TrueSkill's match quality of a table (1 v 1 or free-for-all) under the current ratings."""
    start = env.create_rating()
    teams = [
        (env.create_rating(ladder[b].mu, ladder[b].sigma) if b in ladder else start,) for b in table
    ]
    return float(env.quality(teams))


def choose_table(
    env: trueskill.TrueSkill,
    ladder: dict[str, LadderEntry],
    free: Sequence[str],
    size: int,
    rng: random.Random,
    last: tuple[str, ...] = (),
) -> tuple[str, ...] | None:
    """The most informative table of `size` free bots (None if too few), avoiding a repeat of
    the previous table when another exists."""
    if len(free) < size:
        return None
    tables = list(
        itertools.islice(itertools.combinations(sorted(free), size), 10 * MAX_TABLES_CONSIDERED)
    )
    if len(tables) > MAX_TABLES_CONSIDERED:
        tables = rng.sample(tables, MAX_TABLES_CONSIDERED)
    if len(tables) > 1:
        tables = [t for t in tables if t != tuple(sorted(last))] or tables

    def key(table: tuple[str, ...]) -> tuple[float, int, tuple[str, ...]]:
        games = sum(ladder[b].games if b in ladder else 0 for b in table)
        return (-match_quality(env, ladder, table), games, table)

    return min(tables, key=key)


@dataclass(slots=True)
class LadderRun:
    """Plays and rates matches of one game until stopped (or `max_matches` have been rated)."""

    store: Store
    game: str
    list_bots: ListBots
    play: PlayTable
    table_size: int = 2
    concurrency: int = 4
    rng: random.Random = field(default_factory=random.Random)
    on_rated: OnRated | None = None
    poll_s: float = POLL_S
    rated: int = 0
    failed: int = 0
    _busy: set[str] = field(default_factory=set)
    _last: tuple[str, ...] = ()
    _env: trueskill.TrueSkill = field(default_factory=environment)

    async def run(self, stop: asyncio.Event, max_matches: int | None = None) -> int:
        """Pair and play until `stop` is set or max_matches are rated; matches in flight finish
        and are rated before it returns. Returns the number of matches rated."""
        running: set[asyncio.Task[None]] = set()
        try:
            while not stop.is_set() and (max_matches is None or self.rated < max_matches):
                room = len(running) < self.concurrency and (
                    max_matches is None or self.rated + len(running) < max_matches
                )
                table = await self._next_table() if room else None
                if table is None:
                    await _wait_any(running, stop, self.poll_s)
                    continue
                self._busy.update(table)
                self._last = table
                task = asyncio.create_task(self._play(list(table)))
                running.add(task)
                task.add_done_callback(running.discard)
        finally:
            if running:
                await asyncio.gather(*running, return_exceptions=True)
        return self.rated

    async def _next_table(self) -> tuple[str, ...] | None:
        try:
            bots = await self.list_bots()
        except ArenaError as exc:
            log.warning("cannot list bots: %s", exc)
            return None
        free = [b.name for b in bots if b.free_slots > 0 and b.name not in self._busy]
        ladder = {e.bot: e for e in await asyncio.to_thread(self.store.ladder, self.game)}
        table = choose_table(self._env, ladder, free, self.table_size, self.rng, self._last)
        if table is None:
            return None
        seats = list(table)
        self.rng.shuffle(seats)  # who starts is left to chance, not to names
        return tuple(seats)

    async def _play(self, seats: list[str]) -> None:
        seed = self.rng.randrange(2**48)
        match_id = f"ladder-{uuid.uuid4().hex[:16]}"
        try:
            record = await self.play(seats, seed, match_id)
            await asyncio.to_thread(self.store.save_match, record)
        except ArenaError as exc:  # a bot gone before the match started, a busy bot ...
            self.failed += 1
            log.warning("match %s between %s not played: %s", match_id, seats, exc)
            return
        finally:
            self._busy.difference_update(seats)
        self.rated += 1
        if self.on_rated is not None:
            self.on_rated(record)


async def _wait_any(running: set[asyncio.Task[None]], stop: asyncio.Event, timeout: float) -> None:
    """Wait until a match ends, the run is stopped, or `timeout` passes."""
    stopper = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait(
            [*running, stopper], timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        stopper.cancel()
