"""Epizodiak rules from literal positions: the block, pickups, skips and contests, full dials,
round end and scoring, Score 7, the legacy flags and the turn cap (shared/rules/epizodiak.md).

Blocks are written (s, e): every place from s clockwise to e is filled. The pile's top tile is
the last one listed.
"""

from __future__ import annotations

import random

import pytest

from arena.core.game import parse_options
from arena.core.values import Termination
from arena.errors import IllegalMoveError, InvalidMoveError, OptionError
from arena.games.epizodiak import GAME, EpizodiakOptions
from arena.games.epizodiak.positions import position
from arena.games.epizodiak.state import ROUND_CAP, TURN_CAP, Phase, RoundResult, Side, hand_tiles
from arena.games.epizodiak.view import dial_places

PILE = [11, 12, 1]
SCORE7 = EpizodiakOptions(mode="score7")


def legal(state) -> list[str]:
    return list(GAME.legal_moves(state, state.current))


def filled(state) -> list[int]:
    return [v for v in dial_places(state) if v]


def play(state, *moves: str):
    """Apply moves in turn order, each by the seat to move."""
    for move in moves:
        state = GAME.apply(state, state.current, move)
    return state


# --- the block (spec §4) ---------------------------------------------------------------------


def test_a_run_stops_at_the_first_value_missing_from_the_hand():
    state = position((5, 7), [[8, 9, 11, 12], [1], [2]], PILE)
    assert [m for m in legal(state) if m.startswith("place")] == ["place cw 8", "place cw 8 9"]
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "place cw 8 9 11")


def test_a_run_cannot_go_past_the_empty_places():
    # Only 3 and 4 are empty: a clockwise run from 3 fits two tiles, however many the hand holds.
    state = position((5, 2), [[3, 4, 5, 6], [1], [2]], PILE)
    places = [m for m in legal(state) if m.startswith("place")]
    assert places == ["place cw 3", "place cw 3 4", "place ccw 4", "place ccw 4 3"]


def test_duplicate_values_never_go_on_the_dial():
    state = position((5, 7), [[6, 6, 7], [1], [2]], PILE)
    assert [m for m in legal(state) if m.startswith("place")] == []
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "place cw 7")


def test_a_run_wraps_round_the_dial_and_the_block_ends_follow():
    state = position((10, 11), [[12, 1, 2, 3], [9, 8], [4]], PILE)
    after = GAME.apply(state, 0, "place cw 12 1 2")
    assert filled(after) == [1, 2, 10, 11, 12]
    view = GAME.view(after, 1)
    assert (view["block_start"], view["block_end"], view["open_values"]) == (10, 2, [3, 9])
    after = GAME.apply(after, 1, "place ccw 9 8")
    assert GAME.view(after, 2)["open_values"] == [3, 7]


def test_a_placement_leaves_the_hand_and_ends_the_turn():
    state = position((5, 7), [[8, 9, 1], [1], [2]], PILE)
    after = GAME.apply(state, 0, "place cw 8 9")
    assert hand_tiles(after.hands[0]) == [1]
    assert after.current == 1 and after.phase == Phase.START and after.turns == 1
    assert after.recent == ((0, "place cw 8 9"),)


def test_place_or_set_never_both_in_one_turn():
    state = position((5, 7), [[8, 2, 2, 2], [1], [2]], PILE)
    assert play(state, "set 2").current == 1
    assert play(state, "draw", "set 2").current == 1
    assert play(state, "draw", "place cw 8").current == 1


def test_malformed_moves_are_invalid_and_well_formed_ones_illegal():
    state = position((5, 7), [[8, 9, 1], [1], [2]], PILE)
    for text in ("", "place", "place up 8", "place cw 13", "set x", "draw 2", "pickup left"):
        with pytest.raises(InvalidMoveError) as info:
            GAME.apply(state, 0, text)
        assert not isinstance(info.value, IllegalMoveError), text
    for text in ("place cw 9", "set 8", "contest 4", "pass", "pickup"):
        with pytest.raises(IllegalMoveError):
            GAME.apply(state, 0, text)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 1, "draw")  # out of turn


