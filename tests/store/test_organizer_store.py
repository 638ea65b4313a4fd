"""Issue 14, finding 10: a new database opened by many organizers at once, and one runner per
tournament, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from arena.app.running import create_tournament, play_tournament
from arena.core.values import MatchRecord
from arena.errors import TournamentBusyError
from arena.store import Store
from arena.tournament import BotEntry, Fixture, Status, TournamentSpec
from arena.tournament.lease import runner_id

OPENERS = 16


def test_many_organizers_opening_a_new_database_at_once_all_succeed(db_url):
    barrier = threading.Barrier(OPENERS)
    failures: list[BaseException] = []

    def open_it() -> None:
        barrier.wait()
        try:
            Store.open(db_url).close()
        except BaseException as exc:  # noqa: BLE001 - collected and reported below
            failures.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(OPENERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with Store.open(db_url) as store:
        assert store.tournaments() == []


def spec() -> TournamentSpec:
    bots = (BotEntry("a", "builtin:random"), BotEntry("b", "builtin:random"))
    return TournamentSpec("lucky_numbers", bots, seed=3)


def test_a_second_runner_is_refused_while_the_first_lives(db_url):
    with Store.open(db_url) as store:
        tid = create_tournament(store, spec(), owner=None).id
        store.claim_runner(tid, runner_id())  # this process: alive
        with pytest.raises(TournamentBusyError, match="being played by another process"):
            store.claim_runner(tid, "elsewhere:1")
        store.claim_runner(tid, runner_id())  # the holder may claim again
        store.heartbeat(tid, runner_id(), release=True)
        store.claim_runner(tid, "elsewhere:1")  # free once released
        assert store.tournament(tid).runner == "elsewhere:1"


def test_a_dead_runners_lease_is_taken_over(db_url):
    with Store.open(db_url) as store:
        tid = create_tournament(store, spec(), owner=None).id
        host = runner_id().rsplit(":", 1)[0]
        store.claim_runner(tid, f"{host}:999999999")  # no such pid on this host
        store.claim_runner(tid, runner_id())
        assert store.tournament(tid).runner == runner_id()


def test_two_resumes_of_one_tournament_one_plays_the_other_is_told(db_url):
    with Store.open(db_url) as store:
        tid = create_tournament(store, spec(), owner=None).id
        started = asyncio.Event()
        release = asyncio.Event()

        async def slow_play(fixture: Fixture) -> MatchRecord:
            from arena.tournament.entrants import builtin_player, local_runner
            from arena.tournament.manage import game_and_options

            started.set()
            await release.wait()
            game, options = game_and_options(store.tournament(tid).spec)
            bots = {b.name: b for b in spec().bots}

            def seat(f: Fixture, s: int):  # noqa: ANN202 - a local seat factory
                return builtin_player(game.name, bots[f.seats[s]], f, s)

            return await local_runner(game, options, seat)(fixture)

        async def both() -> None:
            first = asyncio.create_task(play_tournament(store, tid, slow_play))
            await started.wait()
            # another process's resume (a runner id other than ours) is refused meanwhile
            with pytest.raises(TournamentBusyError):
                await asyncio.to_thread(store.claim_runner, tid, "other-host:4242")
            release.set()
            await first

        asyncio.run(both())
        done = store.tournament(tid)
        assert done.played == done.fixtures and done.runner is None


def test_a_restarted_server_resumes_the_tournament_its_dead_predecessor_left_running(tmp_path):
    from serve_process import arena_serve

    db = str(tmp_path / "server.db")
    with Store.open(db) as store:
        bots = (BotEntry("r1"), BotEntry("r2"))
        tid = create_tournament(store, TournamentSpec("lucky_numbers", bots, seed=8), owner=None).id
        store.set_status(tid, Status.RUNNING)
        host = runner_id().rsplit(":", 1)[0]
        store.claim_runner(tid, f"{host}:999999999")  # the old server, killed
    with arena_serve(db, "r1", "r2"), Store.open(db) as store:
        deadline = time.monotonic() + 30  # resumed within a second of the bots connecting
        while store.tournament(tid).status is not Status.FINISHED:
            assert time.monotonic() < deadline, store.tournament(tid)
            time.sleep(0.1)
        done = store.tournament(tid)
    assert done.played == done.fixtures == 2
