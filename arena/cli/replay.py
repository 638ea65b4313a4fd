"""`arena replay MATCH_ID`: a stored match decision by decision, with the position after each."""

from __future__ import annotations

from typing import Annotated

import typer

from arena.cli import app
from arena.cli.leaderboard import DbOption
from arena.cli.play import describe_result
from arena.game import parse_options, replay
from arena.registry import get_game
from arena.store import Store


@app.command("replay")
def replay_command(
    match_id: Annotated[
        str,
        typer.Argument(
            metavar="MATCH_ID", help="e.g. t1-0 (see `arena tournament show ID --matches`)."
        ),
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Render as this seat sees it (default: spectator).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Replay a stored match: every decision with its time, and the position after it."""
    with Store.open(db, create=False) as store:
        record = store.match(match_id)
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    states = replay(
        game, len(record.players), options, record.seed, [(m.seat, m.move) for m in record.moves]
    )
    seats = ", ".join(f"{i}={name}" for i, name in enumerate(record.players))
    typer.echo(f"match {record.match_id}: {game.title}, seed {record.seed}, seats {seats}")
    if record.options:
        typer.echo("options: " + ", ".join(f"{k}={v}" for k, v in sorted(record.options.items())))
    typer.echo("")
    typer.echo(game.render(states[0], seat))
    for ply, (move, state) in enumerate(zip(record.moves, states[1:], strict=True), start=1):
        name = record.players[move.seat]
        typer.echo(f"\n{ply}. seat {move.seat} ({name}): {move.move}   [{move.elapsed_ms:.1f} ms]")
        typer.echo(game.render(state, seat))
    typer.echo("")
    typer.echo(describe_result(record.players, record.outcome))
