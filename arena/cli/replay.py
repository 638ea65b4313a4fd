"""`arena replay MATCH_ID|FILE`: a stored or exported match decision by decision, with the
position after each."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arena.cli import app
from arena.cli.leaderboard import DbOption
from arena.cli.play import describe_result
from arena.core import MatchRecord
from arena.errors import ConfigError
from arena.game import parse_options, replay
from arena.registry import get_game
from arena.store import Store


@app.command("replay")
def replay_command(
    match_id: Annotated[
        str,
        typer.Argument(
            metavar="MATCH_ID|FILE",
            help="e.g. t1-0 (see `arena tournament show ID --matches`), or a JSON Lines file "
            "written by `arena export`.",
        ),
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Render as this seat sees it (default: spectator).")
    ] = None,
    match: Annotated[
        str | None, typer.Option("--match", help="With FILE: the match id to replay.")
    ] = None,
    db: DbOption = None,
    server: Annotated[
        str | None,
        typer.Option("--server", help="Replay from a running `arena serve` (its public view)."),
    ] = None,
    tls_ca: Annotated[
        str | None, typer.Option("--tls-ca", envvar="ARENA_TLS_CA", help="CA file for --server.")
    ] = None,
) -> None:
    """Replay a stored or exported match: every decision with its time, and the position."""
    if server is not None:
        from arena.cli import remote_reads, watch  # lazy: grpc only for --server

        if seat is not None:
            raise ConfigError("a server shows the spectator's view only: drop --seat")
        remote = remote_reads.remote_of(server, tls_ca)
        remote_reads.run(watch.follow_match(remote, match_id))
        return
    if Path(match_id).is_file():
        record = record_from_file(Path(match_id), match)
    else:
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


def record_from_file(path: Path, match_id: str | None) -> MatchRecord:
    """One record of an exported file: the one with `match_id`, or the file's only one."""
    from arena.records import from_line, replay_states

    lines = [(n, t) for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]
    found = [from_line(text, n) for n, text in lines if text.strip()]
    if match_id is not None:
        found = [m for m in found if m.record.match_id == match_id]
    if len(found) != 1:
        ids = ", ".join(m.record.match_id for m in found[:10])
        raise ConfigError(
            f"{path} holds no match {match_id!r}"
            if match_id is not None
            else f"{path} holds {len(found)} matches: give --match ID ({ids})"
        )
    replay_states(found[0])  # a record that does not replay says where (ply) and why
    return found[0].record
