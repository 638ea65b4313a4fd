"""The compiled core (_core.c, compiled.py) against the pure-Python engine, the reference: random
games in step for every player count and option, and every legal move (and some refused ones)
from literal positions: the spec vectors' and the rule scenarios', near the turn cap, in
Michael's setup and in Bruno's chains."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.core.compiled import check_compiled, require_compiled
from arena.core.values import Termination
from arena.errors import IllegalMoveError
from arena.games.lucky_numbers import GAME, LuckyNumbersOptions, LuckyNumbersState
from arena.games.lucky_numbers.positions import position
from arena.games.lucky_numbers.state import TURN_CAP, Phase, Source, evolve

ENGINE = require_compiled("lucky_numbers")  # no core: the module fails to import, not a skip

EASY, MICHAEL = LuckyNumbersOptions(), LuckyNumbersOptions("michael")
BRUNO, BOTH = LuckyNumbersOptions(bruno=True), LuckyNumbersOptions("michael", True)

FULL = "1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16"
ALMOST_FULL = "1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 ."
G = "3 . . 12  . 7 . .  . . 10 .  . . . 18"
DIAG = "2 . . .  . 5 . .  . . 9 .  . . . 20"
L29 = "2 . . .  . 7 . .  . . 9 .  . . . 20"
SPARSE = ". . . .  . 8 . .  . . . .  . . . ."


def test_the_core_is_built() -> None:
    engine = require_compiled("lucky_numbers")
    assert engine.name == "lucky_numbers"
    state = engine.setup(2, EASY, random.Random(1))
    assert engine.to_reference(state) == GAME.setup(2, EASY, random.Random(1))


@pytest.mark.parametrize(
    ("players", "options", "games"),
    [(2, EASY, 150)]
    + [(n, o, 24) for n in (2, 3, 4) for o in (EASY, MICHAEL, BRUNO, BOTH) if (n, o) != (2, EASY)],
)
def test_random_games_in_step(players: int, options: LuckyNumbersOptions, games: int) -> None:
    assert check_compiled("lucky_numbers", players, options, games, seed=1000 * players) > 0


def in_step(ref: LuckyNumbersState, fast: Any, where: str) -> None:
    """The two states agree: equal converted back, same outcome, movers and legal moves."""
    assert ENGINE.to_reference(fast) == ref, f"{where}: the states differ"
    assert ENGINE.outcome(fast) == GAME.outcome(ref), f"{where}: the outcomes differ"
    assert tuple(ENGINE.to_move(fast)) == GAME.to_move(ref), f"{where}: the movers differ"
    for seat in range(len(ref.grids)):
        got, want = list(ENGINE.legal_moves(fast, seat)), GAME.legal_moves(ref, seat)
        assert got == want, f"{where}: seat {seat}'s legal moves differ: {got} != {want}"


def refused_alike(ref: LuckyNumbersState, fast: Any, seat: int, move: Any, where: str) -> None:
    """`move` is refused by both engines with the same error class and message, or played by
    both to equal states."""
    outcomes: list[Any] = []
    for play, state in ((GAME.play, ref), (ENGINE.play, fast)):
        try:
            outcomes.append(play(state, seat, move))
        except Exception as exc:  # compared below
            outcomes.append((type(exc), str(exc)))
    want, got = outcomes
    if isinstance(want, LuckyNumbersState):
        assert not isinstance(got, tuple), f"{where}: {move!r} refused by the core only: {got}"
        in_step(want, got, f"{where}, after {move!r}")
    else:
        assert got == want, f"{where}: {move!r} refused differently"


def every_move(ref: LuckyNumbersState, where: str) -> int:
    """From the literal position `ref`: every legal move on both engines, then a random game to
    the end on both in step. Returns the moves compared."""
    fast = ENGINE.from_reference(ref)
    in_step(ref, fast, where)
    compared = 0
    for seat in GAME.to_move(ref):
        for move in GAME.legal_moves(ref, seat):
            in_step(GAME.play(ref, seat, move), ENGINE.play(fast, seat, move), f"{where}: {move}")
            compared += 1
    rng = random.Random(where)
    while GAME.outcome(ref) is None:
        seat = GAME.to_move(ref)[0]
        move = rng.choice(GAME.legal_moves(ref, seat))
        ref, fast = GAME.play(ref, seat, move), ENGINE.play(fast, seat, move)
        in_step(ref, fast, f"{where}: random {move}")
        compared += 1
    return compared


def holding(value: int, picture: str = G, **kw: Any) -> LuckyNumbersState:
    """Seat 0 of a 2-player game holds a drawn `value` over `picture` (the vectors' helper)."""
    return position([picture, FULL.replace("16", ".")], hand=value, pot=(1, 2), **kw)


def grid_with(tiles: int) -> str:
    """FULL with its last cells emptied, `tiles` tiles left."""
    tokens = FULL.split()
    return " ".join(tokens[:tiles] + ["."] * (16 - tiles))


LITERAL: dict[str, LuckyNumbersState] = {
    **{f"G holding {v}": holding(v) for v in range(1, 21)},
    **{f"G, {v} from the table": holding(v, source="table") for v in (4, 9, 15)},
    **{f"Bruno grid holding {v}": holding(v, DIAG, options=BRUNO) for v in (5, 6, 9, 19)},
    "L25 pot runs out": position([grid_with(15), grid_with(15), grid_with(12)], pot=(20,)),
    "L26 full grid": position([grid_with(15), grid_with(13), grid_with(9)], pot=(16, 1, 2)),
    "L28 table 6": position([G, FULL.replace("16", ".")], table=[6]),
    "L29 Bruno chain": position([L29, FULL.replace("16", ".")], pot=(9, 1, 2), options=BRUNO),
    "L29 guarded": position(
        [L29.replace("7", "9"), ALMOST_FULL],
        table=[7],
        pot=(1, 2),
        options=BRUNO,
        bonus=True,
        chain_returned=[7],
    ),
    "guard with two 7s": position(
        [L29.replace("7", "9"), ALMOST_FULL],
        table=[7, 7, 3],
        pot=(4, 2),
        options=BRUNO,
        bonus=True,
        chain_returned=[7, 12],
    ),
    "table repeats": position([DIAG, ALMOST_FULL], table=[19, 3, 3, 5, 1], pot=(4, 8)),
    "almost full takes": position([ALMOST_FULL, DIAG], table=[1, 16, 20], pot=(1,)),
    "last pot tile, Bruno": position([DIAG, DIAG], pot=(5,), options=BRUNO),
    "bonus flag without Bruno": position([DIAG, SPARSE], pot=(5, 6, 7), bonus=True),
    "Bruno chain": position(
        [L29, DIAG], pot=(12, 20, 3, 3), table=[6], options=BRUNO, turn=3, start=1
    ),
    "four seats, seat 3": position([DIAG, SPARSE, G, L29], pot=(16, 1, 2, 3), current=3),
    "turn cap": position(
        [DIAG, DIAG.replace("2 .", "2 3")], table=[6], pot=(1, 2), turn=TURN_CAP - 1
    ),
    "turn cap, Bruno": position(
        [DIAG, SPARSE], table=[6, 8], pot=(5, 1, 2), turn=TURN_CAP - 2, options=BRUNO
    ),
    "empty pot resolve": position([DIAG, SPARSE], pot=(), hand=7),
}


@pytest.mark.parametrize("name", sorted(LITERAL))
def test_literal_positions(name: str) -> None:
    assert every_move(LITERAL[name], name) > 0


def michael_states() -> list[LuckyNumbersState]:
    """Every state of the setup phase of a 3-player Michael game, and the first after it."""
    state = GAME.setup(3, BOTH, random.Random(5))
    states = [state]
    while state.phase is Phase.SETUP:
        state = GAME.play(state, state.current, GAME.legal_moves(state, state.current)[-1])
        states.append(state)
    return states


def test_michael_setup_positions() -> None:
    for i, state in enumerate(michael_states()):
        assert every_move(state, f"Michael setup, step {i}") > 0


@pytest.mark.parametrize(
    "move",
    [
        "draw", "Draw", " DRAW ", "discard", "take 6", "take 06", "take 7", "take 21", "take x",
        "place b1", "PLACE B1", "place d3", "swap b2", "swap a1", "place b2", "swap c2",
        "place e5", "", "nonsense", "draw 3", None, 7, ("draw",),
    ],
)  # fmt: skip
def test_refusals_and_other_spellings_alike(move: Any) -> None:
    states = {
        "acquire": position([G, FULL.replace("16", ".")], table=[6, 7], pot=(1, 2)),
        "resolve drawn 5": holding(5),
        "resolve taken 17": holding(17, source="table"),
        "setup": GAME.setup(2, MICHAEL, random.Random(3)),
        "empty pot": position([G, DIAG], table=[6], pot=()),
        "over": GAME.play(GAME.play(LITERAL["L25 pot runs out"], 0, "draw"), 0, "discard"),
    }
    for name, ref in states.items():
        fast = ENGINE.from_reference(ref)
        refused_alike(ref, fast, ref.current, move, f"{name}, {move!r}")


def test_apply_checks_the_turn() -> None:
    ref = position([G, FULL.replace("16", ".")], table=[6], pot=(1, 2), current=1)
    fast = ENGINE.from_reference(ref)
    apply = ENGINE.apply  # type: ignore[attr-defined]  # beyond the protocol, as GameBase's
    with pytest.raises(IllegalMoveError, match="it is seat 1's decision, not seat 0's"):
        GAME.apply(ref, 0, "draw")
    with pytest.raises(IllegalMoveError, match="it is seat 1's decision, not seat 0's"):
        apply(fast, 0, "draw")
    assert ENGINE.to_reference(apply(fast, 1, "draw")) == GAME.apply(ref, 1, "draw")
    over = GAME.play(GAME.play(LITERAL["L25 pot runs out"], 0, "draw"), 0, "discard")
    for game, state in ((GAME.apply, over), (apply, ENGINE.from_reference(over))):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            game(state, 0, "draw")


def test_the_turn_cap_ends_both_alike() -> None:
    ref = LITERAL["turn cap"]
    fast = ENGINE.from_reference(ref)
    for move in ("take 6", "place c2", "draw", "discard"):
        seat = GAME.to_move(ref)[0]
        ref, fast = GAME.play(ref, seat, move), ENGINE.play(fast, seat, move)
        in_step(ref, fast, f"turn cap, {move}")
    out = ENGINE.outcome(fast)
    assert out is not None and out.termination is Termination.TURN_CAP


def test_a_finished_state_converts_both_ways() -> None:
    over = GAME.play(GAME.play(LITERAL["L25 pot runs out"], 0, "draw"), 0, "discard")
    capped = evolve(over, termination=Termination.TURN_CAP)
    for ref in (over, capped):
        fast = ENGINE.from_reference(ref)
        in_step(ref, fast, "over")
        assert ENGINE.outcome(fast) == GAME.outcome(ref) is not None


def test_states_are_immutable_and_shared_pots_stay_put() -> None:
    ref = GAME.setup(2, EASY, random.Random(11))
    fast = ENGINE.from_reference(ref)
    before = ENGINE.to_reference(fast)
    seat = ENGINE.to_move(fast)[0]
    after = ENGINE.play(fast, seat, "draw")
    assert ENGINE.to_reference(fast) == before == ref  # the drawn-from state is unchanged
    assert ENGINE.to_reference(after).pot == ref.pot[1:]
    assert ENGINE.to_reference(after).source is Source.DRAW


def test_values_no_game_holds_are_refused() -> None:
    ref = position([DIAG, DIAG], pot=(1,))
    with pytest.raises(ValueError, match="above 20"):
        ENGINE.from_reference(evolve(ref, pot=(21,)))
    with pytest.raises(ValueError, match="sorted"):
        ENGINE.from_reference(evolve(ref, table=(6, 3)))
    with pytest.raises(TypeError):
        ENGINE.play(ref, 0, "draw")  # a reference state is no core state
