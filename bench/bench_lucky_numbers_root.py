"""Does the Lucky Numbers boss's root search turn rollouts into better moves? Regret against an
oracle, by search and by rollouts per decision.

    .venv/bin/python bench/bench_lucky_numbers_root.py --positions 40 --oracle 2000 \
        --budgets 60,250,1000,2500 --repeats 2

Positions: every fifth decision (acquire or resolve, with at least two candidates) of greedy
self-play games dealt from `--seed` on, seen from the seat to move. The oracle plays every
candidate of a position (boss.candidates) through `--oracle` sampled futures (boss's own
sampler: common random numbers) and takes each one's mean result as its true worth under the
rollout policy. Then each search picks a move at each budget (`--repeats` seeds a position):
the rollout policy's own move (no search), sequential halving as the boss used it before
(arena.search.halving, first cut after 4 rounds) and the race it uses now
(arena.search.racing), both with the policy as baseline. Prints each one's mean regret (the
oracle's best worth less the chosen move's: a share of a win, plus 0.01 per tile of lead) and
how often it chose the oracle's best. Iteration budgets: the same figures on any machine.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.core.game import parse_options  # noqa: E402
from arena.core.players import DecisionRequest  # noqa: E402
from arena.core.registry import get_game  # noqa: E402
from arena.games.lucky_numbers import boss  # noqa: E402
from arena.games.lucky_numbers.strategy import make_greedy  # noqa: E402
from arena.search.budget import iteration_budget  # noqa: E402
from arena.search.halving import sequential_halving  # noqa: E402
from arena.search.racing import race  # noqa: E402

Position = tuple[Mapping[str, Any], tuple[str, ...]]


def positions(count: int, seed: int) -> list[Position]:
    """`count` decisions of greedy self-play, each a view and its legal moves."""
    game, greedy = get_game("lucky_numbers"), make_greedy()
    found: list[Position] = []
    deal = 0
    while len(found) < count:
        state = game.setup(2, parse_options(game, {}), random.Random(seed + deal))
        k = 0
        while game.outcome(state) is None and len(found) < count:
            seat = game.to_move(state)[0]
            legal = tuple(game.legal_moves(state, seat))
            view = game.view(state, seat)
            wide = len(legal) > 1 and len(boss.candidates(view, legal)) > 1
            if wide and view["phase"] != "setup" and k % 5 == deal % 5:
                found.append((view, legal))
            request = DecisionRequest("bench", k, "lucky_numbers", seat, view, legal)
            reply = greedy(request)
            state = game.play(state, seat, legal[reply] if isinstance(reply, int) else reply)
            k += 1
        deal += 1
    return found


def oracle(view: Mapping[str, Any], legal: Sequence[str], futures: int) -> list[float]:
    """Every candidate's mean result over the same `futures` sampled futures."""
    searched = boss.candidates(view, legal)
    sample = boss._sampler(view, searched, random.Random(12345))
    totals = [0.0] * len(searched)
    for _ in range(futures):
        future = sample()
        for i in range(len(searched)):
            totals[i] += future(i)
    return [t / futures for t in totals]


def choose(kind: str, view: Mapping[str, Any], legal: Sequence[str], n: int, seed: int) -> int:
    """The candidate `kind` picks with `n` rollouts."""
    searched = boss.candidates(view, legal)
    own = boss.policy_move(view)
    base = searched.index(own) if own in searched else None
    if kind == "policy":
        return 0 if base is None else base
    sample = boss._sampler(view, searched, random.Random(seed))
    deadline = iteration_budget(n).deadline()
    if kind == "halving":
        return sequential_halving(len(searched), sample, deadline, baseline=base).best
    return race(len(searched), sample, deadline, min_rounds=boss.MIN_ROUNDS, z=boss.Z,
                baseline=base).best  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--oracle", type=int, default=2000, help="futures a candidate")
    parser.add_argument("--budgets", default="60,250,1000,2500", help="rollouts a decision")
    parser.add_argument("--repeats", type=int, default=2, help="search seeds a position")
    parser.add_argument("--seed", type=int, default=9000, help="first deal")
    args = parser.parse_args()
    found = positions(args.positions, args.seed)
    started = time.process_time()
    worth = [oracle(view, legal, args.oracle) for view, legal in found]
    spent = time.process_time() - started
    print(f"oracle: {len(found)} positions, {args.oracle} futures a candidate ({spent:.0f} s CPU)")
    for kind in ("policy", "halving", "race"):
        for n in [int(b) for b in args.budgets.split(",")]:
            regret, best, count = 0.0, 0, 0
            for (view, legal), values in zip(found, worth, strict=True):
                for seed in range(1 if kind == "policy" else args.repeats):
                    pick = values[choose(kind, view, legal, n, seed)]
                    regret += max(values) - pick
                    best += pick == max(values)
                    count += 1
            label = "no search" if kind == "policy" else f"{n} rollouts"
            share = best / count
            print(f"{kind:8} {label:>14}: mean regret {regret / count:.4f}, "
                  f"the oracle's best {share:.3f} ({count} decisions)", flush=True)  # fmt: skip
            if kind == "policy":
                break
    print("  command: python bench/bench_lucky_numbers_root.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
