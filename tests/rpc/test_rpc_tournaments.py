"""Tournaments, stored matches and ladders over gRPC: `arena serve --db` with real bot processes.

What the server answers must be what the CLI prints from the same database.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import grpc
import pytest
from serve_process import arena_serve, call

from arena.cli import main
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.state import ServerConfig, ServerState
from arena.rpc.wire.convert import record_from_pb
from arena.store import Store
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
BOTS = ("r1", "r2", "r3")
FINISHED = pb.TOURNAMENT_STATUS_FINISHED


def code_of(address: str, method: str, request) -> grpc.StatusCode:
    """The status code a call fails with."""
    with pytest.raises(grpc.aio.AioRpcError) as info:
        call(address, method, request)
    return info.value.code()


def wait_until_finished(address: str, tid: int, timeout_s: float = 30.0) -> pb.Tournament:
    deadline = time.monotonic() + timeout_s
    seen = []
    while time.monotonic() < deadline:
        t = call(address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
        seen.append(t.fixtures_done)
        if t.status == FINISHED:
            assert seen == sorted(seen)  # progress only grows
            return t
        assert t.status == pb.TOURNAMENT_STATUS_RUNNING, t.error
        time.sleep(0.1)
    raise AssertionError(f"tournament {tid} did not finish: {seen[-1]} matches played")


def cli_json(capsys, *args) -> object:
    capsys.readouterr()
    with pytest.raises(SystemExit) as info:
        main([*args, "-f", "json"])
    out, err = capsys.readouterr()
    assert (info.value.code or 0) == 0, err
    return json.loads(out)


def ladder_rows(entries) -> list[dict[str, object]]:
    """LadderEntry messages as the rows `arena leaderboard -f json` prints (rounded alike)."""
    return [
        {"rank": e.rank, "bot": e.bot, "mu": round(e.mu, 4), "sigma": round(e.sigma, 4),
         "conservative": round(e.conservative, 4), "games": e.games, "wins": e.wins}
        for e in entries
    ]  # fmt: skip


def all_pages(address: str, page_size: int, **filters) -> list[list[pb.MatchSummary]]:
    pages, token = [], ""
    while True:
        request = pb.ListMatchesRequest(page_size=page_size, page_token=token, **filters)
        reply = call(address, "ListMatches", request)
        pages.append(list(reply.matches))
        token = reply.next_page_token
        if not token:
            return pages


def test_a_tournament_created_over_grpc_is_played_stored_and_read_back(capsys, tmp_path):
    db = str(tmp_path / "served.db")
    with arena_serve(db, *BOTS) as address:
        created = call(
            address,
            "CreateTournament",
            pb.CreateTournamentRequest(
                game="lucky_numbers", bots=BOTS, seed=6, concurrency=3,
                options={"setup": "michael"}, clock=pb.ClockSettings(per_move_ms=1500),
            ),
        )  # fmt: skip
        assert (created.tournament_id, created.fixtures, created.seed) == (1, 6, 6)
        t = wait_until_finished(address, 1)
        before = call(address, "GetLeaderboard", pb.GetLeaderboardRequest(game="lucky_numbers"))
        adhoc = call(
            address,
            "PlayMatch",
            pb.PlayMatchRequest(game="lucky_numbers", seed=9, bots=["r2", "r1"], match_id="x-1"),
        )
        pages = all_pages(address, 4, tournament_id=1)
        every = all_pages(address, 5, game="lucky_numbers")
        board = call(address, "GetLeaderboard", pb.GetLeaderboardRequest(game="lucky_numbers"))
        fetched = call(address, "GetMatch", pb.GetMatchRequest(match_id="t1-2"))
        first = call(address, "ListMatches", pb.ListMatchesRequest(page_size=4, tournament_id=1))
        elsewhere = pb.ListMatchesRequest(page_size=4, page_token=first.next_page_token)
        assert code_of(address, "ListMatches", elsewhere) == grpc.StatusCode.INVALID_ARGUMENT

    # The tournament as stored and as the CLI shows it from the same database.
    assert (t.fixtures_done, t.fixtures_total, t.per_move_ms) == (6, 6, 1500)
    assert (t.game, t.format, list(t.bots), t.options["setup"]) == (
        "lucky_numbers", "round-robin", list(BOTS), "michael",
    )  # fmt: skip
    shown = cli_json(capsys, "tournament", "show", "1", "--db", db)
    assert shown["tournament"]["status"] == "finished"
    assert [
        {"place": s.place, "bot": s.bot, "points": s.points, "wins": s.wins, "games": s.games,
         "mean_rank": s.mean_rank, "faults": s.faults, "forfeits": 0,
         **{f"pts_seat_{i}": p for i, p in enumerate(s.seat_points)}}
        for s in t.standings
    ] == shown["standings"]  # fmt: skip
    assert [
        {"seat": r.label, "games": r.games, "points": r.points, "wins": r.wins} for r in t.seats
    ] == shown["seats"]
    assert [s.seat_games for s in t.standings] == [[2, 2]] * 3  # each bot starts twice
    assert t.tie_breaks == shown["tie_breaks"] and not t.error

    # Its own ladder equals the game's ladder before the ad-hoc match; the game's ladder after
    # it equals `arena leaderboard` (which rates ad-hoc matches after tournament matches).
    assert before.entries == t.leaderboard
    with Store.open(db) as store:  # PlayMatch is stored too, outside any tournament
        assert store.match("x-1").to_dict() == record_from_pb(adhoc).to_dict()
        outside = [s.match_id for s in store.match_summaries() if s.tournament_id is None]
        assert outside == ["x-1"]
    assert ladder_rows(board.entries) == cli_json(capsys, "leaderboard", "--db", db)
    assert {e.bot: e.games for e in t.leaderboard} == {b: 4 for b in BOTS}
    assert {e.bot: e.games for e in board.entries} == {"r1": 5, "r2": 5, "r3": 4}

    # Paging: 4 + 2 summaries of the tournament, in finishing order, none twice.
    assert [len(p) for p in pages] == [4, 2]
    summaries = [s for page in pages for s in page]
    assert sorted(s.match_id for s in summaries) == [f"t1-{i}" for i in range(6)]
    assert [s.finished_at for s in summaries] == sorted(s.finished_at for s in summaries)
    assert all(s.tournament_id == 1 and s.match_id == f"t1-{s.fixture}" for s in summaries)
    assert [len(p) for p in every] == [5, 2]
    assert not every[-1][-1].HasField("tournament_id")  # x-1 finished last
    two = next(s for s in summaries if s.match_id == "t1-2")
    assert (list(two.players), list(two.ranks), list(two.points)) == (
        list(fetched.players), list(fetched.outcome.ranks), list(fetched.outcome.points),
    )  # fmt: skip
    assert two.termination == fetched.outcome.termination

    # After a restart (no bots, nothing in memory) the records come from the database.
    with arena_serve(db) as address:
        again = call(address, "GetMatch", pb.GetMatchRequest(match_id="t1-2"))
        adhoc_again = call(address, "GetMatch", pb.GetMatchRequest(match_id="x-1"))
        t_again = call(address, "GetTournament", pb.GetTournamentRequest(tournament_id=1))
    assert again == fetched  # both read from the database
    assert record_from_pb(adhoc_again).to_dict() == record_from_pb(adhoc).to_dict()
    assert t_again.standings == t.standings and t_again.leaderboard == t.leaderboard


def test_errors_map_to_status_codes(tmp_path):
    async def scenario() -> dict[str, grpc.StatusCode]:
        store = Store.open(str(tmp_path / "errors.db"))
        quick = ServerConfig(startup_timeout_s=0.2)  # "bot not connected" after 0.2 s of waiting
        with_db, port = await create_server("127.0.0.1:0", state=ServerState(quick, store=store))
        without_db, bare_port = await create_server("127.0.0.1:0")
        codes = {}
        try:
            async with (
                grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel,
                grpc.aio.insecure_channel(f"127.0.0.1:{bare_port}") as bare_channel,
            ):
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                bare = arena_pb2_grpc.ArenaServiceStub(bare_channel)

                def tournament(**fields):
                    fields = {"game": "lucky_numbers", "bots": ["a", "b"], **fields}
                    return stub.CreateTournament(pb.CreateTournamentRequest(**fields))

                calls = {
                    "unknown tournament": stub.GetTournament(
                        pb.GetTournamentRequest(tournament_id=99)
                    ),
                    "unknown match": stub.GetMatch(pb.GetMatchRequest(match_id="nope")),
                    "page too big": stub.ListMatches(pb.ListMatchesRequest(page_size=501)),
                    "bad token": stub.ListMatches(pb.ListMatchesRequest(page_token="%%%")),
                    "list unknown tournament": stub.ListMatches(
                        pb.ListMatchesRequest(tournament_id=7)
                    ),
                    "unknown game ladder": stub.GetLeaderboard(
                        pb.GetLeaderboardRequest(game="chess")
                    ),
                    "no game ladder": stub.GetLeaderboard(pb.GetLeaderboardRequest()),
                    "unknown game": tournament(game="chess"),
                    "bad format": tournament(format="double-elimination"),
                    "bank in clock": tournament(clock=pb.ClockSettings(per_move_ms=5, bank_ms=9)),
                    "bad option": tournament(options={"setup": "hard"}),
                    "bot twice": tournament(bots=["a", "a"]),
                    "hero without gauntlet": tournament(hero="a"),
                    "bot not connected": tournament(),
                    "no database": bare.GetLeaderboard(pb.GetLeaderboardRequest(game="azul")),
                    "no database to create": bare.CreateTournament(
                        pb.CreateTournamentRequest(game="azul", bots=["a", "b"])
                    ),
                }
                for name, pending in calls.items():
                    try:
                        await pending
                        codes[name] = grpc.StatusCode.OK
                    except grpc.aio.AioRpcError as exc:
                        codes[name] = exc.code()
        finally:
            await stop_server(with_db, grace_s=0.1)
            await stop_server(without_db, grace_s=0.1)
            store.close()
        return codes

    codes = asyncio.run(asyncio.wait_for(scenario(), 20))
    not_found, invalid = grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT
    assert codes == {
        "unknown tournament": not_found,
        "unknown match": not_found,
        "page too big": invalid,
        "bad token": invalid,
        "list unknown tournament": not_found,
        "unknown game ladder": not_found,
        "no game ladder": invalid,
        "unknown game": not_found,
        "bad format": invalid,
        "bank in clock": invalid,
        "bad option": invalid,
        "bot twice": invalid,
        "hero without gauntlet": invalid,
        "bot not connected": grpc.StatusCode.UNAVAILABLE,
        "no database": grpc.StatusCode.FAILED_PRECONDITION,
        "no database to create": grpc.StatusCode.FAILED_PRECONDITION,
    }


async def paced_bot(address: str, name: str, delay_s: float) -> None:
    """A bot on the bare stubs that answers index 0 after `delay_s`, and every ping."""
    async with grpc.aio.insecure_channel(address) as channel:
        stream = arena_pb2_grpc.BotServiceStub(channel).Connect()
        await stream.write(pb.BotMessage(hello=pb.Hello(name=name, max_matches=2)))
        while (message := await stream.read()) is not grpc.aio.EOF:
            kind = message.WhichOneof("kind")
            if kind == "decision_request":
                await asyncio.sleep(delay_s)
                decision = pb.Decision(request_id=message.decision_request.request_id, index=0)
                await stream.write(pb.BotMessage(decision=decision))
            elif kind == "ping":
                await stream.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))


@contextmanager
def served_in_thread(store: Store | None, delay_s: float) -> Iterator[str]:
    """An in-process server on its own loop thread with paced bots a, b, c; its address."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(coro):
        return asyncio.run_coroutine_threadsafe(coro, loop).result(30)

    state = ServerState(store=store)

    async def start():
        server, port = await create_server("127.0.0.1:0", state=state)
        address = f"127.0.0.1:{port}"
        bots = [asyncio.create_task(paced_bot(address, n, delay_s)) for n in "abc"]
        await asyncio.gather(*(state.registry.wait_for(n, 10) for n in "abc"))
        return server, address, bots

    async def stop(server, bots):
        await stop_server(server, grace_s=0.1)
        for bot in bots:
            bot.cancel()
        await asyncio.gather(*bots, return_exceptions=True)

    server, address, bots = run(start())
    try:
        yield address
    finally:
        run(stop(server, bots))
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_a_tournament_waits_for_a_bot_still_connecting_then_plays(tmp_path):
    """A bot started a moment before the organizer's command: CreateTournament waits for it (up
    to the startup timeout, as PlayMatch does) instead of refusing it as not connected."""

    async def scenario() -> tuple[int, pb.Tournament]:
        store = Store.open(str(tmp_path / "late.db"))
        state = ServerState(ServerConfig(startup_timeout_s=10.0), store=store)
        server, port = await create_server("127.0.0.1:0", state=state)
        address = f"127.0.0.1:{port}"
        bots = [asyncio.create_task(paced_bot(address, "a", 0.0))]
        try:
            await state.registry.wait_for("a", 10)
            async with grpc.aio.insecure_channel(address) as channel:
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                request = pb.CreateTournamentRequest(game="lucky_numbers", bots=["a", "b"], seed=5)
                creating = asyncio.ensure_future(stub.CreateTournament(request))
                await asyncio.sleep(0.3)
                assert not creating.done()  # waiting for b, not refusing it
                bots.append(asyncio.create_task(paced_bot(address, "b", 0.0)))
                created = await asyncio.wait_for(creating, 10)
                get = pb.GetTournamentRequest(tournament_id=created.tournament_id)
                for _ in range(200):
                    t = await stub.GetTournament(get)
                    if t.status == FINISHED:
                        break
                    await asyncio.sleep(0.05)
            return created.fixtures, t
        finally:
            await stop_server(server, grace_s=0.1)
            for bot in bots:
                bot.cancel()
            await asyncio.gather(*bots, return_exceptions=True)
            store.close()

    fixtures, t = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert fixtures == 2 and t.status == FINISHED and t.fixtures_done == 2


