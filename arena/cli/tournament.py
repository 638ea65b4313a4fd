"""`arena tournament run|resume|show|list`: organize tournaments of bots from one command."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arena.app.database import open_store
from arena.app.reports import ABANDONED, announced_matches
from arena.app.tournaments import TournamentRequest, plan
from arena.cli import app, sources
from arena.cli.bot_start import DEFAULT_BOT_START_S, StartupTimeoutOption
from arena.cli.output import (
    DbOption,
    FormatOption,
    OutputFormat,
    ReadServerOption,
    TlsCaOption,
    stderr,
)
from arena.cli.sprt import check_sprt
from arena.cli.tournament_cluster import (
    DEFAULT_CPUS_PER_BOT,
    DEFAULT_MAX_RETRIES,
    ClusterOption,
    CpusPerBotOption,
    FreshBotsOption,
    MaxRetriesOption,
    cluster_settings,
)
from arena.cli.tournament_local import run_and_report
from arena.cli.tournament_logs import BotLogs, show_logs
from arena.cli.tournament_play import check_runnable
from arena.cli.tournament_remote import create_on_server, follow_on, resume_on_server
from arena.cli.tournament_report import Table, emit_report, emit_summaries
from arena.core.game import parse_option_pairs
from arena.errors import ConfigError
from arena.match.clock import Clock
from arena.tournament import Format
from arena.tournament.crashes import DEFAULT_MAX_CRASHES
from arena.tournament.entrants import check_builtins, parse_bot
from arena.tournament.formats import format_help, format_names, format_options_help
from arena.tournament.logs import log_root
from arena.tournament.schedule import (
    DEFAULT_DEALS,
    DEFAULT_TIME_BANK_MS,
    DEFAULT_TIME_PER_MOVE_MS,
    Deals,
)

if TYPE_CHECKING:  # grpc is imported only when --server is given
    from arena.rpc.client.remote import Remote

tournament_app = typer.Typer(
    rich_markup_mode=None,
    help="Run, resume and inspect tournaments.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(tournament_app, name="tournament")

ConcurrencyOption = Annotated[
    int, typer.Option("--concurrency", "-c", min=1, help="Matches played at once.")
]
LogDirOption = Annotated[
    Path | None,
    typer.Option(
        "--log-dir",
        help="Where bot processes' output is saved: DIR/tournament-ID/BOT.log "
        "(default $ARENA_LOG_DIR, else ./arena-logs).",
        show_default=False,
    ),
]
VerboseOption = Annotated[
    bool, typer.Option("--verbose", "-v", help="Stream the bot processes' output live.")
]
ServerOption = Annotated[
    str | None,
    typer.Option(
        "--server",
        envvar="ARENA_SERVER",
        help="A running `arena serve`: the tournament is created there and played by it with "
        "its connected bots (give each bot as NAME); this command follows it.",
        show_envvar=True,
    ),
]
TokenOption = Annotated[
    str | None,
    typer.Option(
        "--token",
        envvar="ARENA_ORGANIZER_TOKEN",
        help="Organizer token for --server (from `arena organizer add`).",
        show_envvar=True,
    ),
]
AllowPlaintextOption = Annotated[
    bool,
    typer.Option(
        "--allow-plaintext",
        envvar="ARENA_ALLOW_PLAINTEXT",
        help="Send the token to a --server beyond this machine without TLS (a network you "
        "trust); without it, a token goes in clear to loopback only.",
    ),
]
MaxCrashesOption = Annotated[
    int,
    typer.Option(
        "--max-crashes",
        min=1,
        help="A bot process that dies is restarted for its next match; after this many "
        "crashes it is withdrawn and its remaining matches are forfeited.",
    ),
]
DealsOption = Annotated[
    Deals,
    typer.Option(
        "--deals",
        help="independent: a fresh deal per match (safe with bots that remember); duplicate: "
        "a table's seatings replay one deal (less luck; only for bots that cannot remember, "
        "e.g. fresh processes per match).",
    ),
]
IdArgument = Annotated[int, typer.Argument(metavar="ID", help="Tournament id.")]
PlayingServerOption = Annotated[
    str,
    typer.Option(
        "--server", envvar="ARENA_SERVER", help="The `arena serve` playing it.", show_envvar=True
    ),
]


def _clock(per_move: int | None, bank: int | None, increment: int | None) -> Clock | None:
    """The clock the flags ask for (None: the default clock). Each flag has its own default:
    --time-per-move 5000 alone keeps the 10 s bank, --time-bank 0 drops it."""
    if per_move is None and bank is None and increment is None:
        return None
    return Clock(
        DEFAULT_TIME_PER_MOVE_MS if per_move is None else per_move,
        DEFAULT_TIME_BANK_MS if bank is None else bank,
        increment,
    )


def _remote(
    server: str | None, token: str | None, tls_ca: str | None, plaintext: bool = False
) -> Remote | None:
    return None if server is None else sources.remote_of(server, tls_ca, token, plaintext)


def _owner(
    server: str | None, token: str | None, tls_ca: str | None, plaintext: bool = False
) -> Remote:
    """The Remote of the server that owns the tournament (--server, given)."""
    assert server is not None
    return sources.remote_of(server, tls_ca, token, plaintext)


@tournament_app.command("run")
def run_command(
    game: Annotated[str, typer.Option("--game", "-g", help="Game (see `arena games`).")],
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            "-b",
            help='NAME="COMMAND" (a bot process), NAME=builtin:STRATEGY (in-process), or NAME '
            "(with --server). Repeat for every bot.",
        ),
    ],
    table_size: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Bots per table. Default: 2, or the game's minimum player count when it "
            "needs more (3 for the_number).",
            show_default=False,
        ),
    ] = None,
    cycles: Annotated[int, typer.Option(min=1, help="Repeat the schedule with fresh seeds.")] = 1,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            metavar=f"<{'|'.join(format_names())}>",
            help=format_help(),
        ),
    ] = Format.ROUND_ROBIN.value,
    hero: Annotated[str | None, typer.Option(help="The gauntlet's hero (a bot name).")] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            min=1, help="Swiss: rounds to play (default: enough for a winner, log2 of the field)."
        ),
    ] = None,
    format_option: Annotated[
        list[str] | None, typer.Option("--format-option", help=format_options_help())
    ] = None,
    concurrency: ConcurrencyOption = 1,
    seed: Annotated[int | None, typer.Option(help="Tournament seed (random if omitted).")] = None,
    time_per_move: Annotated[
        int | None,
        typer.Option(
            "--time-per-move",
            min=1,
            help=f"Budget per decision, in ms (default {DEFAULT_TIME_PER_MOVE_MS}).",
            show_default=False,
        ),
    ] = None,
    time_bank: Annotated[
        int | None,
        typer.Option(
            "--time-bank",
            min=0,
            help="Time bank per seat and match (ms), used past the budget "
            f"(default {DEFAULT_TIME_BANK_MS}; 0: none).",
            show_default=False,
        ),
    ] = None,
    increment: Annotated[
        int | None,
        typer.Option("--increment", min=0, help="Added to the time bank after each decision (ms)."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    deals: DealsOption = DEFAULT_DEALS,
    db: DbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
    allow_plaintext: AllowPlaintextOption = False,
    tls_ca: TlsCaOption = None,
    reconnect_grace: Annotated[
        int | None,
        typer.Option(
            "--reconnect-grace",
            min=0,
            help="With --server: seconds a bot whose connection drops may stay away before "
            "its remaining matches are forfeited (its matches wait meanwhile). Default 60.",
            show_default=False,
        ),
    ] = None,
    cancel_on_exit: Annotated[
        bool,
        typer.Option(
            "--cancel-on-exit",
            help="With --server: Ctrl-C cancels the tournament instead of detaching from it.",
        ),
    ] = False,
    detach: Annotated[
        bool,
        typer.Option(
            "--detach",
            help="With --server: create the tournament there and return at once (its id "
            "printed); `arena tournament attach ID` follows it.",
        ),
    ] = False,
    store_locally: Annotated[
        bool,
        typer.Option(
            "--store-locally",
            help="With --server: play each match through the server's PlayMatch but keep the "
            "tournament in this database (--db): for a server without a database, or a "
            "private ladder of someone else's bots.",
        ),
    ] = False,
    log_dir: LogDirOption = None,
    verbose: VerboseOption = False,
    max_crashes: MaxCrashesOption = DEFAULT_MAX_CRASHES,
    startup_timeout: StartupTimeoutOption = DEFAULT_BOT_START_S,
    forfeit_absent: Annotated[
        bool,
        typer.Option(
            "--forfeit-absent",
            help="Enter a bot process that never says Hello anyway (it forfeits every match) "
            "instead of refusing to start.",
        ),
    ] = False,
    sprt: Annotated[
        str | None,
        typer.Option(
            "--sprt",
            help='"elo0=0 elo1=5 alpha=0.05 beta=0.05": test the first --bot against the second '
            "and stop as soon as the test decides (--cycles bounds the games).",
        ),
    ] = None,
    cluster: ClusterOption = None,
    cpus_per_bot: CpusPerBotOption = DEFAULT_CPUS_PER_BOT,
    max_retries: MaxRetriesOption = DEFAULT_MAX_RETRIES,
    fresh_bots: FreshBotsOption = False,
) -> None:
    """Create a tournament, play it with a progress bar, then print standings and the ladder.

    With --server the server owns it: created there, played by its connected bots, stored in
    its database; this command follows it, and Ctrl-C detaches."""
    if seed is not None and seed < 0:
        raise ConfigError("--seed must be zero or positive")
    owned = server is not None and not store_locally
    _check_startup_timeout(startup_timeout, server=server, cluster=cluster)
    if store_locally and server is None:
        raise ConfigError("--store-locally plays through --server: give --server ADDRESS")
    request = TournamentRequest(
        game=game,
        bots=tuple(parse_bot(b) for b in bot),
        options=parse_option_pairs(option or []),
        format=fmt,
        hero=hero,
        table_size=table_size,
        cycles=cycles,
        rounds=rounds,
        format_options=parse_option_pairs(format_option or []),
        seed=seed,
        clock=_clock(time_per_move, time_bank, increment),
        deals=deals.value,
        concurrency=concurrency,
        reconnect_grace_ms=None if reconnect_grace is None else reconnect_grace * 1000,
    )
    if owned:
        _refuse_local_only(sprt=sprt, cluster=cluster, forfeit_absent=forfeit_absent)
        check_runnable(request.bots, server is not None)
        if detach and cancel_on_exit:
            raise ConfigError("--detach returns at once: there is no exit to cancel it on")
        create_on_server(
            _owner(server, token, tls_ca, allow_plaintext),
            request,
            cancel_on_exit=cancel_on_exit,
            detach=detach,
        )
        return
    if reconnect_grace is not None or cancel_on_exit or detach:
        raise ConfigError(
            "--reconnect-grace, --cancel-on-exit and --detach are for --server tournaments"
        )
    spec = plan(request).spec  # bad input fails here, before any database is created
    check_builtins(spec.game, spec.bots)
    check_runnable(spec.bots, server is not None)
    on_cluster = cluster_settings(
        cluster, cpus_per_bot, max_retries, server=server, fresh_bots=fresh_bots
    )
    if fresh_bots and forfeit_absent:
        raise ConfigError("--forfeit-absent is not for --fresh-bots (each match starts its bots)")
    test = None if sprt is None else check_sprt(sprt, spec)
    with open_store(db) as store:
        # The bots are started and checked first: the tournament is stored once they said Hello.
        run_and_report(
            store,
            spec,
            concurrency=concurrency,
            server=_remote(server, token, tls_ca, allow_plaintext),
            logs=BotLogs(log_root(log_dir), verbose),
            max_crashes=max_crashes,
            forfeit_absent=forfeit_absent,
            sprt=test,
            cluster=on_cluster,
            startup_timeout_s=startup_timeout,
        )


def _check_startup_timeout(seconds: float, *, server: str | None, cluster: object) -> None:
    """--startup-timeout is for bot processes this command starts itself."""
    if seconds != DEFAULT_BOT_START_S and (server is not None or cluster is not None):
        raise ConfigError(
            "--startup-timeout is for bot processes this command starts: a server's bots are "
            "connected already, a cluster's workers start theirs"
        )


def _refuse_local_only(*, sprt: str | None, cluster: str | None, forfeit_absent: bool) -> None:
    if sprt is not None:
        raise ConfigError(
            "--sprt stops a run this process plays: use it without --server (or with "
            "--store-locally), or read `arena stats --server` as the tournament goes"
        )
    if cluster is not None:
        raise ConfigError("--cluster and --server exclude each other")
    if forfeit_absent:
        raise ConfigError("--forfeit-absent is for bot processes; a server's bots are connected")


@tournament_app.command("resume")
def resume_command(
    tournament_id: IdArgument,
    concurrency: ConcurrencyOption = 1,
    db: DbOption = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            envvar="ARENA_SERVER",
            help="Resume the tournament a running `arena serve` owns, there.",
            show_envvar=True,
        ),
    ] = None,
    token: TokenOption = None,
    allow_plaintext: AllowPlaintextOption = False,
    tls_ca: TlsCaOption = None,
    store_locally: Annotated[
        bool,
        typer.Option(
            "--store-locally",
            help="A tournament of this database (--db) played through --server's PlayMatch.",
        ),
    ] = False,
    log_dir: LogDirOption = None,
    verbose: VerboseOption = False,
    max_crashes: MaxCrashesOption = DEFAULT_MAX_CRASHES,
    startup_timeout: StartupTimeoutOption = DEFAULT_BOT_START_S,
    cluster: ClusterOption = None,
    cpus_per_bot: CpusPerBotOption = DEFAULT_CPUS_PER_BOT,
    max_retries: MaxRetriesOption = DEFAULT_MAX_RETRIES,
    fresh_bots: FreshBotsOption = False,
    detach: Annotated[
        bool,
        typer.Option(
            "--detach",
            help="With --server: resume it there and return at once; `arena tournament "
            "attach ID` follows it.",
        ),
    ] = False,
) -> None:
    """Play the fixtures an interrupted run left, with the same seeds, then print the results.

    A bot process that does not start now forfeits its matches (with a warning). With
    --server, the server resumes its own tournament and this command follows it."""
    _check_startup_timeout(startup_timeout, server=server, cluster=cluster)
    if server is not None and not store_locally:
        if cluster is not None:
            raise ConfigError("--cluster and --server exclude each other")
        remote = _owner(server, token, tls_ca, allow_plaintext)
        resume_on_server(remote, tournament_id, concurrency, detach=detach)
        return
    if detach:
        raise ConfigError("--detach is for a tournament a server plays (--server)")
    on_cluster = cluster_settings(
        cluster, cpus_per_bot, max_retries, server=server, fresh_bots=fresh_bots
    )
    with open_store(db, create=False) as store:
        tournament = store.tournament(tournament_id)
        total = announced_matches(tournament)
        stderr().print(
            f"tournament {tournament.id}: {total - tournament.played} of {total} matches left",
            highlight=False,
        )
        run_and_report(
            store,
            tournament,
            concurrency=concurrency,
            server=_remote(server, token, tls_ca, allow_plaintext),
            logs=BotLogs(log_root(log_dir), verbose),
            max_crashes=max_crashes,
            cluster=on_cluster,
            startup_timeout_s=startup_timeout,
        )


@tournament_app.command("attach")
def attach_command(
    tournament_id: IdArgument,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """Follow a tournament as it is played (progress, then its report); Ctrl-C detaches.

    With --server, one that server plays; else one of the database that a `tournament run` or
    `resume` plays in another process (another terminal, a detached job)."""
    remote = None if server is None else sources.remote_of(server, tls_ca)
    with sources.arena(db, remote) as door:
        follow_on(door, tournament_id)


@tournament_app.command("cancel")
def cancel_command(
    tournament_id: IdArgument,
    server: Annotated[
        str,
        typer.Option(
            "--server",
            envvar="ARENA_SERVER",
            help="The `arena serve` playing it.",
            show_envvar=True,
        ),
    ],
    token: TokenOption = None,
    allow_plaintext: AllowPlaintextOption = False,
    tls_ca: TlsCaOption = None,
) -> None:
    """Stop a tournament a server plays (matches in flight are not stored; resumable)."""
    with sources.arena(None, _owner(server, token, tls_ca, allow_plaintext)) as door:
        door.cancel_tournament(tournament_id)
    stderr().print(f"tournament {tournament_id} cancelled on {server} (resumable)", highlight=False)


@tournament_app.command("show")
def show_command(
    tournament_id: IdArgument,
    fmt: FormatOption = OutputFormat.TABLE,
    matches: Annotated[bool, typer.Option("--matches", help="Also list every match.")] = False,
    logs: Annotated[
        str | None,
        typer.Option("--logs", metavar="BOT", help="Print what bot process BOT printed instead."),
    ] = None,
    match: Annotated[
        str | None, typer.Option("--match", help="With --logs: only this match's part.")
    ] = None,
    log_dir: LogDirOption = None,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
    table: Annotated[
        Table | None,
        typer.Option("--table", help="Print only this table (with -f csv: default standings)."),
    ] = None,
) -> None:
    """Show a tournament: its definition, progress, standings and results by seat."""
    if logs is not None:
        show_logs(log_root(log_dir), tournament_id, logs, match)
        return
    remote = None if server is None else sources.remote_of(server, tls_ca)
    with_matches = matches or table is Table.MATCHES
    with sources.arena(db, remote) as door:
        report = door.get_tournament(tournament_id, with_matches=with_matches)
    emit_report(report, fmt, table=table)


@tournament_app.command("list")
def list_command(
    fmt: FormatOption = OutputFormat.TABLE,
    limit: Annotated[
        int, typer.Option("--limit", "-n", min=1, max=1000, help="The newest this many.")
    ] = 200,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """List the stored tournaments, newest first."""
    remote = None if server is None else sources.remote_of(server, tls_ca)
    with sources.arena(db, remote) as door:
        emit_summaries(door.list_tournaments(limit), fmt)


@tournament_app.command("delete")
def delete_command(
    tournament_id: IdArgument,
    force: Annotated[
        bool, typer.Option("--force", help="Delete it even if it is marked running.")
    ] = False,
    db: DbOption = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            envvar="ARENA_SERVER",
            help="Delete it from a running `arena serve`'s database.",
            show_envvar=True,
        ),
    ] = None,
    token: TokenOption = None,
    allow_plaintext: AllowPlaintextOption = False,
    tls_ca: TlsCaOption = None,
) -> None:
    """Delete a tournament, its fixtures and its matches; its game's ladder is recomputed."""
    remote = None if server is None else _owner(server, token, tls_ca, allow_plaintext)
    with sources.arena(db, remote) as door:
        deleted = door.delete_tournament(tournament_id, force=force)
    stderr().print(
        f"deleted tournament {tournament_id} ({deleted.matches} matches)"
        + (f" on {server}" if server is not None else "")
        + (f"; {deleted.ladder}" if deleted.ladder else ""),
        highlight=False,
    )


__all__ = ["ABANDONED", "tournament_app"]
