"""The stored ladder: ratings kept up to date in the transaction that stores each match.

Invariant: after every committed transaction, `ratings` and `rating_history` of a game hold
exactly what `fold_ratings(Store.results(game))` gives over the matches stored so far, bit
for bit, whatever order the matches arrive in and however many writers there are.

Design:
- Rating order is the order of `Store.results`: tournament matches by (tournament id, fixture
  index), then matches outside a tournament by (finishing time, id). Each history row carries
  that order key in NULL-free columns (`adhoc`, `tournament_id`, `fixture_idx`, `finished_at`,
  `match_id`), so the database itself compares keys (the same collation as the fold's ORDER BY).
- One writer per game at a time: on PostgreSQL a transaction-scoped advisory lock per game, on
  SQLite the database write lock taken up front (BEGIN IMMEDIATE in the store). Readers never
  wait: a leaderboard read is one indexed SELECT of the `ratings` rows of a game, O(bots).
- A match that lands after every rated match of its game (the usual case: one tournament at
  a time, concurrency 1) is rated from the bots' current `ratings` rows: O(seats).
- A match that lands before already rated matches (concurrency > 1, resumes, two tournaments
  of one game at once, any tournament match while matches outside tournaments are rated) is
  rated from each bot's last history row before it, then the later matches are replayed in
  order from their history rows: a later match is recomputed only if one of its bots has a
  changed rating ("dirty"), and then its bots become dirty too; untouched matches keep their
  rows. The cost is the number of later history rows read, which is about the concurrency
  within one tournament, but every later match of the game when tournaments of one game
  interleave or matches outside tournaments are stored among tournament matches.
- TrueSkill reads only mu and sigma of a prior, and both columns are IEEE doubles on SQLite and
  PostgreSQL, so a rating resumed from a row equals the fold's in-memory rating exactly.
- `rebuild` recomputes a game from its matches (the schema upgrade from version 1 runs it);
  deleting matches (cascading to their history rows) needs a rebuild.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
import trueskill

from arena.errors import StoreError
from arena.ratings.trueskill_ladder import (
    LadderEntry,
    Result,
    Skill,
    check_seats,
    environment,
    is_rated,
    prior,
    rate_match,
    sort_ladder,
)
from arena.store.rows import players_and_ranks
from arena.store.schema import matches, rating_history, ratings

H = rating_history
KEY_COLUMNS = (H.c.adhoc, H.c.tournament_id, H.c.fixture_idx, H.c.finished_at, H.c.match_id)
REBUILD_CHUNK = 5_000  # history rows per INSERT while rebuilding
ABORTED = "aborted"  # a termination that is never rated (see Store.results)


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A match as the ladder sees it: its rating-order key, seats and ranks."""

    match_id: str
    game: str
    tournament_id: int | None
    fixture_idx: int | None
    finished_at: float
    players: tuple[str, ...]
    ranks: tuple[int, ...]

    @property
    def key(self) -> tuple[int, int, int, float, str]:
        """The values of KEY_COLUMNS for this match."""
        adhoc = self.tournament_id is None
        return (
            int(adhoc),
            0 if adhoc else int(self.tournament_id or 0),
            0 if adhoc else int(self.fixture_idx or 0),
            self.finished_at,
            self.match_id,
        )


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One rated match in a bot's history: its rating before and after it."""

    match_id: str
    tournament_id: int | None
    fixture: int | None
    finished_at: float
    seat: int
    rank: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


def results_query(game: str, tournament_id: int | None = None) -> sa.Select[Any]:
    """The matches of a game (or one tournament) that may be rated, in rating order."""
    query = (
        sa.select(
            matches.c.id,
            matches.c.tournament_id,
            matches.c.fixture_idx,
            matches.c.finished_at,
            matches.c.players,
            matches.c.outcome,
        )
        .where(matches.c.game == game, matches.c.termination != ABORTED)
        .order_by(
            matches.c.tournament_id.is_(None),
            matches.c.tournament_id,
            matches.c.fixture_idx,
            matches.c.finished_at,
            matches.c.id,
        )
    )
    if tournament_id is not None:
        query = query.where(matches.c.tournament_id == tournament_id)
    return query


def rated_matches(
    conn: sa.Connection, game: str, tournament_id: int | None = None
) -> Iterator[RatedMatch]:
    """The stored matches that may be rated, in rating order (StoreError on unreadable rows)."""
    for row in conn.execute(results_query(game, tournament_id)):
        players, ranks = players_and_ranks(row)
        yield RatedMatch(
            row.id, game, row.tournament_id, row.fixture_idx, row.finished_at, players, ranks
        )


def lock_game(conn: sa.Connection, game: str) -> None:
    """Serialize ladder writers of one game until the transaction ends.

    PostgreSQL: an advisory lock per game. SQLite: the caller's BEGIN IMMEDIATE already
    holds the database write lock.
    """
    if conn.dialect.name == "postgresql":
        digest = hashlib.sha256(f"arena-ladder:{game}".encode()).digest()
        key = int.from_bytes(digest[:8], "big", signed=True)
        conn.execute(sa.select(sa.func.pg_advisory_xact_lock(key)))


