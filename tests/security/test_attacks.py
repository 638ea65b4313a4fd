"""Attacks on a shared `arena serve` (issue 9's findings), each over real gRPC against a real
server process, each beside a canary match that must finish normally while health stays fast."""

from __future__ import annotations

import asyncio
import contextlib

import grpc
from served_arena import Canary, Served, run, status_of

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

UNAUTH = grpc.StatusCode.UNAUTHENTICATED
DENIED = grpc.StatusCode.PERMISSION_DENIED
BAD = grpc.StatusCode.INVALID_ARGUMENT


def stub(channel: grpc.aio.Channel) -> arena_pb2_grpc.ArenaServiceStub:
    return arena_pb2_grpc.ArenaServiceStub(channel)


# ── 1. organizer calls need an organizer credential; clocks and sizes are bounded ──────────


def test_nobody_but_an_organizer_can_play_or_rate_a_match(served: Served) -> None:
    async def attack():
        async with Canary(served, seed=1), grpc.aio.insecure_channel(served.address) as channel:
            arena = stub(channel)
            before = await arena.GetLeaderboard(pb.GetLeaderboardRequest(game="azul"))
            rig = pb.PlayMatchRequest(
                game="azul", seed=5, bots=["victim", "canary-a"],
                clock=pb.ClockSettings(per_move_ms=1),
            )  # fmt: skip
            codes = [
                await status_of(arena.PlayMatch(rig)),  # no credential
                await status_of(arena.PlayMatch(rig, metadata=served.auth("forged"))),
                await status_of(arena.PlayMatch(rig, metadata=served.auth(served.tokens["liar"]))),
                await status_of(arena.PlayMatch(rig, metadata=served.auth())),  # 1 ms clock
            ]
            for per_move in (0, -5):
                rig.clock.per_move_ms = per_move
                codes.append(await status_of(arena.PlayMatch(rig, metadata=served.auth())))
            after = await arena.GetLeaderboard(pb.GetLeaderboardRequest(game="azul"))
            return codes, before, after

    codes, before, after = run(attack())
    assert [c for c, _ in codes] == [UNAUTH, UNAUTH, DENIED, BAD, BAD, BAD]
    assert "organizer token" in codes[0][1]
    assert "per-move time must be 10" in codes[3][1]
    assert after == before  # nothing stored, nothing rated


def test_tournaments_need_an_organizer_are_bounded_checked_and_can_be_cancelled(
    served: Served,
) -> None:
    async def attack():
        async with Canary(served, seed=2), grpc.aio.insecure_channel(served.address) as channel:
            arena = stub(channel)
            base = dict(game="lucky_numbers", bots=["victim", "canary-a"])
            anonymous = await status_of(arena.CreateTournament(pb.CreateTournamentRequest(**base)))
            huge = pb.CreateTournamentRequest(**base, cycles=1_000_000)
            too_many = await status_of(arena.CreateTournament(huge, metadata=served.auth()))
            bad_rounds = pb.CreateTournamentRequest(
                game="the_number", bots=list(served.tokens)[:3], options={"rounds": "11"}
            )
            unplayable = await status_of(arena.CreateTournament(bad_rounds, metadata=served.auth()))
            long = pb.CreateTournamentRequest(**base, cycles=50)
            created = await arena.CreateTournament(long, metadata=served.auth())
            cancel = pb.CancelTournamentRequest(tournament_id=created.tournament_id)
            anonymous_cancel = await status_of(arena.CancelTournament(cancel))
            cancelled = await arena.CancelTournament(cancel, metadata=served.auth())
            return anonymous, too_many, unplayable, anonymous_cancel, cancelled

    anonymous, too_many, unplayable, anonymous_cancel, cancelled = run(attack())
    assert anonymous[0] == UNAUTH and anonymous_cancel[0] == UNAUTH
    assert too_many[0] == BAD and "cycles" in too_many[1]
    assert unplayable[0] == BAD and "rounds must be 1 to 10" in unplayable[1]
    assert cancelled.status == pb.TOURNAMENT_STATUS_INTERRUPTED
    assert cancelled.error == "cancelled by an organizer"
    assert cancelled.fixtures_done < cancelled.fixtures_total


# ── 2. seeds stay secret until the tournament is finished ──────────────────────────────────


