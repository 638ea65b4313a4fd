"""`arena play`: one game between built-in bots, printed move by move."""

from __future__ import annotations

import asyncio
import random
from typing import Annotated, Any

import typer

from arena.cli import app
from arena.errors import ConfigError
from arena.game import Game, check_player_count, parse_option_pairs, parse_options
from arena.players import PolicyPlayer
from arena.referee import MatchEvent, play_match
from arena.registry import get_game
from arena.strategies import make_policy


def print_event(game: Game[Any, Any], event: MatchEvent) -> None:
    """Print one match event as text: each move, then the final position and result."""
    if event.kind == "move":
        typer.echo(f"{event.ply:4d}. seat {event.seat}: {event.move}")
    elif event.kind == "end" and event.record is not None:
        record = event.record
        typer.echo("")
        typer.echo(game.render(event.state, None))
        typer.echo("")
        typer.echo(describe_result(record.players, record.outcome))


def describe_result(players: tuple[str, ...], outcome: Any) -> str:
    """A short text of ranks, scores and points, plus why the match ended."""
    lines = [f"result ({outcome.termination.value}{': ' + outcome.detail if outcome.detail else ''})"]
    order = sorted(range(len(players)), key=lambda s: (outcome.ranks[s], s))
    for seat in order:
        lines.append(
            f"  #{outcome.ranks[seat]} seat {seat} {players[seat]}: "
            f"score {outcome.scores[seat]:g}, points {outcome.points[seat]:+g}"
        )
    return "\n".join(lines)


@app.command("play")
def play_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name (see `arena games`).")],
    bot: Annotated[
        list[str], typer.Option("--bot", help="A built-in bot per seat, e.g. random, greedy.")
    ],
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (random if omitted).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
) -> None:
    """Play one game between built-in bots and print the moves, final position and result."""
    game = get_game(game_name)
    check_player_count(game, len(bot))
    options = parse_options(game, parse_option_pairs(option or []))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if seed < 0:
        raise ConfigError("--seed must be zero or positive")
    players = [
        PolicyPlayer(f"{name}", make_policy(game.name, name, seed + i)) for i, name in enumerate(bot)
    ]
    typer.echo(f"{game.title}, seed {seed}, players: {', '.join(bot)}")
    asyncio.run(play_match(game, options, seed, players, on_event=lambda e: print_event(game, e)))
