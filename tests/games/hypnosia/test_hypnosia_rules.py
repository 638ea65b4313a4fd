"""Hypnosia rules as scenarios on literal positions: dice and forfeits, start slots, bridges,
the centre, stacks, captures, both endings, the variant, ranking, the roll-off and the cap."""

from __future__ import annotations

import random

import pytest
from hypnosia_helpers import GAME, after, position, stream_rolling, unit_at

from arena.core.chance import Stream
from arena.core.values import Termination
from arena.errors import IllegalMoveError, InvalidMoveError
from arena.games.hypnosia import HypnosiaOptions
from arena.games.hypnosia.board import ACROSS, ALONG, CENTRE, FROM_START, NONE
from arena.games.hypnosia.notation import TEXT, MoveKey
from arena.games.hypnosia.state import PAWNS_PER_COLOUR, history, score

# --- dice -----------------------------------------------------------------------------------


def test_a_die_without_a_legal_use_is_forfeited_and_logged() -> None:
    # Seat 1's only pawn waits in S4: a roll of 1 and 2 cannot move it, so both dice go.
    state = position({"A3": "0"}, start={1: [4]}, dice=(5, 5), left=(5,))
    state = state._replace(stream=stream_rolling((1, 2), (3, 3)))
    state = after(state, "5 A3")
    events = history(state)
    assert events[-5:] == [(0, "5 A3"), (1, "roll 1 2"), (1, "skip 1"), (1, "skip 2"),
                           (0, "roll 3 3")]  # fmt: skip
    assert state.current == 0 and state.dice == (3, 3)


def test_the_second_die_is_forfeited_when_the_first_use_leaves_it_nothing() -> None:
    state = position({"C3": "0", "A30": "1"}, dice=(6, 1))
    state = after(state, "1 C3 in")
    assert history(state)[1:3] == [(0, "1 C3 in"), (0, "skip 6")]
    assert state.current == 1 and state.left == state.dice


def test_every_die_is_used_in_full_and_a_double_gives_no_extra_move() -> None:
    state = position({"A10": "0", "A30": "1"}, dice=(3, 3))
    assert GAME.legal_moves(state, 0) == ["3 A10"]  # one list for both equal dice
    state = after(state, "3 A10")
    assert unit_at(state, "A13") == "0" and state.left == (3,)
    state = after(state, "3 A13")
    assert unit_at(state, "A16") == "0" and state.current == 1  # two uses, then the turn passes


def test_the_player_chooses_which_die_to_play_first() -> None:
    state = position({"A10": "0", "A30": "1"}, dice=(5, 2))
    assert GAME.legal_moves(state, 0) == ["5 A10", "2 A10"]
    assert after(state, "2 A10").left == (5,)


def test_dice_come_from_the_stream_in_the_state() -> None:
    a = GAME.setup(4, HypnosiaOptions(), random.Random(9))
    b = GAME.setup(4, HypnosiaOptions(), random.Random(9))
    assert a == b
    before = Stream(a.stream - 0x9E3779B97F4A7C15 & (1 << 64) - 1)
    assert before.dice_pair() == (a.dice, a.stream)  # the first roll is the stream's first draw


# --- start slots ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "exits"),
    [(1, ["S1"]), (2, ["S1", "S2"]), (3, ["S1", "S2", "S3"]), (4, ["S1", "S2", "S3", "S4"])],
)
def test_start_slot_k_needs_a_die_of_k_or_more(die: int, exits: list[str]) -> None:
    state = position({"A30": "1"}, start={0: [1, 2, 3, 4]}, dice=(die, die))
    assert GAME.legal_moves(state, 0) == [f"{die} {slot}" for slot in exits]


def test_a_back_pawn_jumps_over_its_queue_and_slots_do_not_shift() -> None:
    state = position({"A30": "1"}, start={0: [1, 2, 3, 4]}, dice=(6, 1))
    state = after(state, "6 S4")
    assert unit_at(state, "A2") == "0" and state.start[0] == 0b0111
    assert "1 S1" in GAME.legal_moves(state, 0) and "1 S2" not in GAME.legal_moves(state, 0)


