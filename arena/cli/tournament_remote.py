"""Tournaments a server owns: `tournament run --server` creates one there and follows it;
attach, resume, cancel and delete act on the server's copy.

The server plays the matches with the bots connected to it and keeps the results in its own
database; this process only shows progress. Ctrl-C detaches: the tournament goes on there
(unless `--cancel-on-exit`), and `arena tournament attach ID --server ADDR` follows it again.
"""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING

import typer

from arena.app.reports import TournamentReport
from arena.app.tournaments import TournamentRequest
from arena.cli import sources
from arena.cli.leaderboard import emit_ladder
from arena.cli.output import OutputFormat
from arena.cli.tournament_progress import INTERRUPTING_SIGNALS, MatchProgress
from arena.cli.tournament_report import emit_report
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
        _follow_on(server, tid, cancel_on_exit=cancel_on_exit)


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
        _follow_on(server, tid)


def follow(remote: Remote, tid: int, *, cancel_on_exit: bool = False) -> None:
    """Follow a server's tournament with the progress display, then print its final report.

    Ctrl-C (or SIGTERM) detaches, or cancels it with `cancel_on_exit`; a tournament that stops
    before its end (cancelled, the server shut down) exits 1 with the resume command.
    """
    with sources.client(remote) as server:
        _follow_on(server, tid, cancel_on_exit=cancel_on_exit)


def _follow_on(server: SyncArenaClient, tid: int, *, cancel_on_exit: bool = False) -> None:
    """follow(), over a client of the server (one channel for the whole command)."""
    progress = MatchProgress()
    address = server.address
    signals = (signal.SIGINT, *INTERRUPTING_SIGNALS)
    try:
        sources.run(_follow(server.aio, tid, progress), signals, on=server)
    except KeyboardInterrupt:
        progress.stop()
        if cancel_on_exit:
            server.cancel_tournament(tid)
            progress.say(f"tournament {tid} cancelled on {address} (resumable)")
            raise typer.Exit(130) from None
        progress.say(
            f"detached: tournament {tid} goes on on {address}. Follow it again with "
            f"`arena tournament attach {tid} --server {address}`, stop it with "
            f"`arena tournament cancel {tid} --server {address}`"
        )
        return
    except ArenaError as exc:
        progress.stop()
        raise TournamentError(
            f"lost tournament {tid} on {address} ({exc}); it may go on there: "
            f"`arena tournament attach {tid} --server {address}`"
        ) from None
    progress.stop()
    report = server.get_tournament(tid)
    print_final(server, report)
    if report.summary.status != "finished":
        raise TournamentError(
            f"tournament {tid} stopped {report.summary.status}"
            + (f" ({report.error})" if report.error else "")
            + f": continue with `arena tournament resume {tid} --server {address}`"
        )


def print_final(server: SyncArenaClient, report: TournamentReport) -> None:
    """The report of a tournament a server played, then its game's ladder there."""
    emit_report(report, OutputFormat.TABLE)
    game, entries = server.get_leaderboard(report.summary.game)
    emit_ladder(entries, game, OutputFormat.TABLE)


async def _follow(server: ArenaClient, tid: int, progress: MatchProgress) -> None:
    """Show a tournament's WatchTournament updates until the server stops sending them."""
    started = False
    away: set[str] = set()
    withdrawn: set[str] = set()
    async for update in server.watch_tournament(tid):
        summary = update.report.summary
        if not started:  # the first update lists every match finished so far: counted
            progress.start(tid, summary.played, summary.fixtures)
            started = True
        else:
            progress.grow(summary.fixtures)
            for row in update.finished:
                progress.advance(row)
        now_away = {a.bot: a for a in update.report.away}
        gone = set(update.report.withdrawn)
        for bot in sorted(set(now_away) - away):
            left = now_away[bot].grace_left_ms / 1000
            progress.warn(f"bot {bot} is away: its matches wait up to {left:.0f} s for it")
        for bot in sorted(away - set(now_away) - gone):
            progress.say(f"bot {bot} is back")
        for bot in sorted(gone - withdrawn):
            progress.warn(
                f"bot {bot} stayed away past its grace: its remaining matches are forfeits"
            )
        away, withdrawn = set(now_away), gone
