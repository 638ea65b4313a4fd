"""The boss's strength: every game with a "boss" strategy, against greedy and against random.

    .venv/bin/python bench/bench_strength.py --games 200 --budget-ms 1000     # the acceptance run
    .venv/bin/python bench/bench_strength.py --game azul --games 20 --iterations 200 --workers 2
    .venv/bin/python bench/bench_strength.py --game arctic_scavengers --option hq1=true \
        --option recon4=true --opponent greedy --games 20 --budget-ms 100 --cpu-time

`--opponent` is greedy and random by default, or any built-in strategy of the game: `--opponent
boss:1` measures what the boss's time buys over its own first level. Two-player games are played
one against one, the others at their smallest table (The Number
and Epizodiak: the boss against two greedy or two random bots). Match i deals from seed
`--seed` + i // players and seats the boss in seat i % players, so every deal is played once
from each seat (rotated, duplicate). Every bot is seeded per match. Each decision is asked
with the referee's clock of `--budget-ms` a move (no bank): the boss thinks within it, or does
`--iterations` of work when given (reproducible). Prints, per game and opponent, the boss's
win rate (a shared first place counts its share), its rank points (1 first, 0 last, shared
places split, as arena.core.game.points_by_rank) and its first places, each with a 95% Wilson
interval, and its budget adherence: the 99th percentile of its decision times over the budget
(the issue asks for at most 1.10). Asserts nothing. Each figure is printed with the command
that reproduces it.

`--cpu-time`: every budget counts the CPU time of the deciding process (`time.process_time`,
arena.search.budget.CLOCK) instead of wall time, and so do the decision times reported: under
load (other processes on the cores) the boss still does the work of its budget, so the run
measures its strength, not the machine. `--option KEY=VALUE` (repeatable) sets a game option,
e.g. an Arctic Scavengers expansion module (`--option recon4=true`).

`--set MODULE.NAME=VALUE` (repeatable) overrides a module constant in every process before it
plays, for paired experiments at fixed work (`--set arena.games.lucky_numbers.boss.KEEP=4`):
the same seeds with and without it play the same deals. `--record FILE` writes every match's
win share, in match order, as JSON (per game and opponent), to compare two runs match by match;
it is rewritten as each match ends, so a run stopped early keeps what it played. `--progress N`
prints the figures so far after every N matches.

`--clairvoyant` (The Number) measures luck rather than the boss: the boss is asked after the
opponents each turn and shown the numbers they wrote. What such a boss cannot win is decided
by the opponents' own chance, not by skill. (Epizodiak has no such measure here: a boss shown
the true deal still plays its rollouts with greedy opponents, one fixed future a candidate,
which says nothing about what a perfect player could reach against random ones: the seer of
bench_epizodiak_ceiling.py, whose rollouts average over the random bots' moves, measures that.)
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import json
import math
import random
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.core.game import parse_option_pairs, parse_options, points_by_rank  # noqa: E402
from arena.core.players import DecisionRequest, Policy  # noqa: E402
from arena.core.registry import get_game, list_games  # noqa: E402
from arena.match.strategies import make_policy, strategies_for  # noqa: E402
from arena.ratings.elo import Z95  # noqa: E402
from arena.search.budget import CPU, timer  # noqa: E402

OPPONENTS = ("greedy", "random")
"""--opponent's default; it may name any built-in strategy of the game, e.g. a fixed-work boss
level (the boss against its own weaker rungs: does time buy strength? A level bound to
iterations plays its own work, stopped early only by the clock)."""


@dataclass(frozen=True, slots=True)
class Match:
    """One match to play: the game, the deal, where the boss sits, who it meets, its settings."""

    game: str
    players: int
    deal_seed: int
    boss_seat: int
    opponent: str
    level: str
    budget_ms: int | None
    iterations: int | None
    bot_seed: int
    clairvoyant: bool = False
    options: tuple[tuple[str, str], ...] = ()  # --option pairs
    cpu_time: bool = False  # budgets and decision times in CPU time of this process


@dataclass(frozen=True, slots=True)
class Result:
    """What one match gave the boss: its win share, rank points, and its decision times."""

    win: float
    rank_points: float
    times: tuple[float, ...]


def boss_games() -> list[str]:
    """The games whose built-in strategies include a boss."""
    return [g.name for g in list_games() if "boss" in strategies_for(g.name)]


def table_size(game: str) -> int:
    """Two seats where the game allows it, else its smallest table."""
    return max(2, get_game(game).min_players)


CLAIRVOYANT = ("the_number",)
"""The games --clairvoyant can show their hidden information to the boss."""


@contextlib.contextmanager
def shown(game: str, state: Any, seat: int) -> Iterator[None]:
    """While the boss decides, its search reads the numbers the opponents wrote in `state`
    instead of its model's predictions (a luck measurement: see the module docstring)."""
    if game == "the_number":
        from arena.games.the_number import boss as the_number

        truth = tuple(None if s == seat else n for s, n in enumerate(state.pending))
        saved_profile, saved_shares = the_number.profile, the_number.greedy_shares
        the_number.profile = lambda view, rng, deadline=None: truth
        the_number.greedy_shares = lambda view: [1.0] * view["num_players"]
        try:
            yield
        finally:
            the_number.profile, the_number.greedy_shares = saved_profile, saved_shares
    else:
        raise SystemExit(f"--clairvoyant: only {', '.join(CLAIRVOYANT)}")