# --- pickups (spec §5.2, EP-A4, EP-A5) -------------------------------------------------------


def test_a_pickup_from_the_anticlockwise_end():
    state = position((5, 7), [[4, 3, 1], [3, 8], [2]], PILE)
    state = GAME.apply(state, 0, "place ccw 4 3")
    assert state.last_end == Side.CCW and "pickup" in legal(state)
    picked = GAME.apply(state, 1, "pickup")
    assert filled(picked) == [4, 5, 6, 7] and picked.picked == 3
    assert "place ccw 3" not in legal(picked) and "place cw 8" in legal(picked)


def test_only_the_turn_right_after_the_placement_may_pick_up():
    state = position((5, 7), [[8, 1], [1, 2], [8, 3]], PILE)
    state = play(state, "place cw 8", "draw", "pass")
    assert state.current == 2 and "pickup" not in legal(state)  # seat 1 did not place


def test_pickup_then_pass_with_a_pile_leaves_nothing_to_pick_up():
    state = position((5, 7), [[8, 1], [8, 9], [8, 3]], PILE)
    state = play(state, "place cw 8", "pickup")
    assert legal(state) == ["pass"]  # 8 is open again but barred (EP-A5); 4 is not held
    state = play(state, "pass")
    assert state.recent[-1] == (1, "pickup; pass") and filled(state) == [5, 6, 7]
    assert "pickup" not in legal(state)  # seat 1's turn placed nothing


def test_a_picker_who_then_places_can_be_picked_from():
    state = position((5, 7), [[8, 1], [8, 4], [4, 3]], PILE)
    state = play(state, "place cw 8", "pickup", "place ccw 4")
    assert state.last_end == Side.CCW and legal(state)[:2] == ["draw", "pickup"]
    assert filled(play(state, "pickup")) == [5, 6, 7]


def test_legacy_pickups_take_either_end_to_complete_a_set():
    options = EpizodiakOptions(pickup_legacy=True)
    state = position((5, 7), [[7, 7, 5, 5, 1], [1], [2]], PILE, options=options)
    assert legal(state)[:3] == ["draw", "pickup cw", "pickup ccw"]
    picked = GAME.apply(state, 0, "pickup ccw")
    assert filled(picked) == [6, 7] and hand_tiles(picked.hands[0]) == [1, 5, 5, 5, 7, 7]
    assert "set 5" in legal(picked) and "pass" in legal(picked)
    alone = position((5, 5), [[5, 5, 1], [1], [2]], PILE, options=options)
    assert not [m for m in legal(alone) if m.startswith("pickup")]  # the dial holds one tile
    one = position((5, 7), [[7, 5, 1], [1], [2]], PILE, options=options)
    assert not [m for m in legal(one) if m.startswith("pickup")]  # no set to complete
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "pickup")  # the newest rule's token is not the legacy one


def test_legacy_pickup_without_a_pile_must_be_followed_by_a_play():
    options = EpizodiakOptions(pickup_legacy=True)
    state = position((5, 7), [[7, 7, 1], [1], [2]], [], options=options)
    assert legal(state) == ["pickup cw", "pass"]
    picked = GAME.apply(state, 0, "pickup cw")
    assert legal(picked) == ["set 7"]  # EP-A6: no pass; 7 may not go back (EP-A5)
    assert GAME.apply(picked, 0, "set 7").recent[-1] == (0, "pickup cw; set 7")


# --- no pile: skips, contests, forced placement (spec §6) ------------------------------------


def test_skips_count_and_any_other_turn_resets_them():
    state = position((5, 9), [[1, 2], [4, 4, 2], [3, 12, 4, 4]], [])
    state = play(state, "pass", "pass")
    assert state.skips == 2 and "contest 10" in legal(state)  # seat 2 lacks 10: it may contest
    assert play(state, "place ccw 4").skips == 0
    state = play(state, "pass")
    assert state.skips == 3 and legal(state) == ["contest 4", "contest 10"]  # seat 0 again
    assert play(state, "contest 4", "place ccw 4").skips == 0


