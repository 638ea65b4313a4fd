"""A full Epizodiak state built from one seat's view: what the boss searches from.

The view shows the dial, the sets gone, the viewer's hand, every hand's size and the pile's,
and the last three turns. The unseen tiles (48 less the dial, the sets and the viewer's hand)
lie in the other hands and the pile; `sample_state` deals them at random, kept faithful to
what the history proves:
- a seat whose last turn picked up a value v (spec §5.2: it held a v; EP-A5: it could not place
  one back) still holds two of them, three under pickup_legacy (it held a pair), unless that
  turn discarded the set of v or a later contest took every v. The value picked up is read by
  undoing the recent turns from the dial as it is now.
- a seat that skipped in the current run of empty-pile skips held no playable unique tile
  (spec §6.2), and the dial has not moved since, so such a tile is in another hand.
The view of the sampled state for that seat is the given view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arena.core.chance import Stream

from .rounds import settle
from .state import (
    CCW,
    COPIES,
    CW,
    NUM_PLAYERS,
    SET_SIZE,
    VALUES,
    EpizodiakOptions,
    Phase,
    RoundResult,
    Side,
    State,
    hand_of,
)
from .view import PHASE_NAMES, SIDE_TEXT

_SIDES = {"cw": int(Side.CW), "ccw": int(Side.CCW)}


def options_of(view: Mapping[str, Any]) -> EpizodiakOptions:
    """The rule variants a view names."""
    return EpizodiakOptions(
        mode=view["mode"],
        target=view["target"],
        dial_double=view["dial_double"],
        pickup_legacy=view["pickup_legacy"],
        score7_legacy=view["score7_legacy"],
    )


def unseen_tiles(view: Mapping[str, Any]) -> list[int]:
    """The tiles the viewer cannot see (other hands and the pile), ascending."""
    counts = [COPIES] * (VALUES + 1)
    counts[0] = 0
    for v in view["dial"]:
        counts[v] -= 1 if v else 0
    for v in view["hand"]:
        counts[v] -= 1
    for index, owner in enumerate(view["set_owners"]):
        if owner >= 0:
            counts[index + 1] -= SET_SIZE
    return [v for v in range(1, VALUES + 1) for _ in range(counts[v])]


def _turn_placement(moves: Sequence[str]) -> tuple[int, list[int]]:
    """The side and values a turn placed (Side.NONE and [] when it placed nothing)."""
    for move in moves:
        words = move.split()
        if words[0] == "place":
            return _SIDES[words[1]], [int(w) for w in words[2:]]
    return int(Side.NONE), []


def pickups(view: Mapping[str, Any]) -> dict[int, int]:
    """Per turn of `recent` (its index) that picked up a tile, the value it took, where the
    dial as it is now and the turns after it prove it (a new dial in between hides it)."""
    recent = [r["moves"].split("; ") for r in view["recent"]]
    start, length = view["block_start"], sum(1 for v in view["dial"] if v)
    if view["picked"]:  # the viewer's own pickup this turn: put it back first
        named = view["turn_moves"][0].split()[1:]  # pickup_legacy names the end
        length += 1
        if (named[0] if named else view["last_placement_end"]) == "ccw":
            start = view["picked"]
    found: dict[int, int] = {}
    for i in range(len(recent) - 1, -1, -1):
        side, values = _turn_placement(recent[i])
        if values:  # undo the placement: its values must be the block's end on that side
            end = (start + length - 2) % VALUES + 1
            if length - len(values) < 1 or (end if side == Side.CW else start) != values[-1]:
                return found
            length -= len(values)
            if side == Side.CCW:
                start = CW[values[0]]
        first = recent[i][0].split()
        if first[0] != "pickup":
            continue
        if len(first) == 2:  # pickup_legacy names the end
            taken_side = _SIDES[first[1]]
        elif i > 0 and (before := _turn_placement(recent[i - 1]))[1]:
            taken_side = before[0]  # the end where the turn before ended its placement
        else:
            return found  # the turn before is out of sight: the value is unknown
        if length >= VALUES:
            return found
        end = (start + length - 2) % VALUES + 1
        v = CW[end] if taken_side == Side.CW else CCW[start]
        found[i] = v
        length += 1
        if taken_side == Side.CCW:
            start = v
    return found


def holdings(view: Mapping[str, Any]) -> dict[tuple[int, int], int]:
    """(seat, value) -> how many tiles of that value the seat is known to hold at least."""
    recent = view["recent"]
    need = SET_SIZE if view["pickup_legacy"] else SET_SIZE - 1
    out: dict[tuple[int, int], int] = {}
    latest = {r["seat"]: i for i, r in enumerate(recent)}
    for i, v in pickups(view).items():
        seat = recent[i]["seat"]
        if seat == view["seat"] or latest[seat] != i or f"set {v}" in recent[i]["moves"]:
            continue
        if any(f"contest {v}" in r["moves"] for r in recent[i + 1 :]):
            continue
        out[seat, v] = need
    return out


def skippers(view: Mapping[str, Any]) -> set[int]:
    """The other seats of the current run of empty-pile skips (the dial unchanged since)."""
    runs = view["recent"][len(view["recent"]) - view["skips"] :] if view["skips"] else []
    return {r["seat"] for r in runs if r["seat"] != view["seat"]}


def deal_hidden(view: Mapping[str, Any], rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The other seats' hands (the viewer's own: its view) and the pile, dealt from the unseen
    tiles at random within what the history proves (module docstring)."""
    me, sizes = view["seat"], view["hand_sizes"]
    pool = unseen_tiles(view)
    hands: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
    hands[me] = list(view["hand"])
    for (seat, v), count in sorted(holdings(view).items()):
        take = min(count, pool.count(v), sizes[seat] - len(hands[seat]))
        for _ in range(take):
            pool.remove(v)
            hands[seat].append(v)
    gone = {i + 1 for i, owner in enumerate(view["set_owners"]) if owner >= 0}
    barred = skippers(view)
    for v in sorted(gone & set(view["open_values"]) & set(pool)):
        # A playable unique tile: not with a seat that skipped on this dial.
        room = [s for s in range(NUM_PLAYERS) if s != me and s not in barred]
        room = [s for s in room if len(hands[s]) < sizes[s]]
        if room:
            pool.remove(v)
            hands[rng.choice(room)].append(v)
    rng.shuffle(pool)
    for s in range(NUM_PLAYERS):
        if s != me:
            fill = sizes[s] - len(hands[s])
            hands[s] += pool[:fill]
            pool = pool[fill:]
    return hands, pool


