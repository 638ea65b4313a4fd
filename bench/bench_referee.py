"""Referee throughput over gRPC next to a bare gRPC round trip, on this machine, in one run.

    .venv/bin/python bench/bench_referee.py [--matches 30] [--parallel 4] [--pings 5000] \
        [--rounds 4]
    .venv/bin/python bench/bench_referee.py --workers 1,2 [--db URL] [--parallel 8] [--rounds 4]
    .venv/bin/python bench/bench_referee.py --compare main [--pairs 3] [--parallel 8] ...

The sides are interleaved: each round measures the bare round trip, then the referee's three
runs, so that a busy machine slows them alike; every figure is the median over the rounds with
its range, and each ratio is taken within a round before its median. Beside each rate stands
the server's CPU time per operation (`time.process_time` of this process, which hosts both
servers while the bots and the echo client run in processes of their own): what the work
costs, whatever else the machine is doing. The bots' own CPU per decision is read from /proc
for their processes.

1. Bare round trip: a bidi-stream echo service (generic handlers, no .proto) in this process,
   a client in a subprocess sending one message at a time (payload the size of a typical
   DecisionRequest): round trips per second, over the transport arena sets up for its own
   processes (arena/rpc/transport.py), and once more over gRPC's defaults (server and client in
   processes of their own) for reference.
2. Referee, sequential: random bots (separate processes) play 2-player Lucky Numbers over
   gRPC, one match at a time, so one decision is in flight at a time: decisions per second,
   and the ratio to the bare round trip.
3. Bare stubs: the same with bots written on the generated stubs alone (no SDK), which
   shows what the referee costs a bot that does nothing.
4. Referee, parallel: the SDK bots with --parallel matches at once (throughput).
   Every referee run gives its matches a spectator feed with no watcher, as every match
   `arena serve` plays has (arena/rpc/server/watching.py), and settles the heap once the
   server is up, as `arena serve` does (arena/rpc/server/heap.py).
5. The referee's in-loop timer per decision (median, p99): from the arrival of a match's
   previous decision to handing its next request to the transport (apply, next view and legal
   moves, encoding). It leaves out protobuf parsing and gRPC's own work, which the server CPU
   per decision counts.

The last line sums up the parallel run against the bare round trip (medians):
`referee vs bare: R x decisions/s, server CPU per decision C us (bare echo E us)`.

With --workers: `arena serve --workers N` for each N, side by side (bench/referee_workers.py).
With --compare REV: this tree against git revision REV, whole runs alternated --pairs times
(bench/referee_compare.py).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# isort: off
import arena  # noqa: F401 - first: arena's gRPC transport, as in arena's own processes
import grpc

# isort: on

ROOT = Path(__file__).resolve().parents[1]
ECHO_METHOD = "/bench.Echo/Stream"
PAYLOAD_BYTES = 420  # about the size of a mid-game Lucky Numbers DecisionRequest
FORWARDED = ("matches", "parallel", "pings", "rounds")  # --compare hands these to each run


@dataclass(frozen=True, slots=True)
class Sample:
    """One measurement: operations per second (wall) and this process's CPU per operation."""

    rate: float
    cpu_us: float
    overhead_us: float = 0.0  # the referee's in-loop timer, median (0: none)
    bots_cpu_us: float = 0.0  # the bots' processes' CPU per decision (0: not measured)


def spread(values: Sequence[float], digits: int = 0) -> str:
    """'median [min-max]' of a few figures."""
    if len(values) == 1:
        return f"{values[0]:,.{digits}f}"
    low, high = min(values), max(values)
    return f"{statistics.median(values):,.{digits}f} [{low:,.{digits}f}-{high:,.{digits}f}]"


async def _echo(request_iterator, context):  # type: ignore[no-untyped-def]
    async for message in request_iterator:
        yield message


async def start_echo_server() -> tuple[grpc.aio.Server, int]:
    """A bidi echo service built from generic handlers."""
    server = grpc.aio.server()
    handler = grpc.stream_stream_rpc_method_handler(_echo)
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("bench.Echo", {"Stream": handler}),)
    )
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    return server, port


async def echo_client(address: str, count: int) -> None:
    """Client mode (in a subprocess): `count` sequential round trips; prints round trips/s."""
    payload = b"x" * PAYLOAD_BYTES
    async with grpc.aio.insecure_channel(address) as channel:
        call = channel.stream_stream(ECHO_METHOD)()
        for _ in range(200):  # warm up
            await call.write(payload)
            await call.read()
        start = time.perf_counter()
        for _ in range(count):
            await call.write(payload)
            await call.read()
        elapsed = time.perf_counter() - start
        await call.done_writing()
    print(f"{count / elapsed:.1f}")