def test_a_server_shutdown_interrupts_its_tournament_and_the_cli_resumes_it(capsys, tmp_path):
    db = str(tmp_path / "resume.db")
    store = Store.open(db)
    try:
        with served_in_thread(store, delay_s=0.01) as address:
            request = pb.CreateTournamentRequest(game="lucky_numbers", bots=["a", "b", "c"], seed=3)
            assert call(address, "CreateTournament", request).fixtures == 6
            get = pb.GetTournamentRequest(tournament_id=1)
            while call(address, "GetTournament", get).fixtures_done < 2:
                time.sleep(0.05)
        # The server stopped mid-tournament: the match in flight was cancelled, not stored.
        interrupted = store.tournament(1)
        assert interrupted.status.value == "interrupted"
        assert 2 <= interrupted.played < 6
        assert {r.outcome.termination.value for r in store.tournament_matches(1)} <= {
            "normal",
            "turn_cap",
        }
    finally:
        store.close()
    with served_in_thread(None, delay_s=0.0) as address:  # the bots, no database
        capsys.readouterr()
        with pytest.raises(SystemExit) as info:
            main(["tournament", "resume", "1", "--server", address, "--store-locally", "--db", db])
        assert (info.value.code or 0) == 0, capsys.readouterr().err
    shown = cli_json(capsys, "tournament", "show", "1", "--matches", "--db", db)
    assert shown["tournament"]["status"] == "finished"
    assert [m["match"] for m in shown["matches"]] == [f"t1-{i}" for i in range(6)]


