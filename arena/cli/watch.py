"""`arena watch MATCH_ID` and `arena watch --tournament ID`: follow a server as a spectator.

On a terminal the board, the move list and the clocks (or the standings) redraw in place; piped
to a file, each update is printed once, in order. Everything shown comes from WatchMatch /
WatchTournament, so only what the server's publicity rules let out.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from arena.app.rows import standing_row
from arena.cli import app
from arena.cli.output import TlsCaOption, console
from arena.cli.sources import client, remote_of, run
from arena.errors import ConfigError

if TYPE_CHECKING:  # grpc is imported only here, when a command runs
    from arena.app.door import TournamentUpdate
    from arena.rpc.client.arena_client import ArenaClient
    from arena.v1 import arena_pb2 as pb

DEFAULT_SERVER = "127.0.0.1:50051"
MOVES_SHOWN = 12  # the move list keeps the last this many decisions on screen


@app.command("watch")
def watch_command(
    match_id: Annotated[
        str | None,
        typer.Argument(metavar="[MATCH_ID]", help="The match to follow (live or finished)."),
    ] = None,
    tournament: Annotated[
        int | None,
        typer.Option("--tournament", "-t", help="Follow this tournament's standings instead."),
    ] = None,
    server: Annotated[
        str,
        typer.Option("--server", envvar="ARENA_SERVER", help="The `arena serve` to watch."),
    ] = DEFAULT_SERVER,
    from_now: Annotated[
        bool, typer.Option("--from-now", help="Start at the current position (no catch-up).")
    ] = False,
    delay: Annotated[
        int, typer.Option("--delay", min=0, help="Show each move this many ms late.")
    ] = 0,
    plain: Annotated[
        bool, typer.Option("--plain", help="Print every update in turn (no live screen).")
    ] = False,
    follow: Annotated[
        bool,
        typer.Option(
            "--follow",
            help="With --tournament: follow its matches one after the other (each live match "
            "to its end, then the next one) instead of its standings.",
        ),
    ] = False,
    tls_ca: TlsCaOption = None,
) -> None:
    """Follow a match live (board, moves, clocks) or a tournament's live standings."""
    if (match_id is None) == (tournament is None):
        raise ConfigError("give a MATCH_ID or --tournament ID (one of them)")
    if follow and tournament is None:
        raise ConfigError("--follow follows the matches of a --tournament")
    live = not plain and sys.stdout.isatty()
    with client(remote_of(server, tls_ca)) as remote:
        aio = remote.aio
        if tournament is not None and follow:
            run(follow_tournament_matches(aio, tournament, live=live), on=remote)
        elif tournament is not None:
            run(follow_tournament(aio, tournament, live=live), on=remote)
        else:
            assert match_id is not None
            updates = aio.watch_match(match_id, from_now=from_now, delay_ms=delay)
            run(follow_match(updates, live=live), on=remote)


async def next_live_match(server: ArenaClient, tid: int, seen: set[str]) -> str | None:
    """The first match of a tournament being played now that was not followed yet (waiting
    for one); None once the tournament is no longer played."""
    async for update in server.watch_tournament(tid):
        for match_id in update.live_matches:
            if match_id not in seen:
                return str(match_id)
    return None


async def follow_tournament_matches(server: ArenaClient, tid: int, *, live: bool = False) -> None:
    """Follow a tournament's matches as they are played: each to its end, then the next."""
    seen: set[str] = set()
    while (match_id := await next_live_match(server, tid, seen)) is not None:
        seen.add(match_id)
        typer.echo(f"\n== tournament {tid}: following {match_id}")
        await follow_match(server.watch_match(match_id, from_now=True), live=live)
    typer.echo(f"\n== tournament {tid} is no longer being played")


async def follow_match(updates: AsyncIterator[pb.MatchUpdate], *, live: bool = False) -> None:
    """Print a match's updates (its WatchMatch stream) as they come: redrawn in place, or
    one after the other."""
    moves: list[Any] = []
    if not live:
        async for update in updates:
            typer.echo(update_text(update))
        return
    with Live(console=console(), auto_refresh=False) as screen:
        async for update in updates:
            if update.HasField("move"):
                moves.append(update)
            screen.update(match_screen(update, moves), refresh=True)


def update_text(update: Any) -> str:
    """One update as plain text: the event line, then the board (or the result)."""
    from arena.v1 import arena_pb2 as pb

    head = f"match {update.match_id}: {update.game}, " + ", ".join(
        f"{i}={name}" for i, name in enumerate(update.players)
    )
    if update.kind == pb.UPDATE_KIND_START:
        line = head + (" (live)" if update.live else "")
    elif update.kind == pb.UPDATE_KIND_MOVE:
        line = move_line(update)
    else:
        line = "result: " + result_line(update)
    if update.moves_withheld and update.kind == pb.UPDATE_KIND_END:
        line += "\n(moves withheld until its tournament is finished)"
    return f"\n{line}\n{update.board}" if update.board else f"\n{line}"


