"""The compiled core (arena/games/epizodiak/_core.c) against the pure-Python reference engine.

Random games in step (arena.core.compiled.check_compiled) for every option combination, then the
literal positions of this directory's tests (every `position(...)` call they make that can be
rebuilt from its test's module and function) and a few of our own near the caps: from each,
every legal move is played on both engines and the game is played on in step to its end.
"""

from __future__ import annotations

import ast
import copy
import itertools
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from arena.core.compiled import check_compiled, require_compiled
from arena.games.epizodiak import GAME, EpizodiakOptions
from arena.games.epizodiak.positions import position
from arena.games.epizodiak.state import ROUND_CAP, TURN_CAP, Side

HERE = Path(__file__).resolve().parent
SCORE7 = EpizodiakOptions(mode="score7")
PILE = [11, 12, 1]

COMBINATIONS = [
    EpizodiakOptions(mode, target, dial_double, pickup_legacy, score7_legacy)
    for mode, target, dial_double, pickup_legacy, score7_legacy in itertools.product(
        ("one_round", "score7"), (7, 13), (False, True), (False, True), (False, True)
    )
]


def test_the_core_is_built():
    """Fails (never skips) when the core is missing: the suite needs every core built."""
    engine = require_compiled("epizodiak")
    state = engine.setup(3, EpizodiakOptions(), random.Random(1))
    assert engine.to_reference(state) == GAME.setup(3, EpizodiakOptions(), random.Random(1))


@pytest.mark.parametrize(
    ("options", "games", "seed"),
    [
        (EpizodiakOptions(), 300, 0),
        (SCORE7, 100, 0),
        (EpizodiakOptions(mode="score7", target=13), 30, 7_000),
    ],
)
def test_common_setups_in_step(options, games, seed):
    assert check_compiled("epizodiak", 3, options, games, seed=seed) > 0


@pytest.mark.parametrize("options", COMBINATIONS, ids=str)
def test_every_option_combination_in_step(options):
    assert check_compiled("epizodiak", 3, options, 10, seed=100) > 0


def test_every_player_count_but_three_is_refused_alike():
    engine = require_compiled("epizodiak")
    for players in (1, 2, 4):
        with pytest.raises(Exception) as reference:
            GAME.setup(players, EpizodiakOptions(), random.Random(0))
        with pytest.raises(reference.type):
            engine.setup(players, EpizodiakOptions(), random.Random(0))


def _both(ref: Any, fast: Any, seat: int, move: Any) -> tuple[Any, Any]:
    """The move on both engines: equal states, or the same error class and message."""
    engine = require_compiled("epizodiak")
    try:
        after = GAME.play(ref, seat, move)
    except Exception as exc:
        with pytest.raises(type(exc)) as raised:
            engine.play(fast, seat, move)
        assert str(raised.value) == str(exc)
        return None, None
    fast_after = engine.play(fast, seat, move)
    assert engine.to_reference(fast_after) == after, move
    assert engine.outcome(fast_after) == GAME.outcome(after), move
    return after, fast_after


def _in_step(ref: Any, rng: random.Random) -> int:
    """From a reference state: every legal move on both engines, then one line played on in
    step to the end (random moves). Returns the decisions compared."""
    engine = require_compiled("epizodiak")
    fast = engine.from_reference(ref)
    assert engine.to_reference(fast) == ref
    for seat in (0, 1, 2):
        assert engine.legal_moves(fast, seat) == GAME.legal_moves(ref, seat)
    for move in [*GAME.legal_moves(ref, ref.current), "no such move", "place cw 13", "set 1"]:
        _both(ref, fast, ref.current, move)
    decisions = 0
    while ref is not None and GAME.outcome(ref) is None and decisions < 5_000:
        assert engine.to_reference(fast) == ref
        assert tuple(engine.to_move(fast)) == tuple(GAME.to_move(ref))
        legal = GAME.legal_moves(ref, ref.current)
        assert engine.legal_moves(fast, ref.current) == legal
        if not legal:  # a scenario position may leave the seat without a decision
            break
        ref, fast = _both(ref, fast, ref.current, rng.choice(legal))
        decisions += 1
    return decisions