def rate_stored_match(conn: sa.Connection, match: RatedMatch, env: trueskill.TrueSkill) -> None:
    """Rate a match just inserted in this transaction, replaying later matches if needed."""
    if not is_rated(Result(match.players, match.ranks)):
        return
    try:
        check_seats(match.players)
    except ValueError as exc:
        raise StoreError(f"match {match.match_id}: {exc}") from None
    now = time.time()
    later = _later_rows(conn, match)
    start = prior(env)
    if later:
        priors = [_before(conn, match, bot) or start for bot in match.players]
    else:
        current = _current(conn, match.game, match.players)
        priors = [current.get(bot, start) for bot in match.players]
    afters = rate_match(env, priors, match.ranks)
    conn.execute(H.insert(), _history_rows(match, afters, now))
    state = dict(zip(match.players, afters, strict=True))
    if later:
        _replay(conn, match, later, state, env, now)
    _save_current(conn, match, state, now)


def _later_rows(conn: sa.Connection, match: RatedMatch) -> list[Any]:
    query = (
        sa.select(H.c.match_id, H.c.seat, H.c.bot, H.c.rank, H.c.mu, H.c.sigma)
        .where(H.c.game == match.game, sa.tuple_(*KEY_COLUMNS) > sa.tuple_(*match.key))
        .order_by(*KEY_COLUMNS, H.c.seat)
    )
    return list(conn.execute(query))


def _before(conn: sa.Connection, match: RatedMatch, bot: str) -> Skill | None:
    """The bot's rating after its last rated match before this one (None: it had none)."""
    query = (
        sa.select(H.c.mu, H.c.sigma)
        .where(
            H.c.game == match.game,
            H.c.bot == bot,
            sa.tuple_(*KEY_COLUMNS) < sa.tuple_(*match.key),
        )
        .order_by(*(c.desc() for c in KEY_COLUMNS))
        .limit(1)
    )
    row = conn.execute(query).first()
    return None if row is None else Skill(row.mu, row.sigma)


def _current(conn: sa.Connection, game: str, bots: Sequence[str]) -> dict[str, Skill]:
    query = sa.select(ratings.c.bot, ratings.c.mu, ratings.c.sigma).where(
        ratings.c.game == game, ratings.c.bot.in_(list(bots))
    )
    return {row.bot: Skill(row.mu, row.sigma) for row in conn.execute(query)}


def _replay(
    conn: sa.Connection,
    match: RatedMatch,
    later: list[Any],
    state: dict[str, Skill],
    env: trueskill.TrueSkill,
    now: float,
) -> None:
    """Recompute the later matches whose priors changed; `state` ends with the final ratings."""
    dirty = set(match.players)
    start = prior(env)
    updates: list[dict[str, Any]] = []
    for rows in _by_match(later):
        bots = [r.bot for r in rows]
        if dirty.isdisjoint(bots):
            state.update({r.bot: Skill(r.mu, r.sigma) for r in rows})
            continue
        priors = [state.get(b) or _before(conn, match, b) or start for b in bots]
        afters = rate_match(env, priors, [r.rank for r in rows])
        for r, after in zip(rows, afters, strict=True):
            state[r.bot] = after
            updates.append(
                {"m": r.match_id, "s": r.seat, "mu": after.mu, "sigma": after.sigma, "at": now}
            )
        dirty.update(bots)
    if updates:
        conn.execute(
            H.update()
            .where(H.c.match_id == sa.bindparam("m"), H.c.seat == sa.bindparam("s"))
            .values(
                mu=sa.bindparam("mu"), sigma=sa.bindparam("sigma"), rated_at=sa.bindparam("at")
            ),
            updates,
        )
    for bot in list(state):
        if bot not in dirty:
            del state[bot]  # unchanged: its ratings row is already right


def _by_match(rows: list[Any]) -> Iterator[list[Any]]:
    group: list[Any] = []
    for row in rows:
        if group and row.match_id != group[0].match_id:
            yield group
            group = []
        group.append(row)
    if group:
        yield group


def _save_current(
    conn: sa.Connection, match: RatedMatch, state: dict[str, Skill], now: float
) -> None:
    """Write the final rating of every changed bot; count the new match for its players."""
    played = dict(zip(match.players, match.ranks, strict=True))
    for bot, skill in state.items():
        values: dict[str, Any] = {"mu": skill.mu, "sigma": skill.sigma, "updated_at": now}
        if bot in played:
            values["games"] = ratings.c.games + 1
            values["wins"] = ratings.c.wins + int(played[bot] == 1)
        done = conn.execute(
            ratings.update()
            .where(ratings.c.game == match.game, ratings.c.bot == bot)
            .values(**values)
        )
        if done.rowcount == 0:  # a bot's first rated match (it is in `played`)
            conn.execute(
                ratings.insert().values(
                    game=match.game,
                    bot=bot,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    games=1,
                    wins=int(played[bot] == 1),
                    updated_at=now,
                )
            )


