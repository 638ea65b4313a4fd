"""Bots that may come back: a grace period for a bot whose connection drops mid-tournament.

While a bot is away its fixtures wait and the others go on; a bot that reconnects within the
grace plays them; one that stays away longer is withdrawn and its remaining fixtures are
forfeited (played against an absent seat, rated as losses). The runner asks `ready(fixture)`
before it starts a match and waits on `changed()` when nothing is ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from arena.tournament.schedule import Fixture

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Away:
    """A bot away now: since when (wall clock, for display) and its grace left (s)."""

    bot: str
    since: float
    grace_left_s: float


class Presence:
    """Who of a tournament's bots is connected, who is away (in grace), who is withdrawn."""

    def __init__(
        self,
        bots: Iterable[str],
        grace_s: float,
        connected: Callable[[str], bool],
        *,
        monotonic: Clock = time.monotonic,
        wall: Clock = time.time,
    ) -> None:
        self.bots = frozenset(bots)
        self.grace_s = max(0.0, grace_s)
        self._connected = connected
        self._monotonic = monotonic
        self._wall = wall
        self._away: dict[str, tuple[float, float]] = {}  # bot -> (monotonic, wall) it left
        self.withdrawn: dict[str, str] = {}  # bot -> why
        self._event = asyncio.Event()
        for bot in sorted(self.bots):
            if not connected(bot):
                self.left(bot)

    def left(self, bot: str) -> None:
        """A bot's connection dropped (or it is not there when play starts): its grace starts."""
        if bot in self.bots and bot not in self.withdrawn and bot not in self._away:
            self._away[bot] = (self._monotonic(), self._wall())
            self._signal()

    def arrived(self, bot: str) -> None:
        """A bot connected again within its grace: its fixtures may be played."""
        if self._away.pop(bot, None) is not None:
            self._signal()

    def _expire(self) -> None:
        now = self._monotonic()
        for bot, (since, _wall) in list(self._away.items()):
            if self._connected(bot):  # came back without us hearing of it
                del self._away[bot]
            elif now - since >= self.grace_s:
                del self._away[bot]
                self.withdrawn[bot] = f"away more than {self.grace_s:g} s"

    def ready(self, fixture: Fixture) -> bool:
        """Whether a fixture can start now: none of its bots is within its grace."""
        self._expire()
        return not any(bot in self._away for bot in fixture.seats)

    def away(self) -> list[Away]:
        """The bots away now, by name."""
        self._expire()
        now = self._monotonic()
        return [
            Away(bot, wall, max(0.0, self.grace_s - (now - since)))
            for bot, (since, wall) in sorted(self._away.items())
        ]

    async def changed(self) -> None:
        """Wait until a bot leaves or comes back, or the soonest grace runs out."""
        event = self._event
        self._expire()
        soonest = min((since for since, _ in self._away.values()), default=None)
        timeout = None
        if soonest is not None:
            timeout = max(0.0, soonest + self.grace_s - self._monotonic()) + 0.01
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    def _signal(self) -> None:
        self._event.set()
        self._event = asyncio.Event()


__all__ = ["Away", "Presence"]
