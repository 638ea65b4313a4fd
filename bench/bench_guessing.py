"""How fast one address can have wrong credentials checked, with and without the back-off.

    .venv/bin/python bench/bench_guessing.py [--seconds 8] [--guessers 6 64]

A referee with credentials (an organizer and a bot 'target', in a temporary SQLite database)
runs on its own thread and event loop; from 127.0.0.1, N guessers at once send wrong tokens,
half as bot Hellos claiming 'target', half as organizer calls. Every wrong token is checked, and
every answer tells its guesser the token was wrong: UNAUTHENTICATED after the back-off of the
guessed key (0.05 s doubling to 2 s), or RESOURCE_EXHAUSTED (after the longest back-off; it
came at once until issue 40) while that key, or all keys, has as many failures waiting as
allowed. Prints, per mode and N, the wrong guesses answered per second (both kinds, and each)
and the slowest admission of a right bot token and of a right organizer token meanwhile (one
of each every 0.5 s). 'no back-off' is the same server with the delays set to 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import grpc

from arena.app.access import AccessPolicy
from arena.rpc.server.auth_limits import FailureLimiter
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.state import ServerState
from arena.store import Store
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

UNAUTH = grpc.StatusCode.UNAUTHENTICATED
EXHAUSTED = grpc.StatusCode.RESOURCE_EXHAUSTED
OTHER: dict[str, str] = {}  # another answer's code -> its details (printed at the end)


def issue(db: str, role: str, name: str) -> str:
    """A new credential (the CLI prints the token on its first line)."""
    done = subprocess.run(
        [sys.executable, "-m", "arena", role, "add", name, "--db", db],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.splitlines()[0].strip()


class ServerThread:
    """A referee on a thread of its own (its own event loop), with the given back-off."""

    def __init__(self, db: str, limiter: FailureLimiter) -> None:
        self.db, self.limiter = db, limiter
        self.ready = threading.Event()
        self.address = ""
        self.thread = threading.Thread(target=asyncio.run, args=(self._serve(),), daemon=True)
        self.thread.start()
        self.ready.wait(30)

    async def _serve(self) -> None:
        self.stop = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        with Store.open(self.db) as store:
            state = ServerState(None, store, AccessPolicy(store))
            state.failures = self.limiter
            server, port = await create_server("127.0.0.1:0", state=state)
            self.address = f"127.0.0.1:{port}"
            self.ready.set()
            await self.stop.wait()
            await stop_server(server)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


async def hello(address: str, name: str, token: str) -> grpc.StatusCode:
    """A bot Hello: OK once welcomed, else the refusal's code."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        await call.write(pb.BotMessage(hello=pb.Hello(name=name, token=token, games=["azul"])))
        with contextlib.suppress(grpc.aio.AioRpcError):
            first = await call.read()
            if isinstance(first, pb.ServerMessage) and first.WhichOneof("kind") == "welcome":
                call.cancel()
                return grpc.StatusCode.OK
        code = await call.code()
        if code not in (UNAUTH, EXHAUSTED):
            OTHER[code.name] = await call.details() or ""
        return code


async def organizer(stub: arena_pb2_grpc.ArenaServiceStub, token: str) -> grpc.StatusCode:
    """An organizer call that changes nothing (no such tournament): its code."""
    try:
        await stub.CancelTournament(  # type: ignore[misc]
            pb.CancelTournamentRequest(tournament_id=999_999),
            metadata=(("authorization", f"Bearer {token}"),),
            timeout=30,
        )
    except grpc.aio.AioRpcError as exc:
        if exc.code() not in (UNAUTH, EXHAUSTED, grpc.StatusCode.NOT_FOUND):
            OTHER[exc.code().name] = exc.details() or ""
        return exc.code()
    return grpc.StatusCode.OK


async def flood(
    address: str, guessers: int, seconds: float, bot_token: str, org_token: str
) -> tuple[Counter[grpc.StatusCode], float, float]:
    """Wrong answers by code over `seconds`, and the slowest right bot and organizer admission
    (one of each every 0.5 s meanwhile)."""
    codes: Counter[grpc.StatusCode] = Counter()
    end = time.monotonic() + seconds
    slowest = [0.0, 0.0]
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)

        async def guess(i: int) -> None:
            n = 0
            own = [("grpc.use_local_subchannel_pool", 1)]  # a connection of its own
            async with grpc.aio.insecure_channel(address, options=own) as mine:
                guesser = arena_pb2_grpc.ArenaServiceStub(mine)
                while time.monotonic() < end:
                    n += 1
                    if i % 2:
                        code = await hello(address, "target", f"arena_wrong{i}-{n}")
                    else:
                        code = await organizer(guesser, f"arena_wrong{i}-{n}")
                    codes[code] += 1

        async def owners() -> None:
            while time.monotonic() < end:
                started = time.monotonic()
                assert await hello(address, "target", bot_token) == grpc.StatusCode.OK
                slowest[0] = max(slowest[0], time.monotonic() - started)
                started = time.monotonic()
                assert await organizer(stub, org_token) == grpc.StatusCode.NOT_FOUND
                slowest[1] = max(slowest[1], time.monotonic() - started)
                await asyncio.sleep(0.5)

        await asyncio.gather(owners(), *(guess(i) for i in range(guessers)))
    return codes, slowest[0], slowest[1]


def main() -> None:
    """Print one line per mode and number of guessers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--guessers", type=int, nargs="+", default=[6, 64])
    args = parser.parse_args()
    logging.getLogger("arena").setLevel(logging.CRITICAL)  # one line a refusal otherwise
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "guessing.db")
        org_token = issue(db, "organizer", "org")
        bot_token = issue(db, "bot", "target")
        print(f"{'mode':<12} {'guessers':>8} {'wrong/s':>8} {'slowed/s':>9} {'exhausted/s':>11} "
              f"{'right bot':>10} {'right org':>10}")  # fmt: skip
        for mode, limiter in (
            ("back-off", FailureLimiter()),
            ("no back-off", FailureLimiter(first_s=0.0, max_s=0.0)),
        ):
            for guessers in args.guessers:
                server = ServerThread(db, limiter)
                try:
                    codes, bot_s, org_s = asyncio.run(
                        flood(server.address, guessers, args.seconds, bot_token, org_token)
                    )
                finally:
                    server.close()
                total = sum(codes.values()) / args.seconds
                others = sum(n for code, n in codes.items() if code not in (UNAUTH, EXHAUSTED))
                print(
                    f"{mode:<12} {guessers:>8} {total:>8.1f} {codes[UNAUTH] / args.seconds:>9.1f} "
                    f"{codes[EXHAUSTED] / args.seconds:>11.1f} {bot_s * 1000:>8.0f}ms "
                    f"{org_s * 1000:>8.0f}ms" + (f"  ({others} other answers)" if others else "")
                )
        for code, details in OTHER.items():
            print(f"other answer: {code}: {details}")


if __name__ == "__main__":
    main()
