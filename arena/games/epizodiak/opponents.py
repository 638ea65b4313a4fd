"""What the boss makes of the other seats from its view: which of them play like a random bot.

Greedy (strategy.py), the model of every other seat in the boss's rollouts, starts a turn with
tiles in the pile by drawing (worth 5 to it), unless it can discard a set (5.5), lay a run of
five or more tiles or go out: it never picks up then (at most 4.4) and never lays a shorter
run first. A random bot does either most turns (draw is one of several legal first
decisions). So a seat whose latest turn in the view's `recent` began with a pickup, or with a
placement of fewer than five tiles that left it holding tiles, while the pile had tiles, is
played as a random bot in the rollouts (`random_seats`). Not when the pile may have been empty
then: a new dial since (the dial holds no more tiles than the turns since laid) makes a new
pile. The view's recent turns are one lap of the table, so the mark follows each seat's last
turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import NUM_PLAYERS

GREEDY_RUN = 5  # greedy lays a run before drawing only from this many tiles (ties with a draw)


def random_seats(view: Mapping[str, Any]) -> tuple[bool, ...]:
    """Per seat, whether its latest turn in `recent` is one greedy never plays (module
    docstring); the viewer's own seat is never marked."""
    marked = [False] * NUM_PLAYERS
    recent = view["recent"]
    sizes = view["hand_sizes"]
    for i, turn in enumerate(recent):
        seat = turn["seat"]
        if seat == view["seat"] or any(later["seat"] == seat for later in recent[i + 1 :]):
            continue
        drawn_since = sum(1 for later in recent[i + 1 :] if later["moves"].startswith("draw"))
        if view["pile_size"] + drawn_since == 0:
            continue  # the pile may have been empty: skips and pickups are every bot's play
        if _placed(recent[i:]) >= sum(1 for v in view["dial"] if v):
            continue  # a new dial since (or a pickup): the pile may have been empty then
        words = turn["moves"].split("; ")[0].split()
        if words[0] == "pickup":
            marked[seat] = True
        elif words[0] == "place" and len(words) - 2 < GREEDY_RUN and sizes[seat] > 0:
            marked[seat] = True
    return tuple(marked)


class Marks:
    """The seats marked as random bots so far in each match (by its id), from the views the
    boss was shown; the last MATCHES matches are kept."""

    MATCHES = 64

    def __init__(self) -> None:
        self._by_match: dict[str, tuple[bool, ...]] = {}

    def update(self, match_id: str, view: Mapping[str, Any]) -> tuple[bool, ...]:
        """The seats marked in this match once `view` is read as well."""
        seen = self._by_match.pop(match_id, (False,) * NUM_PLAYERS)
        now = tuple(a or b for a, b in zip(seen, random_seats(view), strict=True))
        self._by_match[match_id] = now
        while len(self._by_match) > self.MATCHES:
            del self._by_match[next(iter(self._by_match))]
        return now


def _placed(turns: list[dict[str, Any]]) -> int:
    """Tiles the turns laid on the dial."""
    count = 0
    for turn in turns:
        for move in turn["moves"].split("; "):
            if move.startswith("place"):
                count += len(move.split()) - 2
    return count


__all__ = ["Marks", "random_seats"]
