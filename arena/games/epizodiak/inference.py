"""What a greedy seat's last turn says about the hand it holds now: the boss's belief keeps the
deals in which that turn was greedy's choice.

Greedy (strategy.py) plays the decision of best immediate value, so the turn it played says
what it did not hold. Two kinds of turn tell it from the hand the seat holds now alone, with
the dial as it was (undone from the dial now through the turns since, as belief.pickups does):
- `draw; X`: X had the best value among the moves after the draw (moves.drawn_moves), the hand
  then being the hand now with X's tiles back. `draw; pass` thus says the seat held no single
  tile of an open value; `draw; place cw 5 6` that a single 7 would have run on.
- `pass` with no pile (a skip): no placement or set was worth more than nothing.
Only the seat's latest turn in the view (its hand has not changed since, unless a contest took
tiles from it: then nothing is read), and only for seats modelled as greedy. `Evidence.holds`
says whether dealt hands agree with it; belief.sample_state redeals up to a few times until
they do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .moves import drawn_moves
from .state import CCW, CW, VALUES, Side
from .strategy import GOING_OUT, PAIR_COST, POINT

_SIDES = {"cw": int(Side.CW), "ccw": int(Side.CCW)}
_SET_VALUE = 3 + POINT


@dataclass(frozen=True, slots=True)
class Clue:
    """One seat's latest turn, checkable from its hand now: the tiles it laid or discarded
    that turn after the decision (`back`), the dial before its placement, the choice made."""

    seat: int
    back: tuple[int, ...]  # tiles to add to the hand now to get the hand at the decision
    start: int
    length: int
    chosen: str  # the move made; "pass" for a skip (then any move worth 0 or less agrees)


def move_value(hand: Sequence[int], move: str) -> float:
    """strategy.move_value of a move after a draw (or of a skip's alternatives), from counts."""
    words = move.split()
    if words[0] == "place":
        values = [int(w) for w in words[2:]]
        if len(values) == sum(hand):
            return GOING_OUT
        value = float(len(values))
        for v in values:
            if hand[v] >= 3:
                value -= POINT
            elif hand[v] == 2:
                value -= PAIR_COST
        return value
    if words[0] == "set":
        return GOING_OUT if sum(hand) == 3 else _SET_VALUE
    return 0.0


def _placement(moves: Sequence[str]) -> tuple[int, list[int]]:
    for move in moves:
        words = move.split()
        if words[0] == "place":
            return _SIDES[words[1]], [int(w) for w in words[2:]]
    return int(Side.NONE), []


def dials_before(view: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    """Per turn index of `recent`, the dial (start, length) just before that turn's placement,
    where the dial now and the turns since prove it (belief.pickups' walk)."""
    recent = [r["moves"].split("; ") for r in view["recent"]]
    start, length = view["block_start"], sum(1 for v in view["dial"] if v)
    if view["picked"]:  # the viewer's own pickup this turn: put it back first
        named = view["turn_moves"][0].split()[1:]
        length += 1
        if (named[0] if named else view["last_placement_end"]) == "ccw":
            start = view["picked"]
    found: dict[int, tuple[int, int]] = {}
    for i in range(len(recent) - 1, -1, -1):
        side, values = _placement(recent[i])
        if values:
            end = (start + length - 2) % VALUES + 1
            if length - len(values) < 1 or (end if side == Side.CW else start) != values[-1]:
                return found
            length -= len(values)
            if side == Side.CCW:
                start = CW[values[0]]
        found[i] = (start, length)
        first = recent[i][0].split()
        if first[0] != "pickup":
            continue
        if len(first) == 2:
            taken_side = _SIDES[first[1]]
        elif i > 0 and (before := _placement(recent[i - 1]))[1]:
            taken_side = before[0]
        else:
            return found
        if length >= VALUES:
            return found
        end = (start + length - 2) % VALUES + 1
        v = CW[end] if taken_side == Side.CW else CCW[start]
        length += 1
        if taken_side == Side.CCW:
            start = v
    return found


@dataclass(frozen=True, slots=True)
class Evidence:
    """The clues of one view (module docstring)."""

    clues: tuple[Clue, ...]

    def holds(self, hands: Sequence[Sequence[int]]) -> bool:
        """Whether hands dealt as tile lists (per seat) make every clue greedy's choice."""
        for clue in self.clues:
            counts = [0] * (VALUES + 1)
            for v in hands[clue.seat]:
                counts[v] += 1
            for v in clue.back:
                counts[v] += 1
            hand = tuple(counts)
            moves = drawn_moves(hand, clue.start, clue.length)
            if clue.chosen == "pass":  # a skip: nothing was worth more than passing
                if any(move_value(hand, m) > 0 for m in moves):
                    return False
            elif move_value(hand, clue.chosen) < max(move_value(hand, m) for m in moves):
                return False
        return True


def evidence(view: Mapping[str, Any], greedy: Sequence[bool]) -> Evidence:
    """The clues of the latest turns of the seats marked in `greedy` (never the viewer)."""
    recent = view["recent"]
    if any(r["moves"].startswith("contest") for r in recent) or view["contested"]:
        return Evidence(())  # a contest took tiles from hands: the hands now say less
    dials = dials_before(view)
    clues = []
    for i, turn in enumerate(recent):
        seat = turn["seat"]
        if seat == view["seat"] or not greedy[seat] or i not in dials:
            continue
        if any(later["seat"] == seat for later in recent[i + 1 :]):
            continue
        moves = turn["moves"].split("; ")
        start, length = dials[i]
        if len(moves) == 2 and moves[0] == "draw":
            words = moves[1].split()
            back: tuple[int, ...] = ()
            if words[0] == "place":
                back = tuple(int(w) for w in words[2:])
            elif words[0] == "set":
                back = (int(words[1]),) * 3
            clues.append(Clue(seat, back, start, length, moves[1]))
        elif moves == ["pass"]:  # alone, a pass is a skip: the pile was empty
            clues.append(Clue(seat, (), start, length, "pass"))
    return Evidence(tuple(clues))


__all__ = ["Clue", "Evidence", "dials_before", "evidence", "move_value"]