def test_leaving_the_start_onto_an_own_pawn_stacks() -> None:
    state = after(position({"A2": "0", "A30": "1"}, start={0: [1]}, dice=(3, 6)), "3 S1")
    assert unit_at(state, "A2") == "00"


# --- bridges and the centre -----------------------------------------------------------------


def test_a_bridge_reached_with_the_second_die_is_crossed_next_turn() -> None:
    state = position({"A1": "0", "A3": "0", "A30": "1"}, dice=(2, 4))
    state = state._replace(stream=stream_rolling((5, 6), (3, 2)))
    state = after(state, "2 A1", "4 A3")  # A3 reaches the bridge A7 with the second die
    assert state.current == 1 and unit_at(state, "A7") == "0"
    state = after(state, "5 A30", "6 A35")
    assert state.current == 0 and state.dice == (3, 2)
    assert {"3 A7 in", "2 A7 in"} <= set(GAME.legal_moves(state, 0))
    assert unit_at(after(state, "3 A7 in"), "B2") == "0"


def test_crossing_is_optional_and_only_from_the_starting_space() -> None:
    state = position({"A7": "0", "A30": "1"}, dice=(3, 3))
    assert GAME.legal_moves(state, 0) == ["3 A7", "3 A7 in"]
    assert unit_at(after(state, "3 A7"), "A10") == "0"  # kept going on the outer circle


def test_no_move_ever_leads_outwards() -> None:
    state = position({"B0": "0", "C1": "0", "A30": "1"}, dice=(6, 6))
    moved = after(state, "6 B0")
    assert unit_at(moved, "B6") == "0"  # a B space: inner circles are never left


def test_the_centre_takes_only_a_one_and_a_one_may_also_step_along() -> None:
    state = position({"C7": "0", "A30": "1"}, dice=(2, 3))
    assert GAME.legal_moves(state, 0) == ["2 C7", "3 C7"]
    state = position({"C7": "0", "A30": "1"}, dice=(1, 3))
    assert GAME.legal_moves(state, 0) == ["1 C7", "1 C7 in", "3 C7"]
    assert unit_at(after(state, "1 C7"), "C8") == "0"


def test_centre_pawns_are_safe_and_never_move() -> None:
    state = after(position({"C3": "0", "C20": "0", "A30": "1"}, dice=(1, 2)), "1 C3 in")
    assert GAME.legal_moves(state, 0) == ["2 C20"]


# --- stacks ---------------------------------------------------------------------------------


def test_a_stack_moves_as_one_or_splits() -> None:
    state = position({"A3": "00", "A30": "1"}, dice=(2, 5))
    assert GAME.legal_moves(state, 0) == ["2 A3", "2 A3 x2", "5 A3", "5 A3 x2"]
    split = after(state, "2 A3")
    assert (unit_at(split, "A3"), unit_at(split, "A5")) == ("0", "0")
    whole = after(state, "2 A3 x2")
    assert (unit_at(whole, "A3"), unit_at(whole, "A5")) == ("", "00")


def test_a_stack_crosses_a_bridge_in_the_base_game() -> None:
    state = after(position({"A7": "00", "A30": "1"}, dice=(2, 5)), "2 A7 x2 in")
    assert unit_at(state, "B1") == "00"


def test_variant_stacks_never_cross_but_their_pawns_may_split_across() -> None:
    state = position({"A7": "00", "A30": "1"}, dice=(2, 5), stacks_cross=False)
    assert GAME.legal_moves(state, 0) == ["2 A7", "2 A7 in", "2 A7 x2", "5 A7", "5 A7 in",
                                          "5 A7 x2"]  # fmt: skip
    assert "1 C3 x2 in" not in GAME.legal_moves(
        position({"C3": "00"}, dice=(1, 1), stacks_cross=False), 0
    )
    split = after(position({"C3": "00", "A30": "1"}, dice=(1, 1), stacks_cross=False), "1 C3 in")
    assert split.centre == (0,) and unit_at(split, "C3") == "0"  # the stack cannot score at once
    with pytest.raises(IllegalMoveError):
        GAME.apply(position({"C3": "00"}, dice=(1, 1), stacks_cross=False), 0, "1 C3 x2 in")


