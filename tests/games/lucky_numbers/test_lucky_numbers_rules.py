"""Scenario tests for each Lucky Numbers rule: setups, options, turns, endings, scoring."""

from __future__ import annotations

import random

import pytest

from arena.core.game import parse_options
from arena.core.values import Termination
from arena.errors import IllegalMoveError, InvalidMoveError, OptionError
from arena.games.lucky_numbers import GAME, LuckyNumbersOptions
from arena.games.lucky_numbers.positions import grid_from_picture, position
from arena.games.lucky_numbers.state import TURN_CAP, Phase, Source

FULL = "1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16"
ALMOST_FULL = "1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 ."
DIAG = """
    2  .  .  .
    .  5  .  .
    .  .  9  .
    .  .  .  20
"""
MICHAEL = LuckyNumbersOptions(setup="michael")
BRUNO = LuckyNumbersOptions(bruno=True)


def play(state, *moves: str):
    """Apply moves for whoever is to move."""
    for move in moves:
        state = GAME.apply(state, GAME.to_move(state)[0], move)
    return state


# --- options and setup -------------------------------------------------------------------


def test_options_parse_from_text() -> None:
    assert parse_options(GAME, {}) == LuckyNumbersOptions("easy", False)
    assert parse_options(GAME, {"setup": "michael", "bruno": "true"}) == LuckyNumbersOptions(
        "michael", True
    )
    with pytest.raises(OptionError):
        parse_options(GAME, {"setup": "hard"})
    with pytest.raises(OptionError):
        parse_options(GAME, {"bruno": "maybe"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_easy_setup_own_sets_ascending_diagonal(players: int) -> None:
    state = GAME.setup(players, LuckyNumbersOptions(), random.Random(7))
    for grid in state.grids:
        diagonal = [grid[0], grid[5], grid[10], grid[15]]
        assert diagonal == sorted(set(diagonal))  # four distinct tiles, a1 < b2 < c3 < d4
        assert sum(1 for v in grid if v) == 4
    assert state.phase is Phase.ACQUIRE and state.turn == 1 and state.table == ()
    assert state.current == state.start
    assert GAME.to_move(state) == (state.start,)


def test_start_seat_comes_from_the_seed() -> None:
    starts = {GAME.setup(4, LuckyNumbersOptions(), random.Random(s)).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    again = [GAME.setup(4, LuckyNumbersOptions(), random.Random(s)).start for s in range(40)]
    assert again == [
        GAME.setup(4, LuckyNumbersOptions(), random.Random(s)).start for s in range(40)
    ]


def test_michael_setup_round_robin_from_start_seat() -> None:
    state = GAME.setup(3, MICHAEL, random.Random(11))
    easy = GAME.setup(3, LuckyNumbersOptions(), random.Random(11))
    assert state.start == easy.start == 2  # same seed, same deal and start seat (not seat 0)
    order = []
    choices = ["place d4", "place a1", "place c3", "place b2"]
    while state.phase is Phase.SETUP:
        seat = GAME.to_move(state)[0]
        order.append(seat)
        assert state.source is Source.SETUP and state.hand
        legal = GAME.legal_moves(state, seat)
        assert legal == [
            m
            for m in ["place a1", "place b2", "place c3", "place d4"]
            if m not in choices[: state.setup_step // 3]
        ]
        state = GAME.apply(state, seat, choices[state.setup_step // 3])
    s0 = easy.start
    assert order == [(s0 + i) % 3 for i in range(3)] * 4
    assert state.phase is Phase.ACQUIRE and state.current == s0 and state.turn == 1
    for michael, sorted_grid in zip(state.grids, easy.grids, strict=True):
        placed = [michael[c] for c in (0, 5, 10, 15)]
        assert sorted(placed) == [sorted_grid[c] for c in (0, 5, 10, 15)]


def test_michael_setup_any_arrangement_and_only_diagonal_cells() -> None:
    state = GAME.setup(2, MICHAEL, random.Random(3))
    seat = GAME.to_move(state)[0]
    with pytest.raises(IllegalMoveError, match="a1, b2, c3 or d4"):
        GAME.apply(state, seat, "place b1")
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, seat, "draw")
    first = state.hand
    state = GAME.apply(state, seat, "place d4")
    assert state.grids[seat][15] == first
    state = GAME.apply(state, GAME.to_move(state)[0], "place d4")
    with pytest.raises(IllegalMoveError, match="already holds"):
        GAME.apply(state, seat, "place d4")


# --- turns ---------------------------------------------------------------------------------


def test_legal_move_order_acquire_and_resolve() -> None:
    state = position([DIAG, FULL.replace("16", ".")], table=[19, 3, 3, 5, 1], pot=(4, 8))
    # 5 already sits in b2 but fits elsewhere (c1, a3...), so it is offered; 19 swaps d4.
    assert GAME.legal_moves(state, 0) == ["draw", "take 1", "take 3", "take 5", "take 19"]
    drawn = GAME.apply(state, 0, "draw")
    assert drawn.hand == 4 and drawn.pot == (8,)
    # Cells in a1, b1, c1, d1, a2, ... order; diagonal tiles can always be swapped (§4.4).
    assert GAME.legal_moves(drawn, 0) == [
        "swap a1",
        "place b1",
        "place c1",
        "place d1",
        "place a2",
        "swap b2",
        "place a3",
        "swap c3",
        "place a4",
        "swap d4",
        "discard",
    ]
    assert GAME.legal_moves(drawn, 1) == []


def test_take_offers_only_playable_values() -> None:
    # Only d4 is free; a 1 fits nowhere (a1 holds 1 and every other cell has a tile before it).
    state = position([ALMOST_FULL, DIAG], table=[1, 16, 20], pot=(1,))
    assert GAME.legal_moves(state, 0) == ["draw", "take 16", "take 20"]
    with pytest.raises(IllegalMoveError, match="LN-A6"):
        GAME.apply(state, 0, "take 1")
    with pytest.raises(IllegalMoveError, match="no 7 on the table"):
        GAME.apply(state, 0, "take 7")


def test_taken_tile_must_be_placed_and_leaves_the_table() -> None:
    state = play(position([DIAG, DIAG], table=[6, 6], pot=(1,)), "take 6")
    assert state.table == (6,) and state.hand == 6 and state.source is Source.TABLE
    assert "discard" not in GAME.legal_moves(state, 0)
    state = play(state, "place c2")
    assert state.grids[0][6] == 6 and state.current == 1 and state.turn == 2


def test_drawn_tile_may_be_discarded_or_must_be_if_unplayable() -> None:
    state = play(position([ALMOST_FULL, DIAG], pot=(1, 4)), "draw")
    assert GAME.legal_moves(state, 0) == ["discard"]  # a 1 fits nowhere
    state = play(state, "discard")
    assert state.table == (1,) and state.current == 1 and state.pot == (4,)


def test_swap_returns_old_tile_and_rejects_same_value_and_empty_cell() -> None:
    state = position([DIAG, DIAG], hand=6, pot=(1,))
    with pytest.raises(IllegalMoveError, match="b1 is empty"):
        GAME.apply(state, 0, "swap b1")
    with pytest.raises(IllegalMoveError, match="row 3: 6 would be right of 9"):
        GAME.apply(state, 0, "place d3")
    after = GAME.apply(state, 0, "swap b2")
    assert after.grids[0][5] == 6 and after.table == (5,)
    same = position([DIAG, DIAG], hand=5, source="table", pot=(1,))
    with pytest.raises(IllegalMoveError, match="LN-A7"):
        GAME.apply(same, 0, "swap b2")


def test_wrong_phase_and_wrong_seat_are_illegal() -> None:
    state = position([DIAG, DIAG], pot=(1,))
    with pytest.raises(IllegalMoveError, match="first draw"):
        GAME.apply(state, 0, "place b1")
    with pytest.raises(IllegalMoveError, match="seat 0's decision"):
        GAME.apply(state, 1, "draw")
    held = GAME.apply(state, 0, "draw")
    with pytest.raises(IllegalMoveError, match="already hold"):
        GAME.apply(held, 0, "draw")


@pytest.mark.parametrize(
    "text",
    [
        "place z9",
        "take x",
        "blah",
        "",
        "take 0",
        "take 21",
        "place",
        "draw 3",
        "swap a5",
        "discard b1",
        "take 3 4",
    ],
)
def test_syntax_errors_are_invalid_not_illegal(text: str) -> None:
    state = position([DIAG, DIAG], pot=(1,))
    with pytest.raises(InvalidMoveError) as info:
        GAME.apply(state, 0, text)
    assert not isinstance(info.value, IllegalMoveError)


def test_notation_is_case_and_space_tolerant() -> None:
    state = position([DIAG, DIAG], hand=6, pot=(1,))
    assert GAME.apply(state, 0, "  PLACE   C2 ").grids[0][6] == 6


def test_apply_never_mutates_the_state() -> None:
    state = position([DIAG, DIAG], table=[6], pot=(1, 2))
    snapshot = (state.grids, state.table, state.pot, state.phase, state.turn)
    play(state, "take 6", "place c2")
    play(state, "draw", "discard")
    assert (state.grids, state.table, state.pot, state.phase, state.turn) == snapshot


# --- endings -------------------------------------------------------------------------------


# v = row + column + 1: each tile equals its lower-left and upper-right diagonal neighbours.
ANTI = "1 2 3 4  2 3 4 5  3 4 5 6  4 5 . 7"  # c4 (6) empty; d3 holds 6, diagonal to c4


def test_full_grid_ends_at_once_and_beats_a_bruno_bonus() -> None:
    state = play(position([ANTI, DIAG], pot=(6, 1, 2), options=BRUNO), "draw", "place c4")
    assert state.phase is Phase.OVER and state.winners == (0,) and not state.bonus
    assert GAME.to_move(state) == () and GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.apply(state, 0, "draw")
    # The same placement with another gap left does earn the bonus.
    gap = ANTI.replace("1 2 3 4", "1 2 3 .")
    state = play(position([gap, DIAG], pot=(6, 1, 2), options=BRUNO), "draw", "place c4")
    assert state.phase is Phase.ACQUIRE and state.bonus and state.current == 0


def test_pot_out_ends_the_game_and_drops_a_bruno_bonus() -> None:
    state = play(position([DIAG, DIAG], pot=(5,), options=BRUNO), "draw", "place c1")
    assert state.phase is Phase.OVER and state.termination is Termination.NORMAL
    out = GAME.outcome(state)
    assert out is not None and out.winners == (0,) and out.scores == (5.0, 4.0)
    assert out.points == (2.0, -12.0)


def test_pot_out_ignores_table_tiles_and_splits_ties() -> None:
    state = play(position([DIAG, DIAG], pot=(1,), table=[6, 7]), "draw", "discard")
    out = GAME.outcome(state)
    assert out is not None and out.ranks == (1, 1) and out.points == (2.0, 2.0)


def test_turn_cap_scores_like_pot_out() -> None:
    near = position([DIAG, DIAG.replace("2  .", "2  3")], table=[6], pot=(1, 2), turn=TURN_CAP - 1)
    state = play(near, "take 6", "place c2")
    assert state.phase is Phase.ACQUIRE and state.turn == TURN_CAP
    state = play(state, "draw", "discard")
    assert state.phase is Phase.OVER and state.termination is Termination.TURN_CAP
    out = GAME.outcome(state)
    assert out is not None and out.termination is Termination.TURN_CAP
    assert out.ranks == (1, 1) and out.points == (2.0, 2.0)


def test_ranks_winners_first_then_tiles_with_ties() -> None:
    pictures = [FULL.replace("16", "."), DIAG, DIAG, DIAG.replace("2  .", "2  3")]
    state = play(position(pictures, pot=(16, 1, 2)), "draw", "place d4")
    out = GAME.outcome(state)
    assert out is not None
    assert out.ranks == (1, 3, 3, 2)
    assert out.scores == (16.0, 4.0, 4.0, 5.0)
    assert out.points == (2.0, -12.0, -12.0, -11.0)


def test_adjudicate_offender_last_and_provisional_winners() -> None:
    five_a = DIAG.replace("2  .", "2  3")  # b1 = 3
    five_b = DIAG.replace(".  5", "3  5")  # a2 = 3
    state = position([five_a, DIAG, five_b], pot=(1,))
    out = GAME.adjudicate(state, 0)
    assert out.ranks == (3, 2, 1)  # seat 0 shares the lead on tiles but offended
    assert out.points == (-11.0, -12.0, 2.0)
    plain = GAME.adjudicate(state, None)
    assert plain.ranks == (1, 3, 1) and plain.points == (2.0, -12.0, 2.0)


# --- Bruno's variant -------------------------------------------------------------------------


def test_bruno_chain_accumulates_and_resets() -> None:
    grid = """
        2  .  .  .
        .  7  .  .
        .  .  9  .
        .  .  .  20
    """
    state = position([grid, DIAG], pot=(9, 14, 1, 1), options=BRUNO)
    state = play(state, "draw", "swap b2")  # 9 beside c3's 9: bonus; 7 to the table
    assert state.bonus and state.current == 0 and state.chain_returned == (7,) and state.turn == 2
    state = play(state, "draw", "place d3")  # 14 in d3: diagonals c2, c4 empty, no bonus
    assert not state.bonus and state.current == 1 and state.chain_returned == ()
    assert state.table == (7,)
    state = play(state, "draw", "discard")
    assert "take 7" in GAME.legal_moves(state, 0)  # a new turn: the chain is over


CHAIN = """
    1  .  .  .
    .  6  .  .
    .  .  12 .
    .  .  .  20
"""


def test_bruno_chain_of_two_bonuses_guards_every_returned_tile() -> None:
    state = position([CHAIN, DIAG], pot=(12, 20, 3, 3), table=[6], options=BRUNO)
    state = play(state, "draw", "swap b2")  # 12 beside c3's 12: bonus, the 6 goes out
    assert state.chain_returned == (6,) and state.table == (6, 6)
    assert "take 6" in GAME.legal_moves(state, 0)  # the other 6 was on the table before
    state = play(state, "draw", "swap c3")  # 20 beside d4's 20: second bonus, a 12 goes out
    assert state.bonus and state.current == 0 and state.turn == 3
    assert state.chain_returned == (6, 12) and state.table == (6, 6, 12)
    assert GAME.legal_moves(state, 0) == ["draw", "take 6"]
    with pytest.raises(IllegalMoveError, match="LN-A13"):
        GAME.apply(state, 0, "take 12")
    state = play(state, "draw", "discard")  # a discard never earns a bonus
    assert not state.bonus and state.current == 1 and state.chain_returned == ()


def test_bonus_needs_the_option() -> None:
    state = play(position([DIAG, DIAG], pot=(5, 1)), "draw", "place c1")
    assert not state.bonus and state.current == 1


def test_grid_picture_rejects_broken_grids() -> None:
    with pytest.raises(ValueError, match="placement rule"):
        grid_from_picture("5 3 . .  . . . .  . . . .  . . . .")
    with pytest.raises(ValueError, match="16 cells"):
        grid_from_picture("1 2 3")


def test_render_shows_grids_and_status() -> None:
    text = GAME.render(position([DIAG, DIAG], table=[6], pot=(1, 2), hand=4), 1)
    assert "seat 1 (you)" in text and "table: 6" in text and "pot: 2" in text
    assert "seat 0 holds 4 (draw)" in text
    assert text.splitlines()[2].split()[:5] == ["1", "2", ".", ".", "."]


def test_render_during_michaels_setup_and_after_the_end() -> None:
    state = GAME.setup(2, MICHAEL, random.Random(3))
    text = GAME.render(state, None)
    assert "Michael's setup" in text and f"seat {state.start} holds {state.hand} (setup)" in text
    over = play(position([DIAG, DIAG], pot=(1,)), "draw", "discard")
    assert "over (normal), won by seat 0, seat 1" in GAME.render(over, None)
