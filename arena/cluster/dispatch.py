"""How the organizer hands fixtures to the cluster: one Ray task per fixture (fresh bots) or
warm actors (warm_pool.py). The organizer's runner is the same for both (organizer.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from arena.cluster.fixture_task import FixtureResult
from arena.tournament.schedule import Fixture


@dataclass(frozen=True, slots=True)
class Settled:
    """What became of a fixture sent out: its result, another try, or why it failed for good."""

    result: FixtureResult | None = None
    retry: bool = False
    why: str = ""


class Dispatcher(Protocol):
    """Where fixtures are played."""

    most: int  # the most fixtures out at once

    def check(self) -> None:
        """Before a new tournament is stored: start every process bot once (BotError if one
        never says Hello and absent bots are not forfeited)."""

    def room(self, out: int) -> int:
        """How many more fixtures can be sent now, with `out` already out."""

    def send(self, fixture: Fixture) -> Any:
        """Send one fixture; the Ray reference to wait on."""

    def wake_refs(self) -> list[Any]:
        """Other references the organizer waits on (workers starting)."""

    def woke(self, ref: Any) -> None:
        """One of `wake_refs` is ready."""

    def settle(self, ref: Any, fixture: Fixture) -> Settled:
        """The fate of a sent fixture whose reference is ready."""

    def stop(self, *, interrupted: bool) -> None:
        """The run is over (or interrupted): stop what is still out."""
