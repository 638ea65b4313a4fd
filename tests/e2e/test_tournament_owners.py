"""Owners over real gRPC (issue 39): on a credentialed `arena serve`, organizer bob cannot cancel,
resume or delete organizer alice's tournament, alice and an admin can, and every refusal is
PERMISSION_DENIED and leaves the database as it was; the CLI says so in one line."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
import serve_process
import token_ledger
from store_dump import dump_db

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
BOTS = ("o1", "o2")


def arena_cli(*args: str, db: str) -> str:
    """`arena ARGS --db DB` (it must succeed): the token it prints."""
    done = subprocess.run([sys.executable, "-m", "arena", *args, "--db", db],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    token_ledger.printed(f"arena {' '.join(args)}", done.stderr)
    return token_ledger.issued(done.stdout.strip())


@dataclass
class Ladder:
    """A credentialed server with two slow bots: its address, database and organizer tokens."""

    address: str
    db: str
    tokens: dict[str, str] = field(repr=False)  # alice, bob (organizers), root (an admin)

    def call(self, method: str, request: object, who: str | None) -> object:
        """One ArenaService call as `who` (None: no token; blocking); its reply, or the
        RpcError raised."""

        async def go() -> object:
            async with grpc.aio.insecure_channel(self.address) as channel:
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                token = self.tokens[who] if who is not None else None
                metadata = (("authorization", f"Bearer {token}"),) if token else ()
                try:
                    return await getattr(stub, method)(request, metadata=metadata, timeout=60)
                except grpc.aio.AioRpcError as exc:
                    return exc

        return asyncio.run(go())

    def refused(self, method: str, request: object, who: str) -> str:
        """The details of a call refused with PERMISSION_DENIED, the database unchanged."""
        before = dump_db(self.db)
        reply = self.call(method, request, who)
        assert isinstance(reply, grpc.aio.AioRpcError), reply
        assert reply.code() is grpc.StatusCode.PERMISSION_DENIED, reply.details()
        assert dump_db(self.db) == before
        return reply.details() or ""

    def create(self, who: str, cycles: int, seed: int | None = None) -> int:
        request = pb.CreateTournamentRequest(game="lucky_numbers", bots=list(BOTS), cycles=cycles)
        if seed is not None:
            request.seed = seed
        reply = self.call("CreateTournament", request, who)
        assert isinstance(reply, pb.CreateTournamentResponse), reply
        return int(reply.tournament_id)

    def tournament(self, tid: int) -> pb.Tournament:
        reply = self.call("GetTournament", pb.GetTournamentRequest(tournament_id=tid), "alice")
        assert isinstance(reply, pb.Tournament), reply
        return reply

    def status(self, tid: int) -> str:
        name = pb.TournamentStatus.Name(self.tournament(tid).status)
        return name.removeprefix("TOURNAMENT_STATUS_").lower()

    def wait_played(self, tid: int, at_least: int) -> None:
        deadline = time.monotonic() + 90
        while self.tournament(tid).fixtures_done < at_least:
            assert time.monotonic() < deadline, f"tournament {tid} played too few"
            time.sleep(0.1)

    def wait_status(self, tid: int, *statuses: str) -> str:
        deadline = time.monotonic() + 90
        while (now := self.status(tid)) not in statuses:
            assert time.monotonic() < deadline, f"tournament {tid} still {now}"
            time.sleep(0.1)
        return now


@pytest.fixture(scope="module")
def ladder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ladder]:
    db = str(tmp_path_factory.mktemp("owners") / "arena.db")
    tokens = {
        "alice": arena_cli("organizer", "add", "alice", db=db),
        "bob": arena_cli("organizer", "add", "bob", db=db),
        "root": arena_cli("organizer", "add", "root", "--admin", db=db),
    }
    bot_tokens = {name: arena_cli("bot", "add", name, db=db) for name in BOTS}
    server, address = serve_process.start_serve("--db", db, "--time-per-move", "5000")
    bots = []
    try:
        for i, name in enumerate(BOTS):  # a few ms a move: a tournament lasts long enough
            command = [sys.executable, str(ROOT / "tests" / "bots" / "slow_bot.py"),
                       "--address", address, "--name", name, "--think-ms", "4",
                       "--seed", str(i)]  # fmt: skip
            env = {**os.environ, "ARENA_TOKEN": bot_tokens[name]}
            bots.append(subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL))
        serve_process.wait_for_bots(address, set(BOTS), timeout_s=60)
        yield Ladder(address, db, tokens)
    finally:
        for process in bots:
            process.kill()
            process.wait()
        serve_process.kill(server)


def cli(ladder: Ladder, who: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`arena tournament ARGS --server ADDR` with `who`'s organizer token."""
    env = {**os.environ, "ARENA_ORGANIZER_TOKEN": ladder.tokens[who]}
    done = subprocess.run(
        [sys.executable, "-m", "arena", "tournament", *args, "--server", ladder.address],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    token_ledger.printed(f"arena tournament {' '.join(args)}", done.stdout + done.stderr)
    return done


def test_only_the_owner_or_an_admin_cancels_resumes_and_deletes(ladder: Ladder) -> None:
    tid = ladder.create("alice", cycles=100)  # 200 matches: still playing below
    ladder.wait_played(tid, 1)
    owned = f"tournament {tid} belongs to organizer 'alice': only its owner or an admin may"
    # bob cannot stop it while it runs (the run goes on: the database changes meanwhile)
    reply = ladder.call("CancelTournament", pb.CancelTournamentRequest(tournament_id=tid), "bob")
    assert isinstance(reply, grpc.aio.AioRpcError)
    assert reply.code() is grpc.StatusCode.PERMISSION_DENIED
    assert f"{owned} cancel it" in (reply.details() or "")
    assert ladder.status(tid) == "running"
    # an admin can
    done = ladder.call("CancelTournament", pb.CancelTournamentRequest(tournament_id=tid), "root")
    assert isinstance(done, pb.Tournament), done
    ladder.wait_status(tid, "interrupted")
    # stopped: every refusal now leaves every row as it was
    resume = pb.ResumeTournamentRequest(tournament_id=tid)
    assert f"{owned} resume it" in ladder.refused("ResumeTournament", resume, "bob")
    delete = pb.DeleteTournamentRequest(tournament_id=tid, force=True)
    assert f"{owned} delete it" in ladder.refused("DeleteTournament", delete, "bob")
    cancel = pb.CancelTournamentRequest(tournament_id=tid)
    assert f"{owned} cancel it" in ladder.refused("CancelTournament", cancel, "bob")
    # the CLI: one line, exit 1, nothing changed
    before = dump_db(ladder.db)
    for args in (("cancel", str(tid)), ("resume", str(tid)), ("delete", str(tid), "--force")):
        out = cli(ladder, "bob", *args)
        assert out.returncode == 1, out.stderr
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and owned in lines[0], lines
    assert dump_db(ladder.db) == before
    # its owner resumes it (returning at once) and cancels it
    out = cli(ladder, "alice", "resume", str(tid), "--detach")
    assert out.returncode == 0, out.stderr
    assert f"tournament {tid} resumed on {ladder.address}" in " ".join(out.stderr.split())
    ladder.wait_status(tid, "running")
    ladder.wait_played(tid, ladder.tournament(tid).fixtures_done + 1)
    out = cli(ladder, "alice", "cancel", str(tid))
    assert out.returncode == 0, out.stderr
    ladder.wait_status(tid, "interrupted")
    # and deletes it: its matches leave the ladder, which nobody else's matches depend on
    out = cli(ladder, "alice", "delete", str(tid))
    assert out.returncode == 0, out.stderr
    said = " ".join(out.stderr.split())
    assert f"deleted tournament {tid} (" in said and "lucky_numbers's ladder is recomputed" in said
    gone = ladder.call("GetTournament", pb.GetTournamentRequest(tournament_id=tid), "alice")
    assert isinstance(gone, grpc.aio.AioRpcError)
    assert gone.code() is grpc.StatusCode.NOT_FOUND


def test_a_delete_that_re_rates_another_organizers_matches_is_an_admins(ladder: Ladder) -> None:
    first = ladder.create("alice", cycles=1)
    ladder.wait_status(first, "finished")
    later = ladder.create("bob", cycles=1)  # the same bots: rated after alice's
    ladder.wait_status(later, "finished")
    delete = pb.DeleteTournamentRequest(tournament_id=first)
    details = ladder.refused("DeleteTournament", delete, "alice")
    assert f"tournament {later} (organizer 'bob')" in details
    assert "Only an admin may delete it" in details
    # a cancel of a finished tournament says so (alice's own)
    done = ladder.call("CancelTournament", pb.CancelTournamentRequest(tournament_id=first), "alice")
    assert isinstance(done, grpc.aio.AioRpcError)
    assert f"tournament {first} is finished: nothing to cancel" in (done.details() or "")
    # an admin may delete alice's, whatever depends on it
    reply = ladder.call("DeleteTournament", delete, "root")
    assert isinstance(reply, pb.DeleteTournamentResponse) and reply.matches == 2, reply
    # bob may delete his own: nothing is rated after it
    reply = ladder.call("DeleteTournament", pb.DeleteTournamentRequest(tournament_id=later), "bob")
    assert isinstance(reply, pb.DeleteTournamentResponse) and reply.matches == 2, reply


def test_an_unfinished_tournaments_seeds_are_read_by_its_owner_and_admins_only(
    ladder: Ladder,
) -> None:
    seed = 987_654_321
    tid = ladder.create("alice", cycles=100, seed=seed)
    ladder.wait_played(tid, 1)
    ask = pb.GetTournamentRequest(tournament_id=tid)
    for who in ("alice", "root"):  # its owner, an admin: every seed, as the database's holder
        shown = ladder.call("GetTournament", ask, who)
        assert isinstance(shown, pb.Tournament) and not shown.seed_withheld, who
        assert int(shown.seed_text) == seed
    for who in ("bob", None):  # another organizer, the public: withheld until it is finished
        hidden = ladder.call("GetTournament", ask, who)
        assert isinstance(hidden, pb.Tournament) and hidden.seed_withheld, who
        assert hidden.seed_text == "" and hidden.seed == 0
    # a played match of it: whole for alice, its seed withheld from bob
    listed = ladder.call("ListMatches", pb.ListMatchesRequest(tournament_id=tid), None)
    assert isinstance(listed, pb.ListMatchesResponse)
    match_id = listed.matches[0].match_id
    own = ladder.call("GetMatch", pb.GetMatchRequest(match_id=match_id), "alice")
    assert isinstance(own, pb.MatchRecord) and not own.seed_withheld and own.seed != 0
    other = ladder.call("GetMatch", pb.GetMatchRequest(match_id=match_id), "bob")
    assert isinstance(other, pb.MatchRecord) and other.seed_withheld and other.seed == 0
    # a wrong token is refused, never read as the public
    ladder.tokens["nobody"] = "arena_organizer_wrong"
    wrong = ladder.call("GetTournament", ask, "nobody")
    assert isinstance(wrong, grpc.aio.AioRpcError)
    assert wrong.code() is grpc.StatusCode.UNAUTHENTICATED
    # the CLI with the owner's token prints the seed
    out = cli(ladder, "alice", "show", str(tid))
    assert out.returncode == 0, out.stderr
    assert str(seed) in "".join(out.stdout.split())
    shown_to_bob = cli(ladder, "bob", "show", str(tid))
    assert str(seed) not in "".join(shown_to_bob.stdout.split())
    done = ladder.call("CancelTournament", pb.CancelTournamentRequest(tournament_id=tid), "alice")
    assert isinstance(done, pb.Tournament), done
