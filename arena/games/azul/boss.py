"""The Azul boss: flat Monte Carlo over determinizations, from the seat's view only.

Every decision compares candidate moves by rollouts to the end of the game
(arena.search.halving). A rollout starts from a state sampled from the view (belief.py: the
bag's order and the lid's later reshuffles), plays the candidate, then lets every seat play on
by the greedy-like policy of playout.py (its ties broken by a stream shared by the candidates,
like the sampled bag: common random numbers). The weaker half of the candidates is dropped
after 4, 8, 16, ... rounds (sequential halving); the answer is the surviving move with the best
mean result, its share of the win plus a little per point of lead. A take decision searches,
for every source and colour, the two destinations the policy rates best, at most KEEP moves
in all. The search stops when its budget (arena.search.budget) is spent: the referee's clock,
or a fixed number of rollouts for reproducible play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.core.chance import Stream
from arena.games.azul import rules
from arena.games.azul.belief import sample_state
from arena.games.azul.notation import CENTRE, PARSED, TAKE
from arena.games.azul.playout import Sim
from arena.games.azul.state import OFFER, WALL, State
from arena.search.budget import Deadline
from arena.search.halving import Future, Verdict, sequential_halving
from arena.search.seeded import view_search_boss

FIRST_CUT = 4  # rounds of rollouts before the first halving
KEEP = 12  # take moves searched at most
PER_SOURCE = 2  # destinations searched per source and colour
CONFIDENCE = 1.0  # standard errors to overrule the policy
MARGIN = 0.02  # a rollout's worth per point of lead

Take = tuple[int, int, int]  # (source, colour, destination) as the Sim numbers them


def _take(sim: Sim, move: str) -> Take:
    """A take move's text as the Sim's (source, colour, destination)."""
    _, src, colour, dest = PARSED[move]
    return (len(sim.factories) if src == CENTRE else src, colour, dest)


def candidates(sim: Sim, moves: Sequence[str]) -> tuple[list[str], int]:
    """The take moves worth searching: per source and colour the PER_SOURCE destinations the
    policy values most, then the KEEP best of those (legal order among equals); and the index
    among them of the policy's own choice (its best, the first one on a tie)."""
    rated = [(sim.value(*_take(sim, m)), -i, m) for i, m in enumerate(moves)]
    groups: dict[tuple[int, int], list[tuple[float, int, str]]] = {}
    for entry in rated:
        src, colour, _ = _take(sim, entry[2])
        groups.setdefault((src, colour), []).append(entry)
    kept = [e for group in groups.values() for e in sorted(group, reverse=True)[:PER_SOURCE]]
    kept.sort(reverse=True)
    chosen = {m for _, _, m in kept[:KEEP]}
    searched = [m for m in moves if m in chosen]
    return searched, searched.index(kept[0][2])


def _wall_rollout(state: State, seat: int, move: str, rng: random.Random) -> Sim:
    """Gray wall: play the column choice, finish the tiling with the policy's best columns,
    and the Sim of what follows."""
    state = rules.play(state, seat, move)
    while state.phase == WALL:
        probe = Sim.from_state(state, rng)
        line = state.pending_line
        colour = state.boards[state.current].lines[line] & 7
        col = probe.gray_column(state.current, line, colour)
        state = rules.play(state, state.current, f"wall {line + 1} {col + 1}")
    return Sim.from_state(state, rng)


def _sampler(
    view: Mapping[str, Any], moves: Sequence[str], rng: random.Random
) -> Callable[[], Future]:
    """Each call samples one future (the bag's order, the lid's reshuffles and the policy's
    tie-breaks), which plays any candidate through to the end of the game."""
    seat = view["seat"]
    if view["phase"] != "offer":

        def wall_future() -> Future:
            state = sample_state(view, rng)
            ties = rng.getrandbits(64)

            def run(i: int) -> float:
                sim = _wall_rollout(state, seat, moves[i], random.Random(ties))
                sim.finish()
                return sim.result(seat, MARGIN)

            return run

        return wall_future
    start = Sim.from_state(sample_state(view, rng), rng)
    takes = [_take(start, m) for m in moves]

    def future() -> Future:
        bag = start.bag[:]
        rng.shuffle(bag)
        stream, ties = Stream(rng.getrandbits(64)), rng.getrandbits(64)

        def run(i: int) -> float:
            sim = start.copy(random.Random(ties))
            sim.bag, sim.stream = bag[:], stream
            sim.take(*takes[i])
            sim.finish()
            return sim.result(seat, MARGIN)

        return run

    return future


def search(
    view: Mapping[str, Any], moves: Sequence[str], deadline: Deadline, rng: random.Random
) -> tuple[str, Verdict, list[str]]:
    """The chosen move, the search's verdict and the candidates it compared."""
    searched, own = list(moves), None
    if view["phase"] == "offer":
        searched, own = candidates(Sim.from_state(sample_state(view, rng), rng), moves)
    verdict = sequential_halving(
        len(searched),
        _sampler(view, searched, rng),
        deadline,
        first_cut=FIRST_CUT,
        baseline=own,
        confidence=CONFIDENCE,
    )
    return searched[verdict.best], verdict, searched


make_boss = view_search_boss(search)


__all__ = ["OFFER", "TAKE", "candidates", "make_boss", "search"]