def test_after_three_skips_the_next_player_must_place_and_a_set_does_not_do():
    state = position((5, 9), [[4, 3, 1, 1, 1], [2], [12]], [], skips=3)
    assert legal(state) == ["contest 10", "place ccw 4", "place ccw 4 3"]
    assert GAME.view(state, None)["skips"] == 3
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "set 1")


def test_after_three_skips_a_player_who_cannot_place_contests():
    state = position((5, 9), [[1, 1, 2], [4, 4, 10], [4, 4, 10, 10, 10]], [], skips=3)
    assert legal(state) == ["contest 4", "contest 10"]
    after = GAME.apply(state, 0, "contest 10")
    assert [hand_tiles(h) for h in after.hands] == [[1, 1, 2, 10], [4, 4], [4, 4]]
    assert legal(after) == ["place cw 10"]
    done = GAME.apply(after, 0, "place cw 10")
    assert done.skips == 0 and done.current == 1 and done.last_end == Side.CW


def test_a_contest_placement_may_run_on_and_nothing_else_comes_before_it():
    state = position((5, 9), [[10, 10, 1], [10, 10, 2], [4, 3, 11]], [], current=2, skips=2)
    assert legal(state) == ["contest 10", "place ccw 4", "place ccw 4 3", "pass"]
    after = GAME.apply(state, 2, "contest 10")
    assert after.phase == Phase.CONTEST_PLACE and after.discards == ((10, 2),)
    for text in ("place ccw 4", "pass", "set 10", "draw", "contest 10"):
        with pytest.raises(IllegalMoveError):
            GAME.apply(after, 2, text)
    assert legal(after) == ["place cw 10", "place cw 10 11"]
    done = GAME.apply(after, 2, "place cw 10 11")
    assert done.recent[-1] == (2, "contest 10; place cw 10 11") and filled(done)[-3:] == [9, 10, 11]


def test_a_skip_needs_no_reason_but_a_pickup_needs_a_play_after_it():
    state = position((5, 7), [[8, 1], [8, 2], [3]], [])
    state = GAME.apply(state, 0, "place cw 8")
    # Seat 1 holds an 8, but after picking it up no placement (8 barred) nor set would follow.
    assert legal(state) == ["pass"]


# --- a full dial (spec §7) -------------------------------------------------------------------


def test_a_full_dial_is_reshuffled_with_the_pile_and_a_new_tile_turned():
    state = position((1, 10), [[11, 12, 3], [2], [4]], [5, 6])
    after = GAME.apply(state, 0, "place cw 11 12")
    assert after.length == 1 and len(after.pile) == 13
    assert after.completed == (True, False, False) and after.last_end == Side.NONE
    assert not [m for m in legal(after) if m.startswith("pickup")]
    again = GAME.apply(state, 0, "place cw 11 12")
    assert again == after  # the shuffle comes from the state's stream: same result each time


def test_a_hand_emptied_by_the_filling_placement_ends_the_round_first():
    state = position((1, 10), [[11, 12], [2], [4]], [5, 6])
    after = GAME.apply(state, 0, "place cw 11 12")
    assert after.phase == Phase.OVER
    assert after.rounds[-1].out == (0,) and filled(after) == list(range(1, 13))


# --- round end and scoring (spec §8) ---------------------------------------------------------


def test_going_out_by_placing_scores_the_bonus_and_the_sets():
    state = position((5, 7), [[8, 9], [1, 1], [2]], PILE, discards=[(3, 1), (4, 2), (6, 1)])
    after = GAME.apply(state, 0, "place cw 8 9")
    assert after.phase == Phase.OVER
    assert after.rounds == (RoundResult(1, (0, 2, 1), (0,), (False,) * 3, (3, 2, 1), False),)
    out = GAME.outcome(after)
    assert out.ranks == (1, 2, 3) and out.scores == (3.0, 2.0, 1.0)
    assert out.points == (1.0, 0.5, 0.0) and out.termination == Termination.NORMAL


