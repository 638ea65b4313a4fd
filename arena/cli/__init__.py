"""The `arena` command line: one Typer sub-app or module per noun, thin commands.

Every ArenaError becomes a one-line `error: ...` and exit status 1, never a traceback.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from arena import __version__
from arena.errors import ArenaError

app = typer.Typer(
    rich_markup_mode=None,  # plain help: no markup eats 'arena[cluster]', no <bool> on flags
    help="arena: a referee, tournament ladder and bot kit for turn-based board games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"arena {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """arena: a referee, tournament ladder and bot kit for turn-based board games."""


def _register() -> None:
    # Importing a command module attaches its commands to `app`.
    from arena.cli import (  # noqa: F401
        check_bot,
        credentials,
        db,
        demo,
        games,
        ladder,
        leaderboard,
        play,
        records,
        replay,
        rules,
        serve,
        stats,
        tournament,
        watch,
        web,
    )


_register()


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: runs the app, turning ArenaError into `error: ...`, exit 1."""
    try:
        app(args=argv if argv is not None else sys.argv[1:], prog_name="arena")
    except ArenaError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
