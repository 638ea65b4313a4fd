"""The test vectors E1..E36 of shared/rules/epizodiak.md, one test (or parameter) each.

Blocks are written (s, e): every place from s clockwise to e is filled. Seats 0, 1, 2 are the
spec's P1, P2, P3 (or A, B, C). Positions start at seat 0's turn unless said otherwise.
"""

from __future__ import annotations

import random

import pytest

from arena.core.game import ranks_from_keys
from arena.errors import IllegalMoveError
from arena.games.epizodiak import GAME, EpizodiakOptions
from arena.games.epizodiak.positions import position
from arena.games.epizodiak.scoring import add_points, final_keys, round_points, target_reached
from arena.games.epizodiak.state import Side, hand_tiles, open_values
from arena.games.epizodiak.view import dial_places

PILE = [11, 12, 1]  # some draw pile, so the turn is a "pile" turn
E1_HAND = [8, 9, 10, 4, 3, 6, 12]


def legal(state) -> list[str]:
    return list(GAME.legal_moves(state, state.current))


def filled(state) -> list[int]:
    return [v for v in dial_places(state) if v]


def e1_position():
    return position((5, 7), [E1_HAND, [1, 2], [1, 2]], PILE)


@pytest.mark.parametrize(
    ("vector", "move", "is_legal"),
    [
        ("E1", "place cw 8", True),
        ("E2", "place cw 8 9 10", True),
        ("E3", "place ccw 4 3", True),
        ("E4", "place cw 9", False),  # 8 is missing
        ("E5", "place cw 6", False),  # 6 is already on the dial
        ("E6", "place ccw 3 4", False),  # wrong order
    ],
)
def test_e1_to_e6_placements_on_5_6_7(vector, move, is_legal):
    state = e1_position()
    assert (move in legal(state)) is is_legal, vector
    if is_legal:
        GAME.apply(state, 0, move)
    else:
        with pytest.raises(IllegalMoveError):
            GAME.apply(state, 0, move)


def test_e7_one_side_per_turn_two_sides_are_not_expressible():
    state = e1_position()
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "place cw 8 4")  # a run on the clockwise side holds 8, 9, ...
    after = GAME.apply(state, 0, "place cw 8")
    assert after.current == 1  # the placement ended the turn: no second side
    assert [m for m in legal(state) if m.startswith("place")] == [
        "place cw 8",
        "place cw 8 9",
        "place cw 8 9 10",
        "place ccw 4",
        "place ccw 4 3",
    ]


def test_e8_a_clockwise_run_wraps_from_12_to_1():
    state = position((11, 12), [[1, 2], [5], [6]], PILE)
    assert "place cw 1 2" in legal(state)
    assert filled(GAME.apply(state, 0, "place cw 1 2")) == [1, 2, 11, 12]


def test_e9_an_anticlockwise_run_wraps_from_1_to_12():
    state = position((1, 2), [[12, 11], [5], [6]], PILE)
    assert "place ccw 12 11" in legal(state)
    after = GAME.apply(state, 0, "place ccw 12 11")
    assert filled(after) == [1, 2, 11, 12] and after.start == 11


def test_e10_open_values_of_5_6_7():
    assert set(open_values(5, 3)) == {4, 8}
    assert GAME.view(e1_position(), 0)["open_values"] == [4, 8]


def test_e11_everything_but_9_filled_leaves_one_open_value():
    state = position((10, 8), [[9, 1], [5], [6]], PILE)
    assert set(open_values(state.start, state.length)) == {9}
    assert GAME.view(state, 0)["open_values"] == [9]
    # Both sides name the same place; either spelling places the 9 and fills the dial.
    assert [m for m in legal(state) if m.startswith("place")] == ["place cw 9", "place ccw 9"]


def after_e12_placement(picker_hand: list[int]):
    """E12's setup: seat 0 played `place cw 8 9` onto 5 6 7; seat 1 to move."""
    state = position((5, 7), [[8, 9, 1], picker_hand, [2, 2]], PILE)
    return GAME.apply(state, 0, "place cw 8 9")