def test_going_out_by_a_set_counts_the_set_too():
    state = position((5, 7), [[2, 2, 2], [1, 1], [3]], PILE)
    after = GAME.apply(state, 0, "set 2")
    assert after.rounds[-1].points == (4, 0, 0)


def test_equal_points_share_a_rank_in_one_round():
    state = position((5, 7), [[8], [1, 1], [2]], PILE, discards=[(3, 1), (4, 1), (6, 1)])
    out = GAME.outcome(GAME.apply(state, 0, "place cw 8"))
    assert out.scores == (3.0, 3.0, 0.0) and out.ranks == (1, 1, 3)
    assert out.points == (0.75, 0.75, 0.0)


def test_a_contest_that_strips_a_hand_ends_the_round_for_that_seat():
    state = position((5, 9), [[4, 4], [4, 4, 1], [10, 3]], [], current=2, skips=2)
    after = play(state, "contest 4", "place ccw 4 3")
    assert after.phase == Phase.OVER
    assert after.rounds[-1].out == (0,)  # [ENGINE DECISION EP-E2]
    assert after.rounds[-1].points == (3, 0, 1)


def test_at_game_over_no_turn_is_under_way_in_the_view():
    # The last turns picked up a 7 (then set it) and contested a 4 (then placed it): at game
    # over their picked / contested values are cleared with turn_moves, and `recent` keeps them.
    picked = play(position((5, 7), [[7, 7], [1], [2]], PILE, last_end=Side.CW), "pickup", "set 7")
    contested = play(
        position((5, 9), [[3], [4, 4, 1], [4, 4, 2]], [], skips=2), "contest 4", "place ccw 4 3"
    )
    for state, last in ((picked, "pickup; set 7"), (contested, "contest 4; place ccw 4 3")):
        assert state.phase == Phase.OVER
        for seat in (0, 1, 2, None):
            view = GAME.view(state, seat)
            assert (view["picked"], view["contested"], view["turn_moves"]) == (0, 0, [])
            assert view["recent"][-1] == {"seat": 0, "moves": last}


def test_the_turn_cap_ends_the_round_with_no_bonus():
    state = position((5, 7), [[8, 1], [1, 2], [2, 3]], PILE, turns=TURN_CAP - 1,
                     discards=[(12, 2)])  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.phase == Phase.OVER and after.rounds[-1].capped
    assert after.rounds[-1].out == () and after.rounds[-1].points == (0, 0, 1)
    assert GAME.outcome(after).termination == Termination.TURN_CAP


def test_dial_double_doubles_the_sets_of_a_seat_that_completed_a_dial():
    options = EpizodiakOptions(dial_double=True)
    state = position((1, 11), [[12, 1], [1, 2], [3, 4]], [5, 6], options=options,
                     discards=[(7, 0), (8, 0), (9, 1)])  # fmt: skip
    state = play(state, "place cw 12")
    assert state.completed == (True, False, False) and state.length == 1  # a new dial
    state = position(
        (5, 7), [[8], [1], [2]], PILE, options=options, completed=(True, True, False),
        discards=[(1, 0), (2, 1), (3, 1), (4, 2)],
    )  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.rounds[-1].doubled == (True, True, False)
    assert after.rounds[-1].points == (2 + 3, 4, 1)  # doubled before the +3 (EP-A17)
    plain = GAME.apply(state._replace(options=EpizodiakOptions()), 0, "place cw 8")
    assert plain.rounds[-1].points == (4, 2, 1)


# --- Score 7 (spec §8.2) ---------------------------------------------------------------------


def test_score7_deals_a_new_round_with_the_next_starter_and_keeps_the_totals():
    state = position((5, 7), [[8], [1], [2]], PILE, options=SCORE7, starter=2, current=0,
                     discards=[(1, 1)], totals=(1, 2, 0), stream=99)  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.phase == Phase.START and after.round == 2
    assert after.totals == (4, 3, 0) and after.starter == 0 and after.current == 0
    assert [sum(h) for h in after.hands] == [12, 12, 12] and len(after.pile) == 11
    assert after.discards == () and after.turns == 0 and after.length == 1
    assert after.rounds[-1].points == (3, 1, 0)
    view = GAME.view(after, None)
    assert view["totals"] == [4, 3, 0] and view["rounds"][0]["out"] == [0]


