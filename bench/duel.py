"""Shared by the strength benchmarks: seeded matches of one bot against a field, rotated seats,
results with a 95% interval, and the hero's thinking time against its budget.

Match i deals from seed `base + i // players` and seats the hero in seat i % players, so every
deal is played once from each seat ("duplicate" play: luck cancels out). Each bot gets its own
seeded stream per match. Time budgets reach the bot as a referee's would: the request's
`budget_ms` (and no bank).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arena.players import DecisionRequest, Policy

PolicyFactory = Callable[[int], Policy]


@dataclass
class Tally:
    """What the hero did over the matches."""

    matches: int = 0
    firsts: float = 0.0  # a first place shared by k seats counts 1/k
    points: list[float] = field(default_factory=list)  # the hero's tournament points per match
    think_s: list[float] = field(default_factory=list)  # the hero's decision times


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean and its 95% normal interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def play_matches(
    game: Any,
    options: Any,
    players: int,
    hero: PolicyFactory,
    field_bot: PolicyFactory,
    matches: int,
    *,
    base_seed: int = 0,
    budget_ms: int | None = None,
    progress: bool = False,
) -> Tally:
    """Play `matches` seeded matches, the hero against `players - 1` field bots."""
    tally = Tally()
    for i in range(matches):
        seat_of_hero = i % players
        deal = base_seed + i // players
        bots = [field_bot(1_000_003 * deal + 7 * s + 1) for s in range(players)]
        bots[seat_of_hero] = hero(2_000_003 * deal + 11 * seat_of_hero + 5)
        state = game.setup(players, options, random.Random(deal))
        while (result := game.outcome(state)) is None:
            (seat,) = game.to_move(state)
            legal = tuple(game.legal_moves(state, seat))
            request = DecisionRequest(
                f"duel-{i}", 0, game.name, seat, game.view(state, seat), legal, budget_ms, None
            )
            started = time.perf_counter()
            reply = bots[seat](request)
            if seat == seat_of_hero and len(legal) > 1:
                tally.think_s.append(time.perf_counter() - started)
            move = legal[reply] if isinstance(reply, int) else reply
            state = game.apply(state, seat, move)
        tally.matches += 1
        firsts = [s for s, r in enumerate(result.ranks) if r == 1]
        tally.firsts += (seat_of_hero in firsts) / len(firsts)
        tally.points.append(result.points[seat_of_hero])
        if progress:
            print(f"  match {i}: hero seat {seat_of_hero}, ranks {result.ranks}", flush=True)
    return tally


def report(label: str, tally: Tally, budget_ms: int | None) -> str:
    """One line: first places with their interval, mean points, and the p99 thinking time."""
    low, high = wilson(tally.firsts, tally.matches)
    mean, p_low, p_high = mean_interval(tally.points)
    line = (
        f"{label}: {tally.matches} matches, first {100 * tally.firsts / tally.matches:.1f}% "
        f"[{100 * low:.1f}, {100 * high:.1f}], points {mean:.3f} [{p_low:.3f}, {p_high:.3f}]"
    )
    if tally.think_s:
        times = sorted(tally.think_s)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        line += f", think p50 {1000 * times[len(times) // 2]:.0f} ms p99 {1000 * p99:.0f} ms"
        if budget_ms:
            over = sum(t * 1000 > 1.1 * budget_ms for t in times)
            line += f" ({over}/{len(times)} over budget +10%)"
    return line
