"""`arena tournament run|resume|show|list`: organize tournaments of bots from one command."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from arena.cli import app, remote_reads
from arena.cli.leaderboard import DbOption, OutputFormat, emit_rows
from arena.cli.sprt import Sprt, SprtStopped, Watch, check_sprt, sprt_watch
from arena.cli.tournament_cluster import (
    DEFAULT_CPUS_PER_BOT,
    DEFAULT_MAX_RETRIES,
    ClusterOption,
    CpusPerBotOption,
    MaxRetriesOption,
    cluster_settings,
    play_on_cluster,
)
from arena.cli.tournament_logs import BotLogs, show_logs
from arena.cli.tournament_play import Faults, check_runnable, execute
from arena.cli.tournament_progress import MatchProgress, signals_as_interrupt
from arena.cli.tournament_report import (
    SUMMARY_COLUMNS,
    Table,
    report,
    shown_status,
    summary_row,
)
from arena.core import MatchRecord
from arena.errors import ArenaError, ConfigError
from arena.game import parse_option_pairs
from arena.store import Store, StoredTournament
from arena.tournament import Fixture, Format, Status, TournamentSpec
from arena.tournament.crashes import DEFAULT_MAX_CRASHES
from arena.tournament.lease import TournamentBusyError
from arena.tournament.logs import log_root
from arena.tournament.manage import default_table_size, normalize_spec
from arena.tournament.players import check_builtins, parse_bot
from arena.tournament.schedule import DEFAULT_DEALS, Deals

tournament_app = typer.Typer(
    help="Run, resume and inspect tournaments.", no_args_is_help=True, add_completion=False
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
        "--server", help="Address of a running `arena serve` whose bots are already connected."
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
TlsCaOption = remote_reads.ReadTlsCaOption
ReadServerOption = Annotated[
    str | None, typer.Option("--server", help="Read from a running `arena serve` instead.")
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
        Format, typer.Option("--format", help="round-robin: every table; gauntlet: --hero vs all.")
    ] = Format.ROUND_ROBIN,
    hero: Annotated[str | None, typer.Option(help="The gauntlet's hero (a bot name).")] = None,
    concurrency: ConcurrencyOption = 1,
    seed: Annotated[int | None, typer.Option(help="Tournament seed (random if omitted).")] = None,
    time_per_move: Annotated[
        int | None,
        typer.Option(
            "--time-per-move",
            min=1,
            help="Budget per decision, in ms (default 1000, with a 10000 ms bank).",
            show_default=False,
        ),
    ] = None,
    time_bank: Annotated[
        int | None,
        typer.Option(
            "--time-bank", min=0, help="Time bank per seat and match (ms), used past the budget."
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
    tls_ca: TlsCaOption = None,
    log_dir: LogDirOption = None,
    verbose: VerboseOption = False,
    max_crashes: MaxCrashesOption = DEFAULT_MAX_CRASHES,
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
) -> None:
    """Create a tournament, play it with a progress bar, then print standings and the ladder."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if seed < 0:
        raise ConfigError("--seed must be zero or positive")
    if table_size is None:
        table_size = default_table_size(game)
    spec = TournamentSpec(
        game=game,
        bots=tuple(parse_bot(b) for b in bot),
        seed=seed,
        options=parse_option_pairs(option or []),
        format=fmt,
        table_size=table_size,
        cycles=cycles,
        hero=hero,
        time_per_move_ms=time_per_move,
        time_bank_ms=time_bank,
        increment_ms=increment,
        deals=deals,
    )
    spec = normalize_spec(spec)  # bad input fails here, before any database is created
    check_builtins(spec.game, spec.bots)
    check_runnable(spec.bots, server)
    on_cluster = cluster_settings(cluster, cpus_per_bot, max_retries, server=server)
    if on_cluster is not None and forfeit_absent:
        raise ConfigError("--forfeit-absent is not for --cluster (each match starts its bots)")
    test = None if sprt is None else check_sprt(sprt, spec)
    with Store.open(db) as store:
        # The bots are started and checked first: the tournament is stored once they said Hello.
        run_and_report(
            store,
            spec,
            concurrency=concurrency,
            server=_remote(server, token, tls_ca),
            logs=BotLogs(log_root(log_dir), verbose),
            max_crashes=max_crashes,
            forfeit_absent=forfeit_absent,
            sprt=test,
            cluster=on_cluster,
        )


@tournament_app.command("resume")
def resume_command(
    tournament_id: Annotated[int, typer.Argument(metavar="ID", help="Tournament id.")],
    concurrency: ConcurrencyOption = 1,
    db: DbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
    tls_ca: TlsCaOption = None,
    log_dir: LogDirOption = None,
    verbose: VerboseOption = False,
    max_crashes: MaxCrashesOption = DEFAULT_MAX_CRASHES,
    cluster: ClusterOption = None,
    cpus_per_bot: CpusPerBotOption = DEFAULT_CPUS_PER_BOT,
    max_retries: MaxRetriesOption = DEFAULT_MAX_RETRIES,
) -> None:
    """Play the fixtures an interrupted run left, with the same seeds, then print the results.

    A bot process that does not start now forfeits its matches (with a warning)."""
    on_cluster = cluster_settings(cluster, cpus_per_bot, max_retries, server=server)
    with Store.open(db, create=False) as store:
        tournament = store.tournament(tournament_id)
        left = tournament.fixtures - tournament.played
        _stderr().print(f"tournament {tournament.id}: {left} of {tournament.fixtures} matches left")
        run_and_report(
            store,
            tournament,
            concurrency=concurrency,
            server=_remote(server, token, tls_ca),
            logs=BotLogs(log_root(log_dir), verbose),
            max_crashes=max_crashes,
            cluster=on_cluster,
        )


