"""`bench_referee.py --workers 1,2`: decisions/s of `arena serve --workers N`, side by side.

For each N: a fresh `arena serve --workers N` on a PostgreSQL database, 2 x --parallel random
bots (separate processes, one match at a time each) connected through the shared port (the
SDK opens a stream on every worker), and --parallel clients, each on a connection of its own,
playing Lucky Numbers matches back to back with PlayMatch (the kernel hands each connection to
either worker). Printed: decisions/s, the ratio to one worker, and the share of seats relayed
between workers (the workers log each seat they take through another worker's stream).

Also printed: the CPU time the server's processes (supervisor, workers, their threads) and
the bots spent per decision: where the time goes. Then the cost of a relayed decision: two
single-worker servers on the database, two bots on the first, one match at a time played
through the first (no relay) and through the second (both seats relayed); the difference in
time per decision is the relay's.

The last line compares the last worker count with the first:
`workers 2 vs 1: R x decisions/s, server CPU per decision C x, seats relayed P %`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import grpc
import sqlalchemy as sa

from arena.store import resolve_url
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[1]
LISTENING = re.compile(r"referee listening on 127\.0\.0\.1:(\d+)")
STARTED = re.compile(r"arena\.rpc\.server\.listen: match \S+ started: \w+, (.*)$")
CONNECTED = re.compile(r"\[worker (\d+)\] arena\.rpc\.server\.listen: bot (\S+) connected")
RELAYED = re.compile(r"arena\.rpc\.server\.listen: bot \S+ seated in match \S+ through another")


class Server:
    """`arena serve` in a process of its own, its log kept."""

    def __init__(self, db: str, workers: int) -> None:
        argv = [sys.executable, "-m", "arena", "serve", "--address", "127.0.0.1:0", "--db", db,
                "--workers", str(workers), "--time-per-move", "5000"]  # fmt: skip
        self.process = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        self.lines: list[str] = []
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)
            found = LISTENING.search(line)
            if found:
                self.address = f"127.0.0.1:{found.group(1)}"
                break
        else:
            raise RuntimeError("arena serve did not start:\n" + "".join(self.lines))
        import threading

        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextmanager
def bot_processes(address: str, names: list[str]) -> Iterator[list[int]]:
    """Random bots, one match at a time each."""
    bot = ROOT / "bots" / "random_bot.py"
    processes = []
    for i, name in enumerate(names):
        argv = [sys.executable, str(bot), "--address", address, "--name", name, "--seed",
                str(i), "--max-matches", "1"]  # fmt: skip
        processes.append(subprocess.Popen(argv, stderr=subprocess.DEVNULL))
    try:
        yield [p.pid for p in processes]
    finally:
        for process in processes:
            process.kill()
            process.wait()


async def wait_for_bots(address: str, names: set[str]) -> None:
    """Until every bot is listed by the server."""
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            listed = {b.name for b in (await stub.ListBots(pb.ListBotsRequest())).bots}
            if names <= listed:
                return
            await asyncio.sleep(0.2)
    raise RuntimeError(f"bots {sorted(names)} did not connect")


async def play_matches(
    address: str, pairs: list[tuple[str, str]], rounds: int
) -> tuple[float, int]:
    """(decisions/s, decisions) of `rounds` matches per pair, the pairs at once, each on a
    channel of its own."""
    decisions = 0

    async def client(pair: tuple[str, str], first_seed: int) -> None:
        nonlocal decisions
        own = [("grpc.use_local_subchannel_pool", 1)]  # a connection of its own: any worker
        async with grpc.aio.insecure_channel(address, options=own) as channel:
            stub = arena_pb2_grpc.ArenaServiceStub(channel)
            for seed in range(first_seed, first_seed + rounds):
                request = pb.PlayMatchRequest(game="lucky_numbers", bots=pair, seed=seed)
                record = await stub.PlayMatch(request, timeout=300)
                decisions += len(record.moves)

    started = time.perf_counter()
    await asyncio.gather(*(client(p, 1000 * i) for i, p in enumerate(pairs)))
    return decisions / (time.perf_counter() - started), decisions


def relayed_share(lines: list[str], since: int) -> float:
    """The share of seats, in matches started after line `since`, taken through another
    worker's stream (a relay) instead of the playing worker's own."""
    seats = relayed = 0
    for line in lines[since:]:
        found = STARTED.search(line)
        if found:
            seats += len(found.group(1).split(", "))
        relayed += RELAYED.search(line) is not None
    return relayed / seats if seats else 0.0


async def wait_for_streams(lines: list[str], names: set[str], workers: int) -> None:
    """Until every bot has had a stream admitted by each worker (at most 30 s: past that, the
    seats of a bot still short of streams are relayed, and the share says so)."""
    deadline = time.monotonic() + 30
    while workers > 1 and time.monotonic() < deadline:
        held: dict[str, set[str]] = {}
        for line in list(lines):
            found = CONNECTED.search(line)
            if found:
                held.setdefault(found.group(2), set()).add(found.group(1))
        if all(len(held.get(name, ())) >= workers for name in names):
            return
        await asyncio.sleep(0.1)


def tree(pid: int) -> list[int]:
    """A process and its descendants."""
    out, todo = [], [pid]
    while todo:
        each = todo.pop()
        out.append(each)
        children = Path(f"/proc/{each}/task/{each}/children")
        with contextlib.suppress(OSError):
            todo += [int(p) for p in children.read_text().split()]
    return out


def cpu_s(pids: list[int]) -> float:
    """CPU seconds (user + system) used so far by these processes."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def empty(db: str) -> None:
    """Drop everything in the database."""
    engine = sa.create_engine(resolve_url(db))
    with engine.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