def _test_positions() -> list[tuple[str, Any]]:
    """Every `position(...)` of this directory's tests that evaluates in its module's names and
    the plain assignments of its function before it (parametrized ones take no value: skipped)."""
    out = []
    for path in sorted(HERE.glob("test_epizodiak_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text())
        module: dict[str, Any] = {"__file__": str(path), "__name__": path.stem}
        for statement in tree.body:  # the module's imports and constants, not its tests
            if isinstance(statement, (ast.Import, ast.ImportFrom, ast.Assign)):
                _run(statement, path, module)
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            names = dict(module)
            for statement in function.body:
                calls = [
                    n
                    for n in ast.walk(statement)
                    if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "position"
                ]
                for call in calls:
                    try:
                        state = eval(compile(ast.Expression(call), str(path), "eval"), names)
                    except NameError:
                        continue
                    out.append((f"{path.name}:{call.lineno}", state))
                if isinstance(statement, ast.Assign):
                    _run(statement, path, names)
    return out


def _run(statement: ast.stmt, path: Path, names: dict[str, Any]) -> None:
    """One statement of a test file in `names`; nothing if it needs what is not there (a
    test's parameters or fixtures)."""
    try:
        exec(compile(ast.Module([statement], []), str(path), "exec"), names)
    except Exception:
        pass


TEST_POSITIONS = _test_positions()

OWN_POSITIONS = [
    # the turn cap ends the round (One round: the game, termination turn_cap)
    ("turn cap", position((5, 7), [[8, 9, 1], [1, 2], [2, 3]], PILE, turns=TURN_CAP - 1)),
    (
        "turn cap, score7",
        position((5, 7), [[8, 1], [1, 2], [2, 3]], PILE, turns=TURN_CAP - 1, options=SCORE7),
    ),  # fmt: skip
    # the round cap: the 50th round ends the game short of the target
    (
        "round cap",
        position(
            (5, 7),
            [[8], [1, 2], [2, 3]],
            PILE,
            options=SCORE7,
            round_no=ROUND_CAP,
            totals=(3, 1, 0),
        ),
    ),  # fmt: skip
    # the target reached on a tie: the seat that went out wins it
    (
        "target tie",
        position((5, 7), [[8], [1, 2], [2, 3]], PILE, options=SCORE7, totals=(4, 7, 0)),
    ),  # fmt: skip
    # the oldest rule: only who empties their hand scores sets
    (
        "score7 legacy",
        position(
            (5, 7),
            [[8], [1, 2], [2, 3]],
            PILE,
            discards=[(4, 1), (6, 2)],
            options=EpizodiakOptions(mode="score7", score7_legacy=True),
        ),
    ),
    # a full dial: the 12th tile reshuffles dial and pile (dial_double credits the placer)
    (
        "full dial",
        position(
            (1, 10),
            [[11, 12, 3], [4, 5], [6, 7]],
            [2, 8, 9],
            options=EpizodiakOptions(dial_double=True),
        ),
    ),  # fmt: skip
    # a contest that strips a seat of its last tiles: two seats out at once
    ("contest strips", position((5, 9), [[11], [10, 10], [10, 10, 3]], [], skips=2)),
    # after three skips the seat must place or contest
    ("skip limit", position((5, 9), [[4, 3, 1, 1, 1], [2], [12]], [], skips=3)),
    # legacy pickups from either end, with and without a pile
    (
        "legacy pickup",
        position(
            (5, 9),
            [[5, 5, 9, 9, 10], [2], [12]],
            PILE,
            options=EpizodiakOptions(pickup_legacy=True),
        ),
    ),  # fmt: skip
    (
        "legacy pickup, no pile",
        position(
            (5, 9), [[5, 5, 9, 9, 4], [2], [12]], [], options=EpizodiakOptions(pickup_legacy=True)
        ),
    ),
    # a pickup of the previous placement's end, with no pile
    ("pickup, no pile", position((5, 9), [[9, 10, 11], [2], [12]], [], last_end=Side.CW)),
]


def test_the_test_positions_are_found():
    assert len(TEST_POSITIONS) >= 30


@pytest.mark.parametrize(
    ("where", "state"),
    TEST_POSITIONS + OWN_POSITIONS,
    ids=[w for w, _ in TEST_POSITIONS + OWN_POSITIONS],
)
def test_literal_positions_in_step(where, state):
    for seed in range(3):
        _in_step(state, random.Random(seed))


def test_a_finished_game_converts_both_ways():
    engine = require_compiled("epizodiak")
    rng = random.Random(5)
    fast = engine.setup(3, SCORE7, random.Random(5))
    while engine.outcome(fast) is None:
        seat = engine.to_move(fast)[0]
        fast = engine.play(fast, seat, rng.choice(engine.legal_moves(fast, seat)))
    ref = engine.to_reference(fast)
    assert engine.to_reference(engine.from_reference(ref)) == ref
    assert engine.to_move(fast) == () and engine.legal_moves(fast, 0) == []


def test_states_pickle_as_their_reference_and_copy_as_themselves():
    engine = require_compiled("epizodiak")
    state = engine.setup(3, SCORE7, random.Random(3))
    state = engine.play(state, engine.to_move(state)[0], "draw")
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is type(state) and again is not state
    assert engine.to_reference(again) == engine.to_reference(state)
    seat = engine.to_move(state)[0]
    assert engine.legal_moves(again, seat) == engine.legal_moves(state, seat)
    assert copy.copy(state) is state and copy.deepcopy(state) is state
