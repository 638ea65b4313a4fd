"""The compiled core (_core.c, compiled.py) against the pure-Python engine, the reference: random
games in step for every player count and option combination, games biased towards the rare
rules (ties, equal numbers, seats out, rounds ended early), and every legal move (and some
refused ones) from literal positions: the spec vectors' (TN-T1 .. TN-T16) and the rule tests'."""

from __future__ import annotations

import itertools
import random
from typing import Any, Literal

import pytest

from arena.core.compiled import check_compiled, require_compiled
from arena.games.the_number import GAME, TheNumberOptions, TheNumberState
from arena.games.the_number.positions import board, position
from arena.games.the_number.state import ALL_CROSSED, DIGIT_MASK, Status

ENGINE = require_compiled("the_number")  # no core: the module fails to import, not a skip

TIED: tuple[Literal["full", "none"], ...] = ("full", "none")
OPTIONS = [
    TheNumberOptions(rounds, tied, cross, equal)
    for rounds, tied, cross, equal in itertools.product(
        (1, 2, 3), TIED, (False, True), (False, True)
    )
]
DEFAULT = TheNumberOptions()


def test_the_core_is_built() -> None:
    engine = require_compiled("the_number")
    assert engine.name == "the_number"
    state = engine.setup(4, DEFAULT, random.Random(1))
    assert engine.to_reference(state) == GAME.setup(4, DEFAULT, random.Random(1))


@pytest.mark.parametrize("players", [0, 2, 6, True, "3"])
def test_player_counts_out_of_range_are_refused_alike(players: Any) -> None:
    want = played_or_refused(GAME.setup, players, DEFAULT, random.Random(0))
    got = played_or_refused(ENGINE.setup, players, DEFAULT, random.Random(0))
    assert not isinstance(want, TheNumberState) and got == want


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_in_step_default_options(players: int) -> None:
    assert check_compiled("the_number", players, DEFAULT, 60, seed=1000 * players) > 0


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_random_games_in_step_every_option(players: int, options: TheNumberOptions) -> None:
    assert check_compiled("the_number", players, options, 4, seed=100 * players) > 0


@pytest.mark.parametrize("players", [3, 5])
def test_ten_round_games_in_step(players: int) -> None:
    options = TheNumberOptions(rounds=10, eliminated_cross=True)
    assert check_compiled("the_number", players, options, 3, seed=7 * players) > 0


def in_step(ref: TheNumberState, fast: Any, where: str) -> None:
    """The two states agree: equal converted back, same outcome, movers and legal moves."""
    assert ENGINE.to_reference(fast) == ref, f"{where}: the states differ"
    assert ENGINE.outcome(fast) == GAME.outcome(ref), f"{where}: the outcomes differ"
    assert tuple(ENGINE.to_move(fast)) == GAME.to_move(ref), f"{where}: the movers differ"
    for seat in (*range(ref.num_players), -1, ref.num_players, True):
        got, want = list(ENGINE.legal_moves(fast, seat)), GAME.legal_moves(ref, seat)
        assert got == want, f"{where}: seat {seat}'s legal moves differ"


def biased_move(moves: list[str], rng: random.Random, greedy: bool) -> str:
    """A repeated digit (equal numbers, ties), a number of as many digits as possible (seats
    out: always when `greedy`), the smallest or a random move."""
    pick = 1 if greedy else rng.randrange(4)
    if pick == 0:
        same = [m for m in moves if m[-1] == m[-2] == m[-3]]
        return rng.choice(same)
    if pick == 1:
        most = max(len(set(m[-3:])) for m in moves)
        return rng.choice([m for m in moves if len(set(m[-3:])) == most])
    return moves[0] if pick == 2 else rng.choice(moves)


