"""The Number: scenario tests for each rule, the simultaneous-move contract and the views."""

from __future__ import annotations

import random

import pytest

from arena.errors import IllegalMoveError, InvalidMoveError, OptionError, PlayerCountError
from arena.games.the_number import GAME, TheNumberOptions, TheNumberState
from arena.games.the_number.positions import board
from arena.games.the_number.rules import check, score_turn
from arena.games.the_number.state import ALL_CROSSED, crossed_digits

A, B, C = 0, 1, 2


def new(players: int = 3, **options: object) -> TheNumberState:
    """A fresh game."""
    return GAME.setup(players, TheNumberOptions(**options), random.Random(0))  # type: ignore[arg-type]


def turn(state: TheNumberState, *numbers: str | None) -> TheNumberState:
    """Every listed seat writes its number (None: the seat is out and writes nothing)."""
    for seat, text in enumerate(numbers):
        if text is not None:
            state = GAME.apply(state, seat, f"write {text}")
    return state


# --- choosing: legal moves and notation -------------------------------------------------------


def test_a_fresh_board_can_write_every_number_from_000_to_999_in_order() -> None:
    moves = list(GAME.legal_moves(new(), A))
    assert len(moves) == 1000
    assert moves[:3] == ["write 000", "write 001", "write 002"]
    assert moves[-1] == "write 999"
    assert moves == sorted(moves)


def test_only_available_digits_repeats_and_leading_zeros_allowed() -> None:
    state = new()._replace(crossed=(board(1, 2, 3, 4, 6, 7, 8, 9), 0, 0))  # 0 and 5 left
    assert list(GAME.legal_moves(state, A)) == [
        "write 000",
        "write 005",
        "write 050",
        "write 055",
        "write 500",
        "write 505",
        "write 550",
        "write 555",
    ]


def test_one_digit_left_means_writing_it_three_times() -> None:
    state = new()._replace(crossed=(ALL_CROSSED ^ board(7), 0, 0))
    assert list(GAME.legal_moves(state, A)) == ["write 777"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "513",
        "write",
        "write 51",
        "write 5133",
        "write abc",
        "writ 513",
        "write -12",
        "write 5 1 3",
        "write ５１３",
        "write 513 now",
    ],
)
def test_malformed_submissions_are_syntax_errors(text: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        GAME.apply(new(), A, text)
    assert not isinstance(caught.value, IllegalMoveError)


def test_extra_spaces_are_tolerated() -> None:
    state = GAME.apply(new(), A, "  write   070 ")
    assert state.pending[A] == 70


# --- the simultaneous decision ----------------------------------------------------------------


def test_every_active_seat_is_asked_at_once_until_it_submits() -> None:
    state = new(4)
    assert GAME.to_move(state) == (0, 1, 2, 3)
    state = GAME.apply(state, 2, "write 513")
    assert GAME.to_move(state) == (0, 1, 3)
    assert GAME.legal_moves(state, 2) == []
    state = turn(state, "111", "222")
    assert GAME.to_move(state) == (3,) and not state.history
    state = GAME.apply(state, 3, "write 999")
    assert state.turn == 2 and len(state.history) == 1
    assert GAME.to_move(state) == (0, 1, 2, 3)


def test_submitting_twice_is_illegal() -> None:
    state = GAME.apply(new(), A, "write 513")
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, A, "write 222")


def test_an_out_seat_or_a_seat_off_the_table_cannot_submit() -> None:
    state = new()._replace(crossed=(0, 0, ALL_CROSSED))
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, C, "write 000")
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 3, "write 000")


def test_apply_never_mutates_the_old_state() -> None:
    before = new()
    middle = GAME.apply(before, A, "write 513")
    after = turn(middle, None, "264", "087")
    assert before.pending == (None, None, None) and before.crossed == (0, 0, 0)
    assert middle.pending == (513, None, None) and not middle.history
    assert after.turn == 2 and before.turn == 1


def test_submission_order_does_not_matter() -> None:
    numbers = {A: "882", B: "431", C: "105"}
    results = set()
    for order in ([A, B, C], [C, A, B], [B, C, A]):
        state = new()
        for seat in order:
            state = GAME.apply(state, seat, f"write {numbers[seat]}")
        results.add(state)
    assert len(results) == 1


# --- check --------------------------------------------------------------------------------------


def test_every_smaller_number_counts_even_an_eliminated_one() -> None:
    # 123 knocks out 345 (3); 345, although eliminated, still knocks out 456 (4).
    assert check((456, 345, 123)) == (False, False, True)


