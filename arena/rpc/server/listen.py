"""The referee server: BotService + ArenaService on grpc.aio, plus health checks and reflection."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import secrets
import signal
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from arena.app.access import AccessPolicy
from arena.app.reports import ClockSpec
from arena.app.rows import clock_words
from arena.errors import ConfigError
from arena.match.limits import DEFAULT_STREAMS_PER_CONNECTION
from arena.rpc.addresses import is_loopback
from arena.rpc.server.bot_service import BotServicer, parse_bot_message
from arena.rpc.server.heap import settle as settle_heap
from arena.rpc.server.services import ArenaServicer
from arena.rpc.server.state import ServerConfig, ServerState
from arena.rpc.server.workers.house import House, HouseBot, check_unregistered
from arena.rpc.server.workers.mesh import Mesh
from arena.rpc.server.workers.pool import RELAY_TOKEN_ENV
from arena.store import Store
from arena.store.credentials import Role
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

log = logging.getLogger("arena.rpc.server.listen")

SERVICE_NAMES = (
    pb.DESCRIPTOR.services_by_name["BotService"].full_name,
    pb.DESCRIPTOR.services_by_name["ArenaService"].full_name,
)


def _bot_service_handler(servicer: BotServicer) -> grpc.GenericRpcHandler:
    # Registered by hand (not add_BotServiceServicer_to_server) for a tolerant deserializer:
    # bytes that are not a BotMessage end the stream with INVALID_ARGUMENT, not INTERNAL.
    connect = grpc.stream_stream_rpc_method_handler(
        servicer.Connect,
        request_deserializer=parse_bot_message,
        response_serializer=pb.ServerMessage.SerializeToString,
    )
    return grpc.method_handlers_generic_handler(SERVICE_NAMES[0], {"Connect": connect})


KEEPALIVE_MS = 10_000  # HTTP/2 pings to every client this often...
KEEPALIVE_TIMEOUT_MS = 10_000  # ...and a connection that does not ack one within this is dead


@dataclass(frozen=True, slots=True)
class TlsFiles:
    """The server's certificate chain and private key (PEM files)."""

    cert: Path
    key: Path

    def credentials(self) -> grpc.ServerCredentials:
        """gRPC server credentials from the files (ConfigError if unreadable)."""
        try:
            pair = (self.key.read_bytes(), self.cert.read_bytes())
        except OSError as exc:
            raise ConfigError(f"cannot read the TLS certificate or key: {exc}") from None
        return grpc.ssl_server_credentials([pair])


def server_options(
    max_message_bytes: int,
    reuse_port: bool = False,
    max_streams: int = DEFAULT_STREAMS_PER_CONNECTION,
) -> list[tuple[str, int]]:
    """Channel options of the referee: message limits both ways, streams per connection,
    transport keepalive; with `reuse_port`, the port is shared with the other workers of the
    same server."""
    return [
        ("grpc.max_receive_message_length", max_message_bytes),
        # Never send more than bots are told to accept: an oversized message fails here.
        ("grpc.max_send_message_length", max_message_bytes),
        # Two servers never share a port by accident; the workers of one do (--workers N).
        ("grpc.so_reuseport", int(reuse_port)),
        # per connection: a bot needs one, a client few; a process hosting many bots on one
        # channel needs one each (arena serve --max-streams-per-connection)
        ("grpc.max_concurrent_streams", max_streams),
        # Liveness is the transport's: a bot thinking under its clock owes no answer, but its
        # gRPC library acks these pings by itself; a dead peer is found within ~20 s.
        ("grpc.keepalive_time_ms", KEEPALIVE_MS),
        ("grpc.keepalive_timeout_ms", KEEPALIVE_TIMEOUT_MS),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.max_pings_without_data", 0),
        # Bots' own keepalive pings are welcome down to every 5 s.
        ("grpc.http2.min_recv_ping_interval_without_data_ms", 5_000),
        ("grpc.http2.min_ping_interval_without_data_ms", 5_000),
    ]


