"""`arena ladder run`: a continuous ladder of the bots connected to a server."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arena.app.ladder_run import Available, LadderRun
from arena.cli import app
from arena.cli.leaderboard import emit_ladder
from arena.cli.output import DbOption, OutputFormat, TlsCaOption
from arena.cli.tournament import TokenOption
from arena.core.game import check_player_count, options_to_dict, parse_option_pairs, parse_options
from arena.core.registry import get_game
from arena.core.values import MatchRecord
from arena.match.clock import Clock
from arena.store import Store

if TYPE_CHECKING:  # grpc is imported only when the command runs
    from arena.rpc.client.arena_client import ArenaClient

ladder_app = typer.Typer(
    rich_markup_mode=None,
    help="A continuous ladder on a running server.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(ladder_app, name="ladder")


@ladder_app.command("run")
def run_command(
    server: Annotated[str, typer.Option("--server", help="Address of a running `arena serve`.")],
    game: Annotated[str, typer.Option("--game", "-g", help="Game (see `arena games`).")],
    table_size: Annotated[int, typer.Option(min=1, help="Bots per match.")] = 2,
    concurrency: Annotated[
        int, typer.Option("--concurrency", "-c", min=1, help="Matches played at once.")
    ] = 4,
    max_matches: Annotated[
        int | None, typer.Option(min=1, help="Stop after this many rated matches (default: never).")
    ] = None,
    time_per_move: Annotated[
        int | None, typer.Option("--time-per-move", min=1, help="Budget per decision, in ms.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of pairings and deals.")] = None,
    db: DbOption = None,
    token: TokenOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """Keep pairing the connected bots by TrueSkill match quality and rate every match as it
    ends, in --db, until Ctrl-C (matches in flight finish first) or --max-matches."""
    from arena.rpc.client.arena_client import ArenaClient  # lazy: grpc only here

    the_game = get_game(game)
    check_player_count(the_game, table_size)
    options = options_to_dict(parse_options(the_game, parse_option_pairs(option or [])))
    clock = None if time_per_move is None else Clock(per_move_ms=time_per_move)
    client = ArenaClient(server, token=token, tls_ca=tls_ca)
    with Store.open(db) as store:
        typer.echo(f"ladder of {the_game.name} on {server}, rated in {store.location}", err=True)
        run = LadderRun(
            store,
            the_game.name,
            list_bots=lambda: available_bots(client, the_game.name),
            play=lambda seats, s, mid: play_on(
                client, the_game.name, options, clock, seats, s, mid
            ),
            table_size=table_size,
            concurrency=concurrency,
            rng=random.Random(seed),
            on_rated=lambda record: typer.echo(describe(record)),
        )
        asyncio.run(_run_until_signal(run, max_matches, client))
        typer.echo(f"{run.rated} matches rated, {run.failed} not played", err=True)
        entries = store.ladder(the_game.name)
        if entries:
            emit_ladder(entries, the_game.name, OutputFormat.TABLE)


def describe(record: MatchRecord) -> str:
    """One line per rated match: its id and who ranked where."""
    seats = ", ".join(
        f"{name} #{rank}" for name, rank in zip(record.players, record.outcome.ranks, strict=True)
    )
    return f"rated {record.match_id}: {seats} ({record.outcome.termination.value})"


async def available_bots(server: ArenaClient, game: str) -> list[Available]:
    """The connected bots that play `game`, with the matches each still accepts."""
    out = []
    for bot in await server.list_bots():
        if bot.games and game not in bot.games:
            continue
        free = bot.max_matches - bot.active_matches if bot.max_matches > 0 else 1
        out.append(Available(bot.name, free))
    return out


async def play_on(
    server: ArenaClient,
    game: str,
    options: dict[str, Any],
    clock: Clock | None,
    seats: list[str],
    seed: int,
    match_id: str,
) -> MatchRecord:
    """Play one match on the server; the caller stores and rates it (the server does not)."""
    return await server.play_match(
        game, seats, seed=seed, options=options, clock=clock, match_id=match_id, store=False
    )


async def _run_until_signal(run: LadderRun, max_matches: int | None, client: ArenaClient) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await run.run(stop, max_matches)
    finally:
        await client.close()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