def test_no_shared_digit_means_no_elimination_whatever_the_order() -> None:
    assert check((100, 234, 567)) == (True, True, True)


def test_a_larger_number_never_eliminates_a_smaller_one() -> None:
    assert check((120, 921, None)) == (True, False, None)


def test_the_smallest_is_always_approved_and_approved_values_differ_in_first_digit() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        numbers = tuple(rng.randrange(1000) for _ in range(rng.randint(3, 5)))
        verdicts = check(numbers)
        assert verdicts[numbers.index(min(numbers))] is True
        firsts = {n // 100 for n, ok in zip(numbers, verdicts, strict=True) if ok}
        values = {n for n, ok in zip(numbers, verdicts, strict=True) if ok}
        assert len(firsts) == len(values)


def test_equal_numbers_eliminate_each_other_under_the_tn_a6_variant() -> None:
    state = turn(new(equal_eliminate=True), "555", "555", "123")
    assert [(e.status.value, e.points) for e in state.history[-1].entries] == [
        ("eliminated", 0),
        ("eliminated", 0),
        ("approved", 3),
    ]


# --- resolve and bonuses ------------------------------------------------------------------------


def test_an_eliminated_number_crosses_nothing() -> None:
    state = turn(new(), "882", "431", "105")
    assert state.crossed[B] == 0


def test_an_eliminated_number_crosses_its_digits_under_the_tn_a5_variant() -> None:
    state = turn(new(eliminated_cross=True), "882", "431", "105")
    assert crossed_digits(state.crossed[B]) == (1, 3, 4)
    assert state.history[-1].entries[B].points == 0


def test_tied_highest_get_no_bonus_under_the_tn_a2_variant() -> None:
    entries = score_turn((555, 555, 123), 1, TheNumberOptions(tied_bonus="none"))
    assert [e.points for e in entries] == [5, 5, 1]


def test_bonus_goes_to_the_highest_approved_not_the_highest_written() -> None:
    entries = score_turn((987, 654, 109), 4, TheNumberOptions())
    assert [(e.points, e.bonus) for e in entries] == [(0, 0), (12, 6), (1, 0)]


@pytest.mark.parametrize(("turn_no", "bonus"), [(1, 2), (2, 3), (3, 4), (4, 6), (5, 8)])
def test_turn_bonus_table(turn_no: int, bonus: int) -> None:
    entries = score_turn((100, 234, 567), turn_no, TheNumberOptions())
    multiplier = 2 if turn_no == 5 else 1
    assert [e.points for e in entries] == [multiplier, 2 * multiplier, 5 * multiplier + bonus]


def test_a_zero_first_digit_scores_nothing_but_still_takes_the_bonus() -> None:
    entries = score_turn((0, 11, None), 2, TheNumberOptions())  # 000 and 011 share the 0
    assert [(e.status.value, e.points) for e in entries] == [
        ("approved", 3),
        ("eliminated", 0),
        ("out", 0),
    ]


# --- players going out, stalled rounds, round and game end ---------------------------------------


def test_a_player_out_of_digits_sits_out_scores_zero_and_gets_ten() -> None:
    state = new()._replace(turn=4, crossed=(board(0, 1, 2, 3, 4, 5, 6), 0, 0))
    state = state._replace(turn_scores=((1, 2, 3), (0, 0, 0), (0, 0, 0)))
    state = turn(state, "789", "111", "222")  # A crosses its last three digits
    assert state.is_out(A) and GAME.to_move(state) == (B, C)
    assert GAME.legal_moves(state, A) == []
    state = turn(state, None, "333", "444")
    assert state.history[-1].entries[A].status.value == "out"
    # Turn 4: 7 plus the turn-4 bonus 6 (789 is the highest); turn 5: 0; ten crossed digits.
    assert state.round == 2 and state.round_totals[A] == (1 + 2 + 3 + (7 + 6) + 0 + 10,)
    assert GAME.to_move(state) == (A, B, C) and state.crossed == (0, 0, 0)


def test_a_round_where_everyone_runs_out_ends_at_once() -> None:
    state = new()
    for numbers in (("012", "345", "678"), ("345", "678", "901"), ("678", "901", "234")):
        state = turn(state, *numbers)
    state = turn(state, "999", "222", "555")  # the last digit of every board
    assert [e.status.value for r in state.history for e in r.entries] == ["approved"] * 12
    assert state.round == 2 and state.turn == 1 and state.crossed == (0, 0, 0)
    assert state.round_totals == (
        (0 + 3 + 6 + 15 + 0 + 10,),
        (3 + 6 + 13 + 2 + 0 + 10,),
        (8 + 12 + 2 + 5 + 0 + 10,),
    )
    assert GAME.to_move(state) == (A, B, C)


def one_digit_round(state: TheNumberState) -> TheNumberState:
    """A writes 999, 888 .. 555; B writes 000 .. 444 and C the same as B (equal numbers)."""
    for t in range(5):
        a, b = str(9 - t) * 3, str(t) * 3
        state = turn(state, a, b, b)
    return state


def test_the_game_ends_after_two_rounds_with_totals() -> None:
    state = one_digit_round(new())
    # A: 9+2, 8+3, 7+4, 6+6, 2*5+8 and 5 crossed digits; B and C: 0+1+2+3+2*4 and 5 digits.
    assert state.round == 2 and state.round_totals == ((68,), (19,), (19,))
    state = one_digit_round(state)
    assert state.over and GAME.to_move(state) == ()
    assert state.round_totals == ((68, 68), (19, 19), (19, 19))
    out = GAME.outcome(state)
    assert out is not None
    assert out.scores == (136.0, 38.0, 38.0)
    assert out.ranks == (1, 2, 2) and out.points == (1.0, 0.25, 0.25)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, A, "write 000")


