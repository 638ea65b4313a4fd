"""Warm mode (the default on `--cluster`): the organizer's pool of warm workers.

As many WarmWorker actors as the nodes' CPUs hold for a fixture's `table_size x cpus_per_bot`
(placed node by node, at most one per fixture left), each sent one fixture at a time. A result
brings the worker's crash report, merged into the tournament's ledger before that worker gets
its next fixture. A worker lost with its process or node is replaced (anywhere there is room)
and its fixture is played again by a free worker, up to `max_retries` times; then it stays
pending. A bot that fails to start on a node counts as such a loss; a node with another arena
fails its fixtures for good (as in fresh mode).
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from typing import Any

from arena.cluster.connect import ClusterSettings
from arena.cluster.crash_ledger import CrashLedger
from arena.cluster.dispatch import Settled
from arena.cluster.task_dispatch import MakeJob, get_result
from arena.cluster.warm_worker import WarmWorker
from arena.errors import BotError, ClusterMismatchError, TournamentError
from arena.tournament.crashes import Warn
from arena.tournament.schedule import Fixture, TournamentSpec

CLOSE_S = 5.0  # at the end, how long the workers have to stop their bots before being killed


class WarmPool:
    """Warm workers over the cluster's nodes, and which of them are free."""

    def __init__(
        self,
        ray: Any,
        settings: ClusterSettings,
        spec: TournamentSpec,
        job: MakeJob,
        *,
        fixtures: int,
        ledger: CrashLedger,
        forfeit_absent: bool,
        warn: Warn,
    ) -> None:
        self.ray, self.spec, self.job, self.ledger, self.warn = ray, spec, job, ledger, warn
        self.max_retries = settings.max_retries
        cpus = spec.table_size * settings.cpus_per_bot
        self.actor = ray.remote(num_cpus=cpus, max_restarts=0)(WarmWorker)
        self.args = (spec, ledger.max_crashes, forfeit_absent)
        self.starting: dict[Any, Any] = {}  # ready() reference -> actor
        self.free: list[Any] = []
        self.busy: dict[Any, Any] = {}  # play() reference -> actor
        self.attempts: Counter[int] = Counter()  # fixture index -> tries lost
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        for node_id, count in placement(ray.nodes(), cpus, max(1, fixtures)):
            for _ in range(count):
                self._spawn(NodeAffinitySchedulingStrategy(node_id, soft=False))
        self.most = len(self.starting)  # a lost worker is replaced, never added to
        self.spares = self.most * max(1, self.max_retries)  # replacements allowed

    def _spawn(self, strategy: Any) -> None:
        actor = self.actor.options(scheduling_strategy=strategy).remote(*self.args)
        self.starting[actor.ready.remote()] = actor

    def check(self) -> None:
        """One worker starts every process bot (each says Hello) and keeps them."""
        while not self.free:
            if not self.starting:
                raise TournamentError("no warm worker could start on the cluster")
            ready, _ = self.ray.wait(list(self.starting), num_returns=1)
            self.woke(ready[0])
        actor = self.free.pop()
        result = get_result(self.ray, actor.play.remote(self.job(None), self.ledger.state()))
        self.free.append(actor)
        for text in self.ledger.merge(result.crashes):
            self.warn(text)

    def room(self, out: int) -> int:
        """The free workers."""
        return len(self.free)

    def send(self, fixture: Fixture) -> Any:
        """Give the fixture, and the crash counts so far, to a free worker."""
        actor = self.free.pop()
        ref = actor.play.remote(self.job(fixture), self.ledger.state())
        self.busy[ref] = actor
        return ref

    def wake_refs(self) -> list[Any]:
        """The workers still starting."""
        return list(self.starting)

    def woke(self, ref: Any) -> None:
        """A worker started (it is free), or failed to (it is replaced)."""
        actor = self.starting.pop(ref)
        try:
            self.ray.get(ref)
        except self.ray.exceptions.RayError:
            self._lost(actor)
        else:
            self.free.append(actor)

    def settle(self, ref: Any, fixture: Fixture) -> Settled:
        """The fixture's result (its crash report merged), another try, or why not."""
        actor = self.busy.pop(ref)
        try:
            result = get_result(self.ray, ref)
        except ClusterMismatchError as exc:
            self.free.append(actor)
            return Settled(why=str(exc).splitlines()[0][:300])
        except BotError as exc:
            self.free.append(actor)
            return self._again(fixture, str(exc).splitlines()[0][:300])
        except self.ray.exceptions.RayActorError as exc:
            self._lost(actor)
            return self._again(fixture, f"{type(exc).__name__}: {_first_line(exc)}")
        except self.ray.exceptions.RayError as exc:
            self.free.append(actor)
            return self._again(fixture, f"{type(exc).__name__}: {_first_line(exc)}")
        self.free.append(actor)
        for text in self.ledger.merge(result.crashes):
            self.warn(text)
        return Settled(result)

    def _again(self, fixture: Fixture, why: str) -> Settled:
        self.attempts[fixture.index] += 1
        if self.attempts[fixture.index] > self.max_retries:
            return Settled(why=why)
        self.warn(f"fixture {fixture.index} ({fixture.match_id}) is played again: {why}")
        return Settled(retry=True)

    def _lost(self, actor: Any) -> None:
        with contextlib.suppress(Exception):
            self.ray.kill(actor, no_restart=True)
        if self.spares > 0:
            self.spares -= 1
            self._spawn("SPREAD")  # wherever there is room now

    def stop(self, *, interrupted: bool) -> None:
        """Stop every worker: its bots first (unless interrupted), then the actor itself."""
        actors = [*self.free, *self.busy.values(), *self.starting.values()]
        if not interrupted and self.free:
            closing = [actor.close.remote() for actor in self.free]
            with contextlib.suppress(Exception):
                self.ray.wait(closing, num_returns=len(closing), timeout=CLOSE_S)
        for actor in actors:
            with contextlib.suppress(Exception):
                self.ray.kill(actor, no_restart=True)
        self.free, self.busy, self.starting = [], {}, {}


def placement(nodes: list[dict[str, Any]], cpus: float, most: int) -> list[tuple[str, int]]:
    """(node id, workers) for each live node: as many as its CPUs hold, `most` in all."""
    out = []
    for node in sorted(nodes, key=lambda n: str(n.get("NodeID"))):
        if not node.get("Alive"):
            continue
        fits = math.floor(float(node["Resources"].get("CPU", 0)) / cpus + 1e-9)
        count = min(fits, most)
        if count > 0:
            out.append((str(node["NodeID"]), count))
            most -= count
    return out


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [""])[0][:300]