def test_e12_pickup_of_the_previous_players_end_tile():
    state = after_e12_placement([9, 4, 1])
    assert state.current == 1 and state.last_end == Side.CW
    assert "pickup" in legal(state)
    after = GAME.apply(state, 1, "pickup")
    assert hand_tiles(after.hands[1]) == [1, 4, 9, 9]


@pytest.mark.parametrize(("vector", "hand"), [("E13", [8, 1]), ("E14", [1, 2])])
def test_e13_e14_no_pickup_without_a_tile_of_that_value(vector, hand):
    state = after_e12_placement(hand)
    assert "pickup" not in legal(state), vector
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 1, "pickup")


@pytest.mark.parametrize("previous", ["draw; pass", "set 2"])
def test_e15_no_pickup_after_a_set_or_a_pass(previous):
    state = position((5, 9), [[2, 2, 2, 1], [9, 5, 1], [3]], PILE)
    for move in previous.split("; "):
        state = GAME.apply(state, 0, move)
    assert state.current == 1 and state.last_end == Side.NONE
    assert "pickup" not in legal(state)


def test_e16_the_pickup_leaves_5_6_7_8_on_the_dial():
    after = GAME.apply(after_e12_placement([9, 4, 1]), 1, "pickup")
    assert filled(after) == [5, 6, 7, 8]


def test_e17_a_value_just_picked_up_may_not_be_placed_again():
    after = GAME.apply(after_e12_placement([9, 9, 4]), 1, "pickup")
    assert "place cw 9" not in legal(after)
    with pytest.raises(IllegalMoveError):
        GAME.apply(after, 1, "place cw 9")


def test_e18_after_the_pickup_the_other_side_is_open():
    after = GAME.apply(after_e12_placement([9, 4, 1]), 1, "pickup")
    assert "place ccw 4" in legal(after)
    assert filled(GAME.apply(after, 1, "place ccw 4")) == [4, 5, 6, 7, 8]


def no_pile(hand: list[int], *, gone: tuple[int, ...] = (), skips: int = 0):
    """A block 5..9 with no pile; sets of `gone` already discarded by seat 2."""
    return position((5, 9), [hand, [1, 2], [3, 12]], [], skips=skips,
                    discards=[(v, 2) for v in gone])  # fmt: skip


def test_e19_no_skip_while_holding_a_playable_unique_tile():
    state = no_pile([4, 11], gone=(4,))
    assert "pass" not in legal(state)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "pass")


def test_e20_a_playable_tile_that_is_not_unique_allows_a_skip():
    assert "pass" in legal(no_pile([4, 11]))


def test_e21_a_unique_tile_that_is_not_playable_allows_a_skip():
    assert "pass" in legal(no_pile([11, 1], gone=(11,)))


def test_e22_no_fourth_skip_in_a_row():
    state = no_pile([4, 11], skips=3)
    assert "pass" not in legal(state)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "pass")


def contest_table(p3_hand: list[int]):
    """E23: block 5..9, no pile; P1 and P2 skip, then P3 (seat 2) is to move."""
    state = position((5, 9), [[4, 4, 10, 1], [4, 4, 2, 3], p3_hand], [])
    state = GAME.apply(state, 0, "pass")
    return GAME.apply(state, 1, "pass")


def contests(state) -> list[str]:
    return [m for m in legal(state) if m.startswith("contest")]


def test_e23_the_contest_targets_the_open_value_the_player_lacks():
    state = contest_table([10, 10, 12, 1, 2])
    assert state.current == 2 and state.skips == 2
    assert contests(state) == ["contest 4"]


def test_e24_no_contest_when_holding_both_open_values():
    assert contests(contest_table([4, 10, 12])) == []


def test_e25_lacking_both_open_values_the_player_chooses():
    assert contests(contest_table([12, 1, 2])) == ["contest 4", "contest 10"]


