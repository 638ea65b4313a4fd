"""Tournaments a server owns: `tournament run --server` creates one there and follows it;
attach, resume, cancel and delete act on the server's copy.

The server plays the matches with the bots connected to it and keeps the results in its own
database; this process only shows progress. Ctrl-C detaches: the tournament goes on there
(unless `--cancel-on-exit`), and `arena tournament attach ID --server ADDR` follows it again.
"""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING, cast

import typer

from arena.app.door import Arena, LocalArena, TournamentUpdate
from arena.app.tournaments import TournamentRequest
from arena.cli import sources
from arena.cli.tournament_progress import INTERRUPTING_SIGNALS, MatchProgress
from arena.cli.tournament_report import emit_final
from arena.errors import ArenaError, TournamentError

if TYPE_CHECKING:  # grpc is imported only when --server is given
    from arena.rpc.client.arena_client import ArenaClient
    from arena.rpc.client.remote import Remote
    from arena.rpc.client.sync_client import SyncArenaClient


def create_on_server(
    remote: Remote, request: TournamentRequest, *, cancel_on_exit: bool, detach: bool = False
) -> None:
    """Create the tournament on the server (CreateTournament), then follow it to its end
    (`detach`: return at once, saying how to follow it)."""
    with sources.client(remote) as server:
        created = server.create_tournament(request)
        tid = int(created.tournament_id)
        if detach:
            MatchProgress().say(
                f"tournament {tid}: {created.fixtures} matches, played by {remote.address} and "
                f"stored there. Follow it with `arena tournament attach {tid} --server "
                f"{remote.address}`"
            )
            return
        MatchProgress().say(
            f"tournament {tid}: {created.fixtures} matches, played by {remote.address} and "
            "stored there; Ctrl-C detaches (it goes on)"
            + ("" if not cancel_on_exit else ", and cancels it with --cancel-on-exit")
        )
        follow_on(server, tid, cancel_on_exit=cancel_on_exit)


def resume_on_server(remote: Remote, tid: int, concurrency: int, *, detach: bool = False) -> None:
    """Resume a tournament on the server (ResumeTournament), then follow it (`detach`: return
    at once, saying how to follow it)."""
    with sources.client(remote) as server:
        report = server.resume_tournament(tid, concurrency)
        if detach:
            left = report.summary.fixtures - report.summary.played
            MatchProgress().say(
                f"tournament {tid} resumed on {remote.address}: {left} of "
                f"{report.summary.fixtures} matches left. Follow it with `arena tournament "
                f"attach {tid} --server {remote.address}`"
            )
            return
        follow_on(server, tid)


def follow_on(door: Arena, tid: int, *, cancel_on_exit: bool = False) -> None:
    """Follow a tournament through the door (a server's, or a database's that a run in another
    process plays) with the progress display, then print its final report.

    Ctrl-C (or SIGTERM) detaches, or cancels it with `cancel_on_exit`; a tournament that stops
    before its end (cancelled, the server shut down, its run killed) exits 1 with the resume
    command. A server's stream is read on its client's loop, whose own signal handlers see a
    Ctrl-C at once (sources.run); a database is read between sleeps, where Ctrl-C lands as is.
    """
    progress = MatchProgress()
    follower = _Follower(tid, progress)
    where = door.address
    again = f"--server {where}" if _served(door) else f"--db {where}"
    signals = (signal.SIGINT, *INTERRUPTING_SIGNALS)
    try:
        if _served(door):
            server = cast("SyncArenaClient", door)
            sources.run(_follow(server.aio, tid, follower), signals, on=server)
        else:
            for update in door.watch_tournament(tid):
                follower.show(update)
    except KeyboardInterrupt:
        progress.stop()
        if cancel_on_exit:
            door.cancel_tournament(tid)
            progress.say_after_interrupt(f"tournament {tid} cancelled on {where} (resumable)")
            raise typer.Exit(130) from None
        progress.say_after_interrupt(
            f"detached: tournament {tid} goes on in {where}. Follow it again with "
            f"`arena tournament attach {tid} {again}`"
            + (f", stop it with `arena tournament cancel {tid} {again}`" if _served(door) else "")
        )
        return
    except ArenaError as exc:
        progress.stop()
        raise TournamentError(
            f"lost tournament {tid} in {where} ({exc}); it may go on there: "
            f"`arena tournament attach {tid} {again}`"
        ) from None
    progress.stop()
    report = emit_final(door, tid)
    if report.summary.status != "finished":
        raise TournamentError(
            f"tournament {tid} stopped {report.summary.status}"
            + (f" ({report.error})" if report.error else "")
            + f": continue with `arena tournament resume {tid} {again}`"
        )


def _served(door: Arena) -> bool:
    return not isinstance(door, LocalArena)


class _Follower:
    """What a follower shows of each update: progress, and bots going away, coming back or
    withdrawn."""

    def __init__(self, tid: int, progress: MatchProgress) -> None:
        self.tid = tid
        self.progress = progress
        self.started = False
        self.away: set[str] = set()
        self.withdrawn: set[str] = set()

    def show(self, update: TournamentUpdate) -> None:
        progress = self.progress
        summary = update.report.summary
        if not self.started:  # the first update lists every match finished so far: counted
            progress.start(self.tid, summary.played, summary.fixtures)
            self.started = True
        else:
            progress.grow(summary.fixtures)
            for row in update.finished:
                progress.advance(row)
        now_away = {a.bot: a for a in update.report.away}
        gone = set(update.report.withdrawn)
        for bot in sorted(set(now_away) - self.away):
            left = now_away[bot].grace_left_ms / 1000
            progress.warn(f"bot {bot} is away: its matches wait up to {left:.0f} s for it")
        for bot in sorted(self.away - set(now_away) - gone):
            progress.say(f"bot {bot} is back")
        for bot in sorted(gone - self.withdrawn):
            progress.warn(
                f"bot {bot} stayed away past its grace: its remaining matches are forfeits"
            )
        self.away, self.withdrawn = set(now_away), gone


async def _follow(server: ArenaClient, tid: int, follower: _Follower) -> None:
    """Show a tournament's WatchTournament updates until the server stops sending them."""
    async for update in server.watch_tournament(tid):
        follower.show(update)
