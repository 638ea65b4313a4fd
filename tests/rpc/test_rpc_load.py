"""The referee under load, over real gRPC: one writer per stream, deadlines on every send,
statuses that say why a stream ended, thinking judged by the clock alone."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import threading
import time
from collections.abc import Awaitable, Callable

import grpc
import h2.config
import h2.connection
import h2.events
import h2.settings

from arena.match.limits import ServerLimits
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.sessions import SessionSettings
from arena.rpc.server.state import ServerConfig, ServerState
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

NORMAL_ENDS = (pb.TERMINATION_NORMAL, pb.TERMINATION_TURN_CAP)


async def stub_bot(
    address: str,
    name: str,
    *,
    token: str = "",
    think_s: Callable[[int], float] = lambda n: 0.0,
    pongs: bool = True,
    seen: list[pb.ServerMessage] | None = None,
) -> grpc.StatusCode:
    """A bot on the bare stubs: answers index 0 after think_s(n) seconds for its n-th request;
    records every server message in `seen`; returns the status its stream ended with."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name=name, token=token, max_matches=64)
        await call.write(pb.BotMessage(hello=hello))
        lock = asyncio.Lock()
        tasks: set[asyncio.Task[None]] = set()
        count = 0

        async def answer(request: pb.DecisionRequest, delay: float) -> None:
            await asyncio.sleep(delay)
            decision = pb.Decision(request_id=request.request_id, index=0)
            async with lock:
                with contextlib.suppress(Exception):
                    await call.write(pb.BotMessage(decision=decision))

        try:
            async for message in call:
                if seen is not None:
                    seen.append(message)
                kind = message.WhichOneof("kind")
                if kind == "decision_request":
                    count += 1
                    task = asyncio.create_task(answer(message.decision_request, think_s(count)))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                elif kind == "ping" and pongs:
                    async with lock:
                        await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))
        except grpc.aio.AioRpcError:
            pass
        finally:
            for task in tasks:
                task.cancel()
        return await call.code()


async def on_server(
    scenario: Callable[[ServerState, str, arena_pb2_grpc.ArenaServiceStub], Awaitable[object]],
    config: ServerConfig,
) -> object:
    """Run scenario(state, address, stub) on a fresh in-process server."""
    state = ServerState(config)
    server, port = await create_server("127.0.0.1:0", state=state)
    address = f"127.0.0.1:{port}"
    try:
        async with grpc.aio.insecure_channel(address) as channel:
            return await scenario(state, address, arena_pb2_grpc.ArenaServiceStub(channel))
    finally:
        await stop_server(server, grace_s=0.1)


def start(coro: Awaitable[object]) -> asyncio.Task[object]:
    return asyncio.ensure_future(coro)


async def stop(*tasks: asyncio.Task[object]) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(BaseException):
            await task


def test_timeouts_mid_write_never_cost_the_bots_other_matches() -> None:
    """A 1 ms clock times out while requests are being written, 100 times, next to 5 s-clock
    matches of the same bots: those all end normally on the same connections."""
    rng = random.Random(7)
    jitter = lambda n: rng.choice((0.0, 0.0005, 0.001, 0.002))  # noqa: E731

    async def scenario(state, address, stub):
        bots = [start(stub_bot(address, n, think_s=jitter)) for n in ("a", "b")]
        try:
            sessions = [await state.registry.wait_for(n, 10) for n in ("a", "b")]
            fast = pb.ClockSettings(per_move_ms=1)
            slow = pb.ClockSettings(per_move_ms=5000)
            ends: list[tuple[int, int]] = []
            for round_ in range(10):
                calls = []
                for k in range(10):
                    seed = round_ * 10 + k
                    for clock in (fast, slow):
                        request = pb.PlayMatchRequest(
                            game="azul", seed=seed, bots=["a", "b"], clock=clock
                        )
                        calls.append(stub.PlayMatch(request))
                records = await asyncio.gather(*calls)
                ends += [(r.outcome.termination, i % 2) for i, r in enumerate(records)]
            same = [state.registry.get(n) is s for n, s in zip(("a", "b"), sessions, strict=True)]
            return ends, same
        finally:
            await stop(*bots)

    config = ServerConfig(limits=ServerLimits(min_move_ms=1))
    ends, same = asyncio.run(asyncio.wait_for(on_server(scenario, config), 120))
    slow_ends = [t for t, slow in ends if slow]
    fast_ends = [t for t, slow in ends if not slow]
    assert len(slow_ends) == len(fast_ends) == 100
    assert all(t in NORMAL_ENDS for t in slow_ends), slow_ends
    assert pb.TERMINATION_TIMEOUT in fast_ends  # the 1 ms clock did run out, mid-write or not
    assert pb.TERMINATION_DISCONNECT not in fast_ends
    assert same == [True, True]  # no session was dropped or replaced


