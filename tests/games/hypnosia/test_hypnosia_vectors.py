"""The test vectors H1..H31 of shared/rules/hypnosia.md, one test each.

Geometry rows (H1-H17) use the board approximation of spec §10; the others do not depend on it.
All pawns are seat 0's unless a vector says otherwise.
"""

from __future__ import annotations

import pytest
from hypnosia_helpers import GAME, after, position, unit_at, where_it_lands

from arena.errors import IllegalMoveError
from arena.games.hypnosia.board import CENTRE, INDEX, INWARD, NONE
from arena.games.hypnosia.rules import rank_keys
from arena.games.hypnosia.state import history, score


def refused(state, move: str) -> bool:
    """`move` is not offered and apply refuses it as illegal."""
    if move in GAME.legal_moves(state, state.current):
        return False
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, state.current, move)
    return True


@pytest.mark.parametrize(
    ("vector", "move", "source", "seat", "lands"),
    [
        ("H1", "1 S1", "S1", 0, "A0"),
        ("H2", "6 S1", "S1", 0, "A5"),
        ("H3", "6 S4", "S4", 0, "A2"),
        ("H5", "5 S2", "S2", 2, "A19"),
        ("H6", "4 A7 in", "A7", 0, "B3"),
        ("H9", "4 A5", "A5", 0, "A9"),
        ("H13", "2 C3", "C3", 0, "C5"),
        ("H14", "3 A46", "A46", 0, "A1"),
        ("H15", "1 B35", "B35", 0, "B0"),
    ],
)
def test_landing_spaces(vector: str, move: str, source: str, seat: int, lands: str) -> None:
    assert where_it_lands(move, source, seat=seat, num_players=3) == lands, vector


def test_h4_the_last_start_slot_needs_four_or_more() -> None:
    state = position({"A20": "1"}, start={0: [4]}, dice=(3, 4), left=(3, 4))
    assert GAME.legal_moves(state, 0) == ["4 S4"]
    assert refused(state, "3 S4")


def test_h7_h8_a_bridge_reached_with_the_first_die_is_crossed_with_the_second() -> None:
    state = position({"A3": "0", "A30": "1"}, dice=(4, 2))
    first = after(state, "4 A3")
    assert unit_at(first, "A7") == "0" and first.current == 0 and first.left == (2,)
    assert "2 A7 in" in GAME.legal_moves(first, 0)
    second = after(first, "2 A7 in")
    assert unit_at(second, "B1") == "0" and unit_at(second, "A7") == ""


def test_h9_passing_over_a_bridge_gives_no_crossing() -> None:
    state = after(position({"A5": "0", "A30": "1"}, dice=(4, 2)), "4 A5")
    assert unit_at(state, "A9") == "0"
    assert not [m for m in GAME.legal_moves(state, 0) if m.endswith(" in")]


def test_h10_a_plain_space_has_no_bridge() -> None:
    assert refused(position({"A5": "0"}, dice=(4, 4)), "4 A5 in")


def test_h11_a_one_from_a_centre_bridge_enters_the_centre() -> None:
    state = after(position({"C3": "0", "A30": "1"}, dice=(1, 5)), "1 C3 in")
    assert state.centre == (0,) and unit_at(state, "C3") == ""


def test_h12_the_centre_needs_exactly_one() -> None:
    assert refused(position({"C3": "0"}, dice=(2, 2)), "2 C3 in")


def test_h16_h17_bridges_of_the_approximate_board() -> None:
    assert INWARD[INDEX["B35"]] == INDEX["C20"]
    assert where_it_lands("1 B35 in", "B35") == "C20"
    links = [(name[0], INWARD[i]) for name, i in INDEX.items() if INWARD[i] != NONE]
    assert sum(1 for c, to in links if c == "A") == 6
    assert sum(1 for c, to in links if c == "B") == 6
    assert sum(1 for c, to in links if c == "C" and to == CENTRE) == 6


def _capture(mover: str, victim: str) -> tuple[int, int, str]:
    """Seat 0's `mover` pawns on A3 play a 2 onto seat 1's `victim` on A5: (gain, loss, A5)."""
    stack = " x2" if len(mover) == 2 else ""
    state = position({"A3": mover, "A5": victim, "A40": "1"}, dice=(2, 6))
    state = after(state, f"2 A3{stack}")
    return state.gained[0], state.lost[1], unit_at(state, "A5")