def test_a_server_resumes_its_own_interrupted_tournament_for_the_cli(capsys, tmp_path):
    db = str(tmp_path / "own.db")
    store = Store.open(db)
    try:
        with served_in_thread(store, delay_s=0.01) as address:
            request = pb.CreateTournamentRequest(game="lucky_numbers", bots=["a", "b", "c"], seed=4)
            assert call(address, "CreateTournament", request).fixtures == 6
            get = pb.GetTournamentRequest(tournament_id=1)
            while call(address, "GetTournament", get).fixtures_done < 1:
                time.sleep(0.05)
        assert store.tournament(1).status.value == "interrupted"
        with served_in_thread(store, delay_s=0.0) as address:  # the same database again
            capsys.readouterr()
            with pytest.raises(SystemExit) as info:
                main(["tournament", "resume", "1", "--server", address])
            out, err = capsys.readouterr()
            assert (info.value.code or 0) == 0, err
            assert "Standings (tournament 1)" in out and "[6/6] Finished t1-" in err
            shown = cli_json(capsys, "tournament", "show", "1", "--matches", "--server", address)
        assert shown["tournament"]["status"] == "finished"
        assert [m["match"] for m in shown["matches"]] == [f"t1-{i}" for i in range(6)]
    finally:
        store.close()
