"""Serving the web app with uvicorn: alone (`arena web`) or in a referee (`arena serve --web`)."""

from __future__ import annotations

import asyncio
import logging
import socket

import uvicorn

from arena.errors import ConfigError
from arena.rpc.addresses import split_address
from arena.rpc.client.remote import Remote
from arena.web.app import create_app

log = logging.getLogger("arena.web")


def bind(address: str) -> socket.socket:
    """A listening socket on host:port (port 0 picks one): the port is known before serving."""
    host, port = split_address(address, "web address", any_host=True)
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise ConfigError(f"cannot listen on {address}: {exc}") from None
    sock.listen(128)
    sock.setblocking(False)
    return sock


async def serve_web(
    remote: Remote,
    listen: str | socket.socket,
    stop: asyncio.Event,
    organizer: Remote | None = None,
) -> None:
    """Serve the pages of the server `remote` on `listen` (host:port or a bound socket) until
    `stop` is set; the matches people play there are started with `organizer`'s credential."""
    sock = bind(listen) if isinstance(listen, str) else listen
    host, port = sock.getsockname()[:2]
    app = create_app(remote, organizer=organizer)
    config = uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    log.info("web pages on http://%s:%d/ (reading %s)", host, port, remote.address)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    await stop.wait()
    server.should_exit = True
    try:
        await task
    finally:
        await app.state.pages.close()
