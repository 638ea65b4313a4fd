"""The built-in Hypnosia bot. It reads only `request.view` (the board geometry included) and
`request.legal_moves`, so it plays the same in-process and over gRPC.

Greedy: each legal die use is played out on a copy of the position and scored by one
evaluation: points (centre and captures), how far in the bot's pawns are, bridge spaces they
can cross from, and the chance that an opponent's next roll captures them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply
from arena.search.levels import Level, boss_levels

CENTRE = -2  # a bridge target: the centre
W_SCORE = 3.0  # one point of score
OUTER_WORTH, INNER_WORTH = 1.0, 4.0  # per pawn on the outermost / innermost circle
BRIDGE_BONUS, INNER_BRIDGE_STEP, CENTRE_BRIDGE_BONUS = 0.6, 0.2, 1.5  # per pawn on a bridge
CENTRE_WORTH = 6.0  # per pawn in the centre, beyond its points: more than any pawn outside
END_WORTH = 1000.0  # ending the game, times the share of opponents left behind
LOSS_COST = 1.0 + W_SCORE  # a lost pawn: its progress plus the point it costs


@dataclass(frozen=True, slots=True)
class Geometry:
    """The board of a view as lookup tables (built once per distinct board)."""

    index: Mapping[str, int]
    circle_of: tuple[int, ...]
    along: tuple[tuple[int, ...], ...]  # along[s][k]: k steps counter-clockwise
    inward: Mapping[int, int]  # bridge space -> inner target, or CENTRE
    entries: tuple[int, ...]
    circles: int
    # hits[s]: (source space, die) pairs from which one die use lands on s; sources < 0 are
    # start slots: -(colour * 8 + k).
    hits: tuple[tuple[tuple[int, int], ...], ...]

    def destination(self, source: int, die: int, inward: bool) -> int:
        """Where a die use ends (a space index or CENTRE); -1 when impossible."""
        if not inward:
            return self.along[source][die]
        target = self.inward.get(source, -1)
        if target == CENTRE:
            return CENTRE if die == 1 else -1
        return -1 if target < 0 else self.along[target][die - 1]


def _build(board: Mapping[str, Any]) -> Geometry:
    index: dict[str, int] = {}
    circle_of: list[int] = []
    along: list[tuple[int, ...]] = []
    for c, circle in enumerate(board["circles"]):
        first, size = circle["first"], circle["size"]
        for i in range(size):
            index[f"{circle['letter']}{i}"] = first + i
            circle_of.append(c)
            along.append(tuple(first + (i + k) % size for k in range(7)))
    inward = dict(zip(board["bridges"], board["bridge_targets"], strict=True))
    geo = Geometry(index, tuple(circle_of), tuple(along), inward, tuple(board["entries"]),
                   len(board["circles"]), ())  # fmt: skip
    hits: list[list[tuple[int, int]]] = [[] for _ in circle_of]
    for s in range(len(circle_of)):
        for d in range(1, 7):
            for inside in (False, True):
                dest = geo.destination(s, d, inside)
                if dest >= 0:
                    hits[dest].append((s, d))
    for colour, entry in enumerate(geo.entries):
        for k in range(1, board["start_slots"] + 1):
            for d in range(k, 7):
                hits[along[entry][d - k]].append((-(colour * 8 + k), d))
    return Geometry(geo.index, geo.circle_of, geo.along, geo.inward, geo.entries, geo.circles,
                    tuple(tuple(h) for h in hits))  # fmt: skip


_GEOMETRIES: dict[str, Geometry] = {}


def geometry(board: Mapping[str, Any]) -> Geometry:
    """The (cached) lookup tables of a view's board."""
    key = repr((board["circles"], board["bridges"], board["bridge_targets"], board["entries"]))
    if key not in _GEOMETRIES:
        _GEOMETRIES[key] = _build(board)
    return _GEOMETRIES[key]


@lru_cache(maxsize=64)
def _hit_chance(values: int) -> float:
    """The chance that two dice show at least one of `values` distinct numbers."""
    return 1.0 - ((6 - values) / 6) ** 2


@dataclass(slots=True)
class Position:
    """The part of a view the evaluation needs, cheap to copy and change."""

    units: dict[int, tuple[int, int]]  # space -> (owner, height)
    slots: dict[int, set[int]]  # seat -> occupied start slots
    centre: list[int]  # seats of the centre pawns, in order of arrival
    score: list[int]

    def copy(self) -> Position:
        """An independent copy."""
        return Position(dict(self.units), {s: set(v) for s, v in self.slots.items()},
                        list(self.centre), list(self.score))  # fmt: skip


def position_of(view: Mapping[str, Any]) -> Position:
    """The evaluation's position from a view."""
    return Position(
        {u["space"]: (u["owner"], u["height"]) for u in view["units"]},
        {s: set(p["start_slots"]) for s, p in enumerate(view["players"])},
        list(view["centre"]),
        [p["score"] for p in view["players"]],
    )