def test_h18_single_captures_single() -> None:
    assert _capture("0", "1") == (1, 1, "0")


def test_h19_stack_captures_single() -> None:
    assert _capture("00", "1") == (1, 1, "00")


def test_h20_h30_stack_captures_stack_for_two_points() -> None:
    gained, lost, there = _capture("00", "11")
    assert (gained, lost, there) == (2, 2, "00")
    state = after(position({"A3": "00", "A5": "11", "A40": "1"}, dice=(2, 6)), "2 A3 x2")
    assert (score(state, 0), score(state, 1)) == (2, -2)


def test_h21_a_single_cannot_capture_a_stack() -> None:
    assert refused(position({"A3": "0", "A5": "11"}, dice=(2, 2)), "2 A3")


def test_h22_a_single_on_an_own_single_makes_a_stack() -> None:
    state = after(position({"A3": "0", "A5": "0", "A40": "1"}, dice=(2, 6)), "2 A3")
    assert unit_at(state, "A5") == "00" and unit_at(state, "A3") == ""


def test_h23_h24_never_three_pawns_on_a_space() -> None:
    assert refused(position({"A3": "0", "A5": "00"}, dice=(2, 2)), "2 A3")
    assert refused(position({"A3": "00", "A5": "0"}, dice=(2, 2)), "2 A3 x2")


def test_h25_the_first_pawn_in_scores_five() -> None:
    state = after(position({"C3": "0", "A30": "1"}, dice=(1, 5)), "1 C3 in")
    assert score(state, 0) == 5


def test_h26_a_stack_entering_after_one_pawn_takes_four_and_three() -> None:
    state = position({"C3": "00", "A30": "1"}, dice=(1, 5), centre=(1,))
    state = after(state, "1 C3 x2 in")
    assert state.centre == (1, 0, 0) and score(state, 0) == 4 + 3


def test_h27_a_stack_entering_with_four_inside_leaves_one_pawn_and_ends_the_game() -> None:
    state = position({"C3": "00", "A30": "1"}, dice=(1, 5), centre=(1, 1, 1, 1))
    state = after(state, "1 C3 x2 in")
    assert state.centre == (1, 1, 1, 1, 0) and unit_at(state, "C3") == "0"
    assert score(state, 0) == 1 and state.over == "normal"
    assert GAME.to_move(state) == () and GAME.outcome(state) is not None


def _final(centre: tuple[int, ...], gained: tuple[int, ...], lost: tuple[int, ...]):
    state = position({}, num_players=3, centre=centre, gained=gained, lost=lost)
    return state._replace(over="normal", moves=())


def test_h28_scores_are_centre_points_plus_captures() -> None:
    # arrival order P Q Q P R gives P {5, 2}, Q {4, 3}, R {1}; P captured one R pawn.
    state = _final((0, 1, 1, 0, 2), gained=(1, 0, 0), lost=(0, 0, 1))
    assert [score(state, s) for s in range(3)] == [8, 7, 0]
    assert GAME.outcome(state).ranks == (1, 2, 3)


def test_h29_a_tie_goes_to_the_earlier_arrival() -> None:
    state = _final((0, 1, 1, 0, 2), gained=(1, 1, 0), lost=(0, 0, 2))
    assert [score(state, s) for s in range(3)] == [8, 8, -1]
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 2, 3) and outcome.scores == (8.0, 8.0, -1.0)
    assert rank_keys(state)[0] > rank_keys(state)[1]


def test_h31_roll_six_one_both_orders_are_legal() -> None:
    state = position({"C3": "0", "A30": "1"}, dice=(6, 1))
    assert GAME.legal_moves(state, 0) == ["6 C3", "1 C3", "1 C3 in"]
    entered = after(state, "1 C3 in")
    assert entered.centre == (0,) and entered.current == 1
    assert (0, "skip 6") in history(entered)
    along = after(state, "6 C3")
    assert unit_at(along, "C9") == "0" and GAME.legal_moves(along, 0) == ["1 C9"]
    assert refused(along, "1 C9 in")
    assert unit_at(after(along, "1 C9"), "C10") == "0"