async def measure_ping_pong(count: int) -> Sample:
    """Round trips per second of the bare echo, client in a separate process, and the echo
    server's CPU per round trip (the client's warm-up counted in: 200 of `count`)."""
    server, port = await start_echo_server()
    cpu = time.process_time()
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--echo-client",
            f"127.0.0.1:{port}",
            "--pings",
            str(count),
            stdout=asyncio.subprocess.PIPE,
        )
        out, _ = await process.communicate()
        used = time.process_time() - cpu
        return Sample(float(out.decode().strip()), used / (count + 200) * 1e6)
    finally:
        await server.stop(0)


async def stub_bot() -> None:
    """Bot mode (in a subprocess): the bare generated stubs, first legal move, at once."""
    import os

    from arena.v1 import arena_pb2 as pb
    from arena.v1 import arena_pb2_grpc

    async with grpc.aio.insecure_channel(os.environ["ARENA_ADDRESS"]) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(
            name=os.environ["ARENA_BOT_NAME"], token=os.environ["ARENA_TOKEN"], max_matches=16
        )
        await call.write(pb.BotMessage(hello=hello))
        async for message in call:
            if message.HasField("decision_request"):
                request_id = message.decision_request.request_id
                await call.write(
                    pb.BotMessage(decision=pb.Decision(request_id=request_id, index=0))
                )
            elif message.HasField("ping"):
                await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))


def settle_heap() -> None:
    """What `arena serve` does once it is up; nothing on a revision from before it (this bench
    also measures older revisions: PYTHONPATH=<their tree> bench/bench_referee.py)."""
    try:
        from arena.rpc.server.heap import settle
    except ImportError:
        return
    settle()


async def measure_referee(matches: int, parallel: int, stubs: bool = False) -> Sample:
    """Decisions per second of random SDK bots (or bare-stub bots) over gRPC, with `parallel`
    matches at once; the server's CPU and its in-loop timer per decision."""
    from referee_workers import cpu_s, tree

    from arena.core.registry import get_game
    from arena.match.clock import Clock
    from arena.match.referee import play_match
    from arena.rpc.embedded import EmbeddedReferee
    from arena.rpc.server.metrics import OVERHEAD
    from arena.rpc.server.watching import MatchHeader, WatchHub

    game = get_game("lucky_numbers")
    bot = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'} --max-matches {max(parallel, 1)}"
    if stubs:
        bot = f"{sys.executable} {Path(__file__).resolve()} --stub-bot"
    clock = Clock(per_move_ms=5000, bank_ms=60000)
    async with EmbeddedReferee() as referee:
        await asyncio.gather(referee.launch("a", bot), referee.launch("b", bot))
        players = lambda: [referee.player("a"), referee.player("b")]  # noqa: E731
        hub = WatchHub()  # a feed per match, as the server gives every match it plays

        async def play(seed: int) -> int:
            header = MatchHeader(f"m{seed}", game.name, {}, ("a", "b"), clock)
            record = await play_match(
                game,
                game.options_type(),
                seed,
                players(),
                clock=clock,
                match_id=header.match_id,
                on_event=hub.sink(header, game),
            )
            return len(record.moves)

        await play(0)  # warm up
        settle_heap()  # as `arena serve` does once it is up (arena/rpc/server/heap.py)
        OVERHEAD.samples.clear()
        OVERHEAD.enabled = True
        seeds = iter(range(1, matches + 1))
        decisions = 0

        async def worker() -> None:
            nonlocal decisions
            for seed in seeds:
                played = await play(seed)  # not `decisions += await ...`: that reads it first
                decisions += played

        launched = [referee.pid(name) for name in ("a", "b")]
        bots = [p for pid in launched if pid is not None for p in tree(pid)]
        bots_cpu = cpu_s(bots)
        start, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(worker() for _ in range(parallel)))
        elapsed, used = time.perf_counter() - start, time.process_time() - cpu
        bots_used = cpu_s(bots) - bots_cpu
        OVERHEAD.enabled = False
        overhead = OVERHEAD.summary_ms()["median_ms"] * 1000
        return Sample(
            decisions / elapsed, used / decisions * 1e6, overhead, bots_used / decisions * 1e6
        )


async def measure_default_ping_pong(count: int) -> float:
    """The bare echo's round trips per second with gRPC's default transport (fresh processes:
    the transport is chosen once per process, when gRPC starts)."""
    import os

    env = {**os.environ, "GRPC_EXPERIMENTS": ""}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--echo-pair",
        "--pings",
        str(count),
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    out, _ = await process.communicate()
    return float(out.decode().strip())