def test_biased_games_in_step_reach_every_rule() -> None:
    seen: set[str] = set()
    for g in range(120):
        players = 3 + g % 3
        options = OPTIONS[g % len(OPTIONS)]
        rng = random.Random(g)
        ref = GAME.setup(players, options, random.Random(g))
        fast = ENGINE.setup(players, options, random.Random(g))
        while GAME.outcome(ref) is None:
            movers = GAME.to_move(ref)
            seat = movers[rng.randrange(len(movers))]
            move = biased_move(GAME.legal_moves(ref, seat), rng, g % 4 == 3)
            ref, fast = GAME.play(ref, seat, move), ENGINE.play(fast, seat, move)
            in_step(ref, fast, f"game {g}, {move} by {seat}")
        for record, after in zip(ref.history, (*ref.history[1:], None), strict=True):
            entries = record.entries
            approved = [e.number for e in entries if e.status is Status.APPROVED]
            numbers = [e.number for e in entries if e.number is not None]
            if any(e.status is Status.OUT for e in entries):
                seen.add("out")
            if len(numbers) != len(set(numbers)):
                seen.add("equal numbers")
            if approved and approved.count(max(approved)) > 1:  # type: ignore[type-var]
                seen.add("tied top " + options.tied_bonus)
            if record.turn < 5 and (after is None or after.round > record.round):
                seen.add("round ended early")
            if record.turn == 5:
                seen.add("turn 5")
    assert seen == {
        "out", "equal numbers", "tied top full", "tied top none", "round ended early", "turn 5",
    }  # fmt: skip


NEW = position(3)
LITERAL: dict[str, TheNumberState] = {
    "fresh": NEW,
    "T1": position(3, pending=[882, 431, None]),
    "T2": position(3, pending=[999, 777, None]),
    "T3": position(4, pending=[987, 654, 321, None]),
    "T4": position(3, pending=[555, 555, None]),
    "T4 tied none": position(
        3, pending=[555, 555, None], options=TheNumberOptions(tied_bonus="none")
    ),
    "T5": position(3, pending=[555, 555, None]),
    "T5 equal eliminate": position(
        3, pending=[555, None, 123], options=TheNumberOptions(equal_eliminate=True)
    ),
    "T6": position(3, pending=[277, 700, None]),
    "T6 eliminated cross": position(
        3, pending=[277, 700, None], options=TheNumberOptions(eliminated_cross=True)
    ),
    "T7": position(3, pending=[0, 0, None]),
    "T8": position(4, pending=[980, 970, 960, None]),
    "T9": position(3, pending=[513, 264, None]),
    "T10": position(3, turn=5, pending=[724, 315, None]),
    "T11": position(3, turn=3, pending=[640, 123, None]),
    "T12": position(3, crossed=[board(1, 2, 3), 0, 0]),
    "T13": position(3, turn=5, crossed=[0, 0, ALL_CROSSED], pending=[321, None, None]),
    "T14": position(
        3, turn=5, crossed=[board(1, 2, 3, 5, 9), 0, 0], pending=[777, 1, None]
    )._replace(turn_scores=((7, 0, 3, 0), (0, 0, 0, 0), (0, 0, 0, 0))),
    "T16 over": NEW._replace(round_totals=((30, 31), (29, 32), (25, 15)), over=True),
    "0 and 5 left": position(3, crossed=[board(1, 2, 3, 4, 6, 7, 8, 9), 0, 0]),
    "7 left": position(3, crossed=[ALL_CROSSED ^ board(7), 0, 0]),
    "going out": position(
        3, turn=4, crossed=[board(0, 1, 2, 3, 4, 5, 6), 0, 0], pending=[789, 111, None]
    ),
    "last seat in": position(
        5,
        turn=2,
        crossed=[ALL_CROSSED, ALL_CROSSED ^ board(4), ALL_CROSSED, 0, ALL_CROSSED],
        pending=[None, 444, None, None, None],
    ),
    "last turn of the game": position(4, turn=5, pending=[100, None, 999, 555])._replace(
        round=2, round_totals=((10,), (20,), (30,), (40,))
    ),
    "one round, last turn": position(
        3, turn=5, pending=[None, 432, 234], options=TheNumberOptions(rounds=1)
    ),
}


def mid_game(players: int, decisions: int, seed: int) -> TheNumberState:
    """A reference state `decisions` random moves into a game (it has a history)."""
    rng = random.Random(seed)
    state = GAME.setup(players, DEFAULT, random.Random(seed))
    for _ in range(decisions):
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return state


LITERAL.update({f"mid-game {n} players": mid_game(n, 7 * n + 2, n) for n in (3, 4, 5)})