def move_line(update: Any) -> str:
    """`12. seat 1 (greedy): 2,3   [14.2 ms]`."""
    m = update.move
    name = update.players[m.seat]
    return f"{update.ply}. seat {m.seat} ({name}): {m.move}   [{m.elapsed_ms:.1f} ms]"


def result_line(update: Any) -> str:
    """Ranks and points per player, and how the match ended."""
    from arena.rpc.wire.convert import outcome_from_pb

    o = outcome_from_pb(update.outcome)
    seats = ", ".join(
        f"{name} rank {rank} ({points:+g})"
        for name, rank, points in zip(update.players, o.ranks, o.points, strict=False)
    )
    return f"{seats}; {o.termination.value}" + (f": {o.detail}" if o.detail else "")


def match_screen(update: Any, moves: list[Any]) -> RenderableType:
    """The live screen: board, the last moves, each seat's clock."""
    from arena.v1 import arena_pb2 as pb

    title = f"{update.game} {update.match_id}, ply {update.ply}" + (
        " (live)" if update.live else ""
    )
    board = Panel(Text(update.board or "(position withheld)"), title=title)
    listing = Table(title="moves", show_header=False, box=None)
    for u in moves[-MOVES_SHOWN:]:
        listing.add_row(move_line(u))
    clocks = Table(title="clocks", box=None)
    banks = list(update.bank_left_ms)
    for column in ("seat", "player", "time used", *(("bank left", "") if banks else ())):
        clocks.add_column(column)
    for seat, name in enumerate(update.players):
        used = update.time_used_ms[seat] if seat < len(update.time_used_ms) else 0.0
        row = [str(seat), name, f"{used / 1000:.2f} s"]
        if banks:
            row += [f"{banks[seat] / 1000:.1f} s", "deciding" if seat in update.deciding else ""]
        clocks.add_row(*row)
    parts: list[RenderableType] = [board, listing, clocks]
    if update.HasField("clock") and update.clock.HasField("per_move_ms"):
        parts.append(Text(f"{update.clock.per_move_ms} ms per move"))
    if update.kind == pb.UPDATE_KIND_END:
        parts.append(Text("result: " + result_line(update), style="bold"))
    return Group(*parts)


async def follow_tournament(server: ArenaClient, tid: int, *, live: bool = False) -> None:
    """Print a tournament's progress and standings whenever they change."""
    stream = server.watch_tournament(tid)
    if not live:
        async for update in stream:
            typer.echo(tournament_text(update))
        return
    with Live(console=console(), auto_refresh=False) as screen:
        async for update in stream:
            screen.update(tournament_screen(update), refresh=True)


def _standings(update: TournamentUpdate) -> list[dict[str, Any]]:
    return [standing_row(s) for s in update.report.standings]


def progress_line(update: TournamentUpdate) -> str:
    """`tournament 3 (lucky_numbers): 4/12 played, running; live: t3-4, t3-5`."""
    s, report = update.report.summary, update.report
    line = f"tournament {s.id} ({s.game}): {s.played}/{s.fixtures} played, {s.status}"
    if update.live_matches:
        line += "; live: " + ", ".join(update.live_matches)
    away = [f"{a.bot} ({a.grace_left_ms / 1000:.0f} s left)" for a in report.away]
    if away:
        line += "; away: " + ", ".join(away)
    if report.withdrawn:
        line += "; withdrawn: " + ", ".join(report.withdrawn)
    return line


def tournament_text(update: TournamentUpdate) -> str:
    """One tournament update as plain text: progress, new results, standings."""
    lines = ["", progress_line(update)]
    for m in update.finished:
        ranks = " ".join(str(r) for r in m.ranks)
        lines.append(f"  finished {m.match_id}: {' '.join(m.players)} ranks {ranks}")
    for row in _standings(update):
        lines.append(
            f"  {row['place']}. {row['bot']}: {row['points']:g} points, "
            f"{row['wins']}/{row['games']} wins"
        )
    return "\n".join(lines)


STANDING_COLUMNS = ("place", "bot", "points", "wins", "games", "mean rank", "faults", "forfeits")


def tournament_screen(update: TournamentUpdate) -> RenderableType:
    """The live standings table under the progress line."""
    from arena.app.rows import cell_text

    table = Table(title="standings")
    for column in STANDING_COLUMNS:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in _standings(update):
        table.add_row(*(Text(cell_text(row[c])) for c in STANDING_COLUMNS))
    return Group(Text(progress_line(update)), table)
