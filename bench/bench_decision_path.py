"""The referee's and the server's own cost per decision, without any transport.

    .venv/bin/python bench/bench_decision_path.py [--matches 200] [--rounds 3]

1. Referee step: 2-player Lucky Numbers between in-process players that answer at once (a
   seeded random legal index), so no await ever waits: the referee's loop, clocks, records and
   the engine, per decision.
2. Server path: the same between two connected-bot sessions (SessionRegistry, BotSession,
   RemotePlayer: what a bot over gRPC goes through) whose stream is replaced by an instant
   fake bot: each request is serialized, answered with a Decision parsed from bytes on the
   next loop turn. Adds building the request, the session's writer and the reply's hop.

Both print microseconds per decision (best of --rounds), to compare versions side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from typing import Any

from arena.core.registry import get_game
from arena.match.clock import Clock
from arena.match.referee import play_match
from arena.rpc.server.bot_registry import SessionRegistry
from arena.rpc.server.remote_player import RemotePlayer
from arena.v1 import arena_pb2 as pb

GAME = get_game("lucky_numbers")
CLOCK = Clock(per_move_ms=5000, bank_ms=60000)


class InstantPlayer:
    """Answers every request at once with a seeded random legal index."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.rng = random.Random(seed)

    async def start(self, info: Any) -> None:
        pass

    async def decide(self, request: Any) -> int:
        return self.rng.randrange(len(request.legal_moves))

    async def finish(self, record: Any) -> None:
        pass


async def referee_step(matches: int) -> float:
    """Microseconds per decision of play_match between instant players."""
    decisions, start = 0, time.perf_counter()
    for seed in range(matches):
        players = [InstantPlayer("a", seed), InstantPlayer("b", seed + 1)]
        record = await play_match(GAME, GAME.options_type(), seed, players, clock=CLOCK)
        decisions += len(record.moves)
    return (time.perf_counter() - start) / decisions * 1e6


async def server_path(matches: int) -> float:
    """Microseconds per decision through bot sessions answered by an instant fake bot."""
    registry = SessionRegistry([GAME.name])
    loop = asyncio.get_running_loop()
    writers = []

    async def connect(name: str, seed: int) -> None:
        rng = random.Random(seed)
        session: Any = None

        async def write(message: pb.ServerMessage) -> None:
            message.SerializeToString()  # as the transport would
            if message.HasField("decision_request"):
                asked = message.decision_request
                index = rng.randrange(len(asked.legal_moves))
                reply = pb.BotMessage(
                    decision=pb.Decision(request_id=asked.request_id, index=index)
                )
                data = reply.SerializeToString()
                loop.call_soon(session.on_message, pb.BotMessage.FromString(data))

        hello = pb.Hello(name=name, token=f"token-{name}", games=[GAME.name], max_matches=1)
        session = await registry.admit(hello, write)
        writers.append(asyncio.create_task(session.run_writer()))

    await connect("a", 1)
    await connect("b", 2)
    decisions, start = 0, time.perf_counter()
    for seed in range(matches):
        players = [RemotePlayer(registry, "a"), RemotePlayer(registry, "b")]
        record = await play_match(GAME, GAME.options_type(), seed, players, clock=CLOCK)
        decisions += len(record.moves)
    elapsed = time.perf_counter() - start
    for name in ("a", "b"):
        found = registry.get(name)
        if found is not None:
            found.close("done")
    await asyncio.gather(*writers)
    return elapsed / decisions * 1e6


def main() -> None:
    """Run both measurements --rounds times and print the best of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="repeats; the best is printed")
    args = parser.parse_args()
    step = min(asyncio.run(referee_step(args.matches)) for _ in range(args.rounds))
    path = min(asyncio.run(server_path(args.matches)) for _ in range(args.rounds))
    print(f"referee step, instant in-process players: {step:.1f} us per decision")
    print(f"server path, bot sessions and an instant fake bot: {path:.1f} us per decision")


if __name__ == "__main__":
    main()