@pytest.mark.parametrize("name", sorted(LITERAL))
def test_literal_positions_every_move(name: str) -> None:
    ref = LITERAL[name]
    fast = ENGINE.from_reference(ref)
    in_step(ref, fast, name)
    for seat in GAME.to_move(ref):
        for move in GAME.legal_moves(ref, seat):
            after = ENGINE.play(fast, seat, move)
            assert ENGINE.to_reference(after) == GAME.play(ref, seat, move), f"{name}: {move}"
            assert ENGINE.outcome(after) == GAME.outcome(GAME.play(ref, seat, move))
    in_step(ref, fast, f"{name}, after")  # the state played from is unchanged


def played_or_refused(play: Any, state: Any, seat: Any, move: Any) -> Any:
    """The state after the move, or (error class, message)."""
    try:
        return play(state, seat, move)
    except Exception as exc:  # compared by the caller
        return (type(exc), str(exc))


@pytest.mark.parametrize(
    "move",
    [
        "write 513", "write 145", "write  513", " write 513 ", "WRITE 513", "write 51",
        "write 5133", "write abc", "write ５１３", "", "513", None, 513, ("write 513",),
    ],
)  # fmt: skip
def test_refusals_and_other_spellings_alike(move: Any) -> None:
    states = {
        "T12": LITERAL["T12"],
        "going out": LITERAL["going out"],
        "T13": LITERAL["T13"],
        "T16 over": LITERAL["T16 over"],
    }
    for name, ref in states.items():
        fast = ENGINE.from_reference(ref)
        for seat in (0, 1, 2, -1, 3, True):
            want = played_or_refused(GAME.play, ref, seat, move)
            got = played_or_refused(ENGINE.play, fast, seat, move)
            where = f"{name}, seat {seat}, {move!r}"
            if isinstance(want, TheNumberState):
                assert not isinstance(got, tuple), f"{where}: refused by the core only: {got}"
                in_step(want, got, where)
            else:
                assert got == want, f"{where}: refused differently"


def finished(players: int, seed: int) -> TheNumberState:
    """A reference game played at random to its end."""
    rng = random.Random(seed)
    state = GAME.setup(players, DEFAULT, random.Random(seed))
    while GAME.outcome(state) is None:
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("name", ["T16 over", "finished 3", "finished 5"])
def test_writing_on_a_finished_game_alike(name: str) -> None:
    """rules.play itself does not check the turn (GameBase.apply does): on a finished game every
    seat's number is stored, and the last one reveals a turn past the last. Both alike, twice."""
    ref = {
        "T16 over": LITERAL["T16 over"],
        "finished 3": finished(3, 1),
        "finished 5": finished(5, 2),
    }[name]
    fast = ENGINE.from_reference(ref)
    for repeat in range(2):
        for seat in range(ref.num_players):
            free = [n for n in range(1000) if not DIGIT_MASK[n] & ref.crossed[seat]]
            move = f"write {free[-1] if free else 0:03d}"
            want = played_or_refused(GAME.play, ref, seat, move)
            got = played_or_refused(ENGINE.play, fast, seat, move)
            where = f"{name}, pass {repeat}, seat {seat}, {move}"
            if not isinstance(want, TheNumberState):
                assert got == want, f"{where}: refused differently"
                continue
            assert not isinstance(got, tuple), f"{where}: refused by the core only: {got}"
            in_step(want, got, where)
            ref, fast = want, got


def test_states_are_immutable() -> None:
    ref = LITERAL["T9"]
    fast = ENGINE.from_reference(ref)
    after = ENGINE.play(fast, 2, "write 087")
    assert ENGINE.to_reference(fast) == ref
    assert ENGINE.to_reference(after).history[-1].entries[2].points == 0
    assert ENGINE.to_reference(after).crossed[2] == DIGIT_MASK[87]


def test_values_no_game_holds_are_refused() -> None:
    with pytest.raises(ValueError, match="pending number"):
        ENGINE.from_reference(NEW._replace(pending=(1000, None, None)))
    with pytest.raises(ValueError, match="crossed mask"):
        ENGINE.from_reference(NEW._replace(crossed=(1024, 0, 0)))
    with pytest.raises(ValueError, match="turn"):
        ENGINE.from_reference(NEW._replace(turn=6))
    with pytest.raises(ValueError, match="items"):
        ENGINE.from_reference(NEW._replace(crossed=(0, 0)))
    with pytest.raises(TypeError):
        ENGINE.play(NEW, 0, "write 513")  # a reference state is no core state
