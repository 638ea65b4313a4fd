"""House bots (`arena serve --house NAME=STRATEGY`) on a secured server: built-in strategies the
server plays itself, seated by name in PlayMatch and server-owned tournaments, with no
credential of their own; nobody else may take their names.

A real `arena serve` with credentials, real bot processes, real CLI processes.
"""

from __future__ import annotations

import os
import subprocess
import time

import grpc
import pytest
import serve_process
from served_arena import (
    HONEST,
    PY,
    ROOT,
    Canary,
    Served,
    arena,
    connected,
    run,
    start_bot,
    start_serve,
    stop,
)

from arena.rpc.server.workers.house import parse_house
from arena.store import Store
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

HOUSE = {"greedy": "greedy", "boss1": "boss:1"}
MINE = "mine"  # a registered bot of a bot author


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    db = str(tmp_path_factory.mktemp("house") / "arena.db")
    organizer = arena("organizer", "add", "org", db=db)
    tokens = {name: arena("bot", "add", name, db=db) for name in (*HONEST, MINE)}
    house = [a for name, strategy in HOUSE.items() for a in ("--house", f"{name}={strategy}")]
    server, address = start_serve(db, "--time-per-move", "2000", *house)
    bots = [start_bot(address, name, tokens[name], i) for i, name in enumerate((*HONEST, MINE))]
    try:
        run(connected(address, {*HONEST, MINE, *HOUSE}))
        yield Served(address, db, organizer, tokens, server)
    finally:
        for process in [*bots, server]:
            stop(process)


def play(served: Served, game: str, bots: list[str], seed: int) -> pb.MatchRecord:
    async def go() -> pb.MatchRecord:
        async with grpc.aio.insecure_channel(served.address) as channel:
            stub = arena_pb2_grpc.ArenaServiceStub(channel)
            request = pb.PlayMatchRequest(game=game, seed=seed, bots=bots)
            return await stub.PlayMatch(request, metadata=served.auth())

    return run(go())


def test_house_bots_are_listed_as_bots_of_the_games_that_have_their_strategy(
    served: Served,
) -> None:
    listed = {
        b.name: b for b in serve_process.call(served.address, "ListBots", pb.ListBotsRequest()).bots
    }
    assert "house bot (builtin:greedy)" in listed["greedy"].version
    assert "house bot (builtin:boss:1)" in listed["boss1"].version
    every = {
        g.name for g in serve_process.call(served.address, "ListGames", pb.ListGamesRequest()).games
    }
    assert set(listed["boss1"].games) == every  # every game has a boss
    assert {"lucky_numbers", "azul"} <= set(listed["greedy"].games)


def test_a_registered_bot_plays_the_house_bots_and_the_record_is_stored(served: Served) -> None:
    for seed, bots in ((1, ["greedy", MINE]), (2, [MINE, "boss1"]), (3, ["boss1", "greedy"])):
        record = play(served, "lucky_numbers", bots, seed)
        assert record.outcome.termination == pb.TERMINATION_NORMAL, record.outcome.detail
        assert list(record.players) == bots
        found = serve_process.call(
            served.address, "GetMatch", pb.GetMatchRequest(match_id=record.match_id)
        )
        assert found.match_id == record.match_id and len(found.moves) == len(record.moves)


def test_nobody_else_may_connect_under_a_house_bots_name(served: Served) -> None:
    # Even with a valid credential of that name, registered after the server started.
    token = arena("bot", "add", "greedy", db=served.db)

    async def attack() -> None:
        async with Canary(served, seed=11):
            impostor = subprocess.run(
                [PY, str(ROOT / "bots" / "random_bot.py"), "--address", served.address,
                 "--name", "greedy", "--token", token],
                capture_output=True, text=True, timeout=60,
            )  # fmt: skip
            assert impostor.returncode != 0
            assert "token" in impostor.stderr, impostor.stderr[-400:]

    try:
        run(attack())
    finally:
        arena("bot", "revoke", "greedy", db=served.db)
    record = play(served, "lucky_numbers", ["greedy", MINE], 12)  # the house bot plays on
    assert record.outcome.termination == pb.TERMINATION_NORMAL, record.outcome.detail
    listed = serve_process.call(served.address, "ListBots", pb.ListBotsRequest()).bots
    assert "house bot" in next(b.version for b in listed if b.name == "greedy")