# --- captures -------------------------------------------------------------------------------


def test_captures_are_permanent_and_scored_per_pawn() -> None:
    state = position({"A3": "00", "A5": "11", "A9": "1"}, dice=(2, 4))
    state = after(state, "2 A3 x2")
    assert (state.gained, state.lost) == ((2, 0), (0, 2))
    assert state.start == (0, 0)  # nothing goes back to a start slot
    state = after(state, "4 A5 x2")  # the stack takes the single on A9 too
    assert (score(state, 0), score(state, 1)) == (3, -3)
    # Seat 1 has no pawn left, so it is skipped (HY-A14); seat 0's pawns keep the game going.
    assert state.over == "" and state.current == 0 and state.round == 2


def test_start_slot_pawns_cannot_be_captured() -> None:
    state = position({"A3": "0"}, start={1: [1, 2, 3, 4]}, dice=(5, 5))
    state = after(state, "5 A3")  # lands on seat 1's entry space A8: nothing there to take
    assert state.gained == (0, 0) and state.start[1] == 0b1111


# --- endings, ranking, cap ------------------------------------------------------------------


def test_the_game_ends_when_no_pawn_is_left_on_the_board() -> None:
    # Seat 1's pawns are all captured or in; seat 0's last pawn enters: the board is empty.
    state = position({"C3": "0"}, dice=(1, 4), centre=(1, 1), gained=(0, 2), lost=(2, 0))
    state = after(state, "1 C3 in")
    assert state.over == "normal" and len(state.centre) == 3
    outcome = GAME.outcome(state)
    assert outcome.termination is Termination.NORMAL
    assert outcome.scores == (1.0, 11.0) and outcome.ranks == (2, 1)


def test_the_game_ends_at_once_when_a_fifth_pawn_enters_mid_turn() -> None:
    state = position({"C3": "0", "A30": "1"}, dice=(1, 4), centre=(1, 1, 0, 1))
    state = after(state, "1 C3 in")
    assert state.over == "normal" and state.left == (4,) and GAME.to_move(state) == ()
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "4 A30")


def test_ties_without_a_centre_pawn_share_the_rank_below_those_with_one() -> None:
    state = position({}, num_players=4, centre=(2,), gained=(5, 5, 0, 0), lost=(0, 0, 0, 10))
    state = state._replace(over="normal", moves=())
    assert [score(state, s) for s in range(4)] == [5, 5, 5, -10]
    assert GAME.outcome(state).ranks == (2, 2, 1, 4)
    assert GAME.adjudicate(state, 2).ranks == (1, 1, 4, 3)


def test_players_without_pawns_are_skipped() -> None:
    state = position({"A3": "0", "A20": "2"}, num_players=3, dice=(2, 2), left=(2,))
    state = after(state, "2 A3")
    assert state.current == 2  # seat 1 has nothing left on the track or in its slots


def test_the_round_cap_ends_the_game_ranked_as_it_stands() -> None:
    state = position({"A3": "0", "A30": "1"}, dice=(2, 2), left=(2,), current=1, round_cap=1)
    state = after(state, "2 A30")  # the turn passes back to seat 0 (the start player)
    assert state.over == "turn_cap"
    outcome = GAME.outcome(state)
    assert outcome.termination is Termination.TURN_CAP and outcome.ranks == (1, 1)
    whole = GAME.setup(2, HypnosiaOptions(round_cap=2), random.Random(4))
    while GAME.outcome(whole) is None:
        whole = GAME.apply(whole, whole.current, GAME.legal_moves(whole, whole.current)[0])
    assert whole.round <= 2 and whole.over in ("normal", "turn_cap")