def test_score7_ends_when_a_total_reaches_7_and_the_seat_that_went_out_breaks_a_tie():
    state = position((5, 7), [[8], [1], [2]], PILE, options=SCORE7, totals=(4, 7, 2),
                     round_no=3)  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.phase == Phase.OVER and after.totals == (7, 7, 2)
    out = GAME.outcome(after)
    assert out.ranks == (1, 2, 3) and out.termination == Termination.NORMAL
    assert out.scores == (7.0, 7.0, 2.0)


def test_score7_legacy_scores_only_the_sets_of_the_seat_that_went_out():
    options = EpizodiakOptions(mode="score7", score7_legacy=True, target=13)
    state = position((5, 7), [[8], [1], [2]], PILE, options=options, totals=(0, 0, 0),
                     discards=[(1, 0), (2, 1), (3, 1)])  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.rounds[-1].points == (4, 0, 0) and after.round == 2
    one_round = GAME.apply(state._replace(options=EpizodiakOptions(score7_legacy=True)), 0,
                           "place cw 8")  # fmt: skip
    assert one_round.rounds[-1].points == (4, 2, 0)  # the flag is about multi-round play


def test_in_score7_a_capped_round_counts_as_finished_without_the_bonus():
    state = position((5, 7), [[8, 1], [1], [2]], PILE, options=SCORE7, turns=TURN_CAP - 1,
                     discards=[(3, 1)], totals=(2, 2, 2))  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.round == 2 and after.phase == Phase.START
    assert after.rounds[-1].capped and after.rounds[-1].points == (0, 1, 0)
    assert after.totals == (2, 3, 2)


def test_score7_stops_after_the_round_cap_as_it_stands():
    state = position((5, 7), [[8, 1], [1], [2]], PILE, options=SCORE7, turns=TURN_CAP - 1,
                     round_no=ROUND_CAP, totals=(1, 4, 4))  # fmt: skip
    after = GAME.apply(state, 0, "place cw 8")
    assert after.phase == Phase.OVER and after.round == ROUND_CAP
    out = GAME.outcome(after)
    assert out.termination == Termination.TURN_CAP and out.ranks == (3, 1, 1)


def test_target_13_plays_on_past_7():
    options = EpizodiakOptions(mode="score7", target=13)
    state = position((5, 7), [[8], [1], [2]], PILE, options=options, totals=(6, 0, 0))
    assert GAME.apply(state, 0, "place cw 8").round == 2


def test_score7_from_the_seed_plays_rounds_until_someone_has_7():
    rng = random.Random(47)  # a seed whose random game lasts three rounds
    state = GAME.setup(3, SCORE7, random.Random(47))
    starters = [state.starter]
    while state.phase != Phase.OVER:
        before = state.round
        state = GAME.apply(state, state.current, rng.choice(legal(state)))
        if state.round != before:
            starters.append(state.starter)
    assert len(state.rounds) == len(starters) == 3
    assert starters == [(starters[0] + i) % 3 for i in range(len(starters))]
    totals = [sum(r.points[s] for r in state.rounds) for s in range(3)]
    assert tuple(totals) == state.totals and max(totals) >= 7
    assert all(max(sum(r.points[s] for r in state.rounds[:i]) for s in range(3)) < 7
               for i in range(1, len(state.rounds)))  # fmt: skip


# --- options -----------------------------------------------------------------------------------


def test_options_parse_and_are_checked():
    assert parse_options(GAME, {}) == EpizodiakOptions()
    assert parse_options(GAME, {"mode": "score7", "target": "13", "dial_double": "true"}) == (
        EpizodiakOptions(mode="score7", target=13, dial_double=True)
    )
    with pytest.raises(OptionError):
        parse_options(GAME, {"mode": "two_rounds"})
    with pytest.raises(OptionError):
        GAME.setup(3, EpizodiakOptions(target=9), random.Random(1))