def play(geo: Geometry, pos: Position, seat: int, move: str, values: Sequence[int]) -> Position:
    """The position after `seat` plays the legal `move` (rules as the engine applies them)."""
    words = move.split()
    die, source = int(words[0]), words[1]
    height = 2 if "x2" in words else 1
    out = pos.copy()
    if source[0] == "S":
        k = int(source[1:])
        out.slots[seat].discard(k)
        dest = geo.along[geo.entries[seat]][die - k]
        src = -1
    else:
        src = geo.index[source]
        owner, have = out.units.pop(src)
        if have > height:
            out.units[src] = (seat, have - height)
        dest = geo.destination(src, die, "in" in words)
    if dest == CENTRE:
        inside = len(out.centre)
        entering = min(height, len(values) - inside)
        out.score[seat] += sum(values[inside : inside + entering])
        out.centre += [seat] * entering
        if entering < height:
            out.units[src] = (seat, 1)
        return out
    owner, there = out.units.get(dest, (seat, 0))
    if owner != seat:
        out.score[seat] += there
        out.score[owner] -= there
        there = 0
    out.units[dest] = (seat, there + height)
    return out


def threat(geo: Geometry, pos: Position, seat: int, space: int, height: int) -> float:
    """The chance that some opponent captures the unit on `space` with one die next turn."""
    by_owner: dict[int, set[int]] = {}
    for source, die in geo.hits[space]:
        if source >= 0:
            owner, h = pos.units.get(source, (seat, 0))
            if owner == seat or h < height:
                continue
        else:
            owner, k = divmod(-source, 8)
            if owner == seat or height > 1 or k not in pos.slots.get(owner, ()):
                continue
        by_owner.setdefault(owner, set()).add(die)
    safe = 1.0
    for dice in by_owner.values():
        safe *= 1.0 - _hit_chance(len(dice))
    return 1.0 - safe


def beaten(pos: Position, seat: int) -> float:
    """The share of opponents `seat` would rank above if the game ended now (score, then the
    earliest centre arrival)."""

    def key(s: int) -> tuple[int, int]:
        return pos.score[s], -pos.centre.index(s) if s in pos.centre else -99

    others = [s for s in range(len(pos.score)) if s != seat]
    return sum(key(seat) > key(s) for s in others) / len(others)


def evaluate(geo: Geometry, pos: Position, seat: int, stacks_cross: bool, places: int) -> float:
    """How good `pos` is for `seat`: points, progress, bridges to cross, minus expected losses.
    A finished game is worth the places won: ending it as the leader beats anything else."""
    if len(pos.centre) >= places:
        return END_WORTH * beaten(pos, seat) + W_SCORE * pos.score[seat]
    value = W_SCORE * pos.score[seat] + CENTRE_WORTH * pos.centre.count(seat)
    for space, (owner, height) in pos.units.items():
        if owner != seat:
            continue
        circle = geo.circle_of[space]
        worth = OUTER_WORTH + (INNER_WORTH - OUTER_WORTH) * circle / max(1, geo.circles - 1)
        if space in geo.inward and (height == 1 or stacks_cross):
            to_centre = geo.inward[space] == CENTRE
            worth += CENTRE_BRIDGE_BONUS if to_centre else BRIDGE_BONUS + INNER_BRIDGE_STEP * circle
        risk = threat(geo, pos, seat, space, height)
        value += height * (worth - risk * (worth + LOSS_COST))
    return value


def move_values(view: Mapping[str, Any], seat: int, moves: Sequence[str]) -> list[float]:
    """The greedy evaluation of the position after each move."""
    geo = geometry(view["board"])
    pos = position_of(view)
    values = view["board"]["centre_values"]
    return [
        evaluate(geo, play(geo, pos, seat, m, values), seat, view["stacks_cross"], len(values))
        for m in moves
    ]


def make_greedy(seed: int | None = None) -> Policy:
    """Greedy: the die use with the best evaluated position; ties broken at random."""
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        moves = request.legal_moves
        if len(moves) == 1:
            return moves[0]
        values = move_values(request.view, request.seat, moves)
        best = max(values)
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9])

    return choose


BOSS_LEVELS: dict[str, Level] = {
    "boss:1": (1, None),  # the whole turn planned, no look-ahead
    "boss:2": (2 * 21, None),  # the two best plans looked one turn further (21 rolls: boss.ROLLS)
    "boss:3": (None, 300),  # the best plans (boss.WIDTH) deepened for 300 ms at most
    "boss": (None, None),  # the best plans (boss.WIDTH) deepened within the clock
}
"""Each level's (turns searched per decision, ms cap per decision); None: not set."""

STRATEGIES: dict[str, Callable[..., Policy]] = {
    "greedy": make_greedy,
    **boss_levels("arena.games.hypnosia.boss", BOSS_LEVELS),
}
