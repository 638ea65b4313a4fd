"""The Epizodiak boss's model of the other seats: which play like random bots (opponents.py),
and its rollouts that play them so."""

from __future__ import annotations

import random
from collections.abc import Iterator

from arena.games.epizodiak import GAME, EpizodiakOptions
from arena.games.epizodiak.opponents import Marks, random_seats
from arena.games.epizodiak.playout import rollout
from arena.games.epizodiak.positions import position
from arena.games.epizodiak.state import Phase, State
from arena.strategies import make_policy
from arena.testing import request_for


def games(kind: str, seeds: range) -> Iterator[tuple[int, State]]:
    """(seed, state) at every decision of games where every seat plays `kind`."""
    for seed in seeds:
        policies = [make_policy("epizodiak", kind, seed * 3 + s) for s in range(3)]
        state = GAME.setup(3, EpizodiakOptions(), random.Random(seed))
        while GAME.outcome(state) is None:
            yield seed, state
            seat = state.current
            reply = policies[seat](request_for(GAME, state, seat))
            move = GAME.legal_moves(state, seat)[reply] if isinstance(reply, int) else reply
            state = GAME.play(state, seat, move)


def marked_share(kind: str) -> float:
    """The share of seat 0's decisions at which each other seat is marked random so far."""
    marks, marked, seen = Marks(), 0, 0
    for seed, state in games(kind, range(6)):
        if state.current == 0:
            now = marks.update(str(seed), GAME.view(state, 0))
            marked += now[1] + now[2]
            seen += 2
    return marked / seen


def test_random_bots_are_told_from_greedy_ones_by_the_turns_they_play() -> None:
    assert marked_share("greedy") == 0.0
    assert marked_share("random") > 0.8


def test_a_short_run_laid_before_drawing_marks_a_seat_random() -> None:
    state = position((5, 7), [[9, 4, 1], [2, 3, 11], [8, 9, 10]], [11, 12, 1, 6], current=2)
    state = GAME.play(state, 2, "place cw 8 9")
    assert random_seats(GAME.view(state, 0)) == (False, False, True)
    state = GAME.play(state, 0, "draw")
    assert random_seats(GAME.view(state, 1)) == (False, False, True)


def test_rollouts_play_the_marked_seats_at_random_and_the_others_greedily() -> None:
    state = GAME.setup(3, EpizodiakOptions(), random.Random(3))
    greedy = rollout(state)
    assert rollout(state, (False, False, False), random.Random(1)) == greedy
    randoms = [rollout(state, (False, True, True), random.Random(k)) for k in range(6)]
    assert len({r.recent for r in randoms}) > 1
    assert all(r.phase == Phase.OVER for r in randoms)
