"""Hypnosia's compiled core (arena/games/hypnosia/_core.c) against the pure-Python engine.

The pure engine is the reference: random games are played on both in step (arena.core.compiled's
check_compiled) for every player count and both values of stacks_cross, with the default round
cap and small ones (games stopped by the cap); a census of the same games shows which rules they
reached. Literal positions (the spec vectors' and the rules tests') are converted and every legal
move is played on both. The core must be built: a missing core fails here, it is not skipped.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypnosia_helpers import position

from arena.core.compiled import check_compiled, require_compiled
from arena.errors import IllegalMoveError, InvalidMoveError
from arena.games.hypnosia import GAME, HypnosiaOptions, State
from arena.games.hypnosia.rules import legal_moves, outcome, play, to_move

# (players, stacks_cross, round_cap, games, first seed): the common setup gets the most games.
CONFIGS = [
    (2, True, 300, 300, 0),
    (2, False, 300, 120, 1_000),
    *((n, sc, 300, 50, 2_000 + 100 * n + 50 * sc) for n in range(3, 7) for sc in (True, False)),
    *((n, sc, cap, 15, 5_000 + 100 * n + 50 * sc) for n in (2, 4, 6) for sc in (True, False)
      for cap in (1, 3, 20)),
]  # fmt: skip


def test_the_core_is_built() -> None:
    engine = require_compiled("hypnosia")  # ConfigError, saying why, when it is not
    assert engine.name == "hypnosia"


@pytest.mark.parametrize(("players", "stacks_cross", "round_cap", "games", "seed"), CONFIGS)
def test_random_games_agree(
    players: int, stacks_cross: bool, round_cap: int, games: int, seed: int
) -> None:
    options = HypnosiaOptions(stacks_cross=stacks_cross, round_cap=round_cap)
    assert check_compiled("hypnosia", players, options, games, seed=seed) > games


def _census(players: int, options: HypnosiaOptions, games: int, seed: int) -> Counter[str]:
    """What happened in check_compiled's games (the same seeds, the same random choices),
    replayed on the reference engine."""
    seen: Counter[str] = Counter()
    for g in range(seed, seed + games):
        rng = random.Random(g ^ 0x5EED)
        state = GAME.setup(players, options, random.Random(g))
        while (result := outcome(state)) is None:
            seat = rng.choice(to_move(state))
            move = rng.choice(legal_moves(state, seat))
            seen["double"] += state.dice[0] == state.dice[1]
            seen["from a start slot"] += " S" in move
            seen["stack move"] += " x2" in move
            seen["crossing"] += move.endswith(" in")
            before = state
            state = play(state, seat, move)
            seen["capture"] += sum(state.gained) > sum(before.gained)
            entered = len(state.centre) - len(before.centre)
            seen["into the centre"] += entered > 0
            seen["stack split at the centre (HY-A10)"] += " x2" in move and entered == 1
            seen["forfeited die"] += any(
                text.startswith("skip") for turn in state.turns[-2:] for _, text in turn
            )
            seen["turns dropped"] += state.events_before > before.events_before
            if not state.over:
                on_board = {cell & 7 for cell in set(state.cells) if cell}
                seen["seat without pawns"] += any(
                    not state.start[s] and s not in on_board for s in range(players)
                )
        seen[f"ended: {result.termination.value}"] += 1
    return seen


def test_the_compared_games_reach_every_rule() -> None:
    seen: Counter[str] = Counter()
    for players, stacks_cross, round_cap, games, seed in CONFIGS:
        options = HypnosiaOptions(stacks_cross=stacks_cross, round_cap=round_cap)
        seen += _census(players, options, min(games, 60), seed)  # the first games of each
    reached = {
        "double",
        "from a start slot",
        "stack move",
        "crossing",
        "capture",
        "into the centre",
        "stack split at the centre (HY-A10)",
        "forfeited die",
        "turns dropped",
        "seat without pawns",
        "ended: normal",
        "ended: turn_cap",
    }
    assert reached <= {what for what, count in seen.items() if count}, seen


# Literal positions: those of the spec vectors (test_hypnosia_vectors.py) and of the rules
# tests (test_hypnosia_rules.py, test_hypnosia_conformance.py, test_hypnosia_bots.py).
POSITIONS: list[tuple[dict[str, str], dict[str, Any]]] = [
    ({"A20": "1"}, {"start": {0: [4]}, "dice": (3, 4), "left": (3, 4)}),
    ({"A3": "0", "A30": "1"}, {"dice": (4, 2)}),
    ({"A5": "0", "A30": "1"}, {"dice": (4, 2)}),
    ({"A5": "0"}, {"dice": (4, 4)}),
    ({"C3": "0", "A30": "1"}, {"dice": (1, 5)}),
    ({"C3": "0"}, {"dice": (2, 2)}),
    ({"A3": "0", "A5": "1", "A40": "1"}, {"dice": (2, 6)}),
    ({"A3": "00", "A5": "11", "A40": "1"}, {"dice": (2, 6)}),
    ({"A3": "0", "A5": "11"}, {"dice": (2, 2)}),
    ({"A3": "0", "A5": "0", "A40": "1"}, {"dice": (2, 6)}),
    ({"A3": "0", "A5": "00"}, {"dice": (2, 2)}),
    ({"A3": "00", "A5": "0"}, {"dice": (2, 2)}),
    ({"C3": "00", "A30": "1"}, {"dice": (1, 5), "centre": (1,)}),
    ({"C3": "00", "A30": "1"}, {"dice": (1, 5), "centre": (1, 1, 1, 1)}),
    ({"C3": "0", "A30": "1"}, {"dice": (6, 1)}),
    ({"A3": "0"}, {"start": {1: [4]}, "dice": (5, 5), "left": (5,)}),
    ({"A10": "0", "A30": "1"}, {"dice": (3, 3)}),
    ({"A10": "0", "A30": "1"}, {"dice": (5, 2)}),
    ({"A30": "1"}, {"start": {0: [1, 2, 3, 4]}, "dice": (6, 1)}),
    ({"A30": "1"}, {"start": {0: [1, 2, 3, 4]}, "dice": (4, 4)}),
    ({"A2": "0", "A30": "1"}, {"start": {0: [1]}, "dice": (3, 6)}),
    ({"A1": "0", "A3": "0", "A30": "1"}, {"dice": (2, 4)}),
    ({"A7": "0", "A30": "1"}, {"dice": (3, 3)}),
    ({"B0": "0", "C1": "0", "A30": "1"}, {"dice": (6, 6)}),
    ({"C7": "0", "A30": "1"}, {"dice": (2, 3)}),
    ({"C7": "0", "A30": "1"}, {"dice": (1, 3)}),
    ({"C3": "0", "C20": "0", "A30": "1"}, {"dice": (1, 2)}),
    ({"A3": "00", "A30": "1"}, {"dice": (2, 5)}),
    ({"A7": "00", "A30": "1"}, {"dice": (2, 5)}),
    ({"A7": "00", "A30": "1"}, {"dice": (2, 5), "stacks_cross": False}),
    ({"C3": "00"}, {"dice": (1, 1), "stacks_cross": False}),
    ({"C3": "00", "A30": "1"}, {"dice": (1, 1), "stacks_cross": False}),
    ({"A3": "00", "A5": "11", "A9": "1"}, {"dice": (2, 4)}),
    ({"A3": "0"}, {"start": {1: [1, 2, 3, 4]}, "dice": (5, 5)}),
    ({"C3": "0"}, {"dice": (1, 4), "centre": (1, 1), "gained": (0, 2), "lost": (2, 0)}),
    ({"C3": "0", "A30": "1"}, {"dice": (1, 4), "centre": (1, 1, 0, 1)}),
    ({"A3": "0", "A20": "2"}, {"num_players": 3, "dice": (2, 2), "left": (2,)}),
    ({"A3": "0", "A30": "1"}, {"dice": (2, 2), "left": (2,), "current": 1, "round_cap": 1}),
    ({"B3": "0"}, {"start": {0: [1, 2, 3]}, "gained": (4, 0), "lost": (0, 4)}),
    ({"A7": "00", "C3": "1"}, {"start": {0: [2, 4]}, "centre": (1,), "dice": (4, 2)}),
    ({"C3": "0", "A20": "0", "A30": "1"}, {"dice": (1, 3)}),
    ({"A12": "0", "A30": "0", "A9": "11"}, {"dice": (6, 6)}),
    ({"C3": "0"}, {"dice": (1, 1)}),  # the last pawn on the board enters: an empty board ends it
    ({"C23": "55", "A3": "3", "B7": "00"}, {"num_players": 6, "current": 5, "dice": (1, 6)}),
]


def _same(engine: Any, fast: Any, ref: State, at: str) -> None:
    assert engine.to_reference(fast) == ref, f"{at}: the states differ"
    assert engine.outcome(fast) == outcome(ref), f"{at}: the outcomes differ"
    assert tuple(engine.to_move(fast)) == tuple(to_move(ref)), f"{at}: the seats to move differ"
    for seat in range(ref.num_players):
        got, want = list(engine.legal_moves(fast, seat)), legal_moves(ref, seat)
        assert got == want, f"{at}: seat {seat}'s legal moves differ"


@pytest.mark.parametrize(("units", "kwargs"), POSITIONS)
def test_literal_positions_agree_after_every_legal_move(
    units: dict[str, str], kwargs: dict[str, Any]
) -> None:
    engine = require_compiled("hypnosia")
    ref = position(units, **kwargs)
    fast = engine.from_reference(ref)
    _same(engine, fast, ref, f"{units} {kwargs}")
    for move in legal_moves(ref, ref.current):
        at = f"{units} {kwargs}, {move!r}"
        after_ref, after_fast = play(ref, ref.current, move), engine.play(fast, ref.current, move)
        _same(engine, after_fast, after_ref, at)
        rng = random.Random(move)  # then on, a few random moves from there
        for ply in range(40):
            if outcome(after_ref) is not None:
                break
            seat = after_ref.current
            then = rng.choice(legal_moves(after_ref, seat))
            after_ref = play(after_ref, seat, then)
            after_fast = engine.play(after_fast, seat, then)
            _same(engine, after_fast, after_ref, f"{at}, then {ply + 1} random moves")


def _refusal(call: Any) -> tuple[type[Exception], str]:
    with pytest.raises((InvalidMoveError, IllegalMoveError)) as caught:
        call()
    return type(caught.value), str(caught.value)


@pytest.mark.parametrize(
    ("seat", "move"),
    [
        (0, "no such move"),  # no move at all
        (0, "4 A3 x2"),  # a stack it has not got
        (0, "5 A3"),  # a die it has not rolled
        (0, "3 S1"),  # an empty start slot
        (0, 42),  # not text
        (1, "4 A3"),  # not its turn (apply refuses; play is the reference's own)
    ],
)
def test_a_refused_move_is_refused_alike(seat: int, move: Any) -> None:
    engine = require_compiled("hypnosia")
    ref = position({"A3": "0", "A30": "1"}, dice=(4, 2))
    fast = engine.from_reference(ref)
    assert _refusal(lambda: engine.apply(fast, seat, move)) == _refusal(
        lambda: GAME.apply(ref, seat, move)
    )
    if seat == 0:
        assert _refusal(lambda: engine.play(fast, seat, move)) == _refusal(
            lambda: play(ref, seat, move)
        )


def test_a_finished_game_refuses_every_move_alike() -> None:
    engine = require_compiled("hypnosia")
    ref = play(position({"C3": "0"}, dice=(1, 1)), 0, "1 C3 in")
    fast = engine.play(engine.from_reference(position({"C3": "0"}, dice=(1, 1))), 0, "1 C3 in")
    assert ref.over and engine.to_reference(fast) == ref
    assert engine.to_move(fast) == () and list(engine.legal_moves(fast, 0)) == []
    assert _refusal(lambda: engine.apply(fast, 0, "1 C3")) == _refusal(
        lambda: GAME.apply(ref, 0, "1 C3")
    )


def test_play_leaves_the_state_it_was_given_alone() -> None:
    engine = require_compiled("hypnosia")
    ref = position({"A3": "00", "A5": "11", "A40": "1"}, dice=(2, 6))
    fast = engine.from_reference(ref)
    moves = engine.legal_moves(fast, 0)
    children = [engine.play(fast, 0, move) for move in moves]
    assert engine.to_reference(fast) == ref and engine.legal_moves(fast, 0) == moves
    assert [engine.to_reference(c) for c in children] == [play(ref, 0, m) for m in moves]


@pytest.mark.parametrize(
    "change",
    [
        {"cells": bytes(3)},  # not one cell per space
        {"num_players": 7},
        {"dice": (7, 1)},  # no such die
        {"moves": ("not a move",)},
        {"start": (16, 0)},  # start slots S1..S4 only
        {"centre": (0, 0, 0, 0, 0, 0)},  # five places
        {"over": "aborted"},  # an engine ends normally or by its cap
    ],
)
def test_from_reference_refuses_what_no_engine_state_holds(change: dict[str, Any]) -> None:
    engine = require_compiled("hypnosia")
    with pytest.raises(ValueError):
        engine.from_reference(position({"A3": "0"})._replace(**change))


def test_setup_is_the_reference_deal() -> None:
    engine = require_compiled("hypnosia")
    for players in range(2, 7):
        for seed in range(20):
            options = HypnosiaOptions()
            fast = engine.setup(players, options, random.Random(seed))
            assert engine.to_reference(fast) == GAME.setup(players, options, random.Random(seed))


def _playout(engine: Any, start: Any, seed: int) -> State:
    rng, state = random.Random(seed), start
    while engine.outcome(state) is None:
        seat = rng.choice(engine.to_move(state))
        state = engine.play(state, seat, rng.choice(list(engine.legal_moves(state, seat))))
    end: State = engine.to_reference(state)
    return end


def test_threads_share_states() -> None:
    """Policies search on several threads: playouts from one shared state end alike."""
    engine = require_compiled("hypnosia")
    start = engine.setup(4, HypnosiaOptions(), random.Random(7))
    alone = [_playout(engine, start, seed) for seed in range(16)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        shared = list(pool.map(lambda seed: _playout(engine, start, seed), range(16)))
    assert shared == alone


def test_states_copy_as_themselves_and_pickle_as_their_reference() -> None:
    engine = require_compiled("hypnosia")
    ref = GAME.setup(3, HypnosiaOptions(stacks_cross=False), random.Random(5))
    fast = engine.from_reference(ref)
    assert copy.copy(fast) is fast and copy.deepcopy(fast) is fast
    back = pickle.loads(pickle.dumps(fast))
    assert type(back) is type(fast) and engine.to_reference(back) == ref


@pytest.mark.parametrize(
    "first_turn",
    [
        # a roll-off of three seats, then the roll: a first turn longer than the core's own
        ((0, "rolloff 6 6"), (1, "rolloff 2 3"), (2, "rolloff 6 6"), (0, "rolloff 5 1"),
         (2, "rolloff 1 1"), (0, "roll 4 2")),
        ((0, "roll 4 2"), (1, "a text no engine writes")),
    ],
)  # fmt: skip
def test_a_first_turn_the_core_does_not_encode_is_kept_as_it_is(
    first_turn: tuple[tuple[int, str], ...],
) -> None:
    """The first kept turn may be any tuple (the roll-off's, in a game): moves append to it
    while it is the current turn, and it is dropped, counted in events_before, like any."""
    engine = require_compiled("hypnosia")
    ref = position({"A3": "0", "A30": "1", "B7": "2"}, num_players=3, dice=(4, 2))
    ref = ref._replace(turns=(first_turn,))
    fast = engine.from_reference(ref)
    _same(engine, fast, ref, "converted")
    rng = random.Random(3)
    for ply in range(60):
        if outcome(ref) is not None:
            break
        move = rng.choice(legal_moves(ref, ref.current))
        ref, fast = play(ref, ref.current, move), engine.play(fast, ref.current, move)
        _same(engine, fast, ref, f"ply {ply}, {move!r}")
    assert ref.events_before >= len(first_turn)  # the first turn was dropped on the way