async def create_server(
    address: str,
    *,
    state: ServerState | None = None,
    tls: TlsFiles | None = None,
    reuse_port: bool = False,
) -> tuple[grpc.aio.Server, int]:
    """A started referee server bound to `address` ("host:port", port 0 picks one) and its
    port; `reuse_port` shares the port with the other workers of the same server."""
    state = state or ServerState()
    config = state.config
    options = server_options(config.max_message_bytes, reuse_port, config.max_streams)
    server = grpc.aio.server(options=options)
    server.add_generic_rpc_handlers((_bot_service_handler(BotServicer(state)),))
    arena_pb2_grpc.add_ArenaServiceServicer_to_server(ArenaServicer(state), server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", *SERVICE_NAMES):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    if not reuse_port:
        check_port_free(address)  # a clear error, before gRPC's own log line about it
    try:
        if tls is not None:
            port = server.add_secure_port(address, tls.credentials())
        else:
            port = server.add_insecure_port(address)
    except RuntimeError as exc:
        raise ConfigError(f"cannot listen on {address}: {exc}") from None
    if port == 0:
        raise ConfigError(f"cannot listen on {address}")
    await server.start()
    server._arena_state = state  # type: ignore[attr-defined]  # for stop_server
    if state.access.credentials is not None:
        state.background.append(asyncio.create_task(state.watch_credentials()))
    return server, port


def check_port_free(address: str) -> None:
    """ConfigError when something listens on `address` already (port 0 is always free)."""
    host, _, port = address.rpartition(":")
    if not port.isdigit() or int(port) == 0:
        return
    host = host.strip("[]") or "0.0.0.0"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        infos = socket.getaddrinfo(host, int(port), family, socket.SOCK_STREAM)
    except OSError:
        return  # gRPC says what is wrong with such an address
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As gRPC binds: connections of a server just stopped (TIME_WAIT) do not hold the port,
        # a socket listening on it does.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(infos[0][4])
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ConfigError(
                    f"cannot listen on {address}: the port is in use (another `arena serve`?); "
                    "give another --address, or port 0 for a free one"
                ) from None


async def stop_server(server: grpc.aio.Server, grace_s: float = 1.0) -> None:
    """Close every bot session, cancel running matches and stop the server."""
    state: ServerState | None = getattr(server, "_arena_state", None)
    if state is not None:
        await state.shutdown()
    await server.stop(grace_s)


WANTED_OPEN_FILES = 65_536  # every bot, watcher and web viewer holds a socket


def raise_open_files() -> int:
    """Raise this process's open-file limit to its hard limit (at most WANTED_OPEN_FILES): a
    shared server holds a socket per bot, watcher and web viewer. The limit now."""
    try:
        import resource
    except ImportError:  # not on this platform
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = WANTED_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, WANTED_OPEN_FILES)
    if soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return soft


