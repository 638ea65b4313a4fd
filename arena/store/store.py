"""The arena's database: tournaments, fixtures and match records (SQLAlchemy Core)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine

from arena.core.values import MatchRecord
from arena.errors import StoreError, UnknownMatchError, UnknownTournamentError
from arena.ratings.trueskill_ladder import LadderEntry, Result, environment
from arena.store import credentials as creds
from arena.store import engine as engines
from arena.store import ladder, runs
from arena.store.credentials import Credential, Identity, Role
from arena.store.engine import first_line
from arena.store.ladder import RatedMatch, RatingChange
from arena.store.rows import (
    MatchSummary,
    StoredTournament,
    dumps,
    fixture_from_row,
    fixture_row,
    loads,
    match_row,
    players_and_ranks,
    record_from_row,
    summary_from_row,
    tournament_from_row,
)
from arena.store.schema import fixtures, matches, tournaments
from arena.store.writes import ImportedTournament, insert_tournament, is_stored_twin
from arena.tournament.schedule import Fixture, Status, TournamentSpec

RECORD_CHUNK = 500  # full records read per query by match_rows
MAX_ID = 2**63 - 1  # ids are signed 64-bit (SQLite INTEGER, PostgreSQL BIGINT)


class Store:
    """One database: SQLite file or PostgreSQL server, created on first use."""

    def __init__(self, engine: Engine, url: URL) -> None:
        self.engine = engine
        self.url = url
        self._env = environment()

    @classmethod
    def open(cls, target: str | None = None, *, create: bool = True) -> Store:
        """Open (and create on first use, unless not `create`) the database at a path or URL;
        StoreError if not (read-only commands pass create=False: they never make one)."""
        url = engines.resolve_url(target)
        engines.check_exists(url, create)
        engine = engines.create_engine(url)
        engines.prepare(engine, url, create=create)
        return cls(engine, url)

    @property
    def location(self) -> str:
        """The URL without its password, for messages."""
        return engines.shown_url(self.url)

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        """A transaction whose database errors become one-line StoreErrors."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"database {self.location}: {first_line(exc)}") from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        """A read-then-write transaction (the write lock first on SQLite); one-line errors."""
        try:
            with engines.write_transaction(self.engine) as conn:
                yield conn
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"database {self.location}: {first_line(exc)}") from None

    # -- tournaments -------------------------------------------------------------------------

    def create_tournament(
        self, spec: TournamentSpec, schedule: Sequence[Fixture], *, owner: str | None = None
    ) -> int:
        """Store a tournament with its whole schedule in one transaction; its new id. `owner`:
        who may manage it besides the admins (None: the admins only)."""
        with self._begin() as conn:
            return insert_tournament(
                conn, spec, schedule, Status.CREATED, time.time(), None, owner=owner
            )

    def add_fixtures(self, tid: int, schedule: Sequence[Fixture]) -> None:
        """Store the next round of a round-based tournament (one transaction; a fixture stored
        already, by a run that raced this one, is an error and nothing is added)."""
        if not schedule:
            return
        with self._begin() as conn:
            conn.execute(fixtures.insert(), [fixture_row(tid, f) for f in schedule])

    def tournament(self, tid: int) -> StoredTournament:
        """The stored tournament; UnknownTournamentError if there is none with that id."""
        if not 0 < tid <= MAX_ID:  # ids are 64-bit: a larger one cannot even be asked for
            raise UnknownTournamentError(f"no tournament {tid} in {self.location}")
        rows = self._tournaments(tournaments.c.id == tid)
        if not rows:
            raise UnknownTournamentError(f"no tournament {tid} in {self.location}")
        return rows[0]

    def tournaments(self) -> list[StoredTournament]:
        """Every tournament, oldest first."""
        return self._tournaments(sa.true())

    def _tournaments(self, where: Any) -> list[StoredTournament]:
        scheduled = (
            sa.select(sa.func.count())
            .where(fixtures.c.tournament_id == tournaments.c.id)
            .scalar_subquery()
            .label("n_fixtures")
        )
        played = (
            sa.select(sa.func.count())
            .where(matches.c.tournament_id == tournaments.c.id)
            .scalar_subquery()
            .label("n_played")
        )
        query = sa.select(tournaments, scheduled, played).where(where).order_by(tournaments.c.id)
        with self._begin() as conn:
            return [tournament_from_row(row) for row in conn.execute(query)]

    def set_status(self, tid: int, status: Status) -> None:
        """Record where a tournament stands (finished also stamps its finishing time)."""
        values: dict[str, Any] = {"status": status.value}
        if status is Status.FINISHED:
            values["finished_at"] = time.time()
        with self._begin() as conn:
            conn.execute(tournaments.update().where(tournaments.c.id == tid).values(**values))

    def finish_early(self, tid: int, verdict: str) -> None:
        """Mark a tournament finished before its schedule (an SPRT decided), with the verdict;
        its unplayed fixtures are never played."""
        with self._begin() as conn:
            row = conn.execute(
                sa.select(tournaments.c.settings).where(tournaments.c.id == tid)
            ).first()
            if row is None:
                raise UnknownTournamentError(f"no tournament {tid} in {self.location}")
            settings = loads(row.settings, f"tournament {tid}", "settings") if row.settings else {}
            settings["verdict"] = verdict
            conn.execute(
                tournaments.update()
                .where(tournaments.c.id == tid)
                .values(
                    settings=dumps(settings), status=Status.FINISHED.value, finished_at=time.time()
                )
            )

    def claim_runner(self, tid: int, runner: str) -> None:
        """Take the tournament's lease for `runner` (TournamentBusyError if a live runner
        holds it; UnknownTournamentError if there is no such tournament)."""
        with self._write() as conn:
            if not runs.claim(conn, tid, runner):
                raise UnknownTournamentError(f"no tournament {tid} in {self.location}")

    def heartbeat(self, tid: int, runner: str, *, release: bool = False) -> None:
        """Renew the runner's lease (or give it up with `release`)."""
        with self._begin() as conn:
            runs.beat(conn, tid, runner, release)

    def delete_tournament(self, tid: int) -> None:
        """Delete a tournament with its fixtures and matches; its game's ladder is rebuilt in
        the same transaction (UnknownTournamentError if there is none)."""
        game = self.tournament(tid).spec.game
        with self._write() as conn:
            runs.delete(conn, tid, game)

    def rated_from(self, game: str, tid: int) -> list[tuple[int | None, frozenset[str]]]:
        """The rated matches of a game from tournament `tid`'s on, in rating order: each
        one's tournament (None: outside any) and bots (see ladder.rated_from)."""
        with self._begin() as conn:
            return ladder.rated_from(conn, game, tid)

    def tournament_owners(self, ids: Sequence[int]) -> dict[int, str | None]:
        """The owner of each of these tournaments (None: the admins')."""
        query = sa.select(tournaments.c.id, tournaments.c.owner).where(
            tournaments.c.id.in_(list(ids))
        )
        with self._begin() as conn:
            return {int(row.id): row.owner for row in conn.execute(query)}

    def fixtures(self, tid: int) -> list[Fixture]:
        """The schedule of a tournament, in fixture order."""
        query = sa.select(fixtures).where(fixtures.c.tournament_id == tid).order_by(fixtures.c.idx)
        with self._begin() as conn:
            return [fixture_from_row(row) for row in conn.execute(query)]

    def pending_fixtures(self, tid: int) -> list[Fixture]:
        """The fixtures that have no stored match yet, in fixture order."""
        played = self.played_indexes(tid)
        return [f for f in self.fixtures(tid) if f.index not in played]

    def played_indexes(self, tid: int) -> set[int]:
        """Fixture indexes of the matches stored for a tournament."""
        query = sa.select(matches.c.fixture_idx).where(matches.c.tournament_id == tid)
        with self._begin() as conn:
            return {int(i) for (i,) in conn.execute(query)}

    # -- matches -----------------------------------------------------------------------------

    def save_match(self, record: MatchRecord, fixture: Fixture | None = None) -> None:
        """Store one finished match and rate it, in one transaction; StoreError if stored already.

        A tournament match is idempotent per fixture: storing the same play again (a retried
        task) is a no-op, a different record for a stored fixture a StoreError. The stored
        ladder of its game stays equal to a fold over every stored match in rating order, even
        when this match comes before matches rated already (arena/store/ladder.py).
        """
        try:
            with engines.write_transaction(self.engine) as conn:
                self._insert_match(conn, record, fixture)
        except sa.exc.IntegrityError as exc:
            if fixture is None:
                raise StoreError(f"match {record.match_id} is already stored") from None
            with self._begin() as conn:
                if is_stored_twin(conn, record, fixture):
                    return  # an identical duplicate: stored already, nothing to do
            raise StoreError(f"cannot store match {record.match_id}: {first_line(exc)}") from None
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"cannot store match {record.match_id}: {first_line(exc)}") from None

    def _insert_match(
        self, conn: sa.Connection, record: MatchRecord, fixture: Fixture | None
    ) -> None:
        rated = RatedMatch(
            record.match_id,
            record.game,
            fixture.tournament_id if fixture else None,
            fixture.index if fixture else None,
            record.finished_at,
            tuple(record.players),
            tuple(record.outcome.ranks),
        )
        ladder.lock_game(conn, record.game)
        conn.execute(matches.insert().values(**match_row(record, fixture)))
        if record.outcome.termination.value != ladder.ABORTED:
            ladder.rate_stored_match(conn, rated, self._env)

    def import_matches(
        self, batch: Sequence[ImportedTournament | MatchRecord], *, owner: str | None = None
    ) -> list[int]:
        """Store tournaments (with their schedule and matches) and loose matches, all in one
        transaction, each match rated as save_match rates it; the new tournament ids, owned by
        `owner` (who imports them).

        A tournament match is stored under its new fixture's match id. Nothing is stored if
        anything fails (StoreError, e.g. a match id stored already).
        """
        ids: list[int] = []
        try:
            with engines.write_transaction(self.engine) as conn:
                for item in batch:
                    if isinstance(item, MatchRecord):
                        self._insert_match(conn, item, None)
                        continue
                    tid = insert_tournament(
                        conn,
                        item.spec,
                        item.schedule,
                        item.status,
                        item.created_at,
                        item.finished_at,
                        owner=owner,
                    )
                    ids.append(tid)
                    for record, index in item.matches:
                        fixture = replace(item.schedule[index], tournament_id=tid)
                        self._insert_match(
                            conn, replace(record, match_id=fixture.match_id), fixture
                        )
        except sa.exc.IntegrityError as exc:
            raise StoreError(f"nothing imported: already stored ({first_line(exc)})") from None
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"nothing imported: {first_line(exc)}") from None
        return ids

    def match_rows(
        self,
        *,
        tournament_id: int | None = None,
        game: str | None = None,
        since: float | None = None,
        until: float | None = None,
    ) -> Iterator[tuple[MatchRecord, int | None, int | None]]:
        """Full records with their (tournament id, fixture index), filtered, in rating order
        (tournament matches by tournament and fixture, then the others by finishing time).

        Reads the ids first, then the records RECORD_CHUNK at a time: an export of a big
        database never holds every record in memory.
        """
        query = sa.select(matches.c.id, matches.c.tournament_id, matches.c.fixture_idx)
        if tournament_id is not None:
            query = query.where(matches.c.tournament_id == tournament_id)
        if game is not None:
            query = query.where(matches.c.game == game)
        if since is not None:
            query = query.where(matches.c.finished_at >= since)
        if until is not None:
            query = query.where(matches.c.finished_at < until)
        query = query.order_by(
            matches.c.tournament_id.is_(None),
            matches.c.tournament_id,
            matches.c.fixture_idx,
            matches.c.finished_at,
            matches.c.id,
        )
        with self._begin() as conn:
            keys = [(r.id, r.tournament_id, r.fixture_idx) for r in conn.execute(query)]
        for start in range(0, len(keys), RECORD_CHUNK):
            chunk = keys[start : start + RECORD_CHUNK]
            texts = sa.select(matches.c.id, matches.c.record).where(
                matches.c.id.in_([k[0] for k in chunk])
            )
            with self._begin() as conn:
                found = {r.id: r.record for r in conn.execute(texts)}
            for mid, tid, idx in chunk:
                if mid in found:  # deleted meanwhile: skipped
                    yield record_from_row(mid, found[mid]), tid, idx

    def match(self, match_id: str) -> MatchRecord:
        """The full record of one match; StoreError if unknown or unreadable."""
        query = sa.select(matches.c.id, matches.c.record).where(matches.c.id == match_id)
        with self._begin() as conn:
            row = conn.execute(query).first()
        if row is None:
            raise UnknownMatchError(f"no match {match_id!r} in {self.location}")
        return record_from_row(row.id, row.record)

    def tournament_matches(self, tid: int) -> list[MatchRecord]:
        """The full records of a tournament's matches, in fixture order."""
        query = (
            sa.select(matches.c.id, matches.c.record)
            .where(matches.c.tournament_id == tid)
            .order_by(matches.c.fixture_idx)
        )
        with self._begin() as conn:
            return [record_from_row(row.id, row.record) for row in conn.execute(query)]

    def match_tournament(self, match_id: str) -> int | None:
        """The tournament a stored match belongs to (None: outside any; UnknownMatchError)."""
        query = sa.select(matches.c.tournament_id).where(matches.c.id == match_id)
        with self._begin() as conn:
            row = conn.execute(query).first()
        if row is None:
            raise UnknownMatchError(f"no match {match_id!r} in {self.location}")
        return None if row.tournament_id is None else int(row.tournament_id)

    def has_match(self, match_id: str) -> bool:
        """Whether a match with this id is stored."""
        query = sa.select(matches.c.id).where(matches.c.id == match_id)
        with self._begin() as conn:
            return conn.execute(query).first() is not None

    def match_summaries(
        self,
        *,
        tournament_id: int | None = None,
        game: str | None = None,
        after: tuple[float, str] | None = None,
        limit: int = 50,
    ) -> list[MatchSummary]:
        """Matches in brief, oldest finished first (ties by id), optionally filtered.

        `after` is the (finished_at, id) of the last summary of the previous page: keyset
        paging, so matches stored meanwhile never shift a page.
        """
        query = sa.select(
            matches.c.id,
            matches.c.game,
            matches.c.players,
            matches.c.outcome,
            matches.c.tournament_id,
            matches.c.fixture_idx,
            matches.c.finished_at,
            matches.c.seed,
            matches.c.plies,
        )
        if tournament_id is not None:
            query = query.where(matches.c.tournament_id == tournament_id)
        if game is not None:
            query = query.where(matches.c.game == game)
        if after is not None:
            at, last_id = after
            query = query.where(
                sa.or_(
                    matches.c.finished_at > at,
                    sa.and_(matches.c.finished_at == at, matches.c.id > last_id),
                )
            )
        query = query.order_by(matches.c.finished_at, matches.c.id).limit(limit)
        with self._begin() as conn:
            return [summary_from_row(row) for row in conn.execute(query)]

    def results(self, game: str, tournament_id: int | None = None) -> Iterator[Result]:
        """Every match of a game (or of one tournament) as (players, ranks), in rating order.

        Rating order is tournament creation order, then fixture index; matches outside a
        tournament come last, by finishing time. Aborted matches are not rated.
        """
        query = ladder.results_query(game, tournament_id)
        with self._begin() as conn:
            rows = conn.execute(query).all()
        for row in rows:
            yield Result(*players_and_ranks(row))

    # -- the stored ladder ---------------------------------------------------------------------

    def ladder(self, game: str) -> list[LadderEntry]:
        """The stored TrueSkill ladder of a game, best first; O(bots), equal to a full fold."""
        with self._begin() as conn:
            return ladder.stored_ladder(conn, game)

    def rating_history(self, game: str, bot: str, last: int | None = None) -> list[RatingChange]:
        """A bot's rating before and after each of its rated matches, in rating order."""
        with self._begin() as conn:
            return ladder.history(conn, game, bot, last)

    def rebuild_ladder(self, game: str | None = None) -> dict[str, int]:
        """Recompute the stored ladder of a game (or every game) from its matches.

        One transaction per game; returns the number of rated matches per game.
        """
        counts = {}
        for name in [game] if game is not None else self.games():
            with self._write() as conn:
                ladder.lock_game(conn, name)
                counts[name] = ladder.rebuild(conn, name, ladder.rated_matches(conn, name))
        return counts

    # -- credentials ---------------------------------------------------------------------------

    def add_credential(
        self, name: str, role: Role, *, rotate: bool = False, admin: bool = False
    ) -> str:
        """A new token for a bot or organizer name, returned once (only its hash is kept).

        Refuses a name with an active token (CredentialError) unless rotate, which replaces
        it; a revoked name can be added again. `admin`: an organizer who may manage every
        tournament.
        """
        with self._write() as conn:
            if rotate and creds.is_active(conn, name, role):
                return creds.issue(conn, name, role, replace=True)
            return creds.issue(conn, name, role, replace=False, admin=admin)

    def set_admin(self, name: str, admin: bool) -> None:
        """Make an organizer an admin, or no longer one (CredentialError if it has no token)."""
        with self._write() as conn:
            creds.set_admin(conn, name, admin)

    def rotate_credential(self, name: str, role: Role) -> str:
        """Replace the active token of a name by a new one, returned once; the old one dies."""
        with self._write() as conn:
            return creds.issue(conn, name, role, replace=True)

    def revoke_credential(self, name: str, role: Role) -> None:
        """Stop accepting a name's token; CredentialError if it has no active one."""
        with self._write() as conn:
            creds.revoke(conn, name, role)

    def verify_credential(self, name: str, token: str, role: Role, *, touch: bool = True) -> bool:
        """Whether the token is the active one of that name and role (constant-time compare).

        Unknown, revoked, empty or wrong: False. On success it stamps last_seen (touch).
        """
        with self._begin() as conn:
            ok = creds.verify(conn, name, token, role)
        if ok and touch:  # a write only for a good token: a flood of bad ones takes no lock
            with self._write() as conn:
                creds.touch(conn, name, role)
        return ok

    def identify_credential(self, token: str) -> Identity | None:
        """Who holds the active credential with this token (name, role, admin), or None."""
        with self._begin() as conn:
            return creds.identify(conn, token)

    def credentials(self, role: Role | None = None) -> list[Credential]:
        """Every credential, revoked ones included (never a token or a hash)."""
        with self._begin() as conn:
            return creds.listing(conn, role)

    def credentials_fingerprint(self) -> tuple[int, float, float]:
        """Changes whenever a token is issued, rotated or revoked (see credentials.fingerprint)."""
        with self._begin() as conn:
            return creds.fingerprint(conn)

    def has_credentials(self, role: Role | None = None) -> bool:
        """Whether this database has any active credential (of that role)."""
        with self._begin() as conn:
            return creds.any_active(conn, role)

    def games(self) -> list[str]:
        """The games that have stored matches."""
        with self._begin() as conn:
            return sorted(g for (g,) in conn.execute(sa.select(matches.c.game).distinct()))


__all__ = [
    "ImportedTournament",
    "MatchSummary",
    "Store",
    "StoredTournament",
    "UnknownMatchError",
    "UnknownTournamentError",
]