def play(match: Match) -> Result:
    """Play one match to its end and score it for the boss."""
    game = get_game(match.game)
    policies: list[Policy] = [
        make_policy(match.game, match.opponent, match.bot_seed * 8 + seat)
        for seat in range(match.players)
    ]
    policies[match.boss_seat] = make_policy(
        match.game,
        match.level,
        match.bot_seed * 8 + match.boss_seat,
        iterations=match.iterations,
    )
    options = parse_options(game, dict(match.options))
    state = game.setup(match.players, options, random.Random(match.deal_seed))
    now = timer(CPU) if match.cpu_time else time.perf_counter
    times: list[float] = []
    asked = 0
    while (outcome := game.outcome(state)) is None:
        to_move = game.to_move(state)
        if match.clairvoyant and len(to_move) > 1:  # the boss last: it sees what they wrote
            to_move = tuple(s for s in to_move if s != match.boss_seat)
        seat = random.Random(asked).choice(to_move)  # simultaneous: any order
        legal = tuple(game.legal_moves(state, seat))
        request = DecisionRequest(
            match_id=f"bench-{match.deal_seed}-{match.boss_seat}",
            request_id=asked,
            game=match.game,
            seat=seat,
            view=game.view(state, seat),
            legal_moves=legal,
            budget_ms=match.budget_ms,
            bank_ms=0 if match.budget_ms is not None else None,
        )
        started = now()
        with (
            shown(match.game, state, seat)
            if match.clairvoyant and seat == match.boss_seat
            else contextlib.nullcontext()
        ):
            reply = policies[seat](request)
        if seat == match.boss_seat:
            times.append(now() - started)
        state = game.play(state, seat, legal[reply] if isinstance(reply, int) else reply)
        asked += 1
    ranks = outcome.ranks
    first = [s for s, r in enumerate(ranks) if r == 1]
    win = 1.0 / len(first) if match.boss_seat in first else 0.0
    return Result(win, points_by_rank(ranks)[match.boss_seat], tuple(times))


def override(settings: Sequence[str]) -> None:
    """Set each `MODULE.NAME=VALUE` (VALUE a Python literal) of --set in this process."""
    for setting in settings:
        target, _, value = setting.partition("=")
        module, _, name = target.rpartition(".")
        loaded = importlib.import_module(module)
        if not hasattr(loaded, name):
            raise SystemExit(f"--set: {module} has no {name}")
        setattr(loaded, name, ast.literal_eval(value))