def _history_rows(match: RatedMatch, afters: Sequence[Skill], now: float) -> list[dict[str, Any]]:
    adhoc, tid, fidx, finished_at, _ = match.key
    return [
        {
            "match_id": match.match_id,
            "seat": seat,
            "game": match.game,
            "bot": bot,
            "adhoc": adhoc,
            "tournament_id": tid,
            "fixture_idx": fidx,
            "finished_at": finished_at,
            "rank": rank,
            "mu": after.mu,
            "sigma": after.sigma,
            "rated_at": now,
        }
        for seat, (bot, rank, after) in enumerate(
            zip(match.players, match.ranks, afters, strict=True)
        )
    ]


def rebuild(conn: sa.Connection, game: str, rated: Iterator[RatedMatch]) -> int:
    """Replace a game's stored ladder by a fold over its matches (in rating order); the count."""
    env = environment()
    start = prior(env)
    now = time.time()
    conn.execute(H.delete().where(H.c.game == game))
    conn.execute(ratings.delete().where(ratings.c.game == game))
    state: dict[str, Skill] = {}
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    pending: list[dict[str, Any]] = []
    count = 0
    for match in rated:
        if not is_rated(Result(match.players, match.ranks)):
            continue
        try:
            check_seats(match.players)
        except ValueError as exc:
            raise StoreError(f"match {match.match_id}: {exc}") from None
        afters = rate_match(env, [state.get(b, start) for b in match.players], match.ranks)
        pending.extend(_history_rows(match, afters, now))
        for bot, rank, after in zip(match.players, match.ranks, afters, strict=True):
            state[bot] = after
            games[bot] = games.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0) + int(rank == 1)
        count += 1
        if len(pending) >= REBUILD_CHUNK:
            conn.execute(H.insert(), pending)
            pending = []
    if pending:
        conn.execute(H.insert(), pending)
    if state:
        conn.execute(
            ratings.insert(),
            [
                {
                    "game": game,
                    "bot": bot,
                    "mu": s.mu,
                    "sigma": s.sigma,
                    "games": games[bot],
                    "wins": wins[bot],
                    "updated_at": now,
                }
                for bot, s in state.items()
            ],
        )
    return count


def stored_ladder(conn: sa.Connection, game: str) -> list[LadderEntry]:
    """The stored ladder of a game, best first: one indexed read of its bots."""
    query = sa.select(
        ratings.c.bot, ratings.c.mu, ratings.c.sigma, ratings.c.games, ratings.c.wins
    ).where(ratings.c.game == game)
    return sort_ladder(
        LadderEntry(r.bot, r.mu, r.sigma, r.games, r.wins) for r in conn.execute(query)
    )


def history(
    conn: sa.Connection, game: str, bot: str, last: int | None = None
) -> list[RatingChange]:
    """A bot's rated matches of a game in rating order (the `last` N if given)."""
    query = (
        sa.select(H)
        .where(H.c.game == game, H.c.bot == bot)
        .order_by(*(c.desc() for c in KEY_COLUMNS))
    )
    if last is not None:
        query = query.limit(last + 1)  # one more: the rating before the first shown
    rows = list(conn.execute(query))[::-1]
    start = prior(environment())
    changes = []
    before = start
    for row in rows:
        changes.append(
            RatingChange(
                match_id=row.match_id,
                tournament_id=None if row.adhoc else row.tournament_id,
                fixture=None if row.adhoc else row.fixture_idx,
                finished_at=row.finished_at,
                seat=row.seat,
                rank=row.rank,
                mu_before=before.mu,
                sigma_before=before.sigma,
                mu=row.mu,
                sigma=row.sigma,
            )
        )
        before = Skill(row.mu, row.sigma)
    if last is not None and len(rows) > last:
        changes = changes[1:]
    return changes


def rated_from(conn: sa.Connection, game: str, tid: int) -> list[tuple[int | None, frozenset[str]]]:
    """The rated matches of a game from tournament `tid`'s on, in rating order: each one's
    tournament (None: outside any) and bots. Deleting `tid` re-rates the later ones."""
    query = (
        sa.select(H.c.match_id, H.c.adhoc, H.c.tournament_id, H.c.bot)
        .where(H.c.game == game, sa.or_(H.c.adhoc == 1, H.c.tournament_id >= tid))
        .order_by(*KEY_COLUMNS)
    )
    out: list[tuple[int | None, frozenset[str]]] = []
    for group in _by_match(list(conn.execute(query))):
        first = group[0]
        tournament = None if first.adhoc else int(first.tournament_id)
        out.append((tournament, frozenset(str(row.bot) for row in group)))
    return out
