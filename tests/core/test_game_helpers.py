"""Generic helpers of arena.core.game and arena.core.values: options, ranks, points, outcomes, the
shared
parts of an engine (the turn check, a move's public text), records."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

import pytest

from arena.core.game import (
    CAPPED_END,
    NORMAL_END,
    GameBase,
    addon_option,
    engine_termination,
    options_to_dict,
    outcome_from_keys,
    parse_option_pairs,
    parse_options,
    points_by_rank,
    ranks_from_keys,
    ranks_with_offender_last,
)
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.errors import IllegalMoveError, InvalidMoveError, OptionError
from arena.games.testing import all_option_combinations


class Wall(enum.Enum):
    COLORED = "colored"
    GRAY = "gray"


@dataclass(frozen=True, slots=True)
class Opts:
    setup: Literal["easy", "michael"] = "easy"
    bruno: bool = False
    rounds: int = 2
    wall: Wall = Wall.COLORED


class OptionsOnly:
    name = "opts"
    options_type = Opts


def test_parse_options_converts_text_by_type():
    opts = parse_options(
        OptionsOnly(), {"setup": "michael", "bruno": "yes", "rounds": "3", "wall": "gray"}
    )
    assert opts == Opts("michael", True, 3, Wall.GRAY)
    assert options_to_dict(opts) == {"setup": "michael", "bruno": True, "rounds": 3, "wall": "gray"}


@dataclass(frozen=True, slots=True)
class WithAddons:
    setup: Literal["easy", "michael"] = "easy"
    extra: bool = addon_option()
    more: bool = addon_option()


class AddonGame:
    name = "addons"
    options_type = WithAddons


def test_addon_options_stay_out_of_records_and_combinations_while_off():
    game = AddonGame()
    assert options_to_dict(WithAddons()) == {"setup": "easy"}
    on = parse_options(game, {"extra": "true"})
    assert on == WithAddons(extra=True) and options_to_dict(on) == {"setup": "easy", "extra": True}
    assert parse_options(game, options_to_dict(on)) == on
    assert all_option_combinations(game) == [WithAddons("easy"), WithAddons("michael")]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"colour": "red"}, "has no option 'colour'"),
        ({"setup": "hard"}, "setup takes one of easy, michael"),
        ({"bruno": "maybe"}, "bruno takes true or false"),
        ({"rounds": "two"}, "rounds takes an integer"),
    ],
)
def test_parse_options_rejects_bad_input(raw, message):
    with pytest.raises(OptionError, match=message):
        parse_options(OptionsOnly(), raw)


def test_option_pairs():
    assert parse_option_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="key=value"):
        parse_option_pairs(["novalue"])


def test_ranks_share_ties_and_skip():
    assert ranks_from_keys([15, 15, 12]) == (1, 1, 3)
    assert ranks_from_keys([3, 9, 9, 1]) == (3, 1, 1, 4)


def test_offender_ranks_alone_last_and_others_keep_order():
    assert ranks_with_offender_last([10, 5, 7], offender=0) == (3, 2, 1)
    assert ranks_with_offender_last([4, 4, 4], offender=1) == (1, 3, 1)
    assert ranks_with_offender_last([4, 4], offender=None) == (1, 1)


def test_points_by_rank():
    assert points_by_rank((1, 2)) == (1.0, 0.0)
    assert points_by_rank((1, 1)) == (0.5, 0.5)
    assert points_by_rank((1, 2, 3)) == (1.0, 0.5, 0.0)
    assert points_by_rank((1, 1, 3)) == (0.75, 0.75, 0.0)


def test_illegal_is_a_kind_of_invalid():
    assert issubclass(IllegalMoveError, InvalidMoveError)


def test_outcome_validates_and_round_trips():
    with pytest.raises(ValueError):
        Outcome(ranks=(1, 2), scores=(1.0,), points=(0.0, 0.0))
    out = Outcome((2, 1), (3.0, 4.0), (-1.0, 2.0), Termination.TIMEOUT, 0, "slow")
    assert Outcome.from_dict(out.to_dict()) == out
    assert out.winners == (1,)
    assert Termination.TIMEOUT.is_fault and not Termination.TURN_CAP.is_fault


def test_match_record_round_trips():
    record = MatchRecord(
        match_id="m1",
        game="lucky_numbers",
        options={"bruno": True},
        seed=7,
        players=("a", "b"),
        moves=(MoveRecord(0, "draw", 1.5), MoveRecord(0, "discard", 0.25)),
        outcome=Outcome((1, 2), (16.0, 9.0), (2.0, -7.0)),
    )
    assert MatchRecord.from_dict(record.to_dict()) == record


def test_an_outcome_from_keys_ranks_the_last_seat_alone_last_and_points_by_rank():
    out = outcome_from_keys([(30, 1), (10, 0), (30, 1)], [30, 10, 30])
    assert out == Outcome((1, 3, 1), (30.0, 10.0, 30.0), (0.75, 0.0, 0.75))
    adjudicated = outcome_from_keys([30, 10, 20], [30, 10, 20], last=0, offender=0, detail="x")
    assert adjudicated.ranks == (3, 2, 1) and adjudicated.points == (0.0, 0.5, 1.0)
    assert (adjudicated.offender, adjudicated.detail) == (0, "x")
    # The game's own points (Lucky Numbers' +2 / -1 per empty cell), and an unnamed offender.
    own = outcome_from_keys([5, 9], [5, 9], last=1, points=(2.0, -7.0))
    assert own == Outcome((1, 2), (5.0, 9.0), (2.0, -7.0))


def test_an_engine_ends_normally_or_by_its_cap_only():
    assert engine_termination(NORMAL_END) is Termination.NORMAL
    assert engine_termination(CAPPED_END) is Termination.TURN_CAP
    with pytest.raises(ValueError, match="normally or by its cap"):
        engine_termination("timeout")


class Countdown(GameBase[tuple[int, int], None]):
    """A toy engine: seats 0 and 1 alternate saying `go` until the counter reaches 0."""

    def to_move(self, state: tuple[int, int]) -> tuple[int, ...]:
        return () if state[0] == 0 else (state[1],)

    def play(self, state: tuple[int, int], seat: int, move: str) -> tuple[int, int]:
        if move != "go":
            raise InvalidMoveError(f"{move!r} is not go")
        return state[0] - 1, 1 - seat


class Together(Countdown):
    """Both seats decide at once."""

    def to_move(self, state: tuple[int, int]) -> tuple[int, ...]:
        return (0, 1) if state[0] else ()


def test_apply_checks_the_turn_once_for_every_engine_then_plays():
    game = Countdown()
    assert game.apply((2, 0), 0, "go") == (1, 1)
    with pytest.raises(IllegalMoveError, match="it is seat 0's decision, not seat 1's"):
        game.apply((2, 0), 1, "go")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.apply((0, 1), 1, "go")
    with pytest.raises(IllegalMoveError, match=r"seat 2 is not to decide now \(seats 0, 1 are\)"):
        Together().apply((1, 0), 2, "go")
    with pytest.raises(InvalidMoveError, match="is not go"):  # the engine's own refusal
        game.apply((2, 0), 0, "stop")
    assert game.play((2, 0), 0, "go") == game.apply((2, 0), 0, "go")


def test_a_move_is_its_own_public_text_unless_the_game_says_otherwise():
    assert Countdown().public_move((2, 0), 0, "go") == "go"