class ZeroWindowClient:
    """A raw HTTP/2 client that says Hello on Connect and then never opens its receive window:
    the server can send it headers, never a message."""

    def __init__(self, port: int, name: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        self.ended = threading.Event()
        self.conn.initiate_connection()
        self.conn.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 0})
        stream = self.conn.get_next_available_stream_id()
        headers = [
            (":method", "POST"),
            (":scheme", "http"),
            (":authority", f"127.0.0.1:{port}"),
            (":path", "/arena.v1.BotService/Connect"),
            ("content-type", "application/grpc"),
            ("te", "trailers"),
        ]
        self.conn.send_headers(stream, headers)
        hello = pb.BotMessage(hello=pb.Hello(name=name, token="zw")).SerializeToString()
        self.conn.send_data(stream, b"\x00" + len(hello).to_bytes(4, "big") + hello)
        self.sock.sendall(self.conn.data_to_send())
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        self.sock.settimeout(0.2)
        while not self.ended.is_set():
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if not data:
                break
            for event in self.conn.receive_data(data):  # settings and pings are acked by h2
                if isinstance(event, h2.events.StreamEnded | h2.events.StreamReset):
                    self.ended.set()
            with contextlib.suppress(OSError):
                self.sock.sendall(self.conn.data_to_send())

    def close(self) -> None:
        self.ended.set()
        with contextlib.suppress(OSError):
            self.sock.close()
        self.thread.join(2)


def test_a_bot_that_never_reads_is_dropped_within_the_deadline_and_a_canary_finishes() -> None:
    async def scenario(state, address, stub):
        port = int(address.rsplit(":", 1)[1])
        canaries = [start(stub_bot(address, n)) for n in ("c1", "c2")]
        mute = ZeroWindowClient(port, "mute")
        try:
            await state.registry.wait_for("mute", 10)
            clock = pb.ClockSettings(per_move_ms=5000)
            canary = start(
                stub.PlayMatch(
                    pb.PlayMatchRequest(game="azul", seed=1, bots=["c1", "c2"], clock=clock)
                )
            )
            started = time.monotonic()
            muted = await stub.PlayMatch(
                pb.PlayMatchRequest(game="azul", seed=2, bots=["c1", "mute"], clock=clock)
            )
            dropped_after = time.monotonic() - started
            gone = state.registry.get("mute") is None
            health = await asyncio.wait_for(stub.ListGames(pb.ListGamesRequest()), 0.5)
            return muted, dropped_after, await canary, gone and bool(health.games)
        finally:
            mute.close()
            await stop(*canaries)

    config = ServerConfig(sessions=SessionSettings(send_timeout_s=1.0))
    muted, dropped_after, canary, gone = asyncio.run(
        asyncio.wait_for(on_server(scenario, config), 60)
    )
    assert muted.outcome.termination == pb.TERMINATION_DISCONNECT
    assert muted.outcome.offender == 1 and "does not read" in muted.outcome.detail
    assert dropped_after < 3.0  # the send deadline (1 s), not the 5 s clock or forever
    assert canary.outcome.termination in NORMAL_ENDS
    assert gone  # unregistered; the server answers at once


def test_a_decision_for_an_unknown_request_gets_a_notice_the_bot_can_see() -> None:
    async def scenario(state, address, stub):
        async with grpc.aio.insecure_channel(address) as channel:
            call = arena_pb2_grpc.BotServiceStub(channel).Connect()
            await call.write(pb.BotMessage(hello=pb.Hello(name="lost")))
            assert (await call.read()).WhichOneof("kind") == "welcome"
            stray = pb.Decision(request_id=424242, match_id="m-x", index=0)
            await call.write(pb.BotMessage(decision=stray))
            while (message := await call.read()).WhichOneof("kind") != "notice":
                pass
            call.cancel()
            return message.notice

    notice = asyncio.run(asyncio.wait_for(on_server(scenario, ServerConfig()), 20))
    assert notice.request_id == 424242 and notice.match_id == "m-x"
    assert "no request with that id" in notice.problem


def test_a_replaced_stream_ends_with_aborted_and_a_reason() -> None:
    async def scenario(state, address, stub):
        first_seen: list[pb.ServerMessage] = []
        first = start(stub_bot(address, "twin", token="t0k", seen=first_seen))
        await state.registry.wait_for("twin", 10)
        old = state.registry.get("twin")
        second = start(stub_bot(address, "twin", token="t0k"))
        code = await asyncio.wait_for(first, 10)
        while state.registry.get("twin") in (None, old):
            await asyncio.sleep(0.01)
        reason = old.close_reason
        await stop(second)
        return code, reason

    code, reason = asyncio.run(asyncio.wait_for(on_server(scenario, ServerConfig()), 20))
    assert code == grpc.StatusCode.ABORTED
    assert "replaced by a newer connection" in reason


def test_a_bot_thinking_20_s_under_a_10_s_plus_30_s_clock_plays_on() -> None:
    """The literal case: default settings (pings every 5 s, never answered meanwhile), one
    decision of 20 s: the bank pays for it and the match goes on to its end."""

    async def scenario(state, address, stub):
        bots = [
            start(stub_bot(address, "deep", pongs=False, think_s=lambda n: 20.0 if n == 1 else 0)),
            start(stub_bot(address, "quick")),
        ]
        try:
            for name in ("deep", "quick"):
                await state.registry.wait_for(name, 10)
            clock = pb.ClockSettings(per_move_ms=10_000, bank_ms=30_000)
            request = pb.PlayMatchRequest(game="azul", seed=5, bots=["deep", "quick"], clock=clock)
            return await stub.PlayMatch(request)
        finally:
            await stop(*bots)

    record = asyncio.run(asyncio.wait_for(on_server(scenario, ServerConfig()), 90))
    assert record.outcome.termination in NORMAL_ENDS, record.outcome.detail
    assert max(m.elapsed_ms for m in record.moves if m.seat == 0) >= 20_000
