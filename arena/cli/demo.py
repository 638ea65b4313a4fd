"""`arena demo`: a round robin of the example bots as processes over gRPC, on Lucky Numbers."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from arena.app.owners import local_owner
from arena.app.running import create_tournament
from arena.cli import app
from arena.cli.tournament_local import run_and_report
from arena.errors import ConfigError
from arena.store import Store
from arena.tournament import BotEntry, TournamentSpec

DEMO_DB = "arena-demo.db"
DEMO_GAME = "lucky_numbers"
DEMO_SEED = 2024
BOTS_DIR = Path(__file__).resolve().parents[2] / "bots"

# (name, script in bots/, extra arguments): two distinct random bots and a greedy one
DEMO_BOTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("random-a", "random_bot.py", ("--seed", "1")),
    ("random-b", "random_bot.py", ("--seed", "2")),
    ("greedy", "greedy_bot.py", ()),
)


# arena installed from a wheel has no bots/: each bot is then the same strategy run by the SDK
# from a one-line program (STRATEGY SEED, then run_bot's own flags).
INSTALLED_BOT = (
    "import sys; from arena.bot import run_bot; from arena.match.strategies import StrategyByGame; "
    "run_bot(StrategyByGame(sys.argv[1], seed=int(sys.argv[2])), max_matches=4, "
    "argv=sys.argv[3:])"
)
STRATEGIES = {"random_bot.py": "random", "greedy_bot.py": "greedy"}


def demo_bots(bots_dir: Path = BOTS_DIR) -> tuple[BotEntry, ...]:
    """The demo's bots as process commands: this Python and the scripts in bots/ of a checkout,
    else (an installed wheel) the same strategies through the bot SDK."""
    entries = []
    for name, script, args in DEMO_BOTS:
        path = bots_dir / script
        if path.is_file():
            words = [sys.executable, str(path), "--name", name, *args]
        else:
            seed = args[1] if args[:1] == ("--seed",) else "0"
            words = [sys.executable, "-c", INSTALLED_BOT, STRATEGIES[script], seed, "--name", name]
        entries.append(BotEntry(name, shlex.join(words)))
    return tuple(entries)


def _fresh(db: str) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(db + suffix).unlink(missing_ok=True)


@app.command("demo")
def demo_command(
    db: Annotated[str, typer.Option("--db", help="SQLite file of the demo.")] = DEMO_DB,
    keep: Annotated[
        bool, typer.Option("--keep", help="Add to the demo database instead of starting afresh.")
    ] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", "-c", min=1)] = 4,
    cycles: Annotated[int, typer.Option(min=1, help="Repeat the schedule.")] = 2,
    seed: Annotated[int, typer.Option(help="Tournament seed.")] = DEMO_SEED,
) -> None:
    """Run the example bots as processes in a Lucky Numbers round robin; print the results."""
    bots = demo_bots()
    if "://" in db:
        raise ConfigError("the demo uses a SQLite file: give --db a path")
    if not keep:
        _fresh(db)
    spec = TournamentSpec(DEMO_GAME, bots, seed=seed, table_size=2, cycles=cycles)
    with Store.open(db) as store:
        tournament = create_tournament(store, spec, owner=local_owner())
        typer.echo(
            f"demo: {len(bots)} example bots ({', '.join(b.name for b in bots)}) as processes over "
            f"gRPC, Lucky Numbers round robin, {tournament.fixtures} matches, database {db}"
        )
        run_and_report(store, tournament, concurrency=concurrency, server=None)