def sample_state(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state that gives `view["seat"]` exactly `view`, its hidden part dealt by `deal_hidden`
    and a fresh shuffle stream."""
    hands, pile = deal_hidden(view, rng)
    over = view["game_over"]
    gone = 0
    discards = []
    for index, owner in enumerate(view["set_owners"]):
        if owner >= 0:
            gone |= 1 << (index + 1)
            discards.append((index + 1, owner))
    phase = PHASE_NAMES.index(view["phase"])
    turn_moves = tuple(view["turn_moves"])
    pile_turn = bool(pile) or (phase == Phase.PLAY and turn_moves[:1] == ("draw",))
    return settle(State(
        options=options_of(view),
        phase=phase,
        current=view["to_move"][0] if view["to_move"] else view["seat"],
        hands=tuple(hand_of(h) for h in hands),
        pile=tuple(pile),
        start=view["block_start"],
        length=sum(1 for v in view["dial"] if v),
        pile_turn=pile_turn,
        picked=view["picked"],
        contested=view["contested"],
        last_end=SIDE_TEXT.index(view["last_placement_end"]),
        skips=view["skips"],
        gone=gone,
        discards=tuple(discards),
        completed=tuple(view["completed_dial"]),
        round=view["round"],
        starter=view["starter"],
        turns=view["turn"] - (0 if over else 1),
        totals=tuple(view["totals"]),
        stream=Stream.from_rng(rng),
        turn_moves=turn_moves,
        recent=tuple((r["seat"], r["moves"]) for r in view["recent"]),
        rounds=tuple(_round(r) for r in view["rounds"]),
        termination=view["termination"],
        legal=(),  # settle derives legal, movers and result from the fields above
        movers=(),
        result=None,
    ))  # fmt: skip


def _round(r: Mapping[str, Any]) -> RoundResult:
    return RoundResult(r["round"], tuple(r["sets"]), tuple(r["out"]), tuple(r["doubled"]),
                       tuple(r["points"]), r["capped"])  # fmt: skip


__all__ = ["deal_hidden", "holdings", "options_of", "pickups", "sample_state", "unseen_tiles"]
