"""The `arena` command line: one Typer sub-app or module per noun, thin commands.

Every ArenaError becomes a one-line `error: ...` and exit status 1, never a traceback.

A command's module is imported only when that command runs (or its own `--help` is asked for):
`arena --help` lists the commands from `COMMANDS` without importing gRPC, SQLAlchemy or the
engines, so it starts in a fraction of the time a command that needs them does.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated, Any, NamedTuple

import typer
from typer.core import TyperGroup

from arena import __version__
from arena.errors import ArenaError


class Entry(NamedTuple):
    module: str  # importing it attaches the command to `app`
    summary: str  # the line `arena --help` shows


# The commands in the order `arena --help` lists them, each with the module that defines it.
COMMANDS: dict[str, Entry] = {
    "demo": Entry("arena.cli.demo", "Run the example bots in a Lucky Numbers round robin."),
    "games": Entry("arena.cli.games", "List the games, their options and built-in bots."),
    "rules": Entry("arena.cli.rules", "Print a game's rules, move notation and view fields."),
    "play": Entry("arena.cli.play", "Play one game between bots (or you) and print it."),
    "serve": Entry("arena.cli.serve", "Run a referee server that bots connect to."),
    "tournament": Entry("arena.cli.tournament", "Run, resume and inspect tournaments."),
    "ladder": Entry("arena.cli.ladder", "A continuous ladder on a running server."),
    "leaderboard": Entry("arena.cli.leaderboard", "Show a game's TrueSkill ladder."),
    "stats": Entry("arena.cli.stats", "Head-to-head table with Elo and intervals."),
    "watch": Entry("arena.cli.watch", "Follow a match or a tournament live."),
    "replay": Entry("arena.cli.replay", "Replay a stored or exported match."),
    "web": Entry("arena.cli.web", "Serve leaderboards, tournaments and matches as web pages."),
    "export": Entry("arena.cli.records", "Write stored matches as JSON Lines."),
    "import": Entry("arena.cli.records", "Import records, each replayed on its engine."),
    "check-bot": Entry("arena.cli.check_bot", "Run the protocol checklist on a bot."),
    "bot": Entry("arena.cli.credentials", "Add, list, revoke and rotate bot tokens."),
    "organizer": Entry("arena.cli.credentials", "Add, list, revoke and rotate organizer tokens."),
    "db": Entry("arena.cli.db", "See and upgrade the database schema."),
}


class LazyCommands(TyperGroup):
    """The root group: lists `COMMANDS` from the table, imports a command's module on use.

    Contexts and formatters are typed `Any`: Typer hands over click's classes, or (from 0.29)
    its own copies of them, and this works with either.
    """

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(COMMANDS[cmd_name].module)
            self.commands.update(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
        command = self.commands.get(cmd_name)
        if command is not None and cmd_name in COMMANDS:
            command.short_help = COMMANDS[cmd_name].summary
        return command

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, entry.summary) for name, entry in COMMANDS.items()])


app = typer.Typer(
    cls=LazyCommands,
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
