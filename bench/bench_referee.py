"""Referee throughput over gRPC next to a bare gRPC round trip, on this machine, in one run.

    .venv/bin/python bench/bench_referee.py [--matches 30] [--parallel 4] [--pings 5000]
    .venv/bin/python bench/bench_referee.py --workers 1,2 [--db URL] [--parallel 8] [--rounds 4]

1. Bare round trip: a bidi-stream echo service (generic handlers, no .proto) in this process,
   a client in a subprocess sending one message at a time (payload the size of a typical
   DecisionRequest): round trips per second, over the transport arena sets up for its own
   processes (arena/transport.py), and once more over gRPC's defaults (server and client in
   processes of their own) for reference.
2. Referee, sequential: random bots (separate processes) play 2-player Lucky Numbers over
   gRPC, one match at a time, so one decision is in flight at a time: decisions per second,
   and the ratio to the bare round trip.
3. Bare stubs: the same with bots written on the generated stubs alone (no SDK), which
   shows what the referee costs a bot that does nothing.
4. Referee, parallel: the SDK bots with --parallel matches at once (throughput).
5. Server-side overhead per decision (median, p99): referee time from the arrival of a match's
   previous decision to handing its next request to the transport (apply, next view and legal
   moves, encoding), excluding the bot's thinking and the transport by construction.

With --workers: `arena serve --workers N` for each N, side by side (bench/referee_workers.py).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

# isort: off
import arena  # noqa: F401 - first: arena's gRPC transport, as in arena's own processes
import grpc

# isort: on

ROOT = Path(__file__).resolve().parents[1]
ECHO_METHOD = "/bench.Echo/Stream"
PAYLOAD_BYTES = 420  # about the size of a mid-game Lucky Numbers DecisionRequest


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


async def measure_ping_pong(count: int) -> float:
    """Round trips per second of the bare echo, client in a separate process."""
    server, port = await start_echo_server()
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
        return float(out.decode().strip())
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


async def measure_referee(
    matches: int, parallel: int, stubs: bool = False
) -> tuple[float, int, dict[str, float]]:
    """Decisions per second of random SDK bots (or bare-stub bots) over gRPC, with `parallel`
    matches at once."""
    from arena.clock import Clock
    from arena.referee import play_match
    from arena.registry import get_game
    from arena.rpc.embedded import EmbeddedReferee
    from arena.rpc.server.metrics import OVERHEAD

    game = get_game("lucky_numbers")
    bot = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'} --max-matches {max(parallel, 1)}"
    if stubs:
        bot = f"{sys.executable} {Path(__file__).resolve()} --stub-bot"
    clock = Clock(per_move_ms=5000, bank_ms=60000)
    async with EmbeddedReferee() as referee:
        await asyncio.gather(referee.launch("a", bot), referee.launch("b", bot))
        players = lambda: [referee.player("a"), referee.player("b")]  # noqa: E731
        await play_match(game, game.options_type(), 0, players(), clock=clock)  # warm up
        OVERHEAD.samples.clear()
        OVERHEAD.enabled = True
        seeds = iter(range(1, matches + 1))
        decisions = 0

        async def worker() -> None:
            nonlocal decisions
            for seed in seeds:
                record = await play_match(game, game.options_type(), seed, players(), clock=clock)
                decisions += len(record.moves)

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(parallel)))
        elapsed = time.perf_counter() - start
        OVERHEAD.enabled = False
        return decisions / elapsed, decisions, OVERHEAD.summary_ms()


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
    """Run the measurements and print them."""
    import os

    default = await measure_default_ping_pong(args.pings)
    pings = await measure_ping_pong(args.pings)
    print(
        f"bare gRPC bidi round trip ({PAYLOAD_BYTES} B, client process), gRPC's default "
        f"transport: {default:,.0f} round trips/s ({1e6 / default:.0f} us each)"
    )
    print(
        f"bare gRPC bidi round trip, arena's transport (GRPC_EXPERIMENTS="
        f"{os.environ.get('GRPC_EXPERIMENTS', '')!r}): {pings:,.0f} round trips/s "
        f"({1e6 / pings:.0f} us each)"
    )
    rate, count, overhead = await measure_referee(args.matches, 1)
    print(
        f"referee, 1 match at a time: {rate:,.0f} decisions/s over {count} decisions "
        f"({1e6 / rate:.0f} us each) = {rate / pings:.2f} x the bare round trip "
        f"({rate / default:.2f} x gRPC's default one)"
    )
    print(
        f"server-side overhead per decision: median {overhead['median_ms'] * 1000:.0f} us, "
        f"p99 {overhead['p99_ms'] * 1000:.0f} us ({overhead['count']:.0f} samples)"
    )
    rate_s, count_s, overhead_s = await measure_referee(args.matches, 1, stubs=True)
    print(
        f"referee, 1 match at a time, bots on the bare generated stubs: {rate_s:,.0f} decisions/s "
        f"over {count_s} decisions = {rate_s / pings:.2f} x the bare round trip "
        f"({rate_s / default:.2f} x gRPC's default one; "
        f"server overhead median {overhead_s['median_ms'] * 1000:.0f} us)"
    )
    rate_p, count_p, overhead_p = await measure_referee(args.matches, args.parallel)
    print(
        f"referee, {args.parallel} matches at once: {rate_p:,.0f} decisions/s "
        f"over {count_p} decisions"
    )
    print(
        f"server-side time per decision ({args.parallel} at once, incl. queueing on the loop): "
        "median "
        f"{overhead_p['median_ms'] * 1000:.0f} us, p99 {overhead_p['p99_ms'] * 1000:.0f} us"
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
    parser.add_argument("--rounds", type=int, default=4, help="with --workers: matches per pair")
    parser.add_argument("--echo-client", metavar="ADDRESS", help=argparse.SUPPRESS)
    parser.add_argument("--stub-bot", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--echo-pair", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.workers:
        from referee_workers import main as workers_main

        counts = [int(n) for n in arguments.workers.split(",")]
        parallel = arguments.parallel if "--parallel" in sys.argv else 8
        asyncio.run(workers_main(counts, arguments.db, parallel, arguments.rounds))
    elif arguments.echo_pair:
        print(f"{asyncio.run(measure_ping_pong(arguments.pings)):.1f}")
    elif arguments.stub_bot:
        asyncio.run(stub_bot())
    elif arguments.echo_client:
        asyncio.run(echo_client(arguments.echo_client, arguments.pings))
    else:
        asyncio.run(main(arguments))
