"""The Number: every test vector of the spec (TN-T1 .. TN-T16), played through the engine."""

from __future__ import annotations

import pytest

from arena.errors import IllegalMoveError
from arena.games.the_number import GAME, TheNumberOptions, TheNumberState
from arena.games.the_number.positions import board, position
from arena.games.the_number.rules import round_total
from arena.games.the_number.state import ALL_CROSSED, Status, TurnRecord, crossed_digits

A, B, C, D = 0, 1, 2, 3


def start(players: int, turn: int = 1, options: TheNumberOptions | None = None) -> TheNumberState:
    """A fresh game moved to `turn` of round 1 (empty boards, no earlier scores needed)."""
    return position(players, turn=turn, options=options)


def reveal(state: TheNumberState, numbers: list[str | None]) -> tuple[TurnRecord, TheNumberState]:
    """Every active seat writes its number; returns the revealed turn and the state after it."""
    for seat, text in enumerate(numbers):
        if text is not None:
            state = GAME.apply(state, seat, f"write {text}")
    return state.history[-1], state


def summary(record: TurnRecord) -> list[tuple[str, int]]:
    """(status, points) per seat."""
    return [(e.status.value, e.points) for e in record.entries]


def test_tn_t1_elimination_by_a_smaller_number_sharing_a_digit() -> None:
    record, after = reveal(start(3), ["882", "431", "105"])
    assert summary(record) == [("approved", 10), ("eliminated", 0), ("approved", 1)]
    assert [crossed_digits(c) for c in after.crossed] == [(2, 8), (), (0, 1, 5)]


def test_tn_t2_all_distinct_digits_all_approved() -> None:
    record, _ = reveal(start(3), ["999", "777", "111"])
    assert summary(record) == [("approved", 11), ("approved", 7), ("approved", 1)]


def test_tn_t3_four_players() -> None:
    record, _ = reveal(start(4), ["987", "654", "321", "109"])
    assert summary(record) == [
        ("eliminated", 0),
        ("approved", 8),
        ("eliminated", 0),
        ("approved", 1),
    ]


def test_tn_t4_tied_highest_both_get_the_full_bonus() -> None:
    record, _ = reveal(start(3), ["555", "555", "123"])
    assert summary(record) == [("approved", 7), ("approved", 7), ("approved", 1)]


def test_tn_t5_equal_numbers_still_fall_to_a_smaller_one() -> None:
    record, _ = reveal(start(3), ["555", "555", "512"])
    assert summary(record) == [("eliminated", 0), ("eliminated", 0), ("approved", 7)]


def test_tn_t6_repeated_digit_number() -> None:
    record, after = reveal(start(3), ["277", "700", "359"])
    assert summary(record) == [("approved", 2), ("eliminated", 0), ("approved", 5)]
    assert crossed_digits(after.crossed[A]) == (2, 7)


def test_tn_t7_three_zeros_all_approved_with_the_bonus() -> None:
    record, _ = reveal(start(3), ["000", "000", "000"])
    assert summary(record) == [("approved", 2)] * 3


def test_tn_t8_only_the_smallest_survives() -> None:
    record, _ = reveal(start(4), ["980", "970", "960", "950"])
    assert summary(record) == [("eliminated", 0)] * 3 + [("approved", 11)]


def test_tn_t9_the_seed_example_513() -> None:
    record, after = reveal(start(3), ["513", "264", "087"])
    assert summary(record) == [("approved", 7), ("approved", 2), ("approved", 0)]
    assert crossed_digits(after.crossed[A]) == (1, 3, 5)
    assert crossed_digits(after.crossed[C]) == (0, 7, 8)


def test_tn_t10_fifth_turn_doubles_the_digit_not_the_bonus() -> None:
    record, _ = reveal(start(3, turn=5), ["724", "315", "650"])
    assert summary(record) == [("approved", 22), ("approved", 6), ("eliminated", 0)]
    assert record.entries[A].bonus == 8


def test_tn_t11_third_turn_bonus() -> None:
    record, _ = reveal(start(3, turn=3), ["640", "123", "945"])
    assert summary(record) == [("approved", 10), ("approved", 1), ("eliminated", 0)]


def test_tn_t12_a_crossed_digit_is_rejected() -> None:
    state = start(3)
    state = state._replace(crossed=(board(1, 2, 3), 0, 0))
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, A, "write 145")
    assert "write 145" not in GAME.legal_moves(state, A)


def test_tn_t13_an_out_player_has_no_part_in_turn_five() -> None:
    state = start(3, turn=5)._replace(crossed=(0, 0, ALL_CROSSED))
    assert GAME.to_move(state) == (A, B)
    record, _ = reveal(state, ["321", "654", None])
    assert summary(record) == [("approved", 6), ("approved", 20), ("out", 0)]


def test_tn_t14_round_total_adds_one_per_crossed_digit() -> None:
    assert round_total((7, 0, 3, 0, 22), board(1, 2, 3, 5, 7, 9)) == 38


def test_tn_t14_through_the_engine_at_the_end_of_turn_five() -> None:
    state = start(3, turn=5)._replace(
        turn_scores=((7, 0, 3, 0), (0, 0, 0, 0), (0, 0, 0, 0)),
        crossed=(board(1, 2, 3, 5, 9), 0, 0),
    )
    # A writes 777 (2*7 + 8 = 22, crossing 7); B and C are knocked out by smaller numbers.
    record, after = reveal(state, ["777", "001", "000"])
    assert summary(record) == [("approved", 22), ("eliminated", 0), ("approved", 0)]
    assert after.round == 2 and after.round_totals[A] == (38,)


def test_tn_t15_a_full_board_is_worth_ten() -> None:
    assert round_total((0, 0, 0, 0, 0), ALL_CROSSED) == 10


def test_tn_t16_equal_best_totals_share_the_victory() -> None:
    state = start(3)._replace(round_totals=((30, 31), (29, 32), (25, 15)), over=True)
    out = GAME.outcome(state)
    assert out is not None
    assert out.ranks == (1, 1, 3)
    assert out.scores == (61.0, 61.0, 40.0)
    assert out.points == (0.75, 0.75, 0.0)
    assert out.winners == (A, B)


def test_statuses_are_the_three_kinds() -> None:
    assert {s.value for s in Status} == {"approved", "eliminated", "out"}
