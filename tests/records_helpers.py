"""Shared helpers for the records and ladder tests: a real `arena serve` with bot processes."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from serve_process import kill, start_serve

from arena.app.running import create_tournament
from arena.app.running import play_tournament as play
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match
from arena.match.strategies import make_policy, strategies_for
from arena.store import Store
from arena.tournament import BotEntry, TournamentSpec, compute_standings
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.manage import game_and_options

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable


class Serve:
    """`arena serve` on a free loopback port, and random bot processes that come and go."""

    def __init__(self, *extra: str) -> None:
        self.server, self.address = start_serve("--time-per-move", "2000", *extra)
        self.bots: dict[str, subprocess.Popen[bytes]] = {}

    def start_bot(self, name: str) -> None:
        cmd = [PY, str(ROOT / "bots" / "random_bot.py"), "--address", self.address,
               "--name", name, "--seed", str(len(self.bots)), "--max-matches", "1"]  # fmt: skip
        self.bots[name] = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)

    def kill_bot(self, name: str) -> None:
        os.kill(self.bots[name].pid, signal.SIGKILL)
        self.bots[name].wait()

    def close(self) -> None:
        for process in self.bots.values():
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()
        kill(self.server)  # and the database start_serve gave it, if any


def strongest(game: str) -> str:
    """The game's greedy strategy, or a generic one for a game that has none."""
    return "greedy" if "greedy" in strategies_for(game) else "first"


def field(size: int, game: str = "lucky_numbers") -> tuple[BotEntry, ...]:
    """A bot named greedy (the game's greedy strategy) and size - 1 random ones, built in."""
    randoms = tuple(BotEntry(f"random{i}", "builtin:random") for i in range(1, size))
    return (BotEntry("greedy", f"builtin:{strongest(game)}"), *randoms)


def play_tournament(store: Store, spec: TournamentSpec) -> int:
    """Create and play a tournament of built-in bots in-process; its id."""
    stored = create_tournament(store, spec, owner=None)
    game, options = game_and_options(stored.spec)
    bots = {b.name: b for b in stored.spec.bots}
    runner = local_runner(
        game, options, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
    )
    asyncio.run(play(store, stored.id, runner))
    return stored.id


def play_adhoc(store: Store, game_name: str, size: int, seed: int) -> None:
    """Play and store one match outside any tournament."""
    game, options = game_and_options(TournamentSpec(game_name, (), seed=0))
    players = [
        PolicyPlayer(b.name, make_policy(game_name, b.command.split(":")[1], seed + i))
        for i, b in enumerate(field(size, game_name))
        if b.command is not None
    ]
    record = asyncio.run(play_match(game, options, seed, players, match_id=f"adhoc-{seed}"))
    store.save_match(record)


def standings(store: Store) -> list:
    """The standings of every stored tournament."""
    out = []
    for t in store.tournaments():
        names = [b.name for b in t.spec.bots]
        out.append(compute_standings(store.tournament_matches(t.id), names, t.spec.table_size))
    return out
