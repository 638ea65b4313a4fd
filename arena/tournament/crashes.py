"""Crash policy for bot processes (cutechess's `restart=on`): restart, then withdraw.

A bot process that dies loses the match it was in (the referee adjudicates it), is started
again before its next match, and after `max_crashes` crashes (a failed restart counts as one)
is withdrawn: its remaining fixtures are forfeited, each marked so in the match's detail.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Protocol

from arena.core.players import Player
from arena.errors import BotError
from arena.tournament.entrants import AbsentPlayer

DEFAULT_MAX_CRASHES = 3  # [ASSUMPTION] crashes of one bot before it is withdrawn

Warn = Callable[[str], None]
"""Shows one live warning to the organizer (a crash, a restart, a withdrawal)."""


class Launcher(Protocol):
    """What the policy needs of the embedded referee that launched the bots."""

    async def launch(self, name: str, command: str) -> None:
        """Start a bot and wait for its Hello (BotError if it never says it)."""

    async def relaunch(self, name: str) -> None:
        """Start a dead bot again and wait for its Hello."""

    def alive(self, name: str) -> bool:
        """True while the bot's process runs."""

    def player(self, name: str) -> Player:
        """A seat for the connected bot (BotError when it is not connected)."""

    def output(self, name: str) -> str:
        """The last lines the bot printed."""


class CrashPolicy:
    """Keeps launched bots playing: restarts a dead one, withdraws it after too many crashes."""

    def __init__(
        self, launcher: Launcher, max_crashes: int = DEFAULT_MAX_CRASHES, warn: Warn | None = None
    ) -> None:
        self.launcher = launcher
        self.max_crashes = max(1, max_crashes)
        self.warn = warn or (lambda _text: None)
        self.crashes: Counter[str] = Counter()
        self.withdrawn: dict[str, str] = {}  # bot -> why
        self._locks: dict[str, asyncio.Lock] = {}

    async def start(self, commands: dict[str, str], *, forfeit_absent: bool) -> None:
        """Launch every bot at once. One that never says Hello is withdrawn when
        `forfeit_absent`, else its BotError is raised (after the others started)."""
        names = list(commands)
        results = await asyncio.gather(
            *(self.launcher.launch(n, commands[n]) for n in names), return_exceptions=True
        )
        for name, result in zip(names, results, strict=True):
            self._locks[name] = asyncio.Lock()
            if isinstance(result, BotError) and forfeit_absent:
                self._withdraw(name, f"never connected: {result}")
            elif isinstance(result, BaseException):
                raise result

    async def ready(self, names: Iterable[str]) -> None:
        """Before a match: restart (or withdraw) each of these bots whose process died."""
        for name in sorted(set(names)):
            lock = self._locks.get(name)
            if lock is None:
                continue  # not a process bot
            async with lock:
                while name not in self.withdrawn and not self.launcher.alive(name):
                    await self._recover(name)

    def seat(self, name: str) -> Player:
        """The player for a seat of bot `name`: its connection, or a forfeit."""
        why = self.withdrawn.get(name)
        if why is not None:
            return AbsentPlayer(name, f"{name} withdrawn ({why})")
        try:
            return self.launcher.player(name)
        except BotError as exc:  # alive but not connected (yet): this match is lost
            return AbsentPlayer(name, f"{exc}; last output: {self.launcher.output(name)[-300:]}")

    async def _recover(self, name: str) -> None:
        self.crashes[name] += 1
        count = self.crashes[name]
        tail = self.launcher.output(name).splitlines()[-1:] or ["(no output)"]
        if count >= self.max_crashes:
            self._withdraw(name, f"{count} crashes; last output: {tail[0][:200]}")
            return
        self.warn(f"bot {name} crashed ({count} of {self.max_crashes}): restarting it")
        try:
            await self.launcher.relaunch(name)
        except BotError as exc:
            self.warn(f"bot {name} did not come back: {str(exc).splitlines()[0][:200]}")

    def _withdraw(self, name: str, why: str) -> None:
        self.withdrawn[name] = why
        self.warn(f"bot {name} withdrawn, its remaining matches are forfeited: {why}")
