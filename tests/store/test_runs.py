"""arena.store.runs: a tournament's runner lease (claim, heartbeat, release) and deleting a
tournament with its ladder rebuilt; on SQLite and PostgreSQL."""

from __future__ import annotations

import time

import pytest
import sqlalchemy as sa

from arena.core.values import MatchRecord, Outcome
from arena.errors import TournamentBusyError, UnknownTournamentError
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store, runs
from arena.store.engine import write_transaction
from arena.store.schema import fixtures, matches, rating_history, tournaments
from arena.tournament import BotEntry, TournamentSpec, make_fixtures
from arena.tournament.lease import LEASE_S

SPEC = TournamentSpec(
    game="azul", bots=(BotEntry("ann"), BotEntry("bob"), BotEntry("cy")), seed=9, table_size=2
)


def lease(store: Store, tid: int) -> tuple[str | None, float | None]:
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.select(tournaments.c.runner, tournaments.c.heartbeat_at).where(
                tournaments.c.id == tid
            )
        ).one()
    return row.runner, row.heartbeat_at


def set_lease(store: Store, tid: int, runner: str | None, at: float | None) -> None:
    with store.engine.begin() as conn:
        conn.execute(
            tournaments.update()
            .where(tournaments.c.id == tid)
            .values(runner=runner, heartbeat_at=at)
        )


def test_a_free_lease_is_claimed_and_an_unknown_tournament_says_so(db_url: str) -> None:
    with Store.open(db_url) as store:
        tid = store.create_tournament(SPEC, make_fixtures(SPEC))
        with write_transaction(store.engine) as conn:
            assert runs.claim(conn, 999, "elsewhere:1") is False
            assert runs.claim(conn, tid, "elsewhere:1") is True
        runner, at = lease(store, tid)
        assert runner == "elsewhere:1" and at is not None and abs(at - time.time()) < 60
        with pytest.raises(UnknownTournamentError):
            store.claim_runner(999, "elsewhere:1")


def test_a_live_runner_keeps_its_lease_a_silent_one_loses_it(db_url: str) -> None:
    with Store.open(db_url) as store:
        tid = store.create_tournament(SPEC, make_fixtures(SPEC))
        store.claim_runner(tid, "elsewhere:1")
        store.claim_runner(tid, "elsewhere:1")  # the holder may claim again
        with pytest.raises(TournamentBusyError, match=r"another process \(elsewhere:1"):
            store.claim_runner(tid, "there:2")
        set_lease(store, tid, "elsewhere:1", time.time() - LEASE_S - 5)  # silent too long
        store.claim_runner(tid, "there:2")
        assert lease(store, tid)[0] == "there:2"


def test_only_the_holder_renews_or_releases_the_lease(db_url: str) -> None:
    with Store.open(db_url) as store:
        tid = store.create_tournament(SPEC, make_fixtures(SPEC))
        store.claim_runner(tid, "elsewhere:1")
        set_lease(store, tid, "elsewhere:1", 100.0)
        store.heartbeat(tid, "there:2", release=True)  # not its lease: nothing changes
        assert lease(store, tid) == ("elsewhere:1", 100.0)
        store.heartbeat(tid, "elsewhere:1")
        runner, at = lease(store, tid)
        assert runner == "elsewhere:1" and at is not None and at > 100.0
        store.heartbeat(tid, "elsewhere:1", release=True)
        assert lease(store, tid)[0] is None
        store.claim_runner(tid, "there:2")  # released: anyone may take it


def result(fixture, ranks) -> MatchRecord:
    return MatchRecord(
        fixture.match_id, "azul", {}, fixture.seed, fixture.seats, (),
        Outcome(ranks, (0.0, 0.0), (0.0, 0.0)), 0.0, 1.0,
    )  # fmt: skip


def test_deleting_a_tournament_takes_its_rows_and_rebuilds_the_ladder(db_url: str) -> None:
    with Store.open(db_url) as store:
        kept = store.create_tournament(SPEC, make_fixtures(SPEC))
        gone = store.create_tournament(SPEC, make_fixtures(SPEC))
        for tid, ranks in ((kept, (1, 2)), (gone, (2, 1))):
            for f in store.fixtures(tid):
                store.save_match(result(f, ranks), f)
        with write_transaction(store.engine) as conn:
            runs.delete(conn, gone, "azul")
        with pytest.raises(UnknownTournamentError):
            store.tournament(gone)
        with store.engine.connect() as conn:
            for table in (fixtures, matches):
                left = conn.execute(sa.select(table.c.tournament_id).distinct()).scalars()
                assert set(left) == {kept}
            history = conn.execute(sa.select(sa.func.count()).select_from(rating_history))
            assert history.scalar() == 2 * 6  # two seats of each kept match
        assert store.ladder("azul") == fold_ratings(store.results("azul"))
        assert store.ladder("azul") == fold_ratings(store.results("azul", kept))
