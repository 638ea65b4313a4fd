"""`arena ladder run` over real gRPC: bot processes join and leave an `arena serve` mid-run, and
every finished match is rated exactly once; a second run resumes from the stored ratings."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys

import pytest
import sqlalchemy as sa
from records_helpers import Serve

from arena.app.ladder_run import LadderRun
from arena.cli import main
from arena.cli.ladder import available_bots, play_on
from arena.client import ArenaClient, Remote
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.store.schema import rating_history

GAME = "lucky_numbers"


@pytest.fixture
def serve():
    served = Serve()
    try:
        yield served
    finally:
        served.close()


async def wait_for(remote: ArenaClient, names: set[str]) -> None:
    for _ in range(300):
        if names <= {b.name for b in await available_bots(remote, GAME)}:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"bots {sorted(names)} did not connect")


def ladder_run(store: Store, remote: ArenaClient, on_rated=None, seed: int = 1) -> LadderRun:
    return LadderRun(
        store,
        GAME,
        list_bots=lambda: available_bots(remote, GAME),
        play=lambda seats, s, mid: play_on(remote, GAME, {}, None, seats, s, mid),
        concurrency=2,
        rng=random.Random(seed),
        on_rated=on_rated,
        poll_s=0.1,
    )


def check_rated_once(store: Store, expected: int) -> None:
    rows = list(store.match_rows(game=GAME))
    assert len(rows) == expected and len({r.match_id for r, _, _ in rows}) == expected
    with store.engine.connect() as conn:
        history = conn.execute(sa.select(sa.func.count()).select_from(rating_history)).scalar()
    assert history == sum(len(r.players) for r, _, _ in rows)  # one history row per seat
    ladder = store.ladder(GAME)
    assert sum(e.games for e in ladder) == history
    assert ladder == fold_ratings(store.results(GAME))  # the stored ladder is the exact fold


def test_bots_join_and_leave_and_every_match_is_rated_once(serve, tmp_path):
    remote = ArenaClient(Remote(serve.address))
    order: list[tuple[str, ...]] = []

    def on_rated(record):
        order.append(record.players)
        if len(order) == 3:
            serve.start_bot("r3")  # joins mid-run
        if len(order) == 6:
            serve.kill_bot("r1")  # leaves mid-run, perhaps in a match

    async def go(store: Store) -> LadderRun:
        serve.start_bot("r1")
        serve.start_bot("r2")
        await wait_for(remote, {"r1", "r2"})
        run = ladder_run(store, remote, on_rated)
        await run.run(asyncio.Event(), max_matches=14)
        return run

    with Store.open(str(tmp_path / "ladder.db")) as store:
        run = asyncio.run(go(store))
        assert run.rated == 14
        check_rated_once(store, 14)
        assert any("r3" in seats for seats in order)  # the newcomer was paired
        assert all("r1" not in seats for seats in order[8:])  # the leaver is no longer paired

        # resumable: a second run adds to the same ladder
        async def again() -> None:
            await wait_for(remote, {"r2", "r3"})
            await ladder_run(store, remote, seed=2).run(asyncio.Event(), max_matches=3)

        asyncio.run(again())
        check_rated_once(store, 17)


def test_cli_ladder_run(serve, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    serve.start_bot("a")
    serve.start_bot("b")
    asyncio.run(wait_for(ArenaClient(Remote(serve.address)), {"a", "b"}))
    db = str(tmp_path / "cli.db")
    with pytest.raises(SystemExit) as exit_info:
        main(["ladder", "run", "--server", serve.address, "-g", GAME, "--max-matches", "3",
              "--db", db, "--seed", "4"])  # fmt: skip
    out = capsys.readouterr().out
    assert (exit_info.value.code or 0) == 0 and out.count("rated ladder-") == 3
    assert "Leaderboard" in out
    with Store.open(db) as store:
        check_rated_once(store, 3)


def test_ctrl_c_stops_pairing_and_rates_the_matches_in_flight(serve, tmp_path):
    serve.start_bot("x")
    serve.start_bot("y")
    asyncio.run(wait_for(ArenaClient(Remote(serve.address)), {"x", "y"}))
    db = str(tmp_path / "stop.db")
    ladder = subprocess.Popen(
        [sys.executable, "-m", "arena", "ladder", "run", "--server", serve.address, "-g", GAME,
         "--db", db],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert ladder.stdout is not None
        for _ in range(2):
            assert ladder.stdout.readline().startswith("rated ladder-")
        ladder.send_signal(signal.SIGINT)
        out, err = ladder.communicate(timeout=30)
    finally:
        if ladder.poll() is None:
            ladder.kill()
            ladder.wait()
    assert ladder.returncode == 0, err
    rated = 2 + out.count("rated ladder-")
    assert f"{rated} matches rated" in err
    with Store.open(db) as store:
        check_rated_once(store, rated)