def test_rounds_option_sets_the_game_length() -> None:
    state = one_digit_round(new(rounds=1))
    assert state.over and state.round_totals == ((68,), (19,), (19,))


def test_bad_options_and_player_counts_are_refused() -> None:
    with pytest.raises(OptionError):
        new(rounds=0)
    with pytest.raises(PlayerCountError):
        new(2)


# --- outcome and adjudication -------------------------------------------------------------------


def test_adjudication_puts_the_offender_alone_last_and_counts_secured_points() -> None:
    state = turn(new(), "513", "264", "087")  # A 7, B 2, C 0; each crossed three digits
    out = GAME.adjudicate(state, A)
    assert out.scores == (10.0, 5.0, 3.0)
    assert out.ranks == (3, 1, 2)
    assert GAME.adjudicate(state, None).ranks == (1, 2, 3)
    assert GAME.outcome(state) is None


# --- views and hidden information ---------------------------------------------------------------


def test_no_seat_learns_another_seats_pending_number() -> None:
    base = GAME.apply(new(), A, "write 123")
    reference = GAME.apply(base, B, "write 444")
    for other in ("000", "555", "987", "444"):
        state = GAME.apply(base, B, f"write {other}")
        for viewer in (A, C, None):
            assert GAME.view(state, viewer) == GAME.view(reference, viewer)
            assert GAME.render(state, viewer) == GAME.render(reference, viewer)
        assert GAME.legal_moves(state, C) == GAME.legal_moves(reference, C)
        assert GAME.to_move(state) == GAME.to_move(reference) == (C,)
    # And A's view does not depend on what A itself wrote, apart from its own tile.
    for mine in ("000", "999"):
        state = GAME.apply(GAME.apply(new(), A, f"write {mine}"), B, "write 444")
        assert GAME.view(state, C) == GAME.view(reference, C)


def test_the_viewer_sees_its_own_pending_number_and_who_has_submitted() -> None:
    state = turn(new(), "123", "456")
    own = GAME.view(state, B)
    assert own["my_pending"] == "456"
    assert [p["submitted"] for p in own["players"]] == [True, True, False]
    assert GAME.view(state, C)["my_pending"] is None
    assert GAME.view(state, None)["my_pending"] is None
    assert "wrote 456" in GAME.render(state, B)
    assert "wrote" not in GAME.render(state, C) + GAME.render(state, None)


def test_the_view_shows_revealed_turns_boards_and_scores() -> None:
    state = turn(new(), "882", "431", "105")
    view = GAME.view(state, C)
    assert view["round"] == 1 and view["turn"] == 2 and view["seat"] == C
    assert view["history"] == [
        {
            "round": 1,
            "turn": 1,
            "entries": [
                {"number": "882", "status": "approved", "points": 10, "bonus": 2},
                {"number": "431", "status": "eliminated", "points": 0, "bonus": 0},
                {"number": "105", "status": "approved", "points": 1, "bonus": 0},
            ],
        }
    ]
    assert view["players"][A] == {
        "crossed": [2, 8],
        "out": False,
        "submitted": False,
        "turn_scores": [10],
        "round_totals": [],
        "total": 12,
    }
    assert "turn 1.1: A=882+10 B=431x0 C=105+1" in GAME.render(state, None)