async def measure_workers(
    db: str, workers: int, parallel: int, rounds: int
) -> tuple[float, float, float, float]:
    """(decisions/s, share of seats relayed, CPU us per decision of the server's processes
    and of the bots') of `arena serve --workers N`."""
    empty(db)
    server = Server(db, workers)
    names = [f"b{i}" for i in range(2 * parallel)]
    try:
        with bot_processes(server.address, names) as bot_pids:
            await wait_for_bots(server.address, set(names))
            await wait_for_streams(server.lines, set(names), workers)
            pairs = [(names[2 * i], names[2 * i + 1]) for i in range(parallel)]
            await play_matches(server.address, pairs, 1)  # warm up
            since = len(server.lines)
            served = tree(server.process.pid)
            before = cpu_s(served), cpu_s(bot_pids)
            rate, decisions = await play_matches(server.address, pairs, rounds)
            spent = cpu_s(served) - before[0], cpu_s(bot_pids) - before[1]
            share = relayed_share(server.lines, since)
    finally:
        server.stop()
    return rate, share, spent[0] / decisions * 1e6, spent[1] / decisions * 1e6


async def measure_relay(db: str, matches: int) -> tuple[float, float]:
    """(us per decision with no relay, us per decision with both seats relayed)."""
    empty(db)
    first, second = Server(db, 1), Server(db, 1)
    try:
        with bot_processes(first.address, ["p", "q"]):
            await wait_for_bots(second.address, {"p", "q"})
            await play_matches(first.address, [("p", "q")], 1)
            await play_matches(second.address, [("p", "q")], 1)
            local, _ = await play_matches(first.address, [("p", "q")], matches)
            relayed, _ = await play_matches(second.address, [("p", "q")], matches)
    finally:
        first.stop()
        second.stop()
    return 1e6 / local, 1e6 / relayed


@contextmanager
def database(url: str | None) -> Iterator[str]:
    """The PostgreSQL database to use: `url`, else a throwaway cluster in a temp dir."""
    if url:
        yield url
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from pg_cluster import _Cluster, _pg_bindir  # the suite's own throwaway cluster

    bindir = _pg_bindir()
    if bindir is None:
        raise SystemExit("--workers needs PostgreSQL: give --db URL or install it")
    root = Path(tempfile.mkdtemp(prefix="arena-bench-pg-"))
    user = None
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
        user = "postgres"
    cluster = _Cluster(bindir, root, user)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


async def main(workers: list[int], db: str | None, parallel: int, rounds: int) -> None:
    """Print the figures of each worker count, side by side, then the relay's cost."""
    with database(db) as url:
        print(f"{parallel} matches at once, {rounds} each, random bots in separate processes")
        print(f"{'workers':>8}{'decisions/s':>14}{'x 1 worker':>12}{'seats relayed':>15}"
              f"{'server CPU us/dec':>19}{'bots CPU us/dec':>17}")  # fmt: skip
        figures = []
        for n in workers:
            rate, share, server_us, bots_us = await measure_workers(url, n, parallel, rounds)
            figures.append((n, rate, share, server_us))
            print(f"{n:>8}{rate:>14,.0f}{rate / figures[0][1]:>12.2f}{share:>14.0%}"
                  f"{server_us:>19.0f}{bots_us:>17.0f}")  # fmt: skip
        print(f"(this machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
        local_us, relayed_us = await measure_relay(url, max(2, rounds))
        print(
            f"one match at a time: {local_us:.0f} us per decision with both bots on the playing "
            f"worker, {relayed_us:.0f} us with both relayed from another: "
            f"{relayed_us - local_us:.0f} us per relayed decision"
        )
        if len(figures) > 1:
            (n0, rate0, _s0, cpu0), (n1, rate1, share1, cpu1) = figures[0], figures[-1]
            print(
                f"workers {n1} vs {n0}: {rate1 / rate0:.2f} x decisions/s, server CPU per "
                f"decision {cpu1 / cpu0:.2f} x, seats relayed {share1 * 100:.0f} %"
            )