async def main(args: argparse.Namespace) -> None:
    """Run the measurements, interleaved over the rounds, and print them."""
    import os

    default = await measure_default_ping_pong(args.pings)
    runs: dict[str, list[Sample]] = {"echo": [], "sdk": [], "stubs": [], "parallel": []}
    for _ in range(args.rounds):
        runs["echo"].append(await measure_ping_pong(args.pings))
        runs["sdk"].append(await measure_referee(args.matches, 1))
        runs["stubs"].append(await measure_referee(args.matches, 1, stubs=True))
        runs["parallel"].append(await measure_referee(args.matches, args.parallel))
    echo = runs["echo"]
    print(
        f"{args.rounds} rounds, interleaved; median [min-max]. gRPC's default transport, bare "
        f"round trip ({PAYLOAD_BYTES} B, fresh processes, once): {default:,.0f} round trips/s"
    )
    print(
        f"bare gRPC bidi round trip, arena's transport (GRPC_EXPERIMENTS="
        f"{os.environ.get('GRPC_EXPERIMENTS', '')!r}): "
        f"{spread([s.rate for s in echo])} round trips/s; "
        f"echo server CPU {spread([s.cpu_us for s in echo])} us per round trip"
    )
    names = {
        "sdk": "referee, 1 match at a time, SDK random bots",
        "stubs": "referee, 1 match at a time, bots on the bare generated stubs",
        "parallel": f"referee, {args.parallel} matches at once, SDK random bots",
    }
    for key, name in names.items():
        samples = runs[key]
        ratios = [s.rate / e.rate for s, e in zip(samples, echo, strict=True)]
        cpu_ratios = [s.cpu_us / e.cpu_us for s, e in zip(samples, echo, strict=True)]
        print(
            f"{name}: {spread([s.rate for s in samples])} decisions/s = "
            f"{spread(ratios, 2)} x the bare round trip; server CPU "
            f"{spread([s.cpu_us for s in samples])} us per decision = {spread(cpu_ratios, 1)} x "
            f"the echo server's; bots' CPU {spread([s.bots_cpu_us for s in samples])} us per "
            f"decision; in-loop timer {spread([s.overhead_us for s in samples])} us"
        )
    parallel = runs["parallel"]
    ratio = statistics.median(s.rate / e.rate for s, e in zip(parallel, echo, strict=True))
    print(
        f"referee vs bare: {ratio:.2f} x decisions/s, server CPU per decision "
        f"{statistics.median(s.cpu_us for s in parallel):.0f} us "
        f"(bare echo {statistics.median(e.cpu_us for e in echo):.0f} us)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30, help="matches per referee measurement")
    parser.add_argument(
        "--parallel", type=int, default=4, help="matches at once in the parallel run"
    )
    parser.add_argument("--pings", type=int, default=5000, help="round trips of the bare echo")
    parser.add_argument(
        "--workers", help="worker counts to compare, e.g. 1,2 (arena serve --workers N)"
    )
    parser.add_argument("--db", help="with --workers: a PostgreSQL URL (default: a throwaway one)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=4,
        help="interleaved rounds (with --workers: matches per pair)",
    )
    parser.add_argument(
        "--compare",
        metavar="REV",
        help="alternate runs on this tree and on git revision REV (bench/referee_compare.py)",
    )
    parser.add_argument("--pairs", type=int, default=3, help="with --compare: runs on each tree")
    parser.add_argument("--echo-client", metavar="ADDRESS", help=argparse.SUPPRESS)
    parser.add_argument("--stub-bot", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--echo-pair", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.workers:
        from referee_workers import main as workers_main

        counts = [int(n) for n in arguments.workers.split(",")]
        parallel = arguments.parallel if "--parallel" in sys.argv else 8
        asyncio.run(workers_main(counts, arguments.db, parallel, arguments.rounds))
    elif arguments.compare:
        from referee_compare import main as compare_main

        forwarded = [f"--{name}={getattr(arguments, name)}" for name in FORWARDED]
        compare_main(arguments.compare, arguments.pairs, forwarded)
    elif arguments.echo_pair:
        print(f"{asyncio.run(measure_ping_pong(arguments.pings)).rate:.1f}")
    elif arguments.stub_bot:
        asyncio.run(stub_bot())
    elif arguments.echo_client:
        asyncio.run(echo_client(arguments.echo_client, arguments.pings))
    else:
        asyncio.run(main(arguments))
