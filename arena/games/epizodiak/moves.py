"""Epizodiak legal moves: which decisions the seat to move has, in a stable order.

Order of a legal-move list: draw, pickups, contests, clockwise placements (shortest first),
anticlockwise placements, sets (by value), pass.
"""

from __future__ import annotations

from itertools import compress

from .notation import CONTEST_TEXT, DRAW, LEGACY_PICKUP_TEXT, PASS, PICKUP, PLACE_TEXT, SET_TEXT
from .state import (
    CCW,
    CONTEST_AFTER,
    COPIES,
    CW,
    SET_SIZE,
    SKIP_LIMIT,
    VALUES,
    Phase,
    Side,
    State,
    end_value,
    open_values,
)

# Enum members cost a class-attribute lookup each time they are named: the hot paths use these.
_NONE, _CW, _CCW = int(Side.NONE), int(Side.CW), int(Side.CCW)
_START, _PLAY, _CONTEST_PLACE = int(Phase.START), int(Phase.PLAY), int(Phase.CONTEST_PLACE)
_VALUES = range(1, VALUES + 1)
# A hand can discard a set when a value's count is 3 or 4 (its most): `3 in hand or 4 in hand`
# scans the counts in C, several times cheaper than max(hand) >= 3.
assert SET_SIZE == 3 and COPIES == 4
_AT_LEAST_3 = (SET_SIZE - 1).__lt__  # count -> count >= 3

# RUNS[side][first]: the placement texts from `first` on that side, by length (1-12).
RUNS: dict[int, tuple[tuple[str, ...], ...]] = {
    side: ((),) + tuple(tuple(PLACE_TEXT[side][v, k] for k in range(1, VALUES + 1))
                        for v in _VALUES)
    for side in (Side.CW, Side.CCW)
}  # fmt: skip
_RUNS_CW, _RUNS_CCW = RUNS[_CW], RUNS[_CCW]


def placements(state: State, hand: tuple[int, ...], banned: int, only: int = 0) -> list[str]:
    """Every legal placement: each side, each run length; `only` forces the first value."""
    start, length = state.start, state.length
    room = VALUES - length
    open_cw, open_ccw = (start + length - 1) % VALUES + 1, CCW[start]
    out: list[str] = []
    if hand[open_cw] and open_cw != banned and (not only or only == open_cw):
        k, v = 1, CW[open_cw]
        while k < room and hand[v] and v != banned:
            k, v = k + 1, CW[v]
        out += _RUNS_CW[open_cw][:k]
    if hand[open_ccw] and open_ccw != banned and (not only or only == open_ccw):
        k, v = 1, CCW[open_ccw]
        while k < room and hand[v] and v != banned:
            k, v = k + 1, CCW[v]
        out += _RUNS_CCW[open_ccw][:k]
    return out


def pile_start_moves(hand: tuple[int, ...], start: int, length: int, side: int) -> tuple[str, ...]:
    """start_moves of a turn start with a pile and the newest pick-up rule, written out from the
    new state's parts (finish_turn builds every such state): draw, the pickup of the previous
    placement's end tile, placements, sets."""
    out: tuple[str, ...] = _DRAW_ONLY
    if side and hand[(start + length - 2) % VALUES + 1 if side == _CW else start]:
        out = _DRAW_PICKUP
    return out + placed_and_sets(hand, start, length)


def drawn_moves(hand: tuple[int, ...], start: int, length: int) -> tuple[str, ...]:
    """play_moves right after a draw, written out from the new state's parts (nothing picked
    up, the pile had tiles): placements, sets, pass."""
    return (*placed_and_sets(hand, start, length), PASS)


def placed_and_sets(hand: tuple[int, ...], start: int, length: int) -> tuple[str, ...]:
    """The placements at both open ends of the run of `length` from `start`, then the sets,
    nothing banned: what pile_start_moves and drawn_moves share."""
    out: tuple[str, ...] = ()
    room = VALUES - length
    first = (start + length - 1) % VALUES + 1  # the clockwise open value
    if hand[first]:
        k, v = 1, CW[first]
        while k < room and hand[v]:
            k, v = k + 1, CW[v]
        out = _RUNS_CW[first][:k]
    first = CCW[start]
    if hand[first]:
        k, v = 1, CCW[first]
        while k < room and hand[v]:
            k, v = k + 1, CCW[v]
        out += _RUNS_CCW[first][:k]
    if 3 in hand or 4 in hand:
        out += tuple(compress(SET_TEXT, map(_AT_LEAST_3, hand)))
    return out