@tournament_app.command("show")
def show_command(
    tournament_id: Annotated[int, typer.Argument(metavar="ID", help="Tournament id.")],
    fmt: Annotated[OutputFormat, typer.Option("--format", "-f")] = OutputFormat.TABLE,
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
        typer.Option("--table", help="With -f csv: the one table to print (default standings)."),
    ] = None,
) -> None:
    """Show a tournament: its definition, progress, standings and results by seat."""
    if logs is not None:
        show_logs(log_root(log_dir), tournament_id, logs, match)
        return
    if server is not None:
        remote = remote_reads.remote_of(server, tls_ca)
        remote_reads.print_tournament(remote, tournament_id, fmt, with_matches=matches)
        return
    with Store.open(db, create=False) as store:
        report(store, store.tournament(tournament_id), fmt, with_matches=matches, table=table)


@tournament_app.command("list")
def list_command(
    fmt: Annotated[OutputFormat, typer.Option("--format", "-f")] = OutputFormat.TABLE,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """List the stored tournaments, oldest first (newest first with --server)."""
    if server is not None:
        remote_reads.print_tournaments(remote_reads.remote_of(server, tls_ca), fmt)
        return
    with Store.open(db, create=False) as store:
        rows = [summary_row(t) for t in store.tournaments()]
    emit_rows(rows, fmt, columns=list(SUMMARY_COLUMNS), title="Tournaments")


@tournament_app.command("delete")
def delete_command(
    tournament_id: Annotated[int, typer.Argument(metavar="ID", help="Tournament id.")],
    force: Annotated[
        bool, typer.Option("--force", help="Delete it even if it is marked running.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Delete a tournament, its fixtures and its matches; its game's ladder is recomputed."""
    with Store.open(db, create=False) as store:
        tournament = store.tournament(tournament_id)
        if shown_status(tournament) == Status.RUNNING.value and not force:
            raise ConfigError(
                f"tournament {tournament_id} is being played ({tournament.runner}): stop it "
                "first, or give --force"
            )
        store.delete_tournament(tournament_id)
    _stderr().print(
        f"deleted tournament {tournament_id} ({tournament.played} matches)", highlight=False
    )


def _remote(server: str | None, token: str | None, tls_ca: str | None) -> Any:
    """The --server to play on, with its credentials; None without --server."""
    if server is None:
        return None
    from arena.rpc.client import Remote  # lazy: grpc only for remote play

    return Remote.of(server, token, tls_ca)


def run_and_report(
    store: Store,
    tournament: StoredTournament | TournamentSpec,
    *,
    concurrency: int,
    server: Any,
    logs: BotLogs | None = None,
    max_crashes: int = DEFAULT_MAX_CRASHES,
    forfeit_absent: bool = False,
    sprt: Sprt | None = None,
    cluster: Any = None,
) -> None:
    """Play what is left of a tournament (or a new one, created once its bots are ready)
    with a progress display (on a Ray cluster given `cluster`), then print the report."""
    progress = MatchProgress()
    created: list[StoredTournament] = []
    watches: list[Watch] = []  # the SPRT's per-match hook, once the tournament exists

    def on_match(fixture: Fixture, record: MatchRecord) -> None:
        progress.advance(fixture, record)
        for watch in watches:
            watch(fixture, record, progress.console)

    def on_created(t: StoredTournament) -> None:
        created.append(t)
        if isinstance(tournament, TournamentSpec):
            progress.console.print(
                f"tournament {t.id}: {t.fixtures} matches at tables of {t.spec.table_size}, "
                f"seed {t.spec.seed}, database {store.location}",
                highlight=False,
                soft_wrap=True,
            )
        progress.start(t)
        if sprt is not None:
            watches.append(sprt_watch(store, t, sprt))

    faults = Faults(max_crashes, forfeit_absent, progress.warn)
    try:
        with signals_as_interrupt():
            if cluster is not None:
                finished = play_on_cluster(
                    store,
                    tournament,
                    cluster,
                    logs=logs,
                    on_match=on_match,
                    on_created=on_created,
                    warn=progress.warn,
                )
            else:
                finished = asyncio.run(
                    execute(
                        store,
                        tournament,
                        concurrency=concurrency,
                        server=server,
                        on_match=on_match,
                        logs=logs,
                        faults=faults,
                        on_created=on_created,
                    )
                )
    except SprtStopped as stop:
        progress.stop()
        _stderr().print(
            f"SPRT accepts {stop.state.decision.value} after {stop.state.samples} samples: "
            f"tournament {created[0].id} stopped early (left interrupted)",
            highlight=False,
        )
        finished = store.tournament(created[0].id)
        report(store, finished, OutputFormat.TABLE, ladder_too=True)
        return
    except (KeyboardInterrupt, ArenaError) as exc:
        progress.stop()
        if isinstance(exc, TournamentBusyError):
            raise
        if created:
            hint = f"arena tournament resume {created[0].id} --db {store.location}"
            _stderr().print(f"continue with: {hint}", highlight=False, soft_wrap=True)
        else:
            _stderr().print("nothing was stored", highlight=False)
        raise
    progress.stop()
    report(store, finished, OutputFormat.TABLE, ladder_too=True)


def _stderr() -> Console:
    return Console(stderr=True)