def test_the_roll_off_repeats_only_among_the_tied_highest() -> None:
    replayed_ties = 0
    for seed in range(300):
        state = GAME.setup(5, HypnosiaOptions(), random.Random(seed))
        events = list(state.turns[0])
        contenders = list(range(5))
        while True:  # read the roll-off back, one round of rolls at a time
            rolls, events = events[: len(contenders)], events[len(contenders) :]
            assert [s for s, _ in rolls] == contenders
            assert all(t.startswith("rolloff ") for _, t in rolls)
            totals = {s: sum(map(int, t.split()[1:])) for s, t in rolls}
            contenders = [s for s in contenders if totals[s] == max(totals.values())]
            if len(contenders) == 1:
                break
            replayed_ties += 1
        assert not events and state.start_player == contenders[0] == state.current
    assert replayed_ties >= 20


def test_setup_puts_every_pawn_in_its_start_slots() -> None:
    state = GAME.setup(6, HypnosiaOptions(), random.Random(1))
    assert state.start == (0b1111,) * 6 and not any(state.cells) and state.centre == ()
    assert PAWNS_PER_COLOUR == 4
    assert GAME.to_move(state) == (state.start_player,)
    assert any(m.endswith(" S1") for m in GAME.legal_moves(state, state.start_player))


@pytest.mark.parametrize("text", ["", "4", "7 A3", "0 A3", "4 Z3", "4 A99", "4 A3 in x2", 5])
def test_garbage_is_not_a_move(text) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.apply(position({"A3": "0"}, dice=(4, 4)), 0, text)


def test_a_well_formed_move_at_the_wrong_time_is_illegal() -> None:
    state = position({"A3": "0", "A30": "1"}, dice=(4, 4))
    for move in ("3 A3", "4 A30", "4 S1", "4 A3 x2"):
        with pytest.raises(IllegalMoveError):
            GAME.apply(state, 0, move)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 1, "4 A3")


# --- the move generator against a plain statement of the rules ------------------------------


def lands(cells: bytes, dest: int, seat: int, height: int) -> bool:
    """Spec §5.1, §6.1, HY-A8 as written: may a unit of `height` end on `dest`?"""
    if dest == CENTRE or not cells[dest]:
        return True
    owner, there = cells[dest] & 7, cells[dest] >> 3
    if owner == seat:
        return there + height <= 2
    return height >= there


def reference_moves(state) -> set[str]:
    """Every legal die use: every die left, from every slot and unit, with every flag."""
    seat, out = state.current, set()
    sources = [-k for k in range(1, 5)] + [i for i, v in enumerate(state.cells) if v]
    for die in set(state.left):
        for source in sources:
            for stack in (False, True):
                for inward in (False, True):
                    key = MoveKey(die, source, stack, inward)
                    if _legal(state, seat, key):
                        out.add(TEXT[key])
    return out


def _legal(state, seat: int, key) -> bool:
    height = 2 if key.stack else 1
    if key.source < 0:
        k = -key.source
        if key.stack or key.inward or not state.start[seat] >> (k - 1) & 1:
            return False
        dest = FROM_START[seat][k][key.die]
    else:
        v = state.cells[key.source]
        if not v or v & 7 != seat or v >> 3 < height:
            return False
        if key.inward and key.stack and not state.stacks_cross:
            return False  # the variant (spec §9)
        dest = (ACROSS if key.inward else ALONG)[key.source][key.die]
    return dest != NONE and lands(state.cells, dest, seat, height)


def test_the_generator_matches_the_rules_as_written_over_random_games() -> None:
    checked = 0
    for seed in range(10):
        options = HypnosiaOptions(stacks_cross=seed % 2 == 0)
        state = GAME.setup(2 + seed % 5, options, random.Random(seed))
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            legal = GAME.legal_moves(state, state.current)
            assert set(legal) == reference_moves(state) and len(set(legal)) == len(legal)
            state = GAME.apply(state, state.current, rng.choice(legal))
            checked += 1
    assert checked > 2000