def test_no_seed_of_an_unfinished_tournament_is_shown(served: Served) -> None:
    async def watch():
        async with grpc.aio.insecure_channel(served.address) as channel:
            arena = stub(channel)
            request = pb.CreateTournamentRequest(
                game="lucky_numbers", bots=["canary-a", "canary-b"], cycles=3, seed=4242
            )
            created = await arena.CreateTournament(request, metadata=served.auth())
            tid = created.tournament_id
            running, match = None, None
            while True:
                t = await arena.GetTournament(pb.GetTournamentRequest(tournament_id=tid))
                if t.status == pb.TOURNAMENT_STATUS_FINISHED:
                    break
                if t.fixtures_done >= 1 and match is None:
                    running = t
                    page = await arena.ListMatches(pb.ListMatchesRequest(tournament_id=tid))
                    first = page.matches[0].match_id
                    match = await arena.GetMatch(pb.GetMatchRequest(match_id=first))
                await asyncio.sleep(0.05)
            done = await arena.GetMatch(pb.GetMatchRequest(match_id=match.match_id))
            return created, running, match, t, done

    created, running, match, finished, done = run(watch())
    assert created.seed == 4242  # the organizer's own seed, echoed to the organizer only
    assert running.seed == 0 and running.seed_withheld and running.deals == "independent"
    assert match.seed == 0 and match.seed_withheld and not match.moves_withheld
    assert finished.seed == 4242 and not finished.seed_withheld
    assert done.seed != 0 and not done.seed_withheld


# ── 4. names cannot be hijacked or squatted ────────────────────────────────────────────────


async def hello(address: str, name: str, token: str) -> tuple[grpc.StatusCode, str]:
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        await call.write(pb.BotMessage(hello=pb.Hello(name=name, token=token)))
        with contextlib.suppress(grpc.aio.AioRpcError):
            first = await call.read()
            if first is not grpc.aio.EOF and first.WhichOneof("kind") == "welcome":
                call.cancel()
                return grpc.StatusCode.OK, ""
        return await call.code(), await call.details()


def test_a_registered_name_cannot_be_hijacked_or_squatted(served: Served) -> None:
    async def attack():
        async with Canary(served, seed=3), grpc.aio.insecure_channel(served.address) as channel:
            arena = stub(channel)
            before = {b.name: b for b in (await arena.ListBots(pb.ListBotsRequest())).bots}
            tries = [
                await hello(served.address, "victim", ""),
                await hello(served.address, "victim", "guess"),
                await hello(served.address, "victim", served.tokens["liar"]),
                await hello(served.address, "squatter", "any"),
            ]
            after = {b.name: b for b in (await arena.ListBots(pb.ListBotsRequest())).bots}
            return tries, before, after

    tries, before, after = run(attack())
    assert [code for code, _ in tries] == [UNAUTH] * 4
    assert "not registered here or its token is wrong" in tries[0][1]
    assert after["victim"].connected_unix_ms == before["victim"].connected_unix_ms  # untouched
    assert "squatter" not in after
    assert all(not b.session_id for b in after.values())  # connection ids are not public


# ── 5. every field is bounded; errors tell no server internals ─────────────────────────────


async def liar_bot(served: Served, move: str, matches: list[pb.MatchEnded]) -> None:
    """A registered bot that answers every request with `move` (a huge illegal one)."""
    async with grpc.aio.insecure_channel(served.address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name="liar", token=served.tokens["liar"], games=["azul"])
        await call.write(pb.BotMessage(hello=hello))
        async for message in call:
            kind = message.WhichOneof("kind")
            if kind == "decision_request":
                decision = pb.Decision(request_id=message.decision_request.request_id, move=move)
                await call.write(pb.BotMessage(decision=decision))
            elif kind == "match_ended":
                matches.append(message.match_ended)
                return


def test_oversized_fields_are_refused_with_a_reason_and_nothing_grows(served: Served) -> None:
    async def attack():
        async with Canary(served, seed=4), grpc.aio.insecure_channel(served.address) as channel:
            arena = stub(channel)
            long_id = pb.PlayMatchRequest(
                game="azul", seed=1, bots=["canary-a", "victim"], match_id="m" * 100_000
            )
            id_status = await status_of(arena.PlayMatch(long_id, metadata=served.auth()))
            fat_hello = await hello(served.address, "victim", "t" * 300)
            ended: list[pb.MatchEnded] = []
            liar = asyncio.ensure_future(liar_bot(served, "x" * 900_000, ended))
            await asyncio.sleep(0.3)
            record = await arena.PlayMatch(
                pb.PlayMatchRequest(game="azul", seed=9, bots=["liar", "victim"], store=False),
                metadata=served.auth(),
            )
            await asyncio.wait_for(liar, 10)
            missing = await status_of(arena.GetMatch(pb.GetMatchRequest(match_id="nope")))
            big_page = await status_of(arena.ListMatches(pb.ListMatchesRequest(page_size=10**6)))
            return id_status, fat_hello, record, ended, missing, big_page

    id_status, fat_hello, record, ended, missing, big_page = run(attack())
    assert id_status[0] == BAD and "match_id" in id_status[1] and len(id_status[1]) < 300
    assert fat_hello[0] == BAD and "token is 300 characters" in fat_hello[1]
    assert record.outcome.termination == pb.TERMINATION_UNPARSABLE
    assert len(record.outcome.detail) < 300 and "900000 characters" in record.outcome.detail
    assert ended and len(ended[0].outcome.detail) < 300
    assert missing[0] == grpc.StatusCode.NOT_FOUND and served.db not in missing[1]
    assert big_page[0] == BAD