def wilson(mean: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a mean of n values in [0, 1]."""
    if n == 0:
        return (math.nan, math.nan)
    z2 = Z95 * Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th quantile (nearest rank) of values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(game: str, opponent: str, players: int, results: list[Result], args: Any) -> str:
    """One line per game and opponent."""
    n = len(results)
    parts = []
    for name, values in (
        ("wins", [r.win for r in results]),
        ("rank points", [r.rank_points for r in results]),
        ("first places", [float(r.win > 0) for r in results]),
    ):
        mean = sum(values) / n
        low, high = wilson(mean, n)
        parts.append(f"{name} {mean:.3f} [{low:.3f}, {high:.3f}]")
    times = [t for r in results for t in r.times]
    p99 = percentile(times, 0.99)
    kind = " CPU" if args.cpu_time else ""
    clock = f"{args.budget_ms} ms{kind}/move" if args.budget_ms is not None else "no clock"
    if args.option:
        clock += ", " + " ".join(args.option)
    work = f", {args.iterations} iterations" if args.iterations is not None else ""
    seer = " (clairvoyant)" if args.clairvoyant else ""
    line = f"{game} {args.level}{seer} vs {players - 1} {opponent} ({n} games, {clock}{work}): "
    line += "; ".join(parts)
    line += f"; decision time p99 {p99 * 1000:.0f} ms, max {max(times, default=0) * 1000:.0f} ms"
    if args.budget_ms:
        line += f", p99 over budget {p99 * 1000 / args.budget_ms:.2f}"
    return line


def matches(game: str, opponent: str, args: Any) -> list[Match]:
    """The rotated, seeded matches of one game against one opponent."""
    players = table_size(game)
    return [
        Match(game, players, args.seed + i // players, i % players, opponent, args.level,
              args.budget_ms, args.iterations, args.seed * 100_003 + i, args.clairvoyant,
              tuple(parse_option_pairs(args.option).items()), args.cpu_time)
        for i in range(args.games)
    ]  # fmt: skip


def played(todo: list[Match], args: Any) -> Iterator[Result]:
    """Each match's result, in match order, as it ends (in `--workers` processes)."""
    if args.workers <= 1:
        for match in todo:  # not map(): a StopIteration from a match would end it silently
            yield play(match)
        return
    with ProcessPoolExecutor(args.workers, initializer=override, initargs=(args.set,)) as pool:
        yield from pool.map(play, todo)


def main() -> None:
    """Parse the arguments, play every game's matches, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="matches per game and opponent")
    parser.add_argument("--budget-ms", type=int, default=1000, help="the clock: ms per decision")
    parser.add_argument("--no-clock", action="store_true", help="no clock (use --iterations)")
    parser.add_argument("--iterations", type=int, help="fixed work per boss decision")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--opponent", action="append", metavar="STRATEGY",
        help="greedy, random or another built-in strategy, e.g. boss:1 (repeatable)",
    )  # fmt: skip
    parser.add_argument("--level", default="boss", help="boss, boss:1, boss:2 or boss:3")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    parser.add_argument("--workers", type=int, default=1, help="processes playing matches")
    parser.add_argument(
        "--clairvoyant", action="store_true", help="show the boss the hidden information (luck)"
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
        help="override a module constant in every process (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--cpu-time", action="store_true",
        help="budgets (and decision times) in CPU time of the deciding process, not wall time",
    )  # fmt: skip
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="a game option (repeatable), e.g. recon4=true",
    )  # fmt: skip
    parser.add_argument("--record", help="write each match's win share, in order, as JSON")
    parser.add_argument(
        "--progress", type=int, default=0, metavar="N",
        help="print the figures so far after every N matches",
    )  # fmt: skip
    args = parser.parse_args()
    if args.cpu_time:  # in this process and in every worker (override runs in each)
        args.set.append(f"arena.search.budget.CLOCK={CPU!r}")
    override(args.set)
    command = shlex.join(["python", "bench/bench_strength.py", *sys.argv[1:]])
    if args.no_clock:
        args.budget_ms = None
    games = args.game or boss_games()
    if args.clairvoyant and set(games) - set(CLAIRVOYANT):
        parser.error(f"--clairvoyant: only --game {' or '.join(CLAIRVOYANT)}")
    for game in games:
        unknown = set(args.opponent or OPPONENTS) - set(strategies_for(game))
        if unknown:
            parser.error(f"--opponent: {game} has no {', '.join(sorted(unknown))}")
    recorded: dict[str, list[float]] = {}
    for game in games:
        for opponent in args.opponent or OPPONENTS:
            todo = matches(game, opponent, args)
            started = time.perf_counter()
            results: list[Result] = []
            for result in played(todo, args):
                results.append(result)
                if args.record:  # rewritten as each match ends: a stopped run keeps its matches
                    recorded[f"{game} vs {opponent}"] = [r.win for r in results]
                    Path(args.record).write_text(json.dumps(recorded))
                if args.progress and len(results) % args.progress == 0 < len(todo) - len(results):
                    line = report(game, opponent, table_size(game), results, args)
                    print(f"  {line} [{time.perf_counter() - started:.0f} s]", flush=True)
            line = report(game, opponent, table_size(game), results, args)
            print(f"{line} [{time.perf_counter() - started:.0f} s]", flush=True)
            print(f"  command: {command}", flush=True)


if __name__ == "__main__":
    main()
