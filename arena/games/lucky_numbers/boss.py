"""The Lucky Numbers boss: flat Monte Carlo over determinizations, from the seat's view only.

Every decision compares its candidate moves by rollouts to the end of the game
(arena.search.racing). A rollout starts from a state sampled from the view (belief.py: the
pot's order, Michael's unrevealed tiles), plays the candidate, then lets every seat play on by
the greedy-like policy of playout.py. The candidates share each sampled pot (common random
numbers); after MIN_ROUNDS rounds a candidate leaves the race when the leader beats it on the
same pots by more than Z standard errors, so a longer search settles closer calls (sequential
halving, used before, dropped half of them after 4 and 8 pots whatever the budget). The answer
is the surviving move with the best mean result: its share of the win, plus a little per tile
of lead. Of a resolve decision's places and swaps only the KEEP best by the policy's evaluation
are searched. The search stops when its budget (arena.search.budget) is spent, or when one
candidate is left: the referee's clock, or a fixed number of rollouts for reproducible play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.games.lucky_numbers import rules
from arena.games.lucky_numbers.belief import sample_state
from arena.games.lucky_numbers.notation import CELL_NAMES
from arena.games.lucky_numbers.playout import Sim
from arena.games.lucky_numbers.state import LuckyNumbersState, Phase
from arena.games.lucky_numbers.strategy import IDEAL
from arena.search.budget import Deadline
from arena.search.halving import Future, Verdict
from arena.search.racing import race
from arena.search.seeded import view_search_boss

MIN_ROUNDS = 8  # futures every candidate plays before the race drops any
Z = 2.0  # standard errors of a paired difference that drop a candidate from the race
KEEP = 6  # places and swaps searched, the policy's best
CONFIDENCE = 1.0  # standard errors to overrule the policy
_CELL = {name: i for i, name in enumerate(CELL_NAMES)}


def _apply(sim: Sim, move: str, hand: int) -> bool:
    """Play a legal acquire or resolve move on a Sim, the rest of its turn by the policy;
    True when that ended the game."""
    if move == "draw":
        return sim.resolve(sim.draw(), True)
    word, _, arg = move.partition(" ")
    if word == "take":
        value = int(arg)
        sim.take(value)
        return sim.resolve(value, False)
    if word == "discard":
        return sim.discard(hand)
    return sim.put(_CELL[arg], hand)


def _after_setup(state: LuckyNumbersState, move: str, seat: int) -> Sim:
    """Michael's setup: play `move`, the rest of the setup by the ideal-cell heuristic (as the
    greedy bot does), and the Sim of the first turn."""
    state = rules.play(state, seat, move)
    while state.phase is Phase.SETUP:
        legal = rules.legal_moves(state, state.current)
        near = min(legal, key=lambda m: abs(state.hand - IDEAL[_CELL[m.split()[1]]]))
        state = rules.play(state, state.current, near)
    return Sim.from_state(state)


def _sampler(
    view: Mapping[str, Any], moves: Sequence[str], rng: random.Random
) -> Callable[[], Future]:
    """Each call samples one future (a state consistent with the view), which plays any
    candidate through to the end of the game."""
    seat = view["seat"]
    if view["phase"] == "setup":

        def setup_future() -> Future:
            state = sample_state(view, rng)

            def run(i: int) -> float:
                sim = _after_setup(state, moves[i], seat)
                sim.finish()
                return sim.result(seat)

            return run

        return setup_future
    start = Sim.from_state(sample_state(view, rng))
    hand = view["hand"]

    def future() -> Future:
        pot = start.pot[:]
        rng.shuffle(pot)  # the pot's order is all the view hides after the setup

        def run(i: int) -> float:
            sim = start.copy()
            sim.pot = pot[:]
            if not _apply(sim, moves[i], hand):
                sim.finish()
            return sim.result(seat)

        return run

    return future


def candidates(view: Mapping[str, Any], moves: Sequence[str]) -> list[str]:
    """The moves worth searching: every acquire or setup move; of a resolve decision's places
    and swaps, the KEEP that the policy's evaluation rates best, and the discard."""
    if view["phase"] != "resolve" or len(moves) <= KEEP + 1:
        return list(moves)
    rate = Sim.from_grid(list(view["grids"][view["seat"]]))
    hand = view["hand"]
    cells = sorted(
        (m for m in moves if m != "discard"), key=lambda m: -rate.gain(0, _CELL[m[-2:]], hand)
    )
    kept = set(cells[:KEEP])
    return [m for m in moves if m in kept or m == "discard"]


def policy_move(view: Mapping[str, Any]) -> str | None:
    """The rollout policy's own choice in this position (None in Michael's setup)."""
    if view["phase"] == "setup":
        return None
    sim = Sim.from_state(sample_state(view, random.Random(0)))  # the pot's order is unused
    if view["phase"] == "acquire":
        value, _ = sim.choose_take()
        return f"take {value}" if value else "draw"
    hand = view["hand"]
    gain, cell = sim.best_cell(view["seat"], hand)
    if cell < 0 or (view["hand_source"] == "draw" and gain < 0):
        return "discard"
    return f"{'swap' if view['grids'][view['seat']][cell] else 'place'} {CELL_NAMES[cell]}"


def search(
    view: Mapping[str, Any], moves: Sequence[str], deadline: Deadline, rng: random.Random
) -> tuple[str, Verdict, list[str]]:
    """The chosen move, the search's verdict and the candidates it compared."""
    searched = candidates(view, moves)
    own = policy_move(view)
    verdict = race(
        len(searched),
        _sampler(view, searched, rng),
        deadline,
        min_rounds=MIN_ROUNDS,
        z=Z,
        baseline=searched.index(own) if own in searched else None,
        confidence=CONFIDENCE,
    )
    return searched[verdict.best], verdict, searched


make_boss = view_search_boss(search)


__all__ = ["candidates", "make_boss", "search"]