def test_a_server_owned_tournament_seats_house_bots_and_rates_them(served: Served) -> None:
    env = {**os.environ, "ARENA_ORGANIZER_TOKEN": served.organizer}
    done = subprocess.run(
        [PY, "-m", "arena", "tournament", "run", "-g", "lucky_numbers", "--bot", "greedy",
         "--bot", "boss1", "--bot", MINE, "--seed", "5", "--server", served.address],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-800:]
    board = serve_process.call(
        served.address, "GetLeaderboard", pb.GetLeaderboardRequest(game="lucky_numbers")
    )
    rated = {e.bot: e for e in board.entries}
    assert {"greedy", "boss1", MINE} <= set(rated)
    assert all(rated[name].games >= 4 for name in ("greedy", "boss1", MINE))


@pytest.mark.parametrize(
    ("house", "says"),
    [
        (["greedy"], "give NAME=STRATEGY"),
        (["x=no_such_strategy"], "no game has a built-in strategy 'no_such_strategy'"),
        (["a=greedy", "a=random"], "given twice"),
        (["-bad=greedy"], "must be 1-64 letters"),
    ],
)
def test_a_bad_house_option_is_refused_with_a_clear_error(house: list[str], says: str) -> None:
    with pytest.raises(Exception, match=says):
        parse_house(house)


def test_a_house_bot_may_not_take_a_registered_bots_name(served: Served) -> None:
    done = subprocess.run(
        [PY, "-m", "arena", "serve", "--address", "127.0.0.1:0", "--db", served.db,
         "--house", f"{MINE}=greedy"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode != 0
    assert "a registered bot has that name" in done.stderr, done.stderr[-400:]


def test_a_tournament_of_house_bots_stopped_with_its_server_resumes_with_no_disconnect(
    tmp_path,
) -> None:
    db = str(tmp_path / "house.db")
    organizer = arena("organizer", "add", "org", db=db)
    house = ("--house", "g1=greedy", "--house", "r1=random")
    server, address = start_serve(db, "--time-per-move", "2000", *house)
    try:
        run(connected(address, {"g1", "r1"}))
        env = {**os.environ, "ARENA_ORGANIZER_TOKEN": organizer}
        subprocess.run(
            [PY, "-m", "arena", "tournament", "run", "-g", "lucky_numbers", "--bot", "g1",
             "--bot", "r1", "--cycles", "40", "--seed", "2", "--server", address, "--detach"],
            check=True, capture_output=True, cwd=ROOT, env=env, timeout=120,
        )  # fmt: skip
        tournament = pb.GetTournamentRequest(tournament_id=1)
        deadline = time.monotonic() + 120
        while serve_process.call(address, "GetTournament", tournament).fixtures_done < 3:
            assert time.monotonic() < deadline, "the tournament did not start"
            time.sleep(0.05)
    finally:
        stop(server)  # SIGTERM: the server stops its tournament, then its house bots
    assert server.returncode == 0
    server, address = start_serve(db, "--time-per-move", "2000", *house)
    try:
        found = serve_process.call(address, "GetTournament", tournament)
        assert found.status == pb.TOURNAMENT_STATUS_INTERRUPTED and found.fixtures_done < 80
        resumed = subprocess.run(
            [PY, "-m", "arena", "tournament", "resume", "1", "--server", address],
            capture_output=True, text=True, cwd=ROOT, env=env, timeout=240,
        )  # fmt: skip
        assert resumed.returncode == 0, resumed.stderr[-800:]
        found = serve_process.call(address, "GetTournament", tournament)
        assert found.status == pb.TOURNAMENT_STATUS_FINISHED
    finally:
        stop(server)
    with Store.open(db) as store:
        ends = [r.outcome.termination.value for r in store.tournament_matches(1)]
    assert ends == ["normal"] * 80
