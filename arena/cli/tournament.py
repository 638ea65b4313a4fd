"""`arena tournament run|resume|show|list`: organize tournaments of bots from one command."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from arena.cli import app, remote_reads
from arena.cli.leaderboard import DbOption, OutputFormat, emit_rows
from arena.cli.sprt import SprtStopped, Watch, check_sprt, sprt_watch
from arena.cli.tournament_logs import BotLogs, marked_runner, show_logs
from arena.cli.tournament_report import SUMMARY_COLUMNS, report, summary_row
from arena.core import MatchRecord
from arena.errors import ArenaError, BotError, ConfigError
from arena.game import parse_option_pairs
from arena.players import Player
from arena.referee import Clock
from arena.store import Store, StoredTournament
from arena.tournament import BotEntry, Fixture, Format, TournamentSpec
from arena.tournament.logs import log_root, tournament_log_dir
from arena.tournament.manage import (
    create_tournament,
    default_table_size,
    game_and_options,
    normalize_spec,
    play_tournament,
)
from arena.tournament.players import (
    AbsentPlayer,
    builtin_player,
    builtin_strategy,
    check_builtins,
    local_runner,
    parse_bot,
)
from arena.tournament.runner import MatchRunner, limit_per_bot
from arena.tournament.schedule import DEFAULT_DEALS, Deals

BUSY_RETRIES = 40  # a busy bot on a shared server: retry with backoff, about a minute in all

tournament_app = typer.Typer(
    help="Run, resume and inspect tournaments.", no_args_is_help=True, add_completion=False
)
app.add_typer(tournament_app, name="tournament")

ReadServerOption = Annotated[
    str | None, typer.Option("--server", help="Read from a running `arena serve` instead.")
]
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
        int | None, typer.Option("--time-per-move", min=1, help="Budget per decision, in ms.")
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
    sprt: Annotated[
        str | None,
        typer.Option(
            "--sprt",
            help='"elo0=0 elo1=5 alpha=0.05 beta=0.05": test the first --bot against the second '
            "and stop as soon as the test decides (--cycles bounds the games).",
        ),
    ] = None,
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
        deals=deals,
    )
    spec = normalize_spec(spec)  # bad input fails here, before any database is created
    check_builtins(spec.game, spec.bots)
    check_runnable(spec.bots, server)
    test = None if sprt is None else check_sprt(sprt, spec)
    with Store.open(db) as store:
        tournament = create_tournament(store, spec)
        _stderr().print(
            f"tournament {tournament.id}: {tournament.fixtures} matches at tables of "
            f"{spec.table_size}, seed {seed}, database {store.location}"
        )
        logs = BotLogs(log_root(log_dir), verbose)
        run_and_report(
            store,
            tournament,
            concurrency=concurrency,
            server=_remote(server, token, tls_ca),
            logs=logs,
            watch=None if test is None else sprt_watch(store, tournament, test),
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
) -> None:
    """Play the fixtures an interrupted run left, with the same seeds, then print the results."""
    with Store.open(db) as store:
        tournament = store.tournament(tournament_id)
        left = tournament.fixtures - tournament.played
        _stderr().print(f"tournament {tournament.id}: {left} of {tournament.fixtures} matches left")
        logs = BotLogs(log_root(log_dir), verbose)
        run_and_report(
            store,
            tournament,
            concurrency=concurrency,
            server=_remote(server, token, tls_ca),
            logs=logs,
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
) -> None:
    """Show a tournament: its definition, progress, standings and results by seat."""
    if logs is not None:
        show_logs(log_root(log_dir), tournament_id, logs, match)
        return
    if server is not None:
        remote = remote_reads.remote_of(server, tls_ca)
        remote_reads.print_tournament(remote, tournament_id, fmt, with_matches=matches)
        return
    with Store.open(db) as store:
        report(store, store.tournament(tournament_id), fmt, with_matches=matches)


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
    with Store.open(db) as store:
        rows = [summary_row(t) for t in store.tournaments()]
    emit_rows(rows, fmt, columns=list(SUMMARY_COLUMNS), title="Tournaments")


def _remote(server: str | None, token: str | None, tls_ca: str | None) -> Any:
    """The --server to play on, with its credentials; None without --server."""
    if server is None:
        return None
    from arena.rpc.client import Remote  # lazy: grpc only for remote play

    return Remote.of(server, token, tls_ca)


def run_and_report(
    store: Store,
    tournament: StoredTournament,
    *,
    concurrency: int,
    server: Any,
    logs: BotLogs | None = None,
    watch: Watch | None = None,
) -> None:
    """Play what is left of a tournament with a progress bar, then print the report."""
    try:
        with _progress(tournament, watch) as advance:
            finished = asyncio.run(
                execute(
                    store,
                    tournament,
                    concurrency=concurrency,
                    server=server,
                    on_match=advance,
                    logs=logs,
                )
            )
    except SprtStopped as stop:
        _stderr().print(
            f"SPRT accepts {stop.state.decision.value} after {stop.state.samples} samples: "
            f"tournament {tournament.id} stopped early (left interrupted)",
            highlight=False,
        )
        finished = store.tournament(tournament.id)
    except (KeyboardInterrupt, ArenaError):
        hint = f"arena tournament resume {tournament.id} --db {store.location}"
        _stderr().print(f"continue with: {hint}", highlight=False, soft_wrap=True)
        raise
    report(store, finished, OutputFormat.TABLE, ladder_too=True)


def check_runnable(bots: tuple[BotEntry, ...], server: Any) -> None:
    """ConfigError unless every bot can be played: by command, built in, or on --server."""
    if server is not None:
        if any(b.command is not None for b in bots):
            raise ConfigError("with --server give every bot as NAME only (connected to the server)")
        return
    for bot in bots:
        if bot.command is None:
            raise ConfigError(
                f"bot {bot.name!r} has no command: give NAME=COMMAND or NAME=builtin:STRATEGY, "
                "or --server ADDRESS for bots connected to a running server"
            )


async def execute(
    store: Store,
    tournament: StoredTournament,
    *,
    concurrency: int = 1,
    server: Any = None,
    on_match: Any = None,
    logs: BotLogs | None = None,
) -> StoredTournament:
    """Start what the bots need (embedded referee, processes) and play the pending fixtures.

    Bot processes' output is saved under `logs.root` (default: log_root()) per tournament.
    """
    check_runnable(tournament.spec.bots, server)
    logs = logs or BotLogs(log_root())
    folder = tournament_log_dir(logs.root, tournament.id)
    async with _match_runner(tournament.spec, server, folder, logs.echo) as play:
        return await play_tournament(
            store, tournament.id, play, concurrency=concurrency, on_match=on_match
        )


@asynccontextmanager
async def _match_runner(
    spec: TournamentSpec, server: Any, log_dir: Path, echo: Callable[[str, str], None]
) -> AsyncIterator[MatchRunner]:
    """The runner for these bots: remote server, in-process only, or bot processes + built-ins."""
    game, options = game_and_options(spec)
    clock = Clock(per_move_ms=spec.time_per_move_ms) if spec.time_per_move_ms else None
    if server is not None:
        yield await _remote_runner(server, game.name, dict(spec.options), clock)
        return
    bots = {b.name: b for b in spec.bots}

    def builtin_seat(fixture: Fixture, seat: int) -> Player:
        return builtin_player(game.name, bots[fixture.seats[seat]], fixture, seat)

    processes = {n: b.command for n, b in bots.items() if b.command and not builtin_strategy(b)}
    if not processes:
        yield local_runner(game, options, builtin_seat, clock)
        return
    from arena.rpc.embedded import EmbeddedReferee  # lazy: only process bots need gRPC

    referee = EmbeddedReferee(log_dir=log_dir, echo=echo)
    try:
        await referee.start()
        await asyncio.gather(*(referee.launch(n, c) for n, c in processes.items()))

        def seat_player(fixture: Fixture, seat: int) -> Player:
            name = fixture.seats[seat]
            if name not in processes:
                return builtin_seat(fixture, seat)
            try:
                return referee.player(name)
            except BotError as exc:  # its process died: it forfeits its remaining matches
                return AbsentPlayer(name, f"{exc}; last output: {referee.output(name)[-300:]}")

        capacity = {n: _session_capacity(referee, n) for n in processes}
        play = marked_runner(
            local_runner(game, options, seat_player, clock), referee, set(processes)
        )
        yield limit_per_bot(play, capacity)
    finally:
        await referee.close()


def _session_capacity(referee: Any, name: str) -> int:
    session = referee.state.registry.get(name)
    return int(session.max_matches) if session is not None else 1


async def _remote_runner(
    address: Any, game: str, options: dict[str, Any], clock: Clock | None
) -> MatchRunner:
    """Matches played by a running `arena serve`, at most each bot's max_matches at once."""
    from arena.rpc.client import list_remote_bots, play_remote_match  # lazy: grpc only here
    from arena.rpc.status import BotBusyError

    capacity = {b.name: int(b.max_matches) for b in await list_remote_bots(address)}

    async def play(fixture: Fixture) -> MatchRecord:
        for attempt in range(BUSY_RETRIES):
            try:
                return await play_remote_match(
                    address,
                    game,
                    options,
                    fixture.seed,
                    list(fixture.seats),
                    clock=clock,
                    match_id=fixture.match_id,
                    store=False,  # stored here; the server's database may be this very one
                )
            except BotBusyError:  # busy with another client's matches: wait and retry
                await asyncio.sleep(min(2.0, 0.05 * 2**attempt))
        raise BotError(f"the bots of fixture {fixture.index} stayed busy on {address}")

    return limit_per_bot(play, capacity)


@contextmanager
def _progress(tournament: StoredTournament, watch: Watch | None = None) -> Iterator[Any]:
    progress = Progress(
        TextColumn("[bold]tournament {task.fields[tid]}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_stderr(),
    )
    task = progress.add_task(
        "matches", total=tournament.fixtures, completed=tournament.played, tid=tournament.id
    )

    def advance(fixture: Fixture, record: MatchRecord) -> None:
        progress.advance(task)
        if watch is not None:
            watch(fixture, record, progress.console)

    with progress:
        yield advance


def _stderr() -> Console:
    return Console(stderr=True)