_DRAW_ONLY, _DRAW_PICKUP = (DRAW,), (DRAW, PICKUP)


def sets(hand: tuple[int, ...]) -> list[str]:
    """Every `set v` the hand can discard."""
    if 3 not in hand and 4 not in hand:
        return []
    return list(compress(SET_TEXT, map(_AT_LEAST_3, hand)))  # the loop runs in C


def pickup_sides(state: State, hand: tuple[int, ...]) -> list[Side]:
    """The dial ends the seat may pick up from (spec §5.2, or §10 pickup_legacy)."""
    if state.options.pickup_legacy:
        # [ENGINE DECISION EP-E1] the legacy text names no end: either end tile may be taken
        # (hence `pickup cw` / `pickup ccw`), and the previous turn need not have placed it.
        if state.length < 2:
            return []
        ends = ((Side.CW, end_value(state.start, state.length)), (Side.CCW, state.start))
        return [side for side, v in ends if hand[v] >= SET_SIZE - 1]
    side = state.last_end
    if side == _NONE:
        return []
    v = end_value(state.start, state.length) if side == _CW else state.start
    return [Side(side)] if hand[v] else []


def picked_up(state: State, side: int) -> tuple[int, int, int]:
    """(value taken, new start, new length) of a pick-up from `side` (spec §5.2, EP-A4)."""
    if side == _CW:
        return end_value(state.start, state.length), state.start, state.length - 1
    return state.start, CW[state.start], state.length - 1


def holds_playable_unique(state: State, hand: tuple[int, ...]) -> bool:
    """Spec §6.2: the hand holds the last copy of a set-discarded value, and it is open."""
    return any(state.gone >> v & 1 and hand[v] for v in open_values(state.start, state.length))


def contest_targets(state: State, hand: tuple[int, ...]) -> list[int]:
    """Spec §6.3: open values the seat lacks, once the two previous turns were empty-pile skips."""
    if state.pile or state.skips < CONTEST_AFTER:
        return []
    return sorted({v for v in open_values(state.start, state.length) if not hand[v]})


def _pickup_moves(state: State, hand: tuple[int, ...], obligated: bool) -> list[str]:
    out = []
    for side in pickup_sides(state, hand):
        text = LEGACY_PICKUP_TEXT[side] if state.options.pickup_legacy else PICKUP
        if state.pile:
            out.append(text)
            continue
        # [ASSUMPTION EP-A6] without a pile a pick-up must be followed by a play: offer it only
        # when one exists, so the seat is never left without a legal decision.
        v, start, length = picked_up(state, side)
        after = list(hand)
        after[v] += 1
        if placements(state._replace(start=start, length=length), tuple(after), v) or (
            not obligated and any(c >= SET_SIZE for c in after)
        ):
            out.append(text)
    return out


def start_moves(state: State) -> list[str]:
    """Turn start: draw (with a pile), pickups, contests, placements, sets, skip."""
    hand = state.hands[state.current]
    if state.pile:
        out = [DRAW]
        side = state.last_end
        if state.options.pickup_legacy:
            out += _pickup_moves(state, hand, False)
        elif side:  # the common rule, written out: the previous placement's end tile
            if hand[end_value(state.start, state.length) if side == _CW else state.start]:
                out.append(PICKUP)
        out += placements(state, hand, 0)
        if 3 in hand or 4 in hand:  # a set to discard (a value has at most 4 tiles)
            out += sets(hand)
        return out
    obligated = state.skips >= SKIP_LIMIT  # spec §6.4: place or contest; a set does not do
    out = _pickup_moves(state, hand, obligated)
    out.extend(CONTEST_TEXT[v] for v in contest_targets(state, hand))
    out.extend(placements(state, hand, 0))
    if not obligated:
        out.extend(sets(hand))
        if not holds_playable_unique(state, hand):
            out.append(PASS)
    return out


def play_moves(state: State) -> list[str]:
    """After a draw or a pickup: placements (never the picked value), sets, and pass if allowed."""
    hand = state.hands[state.current]
    out = placements(state, hand, state.picked)
    if state.pile_turn:
        if 3 in hand or 4 in hand:
            out += sets(hand)
        out.append(PASS)
    elif state.skips < SKIP_LIMIT:
        out += sets(hand)
    return out


def legal_moves_of(state: State) -> list[str]:
    """The legal decisions of the seat to move."""
    phase = state.phase
    if phase == _START:
        return start_moves(state)
    if phase == _PLAY:
        return play_moves(state)
    if phase == _CONTEST_PLACE:
        return placements(state, state.hands[state.current], 0, only=state.contested)
    return []
