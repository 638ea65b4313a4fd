"""`arena tournament run|resume --cluster`: the options, and playing on a Ray cluster.

Ray itself is imported only when a cluster is joined (it is an optional extra)."""

from __future__ import annotations

import functools
import signal
from typing import Annotated, Any

import typer

from arena.cli import sources
from arena.cli.tournament_logs import BotLogs
from arena.cli.tournament_play import Faults
from arena.cli.tournament_progress import INTERRUPTING_SIGNALS
from arena.cluster.connect import DEFAULT_CPUS_PER_BOT, DEFAULT_MAX_RETRIES
from arena.errors import ConfigError
from arena.store import Store, StoredTournament
from arena.tournament import TournamentSpec

ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        help="Play the matches on a Ray cluster: auto (the cluster this machine "
        "joined with `ray start`), local[N] (a private one of N CPUs here) or HOST:PORT. "
        "Warm workers keep a referee and the bots across matches (see --fresh-bots). "
        "Needs pip install 'arena[cluster]'; --concurrency is then the cluster's CPUs.",
        show_default=False,
    ),
]
CpusPerBotOption = Annotated[
    float,
    typer.Option(
        "--cpus-per-bot", min=0.01, help="With --cluster: CPUs a match asks for, per seat."
    ),
]
MaxRetriesOption = Annotated[
    int,
    typer.Option(
        "--max-retries",
        min=0,
        help="With --cluster: a match lost with its worker or node is retried this often, "
        "then left pending (for a resume).",
    ),
]

FreshBotsOption = Annotated[
    bool,
    typer.Option(
        "--fresh-bots",
        help="With --cluster: start a fresh referee and fresh bot processes for every match "
        "(for bots that must carry nothing from one match to the next, e.g. duplicate deals); "
        "a crash then loses only its match.",
    ),
]


def cluster_settings(
    cluster: str | None,
    cpus_per_bot: float,
    max_retries: int,
    *,
    server: str | None = None,
    fresh_bots: bool = False,
) -> Any:
    """The ClusterSettings of the options (None without --cluster); ConfigError on a clash."""
    if cluster is None:
        if fresh_bots:
            raise ConfigError("--fresh-bots is for --cluster (one process keeps its bots)")
        return None
    if server is not None:
        raise ConfigError("--cluster and --server exclude each other")
    from arena.cluster.connect import ClusterSettings, parse_target

    return ClusterSettings(parse_target(cluster), cpus_per_bot, max_retries, fresh=fresh_bots)


def play_on_cluster(
    store: Store,
    tournament: StoredTournament | TournamentSpec,
    settings: Any,
    *,
    logs: BotLogs | None,
    on_match: Any,
    on_created: Any,
    faults: Faults | None = None,
) -> StoredTournament:
    """Play (or create, then play) a tournament on the cluster; the finished tournament."""
    from arena.app.owners import local_owner
    from arena.cluster.organizer import ClusterRun, run_on_cluster

    root = logs.root if logs is not None else None
    f = faults or Faults()
    run = ClusterRun(
        store, settings, root, on_match, f.warn, f.max_crashes, f.forfeit_absent, local_owner()
    )
    signals = (signal.SIGINT, *INTERRUPTING_SIGNALS)  # the loop's own handlers, as in one process
    stoppable = functools.partial(sources.run, signals=signals, stop_wait_s=None)
    return run_on_cluster(run, tournament, on_created, run_loop=stoppable)


__all__ = ["DEFAULT_CPUS_PER_BOT", "DEFAULT_MAX_RETRIES"]