def test_e26_the_contest_takes_all_four_and_credits_a_set():
    after = GAME.apply(contest_table([10, 10, 12, 1, 2]), 2, "contest 4")
    assert [hand_tiles(h) for h in after.hands] == [[1, 10], [2, 3], [1, 2, 4, 10, 10, 12]]
    assert after.discards == ((4, 2),)
    assert GAME.view(after, None)["set_counts"] == [0, 0, 1]


def test_e27_the_contester_then_places_the_4():
    after = GAME.apply(contest_table([10, 10, 12, 1, 2]), 2, "contest 4")
    assert legal(after) == ["place ccw 4"]
    placed = GAME.apply(after, 2, "place ccw 4")
    assert filled(placed) == [4, 5, 6, 7, 8, 9]


def test_e28_one_round_points():
    assert round_points([3, 1, 2], out=[0]) == (6, 1, 2)


def test_e29_dial_double_doubles_the_completers_sets():
    assert round_points([3, 1, 2], out=[0], doubled=[False, True, False]) == (6, 2, 2)


def test_e30_to_e32_score_7_totals_and_the_tie_break():
    totals = (0, 0, 0)
    rounds = [([1, 2, 0], 2, (1, 2, 3)), ([2, 0, 1], 0, (6, 2, 4)), ([1, 2, 0], 1, (7, 7, 4))]
    for sets, out, expected in rounds:
        totals = add_points(totals, round_points(sets, out=[out]))
        assert totals == expected
        if expected != (7, 7, 4):
            assert not target_reached(totals, 7)  # E30, E31: nobody has 7, play on
    assert target_reached(totals, 7)
    # E32: A and B tie at 7; B went out in the final round and wins.
    assert ranks_from_keys(final_keys(totals, last_out=[1])) == (2, 1, 3)
    assert ranks_from_keys(final_keys((7, 7, 4), last_out=[2])) == (1, 1, 3)  # shared win
    assert ranks_from_keys(final_keys((8, 5, 5), last_out=[1])) == (1, 2, 2)  # no lower tie-break


def test_e33_the_pile_after_dealing_and_after_turning_the_first_tile():
    state = GAME.setup(3, EpizodiakOptions(), random.Random(33))
    assert [sum(h) for h in state.hands] == [12, 12, 12]
    assert len(state.pile) + state.length == 12  # the pile after dealing
    assert len(state.pile) == 11 and state.length == 1  # after turning its top tile


def test_e34_a_full_dial_and_five_pile_tiles_make_a_pile_of_17_then_16():
    state = position((1, 11), [[12, 3], [2], [4]], [5, 6, 7, 8, 9])
    after = GAME.apply(state, 0, "place cw 12")
    assert after.completed == (True, False, False)
    assert after.length == 1 and len(after.pile) == 16  # 12 dial + 5 pile, one turned over
    assert after.last_end == Side.NONE and after.skips == 0  # no pick-up of the new tile


def test_e35_with_a_pile_a_lone_pass_is_illegal_but_draw_then_pass_is_legal():
    state = e1_position()
    assert "pass" not in legal(state)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "pass")
    drawn = GAME.apply(state, 0, "draw")
    assert "pass" in legal(drawn)
    assert GAME.apply(drawn, 0, "pass").recent[-1] == (0, "draw; pass")


def test_e36_without_a_pile_pickup_then_pass_is_illegal():
    state = position((5, 7), [[8, 9, 1], [9, 4], [2, 2]], [])
    state = GAME.apply(state, 0, "place cw 8 9")
    assert legal(state) == ["pickup", "place ccw 4", "pass"]  # a lone pass is a skip
    picked = GAME.apply(state, 1, "pickup")
    assert legal(picked) == ["place ccw 4"]  # EP-A6: a play must follow, and 9 is barred
    with pytest.raises(IllegalMoveError):
        GAME.apply(picked, 1, "pass")
    skipped = GAME.apply(state, 1, "pass")
    assert skipped.skips == 1 and skipped.recent[-1] == (1, "pass")
