"""The referee server: BotService + ArenaService on grpc.aio, plus health checks and reflection."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from arena.errors import ConfigError
from arena.rpc.services import ArenaServicer, BotServicer, parse_bot_message
from arena.rpc.state import ServerConfig, ServerState
from arena.store import Store
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

log = logging.getLogger("arena.rpc.server")

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


async def create_server(
    address: str, *, state: ServerState | None = None
) -> tuple[grpc.aio.Server, int]:
    """A started referee server bound to `address` ("host:port", port 0 picks one) and its port."""
    state = state or ServerState()
    limit = state.config.max_message_bytes
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", limit),
            ("grpc.so_reuseport", 0),  # two servers never share a port by accident
        ]
    )
    server.add_generic_rpc_handlers((_bot_service_handler(BotServicer(state)),))
    arena_pb2_grpc.add_ArenaServiceServicer_to_server(ArenaServicer(state), server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", *SERVICE_NAMES):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    try:
        port = server.add_insecure_port(address)
    except RuntimeError as exc:
        raise ConfigError(f"cannot listen on {address}: {exc}") from None
    if port == 0:
        raise ConfigError(f"cannot listen on {address}")
    await server.start()
    server._arena_state = state  # type: ignore[attr-defined]  # for stop_server
    return server, port


async def stop_server(server: grpc.aio.Server, grace_s: float = 1.0) -> None:
    """Close every bot session, cancel running matches and stop the server."""
    state: ServerState | None = getattr(server, "_arena_state", None)
    if state is not None:
        await state.shutdown()
    await server.stop(grace_s)


async def serve(address: str, config: ServerConfig, store: Store | None = None) -> None:
    """Run a referee server until SIGINT/SIGTERM (with a database: tournaments and storage)."""
    server, port = await create_server(address, state=ServerState(config, store))
    host = address.rsplit(":", 1)[0]
    log.info("referee listening on %s:%d (clock %s)", host, port, config.clock)
    if store is not None:
        log.info("database %s", store.location)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        log.info("referee shutting down")
        await stop_server(server)