async def serve(
    address: str,
    config: ServerConfig,
    store: Store | None = None,
    *,
    tls: TlsFiles | None = None,
    allow_plaintext: bool = False,
    web: str | None = None,
    reuse_port: bool = False,
    house: Sequence[HouseBot] = (),
) -> None:
    """Run a referee server until SIGINT/SIGTERM (with a database: tournaments and storage);
    `web` also serves the spectators' pages there, reading this server over gRPC; `house`
    are the built-in bots it plays itself (arena/rpc/server/workers/house.py). On a PostgreSQL
    database it works with every other referee process on it (`--workers`).

    A server without credentials serves loopback only; beyond it, TLS is required unless
    `allow_plaintext`.
    """
    raise_open_files()
    access = AccessPolicy(store)
    secured = await asyncio.to_thread(access.secured)
    access.check_listen(
        address,
        loopback=is_loopback(address),
        tls=tls is not None,
        allow_plaintext=allow_plaintext,
    )
    if house and store is not None:  # before listening: a bad --house starts nothing
        bots = await asyncio.to_thread(store.credentials, Role.BOT)
        check_unregistered(house, [c.name for c in bots if c.active])
    state = ServerState(config, store, access)
    shared_token = os.environ.get(RELAY_TOKEN_ENV)
    if shared_token:  # a worker: the pages' relay is known to every worker
        state.watch.relay_token = shared_token
    postgres = store is not None and store.engine.dialect.name == "postgresql"
    if postgres:  # a bot welcomed before the mesh is joined learns which worker it reached
        state.worker_id = Mesh.new_worker_id()
    server, port = await create_server(address, state=state, tls=tls, reuse_port=reuse_port)
    stop = asyncio.Event()
    if postgres:
        try:
            mesh = await state.join_workers()
        except BaseException:
            await stop_server(server)
            raise
        mesh.bus.on_lost = lambda _why: stop.set()  # the supervisor starts a new worker
    host = address.rsplit(":", 1)[0]
    log.info(
        "referee listening on %s:%d (%s, clock %s)",
        host,
        port,
        "TLS" if tls is not None else "plaintext",
        clock_words(
            ClockSpec(config.clock.per_move_ms, config.clock.bank_ms, config.clock.increment_ms)
        ),
    )
    if secured:
        log.info("credentials required: registered bots and organizer tokens")
    else:
        log.warning(
            "no credentials in the database: open server, loopback only (anyone on this machine "
            "may play and create tournaments); `arena organizer add NAME` and `arena bot add "
            "NAME` secure it"
        )
    if store is not None:
        log.info("database %s", store.location)
    own = House(house)
    if house:
        tls_ca = str(tls.cert) if tls is not None else None  # a self-signed server trusts itself
        own.start(state.registry.expect, self_target(port, tls), tls_ca)
    if state.host is not None:  # tournaments a dead server left running: resumed
        await state.host.recover()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    pages = None
    if web is not None:
        pages = await start_web_process(web, self_target(port, tls), tls, state)
    settle_heap()  # all that lives as long as the server is made: out of the collector's walk
    try:
        await stop.wait()
    finally:
        log.info("referee shutting down")
        if pages is not None:
            await stop_web_process(pages)
        # The house bots last: tournaments are cancelled first (left resumable), so none of
        # their matches in flight ends as a house bot's disconnect.
        await stop_server(server)
        await own.close()


def self_target(port: int, tls: TlsFiles | None) -> str:
    """The address this server's own clients (its web pages, its house bots) reach it at: the
    loopback, named as a certificate for this machine names it."""
    return f"{'localhost' if tls else '127.0.0.1'}:{port}"


async def start_web_process(
    web: str, target: str, tls: TlsFiles | None, state: ServerState
) -> asyncio.subprocess.Process:
    """The spectators' pages as a process of their own (`arena web`) reading this server:
    thousands of page viewers then never cost the referee's event loop (nor a bot its clock).

    The listening socket is bound here and handed over, so a bad address stops the server at
    once; the pages name themselves with a per-launch relay token (in the environment, never on
    a command line): they relay every viewer over one stream per match and count against the
    server's total of watch streams only, not against one client's share. They die with it.
    """
    from arena.rpc.guard import guarded  # the guard that ties a child's life to ours
    from arena.web.server import bind

    sock = bind(web)
    sock.setblocking(True)
    state.watch.relay_token = state.watch.relay_token or secrets.token_urlsafe(32)
    argv = [sys.executable, "-m", "arena", "web", "--server", target, "--listen-fd",
            str(sock.fileno())]  # fmt: skip
    if tls is not None:
        argv += ["--tls-ca", str(tls.cert)]  # a self-signed server trusts itself
    env = {**os.environ, "ARENA_RELAY_TOKEN": state.watch.relay_token}
    process = await asyncio.create_subprocess_exec(
        *guarded(argv), env=env, pass_fds=(sock.fileno(),), stdin=asyncio.subprocess.DEVNULL
    )
    host, port = sock.getsockname()[:2]
    sock.close()  # the child holds it now
    log.info("web pages on http://%s:%d/ (reading %s; process %d)", host, port, target, process.pid)
    return process


async def stop_web_process(process: asyncio.subprocess.Process) -> None:
    """Stop the pages' process (SIGTERM, then SIGKILL after a few seconds)."""
    if process.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    try:
        await asyncio.wait_for(process.wait(), 5)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
