"""`arena serve`: run a referee server that bots connect to (see proto/arena/v1/arena.proto)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated

import typer

from arena.cli import app
from arena.cli.output import DbOption
from arena.errors import ConfigError
from arena.match.clock import Clock
from arena.match.limits import (
    DEFAULT_MAX_CYCLES,
    DEFAULT_MAX_FIXTURES,
    DEFAULT_STREAMS_PER_CONNECTION,
    MAX_STREAMS_PER_CONNECTION,
    ServerLimits,
    check_clock,
)
from arena.rpc.addresses import split_address
from arena.rpc.server.workers.house import DEFAULT_HOUSE_MATCHES

DEFAULT_SERVE_ADDRESS = "127.0.0.1:50051"


IncrementOption = Annotated[
    int | None,
    typer.Option("--increment", help="Added to the time bank after each decision (ms)."),
]


def clock_from_options(
    time_per_move: int | None, time_bank: int | None, increment: int | None = None
) -> Clock:
    """The match clock of --time-per-move / --time-bank / --increment (ms); no per-move time
    means no limit."""
    if time_per_move is not None and time_per_move <= 0:
        raise ConfigError("--time-per-move must be positive")
    for flag, value in (("--time-bank", time_bank), ("--increment", increment)):
        if value is not None and value < 0:
            raise ConfigError(f"{flag} must be zero or positive")
        if time_per_move is None and value is not None:
            raise ConfigError(f"{flag} needs --time-per-move")
    return Clock(per_move_ms=time_per_move, bank_ms=time_bank, increment_ms=increment)


@app.command("serve")
def serve_command(
    address: Annotated[
        str, typer.Option(help="host:port to listen on (port 0 picks a free one).")
    ] = DEFAULT_SERVE_ADDRESS,
    time_per_move: Annotated[
        int | None, typer.Option(help="Default time per decision (ms) for matches that set none.")
    ] = None,
    time_bank: Annotated[
        int | None, typer.Option(help="Default time bank per seat and match (ms).")
    ] = None,
    increment: IncrementOption = None,
    startup_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds a PlayMatch call, or a tournament being created or resumed, waits "
            "for its bots to connect."
        ),
    ] = 15.0,
    db: DbOption = None,
    tls_cert: Annotated[
        Path | None, typer.Option(help="TLS certificate chain (PEM); with --tls-key.")
    ] = None,
    tls_key: Annotated[Path | None, typer.Option(help="TLS private key (PEM).")] = None,
    allow_plaintext: Annotated[
        bool,
        typer.Option(help="Listen beyond loopback without TLS (tokens then travel in clear)."),
    ] = False,
    max_cycles: Annotated[
        int, typer.Option(min=1, help="Most cycles a CreateTournament may ask for.")
    ] = DEFAULT_MAX_CYCLES,
    max_fixtures: Annotated[
        int, typer.Option(min=1, help="Most matches one CreateTournament may schedule.")
    ] = DEFAULT_MAX_FIXTURES,
    web: Annotated[
        str | None,
        typer.Option(
            "--web", help="Also serve the spectators' web pages on this host:port (read-only)."
        ),
    ] = None,
    workers: Annotated[
        str | None,
        typer.Option(
            "--workers",
            metavar="N|auto",
            help="Referee processes sharing the port and a PostgreSQL database (auto: one on "
            "fewer than 4 cores, else one per two cores, and it says why; default 1, see "
            "docs/scale.md). SQLite is served by one.",
            show_default=False,
        ),
    ] = None,
    house: Annotated[
        list[str] | None,
        typer.Option(
            "--house",
            metavar="NAME=STRATEGY",
            help="A built-in bot this server plays itself, connected as bot NAME (repeatable; "
            "e.g. greedy=greedy, boss=boss:2): seat it by name in matches and tournaments.",
            show_default=False,
        ),
    ] = None,
    house_matches: Annotated[
        int, typer.Option(help="Matches each --house bot plays at once.")
    ] = DEFAULT_HOUSE_MATCHES,
    max_streams_per_connection: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_STREAMS_PER_CONNECTION,
            help="Calls one connection may hold open at once (a bot's stream is one): raise it "
            "for a process that hosts many bots on one gRPC channel.",
        ),
    ] = DEFAULT_STREAMS_PER_CONNECTION,
    worker_index: Annotated[int | None, typer.Option(hidden=True)] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log debug detail.")] = False,
) -> None:
    """Run a referee server: bots connect to it, matches are played on it (Ctrl-C stops it).

    Finished matches and the tournaments created over gRPC (CreateTournament) go to the
    database, which GetMatch, ListMatches, GetTournament and GetLeaderboard read. With no
    credentials in the database the server is open and listens on loopback only; register an
    organizer and the bots (`arena organizer add`, `arena bot add`) to serve a network, with TLS.
    """
    from arena.rpc.server.workers.house import parse_house
    from arena.rpc.server.workers.pool import (
        auto_workers,
        available_cores,
        check_workers,
        parse_workers,
    )
    from arena.store import Store, resolve_url

    # before anything listens: gRPC read port 99999 as another port, and a bad one logged
    split_address(address, "--address", any_host=True)
    if web is not None:
        split_address(web, "--web", any_host=True)
    if (tls_cert is None) != (tls_key is None):
        raise ConfigError("--tls-cert and --tls-key go together")
    clock = clock_from_options(time_per_move, time_bank, increment)
    limits = ServerLimits(max_cycles=max_cycles, max_fixtures=max_fixtures)
    check_clock(clock.per_move_ms, clock.bank_ms, clock.increment_ms, limits)
    postgres = resolve_url(db).get_backend_name() == "postgresql"
    count = parse_workers(workers, postgres)
    check_workers(count, postgres)
    if workers is not None and workers.strip().lower() == "auto":
        typer.echo(f"--workers auto: {auto_workers(available_cores(), postgres)[1]}", err=True)
    house_bots = parse_house(house or [], house_matches)
    if house_bots and count > 1:
        raise ConfigError("--house needs a one-process server (without --workers)")
    worker = f"[worker {worker_index}] " if worker_index is not None else ""
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format=f"%(asctime)s %(levelname)s {worker}%(name)s: %(message)s",
    )
    if count > 1:
        from arena.rpc.server.workers.pool import run_workers

        with Store.open(db):  # the schema is created or upgraded once, before the workers
            pass
        args = [*_clock_args(time_per_move, time_bank, increment), "--startup-timeout",
                str(startup_timeout), "--max-cycles", str(max_cycles), "--max-fixtures",
                str(max_fixtures), "--max-streams-per-connection",
                str(max_streams_per_connection), *(["--db", db] if db else []),
                *(["--tls-cert", str(tls_cert), "--tls-key", str(tls_key)] if tls_key else []),
                *(["--allow-plaintext"] if allow_plaintext else []),
                *(["--verbose"] if verbose else [])]  # fmt: skip
        raise typer.Exit(run_workers(args, address, count, web))
    from arena.rpc.server.listen import TlsFiles, serve
    from arena.rpc.server.state import ServerConfig

    tls = TlsFiles(tls_cert, tls_key) if tls_cert is not None and tls_key is not None else None
    config = ServerConfig(
        clock=clock,
        startup_timeout_s=startup_timeout,
        limits=limits,
        max_streams=max_streams_per_connection,
    )
    with Store.open(db) as store:
        asyncio.run(
            serve(
                address,
                config,
                store,
                tls=tls,
                allow_plaintext=allow_plaintext,
                web=web,
                reuse_port=worker_index is not None,
                house=house_bots,
            )
        )


def _clock_args(
    time_per_move: int | None, time_bank: int | None, increment: int | None
) -> list[str]:
    out = []
    for flag, value in (("--time-per-move", time_per_move), ("--time-bank", time_bank),
                        ("--increment", increment)):  # fmt: skip
        if value is not None:
            out += [flag, str(value)]
    return out
