"""`arena check-bot`: the protocol checklist a bot must pass before it enters a tournament."""

from __future__ import annotations

import asyncio
import logging
import shlex
from typing import Annotated

import typer

from arena.cli import app
from arena.compliance.verdicts import CheckResult
from arena.errors import ConfigError

OUTPUT_LINES_ON_FAILURE = 15


@app.command(
    "check-bot",
    context_settings={"allow_interspersed_args": False},
)
def check_bot_command(
    command: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="-- CMD...",
            help='The bot\'s command after "--", e.g. -- node bots/js/bot.js',
            show_default=False,
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(help="Check a bot already connected to this server (host:port) instead."),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(help="The bot's name (default checked-bot; required with --server)."),
    ] = None,
    game: Annotated[
        list[str] | None,
        typer.Option("--game", help="Check only this game (repeatable); default: all it claims."),
    ] = None,
    time_per_move: Annotated[
        int, typer.Option(help="Budget per decision (ms) of the check matches.")
    ] = 1000,
    seed: Annotated[int, typer.Option(help="First seed of the check matches.")] = 1,
    connect_timeout: Annotated[
        float,
        typer.Option(help="Seconds the bot has to connect (a reconnect gets 1.7 times as long)."),
    ] = 15.0,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Stream the bot's own output live.")
    ] = False,
) -> None:
    """Run the protocol checklist on a bot: one line per check, exit status 0 only if all pass.

    Checks: handshake, a full match at each player count of every game the bot claims, only
    legal answers, answers within the clock, MatchEnded handled, request ids echoed, several
    matches at once (if Hello.max_matches > 1), unknown fields tolerated, and a reconnect after
    the server drops the stream.
    """
    from arena.compliance.checkbot import DEFAULT_NAME, RECONNECT_FACTOR, CheckSettings
    from arena.compliance.checklist import check_command, check_remote
    from arena.compliance.verdicts import Verdict, passed

    if (server is None) == (not command):
        raise ConfigError("give the bot's command after --, or --server ADDR --name NAME")
    if server is not None and not name:
        raise ConfigError("--server needs --name: the name the bot is connected under")
    if time_per_move <= 0:
        raise ConfigError("--time-per-move must be positive")
    settings = CheckSettings(
        name=name or DEFAULT_NAME,
        games=tuple(game or ()),
        per_move_ms=time_per_move,
        seed=seed,
        connect_timeout_s=connect_timeout,
        reconnect_timeout_s=connect_timeout * RECONNECT_FACTOR,
    )

    def report(result: CheckResult) -> None:
        typer.echo(result.line())

    def echo(bot: str, line: str) -> None:
        typer.echo(f"  [{bot}] {line}", err=True)

    # The referee's own warnings (stray decisions ...) are what the check lines already say.
    logging.basicConfig(level=logging.WARNING if verbose else logging.CRITICAL)
    if server is not None:
        run = asyncio.run(check_remote(server, settings, report))
    else:
        words = command or []
        text = words[0] if len(words) == 1 else shlex.join(words)
        run = asyncio.run(check_command(text, settings, report, echo if verbose else None))
    ok = passed(run.results)
    failed = sum(1 for r in run.results if r.verdict is Verdict.FAIL)
    if not ok and run.output and not verbose:
        typer.echo(f"the bot's last output ({settings.name}):")
        for line in run.output.splitlines()[-OUTPUT_LINES_ON_FAILURE:]:
            typer.echo(f"  | {line}")
    typer.echo(
        f"{len(run.results)} checks, {failed} failed"
        + ("" if ok else f": {settings.name} is not ready for a tournament")
    )
    raise typer.Exit(0 if ok else 1)
