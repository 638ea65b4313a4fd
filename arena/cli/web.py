"""`arena web`: the spectators' web pages of a running `arena serve` (read-only, public data)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from typing import Annotated

import typer

from arena.cli import app
from arena.cli.output import TlsCaOption as ReadTlsCaOption

DEFAULT_WEB_ADDRESS = "127.0.0.1:8080"
RELAY_ENV = "ARENA_RELAY_TOKEN"


@app.command("web")
def web_command(
    server: Annotated[
        str,
        typer.Option("--server", envvar="ARENA_SERVER", help="The `arena serve` to show."),
    ] = "127.0.0.1:50051",
    listen: Annotated[
        str, typer.Option("--listen", help="host:port of the web pages (port 0 picks one).")
    ] = DEFAULT_WEB_ADDRESS,
    tls_ca: ReadTlsCaOption = None,
    listen_fd: Annotated[
        int | None,
        typer.Option(
            "--listen-fd", hidden=True, help="A listening socket given by `arena serve --web`."
        ),
    ] = None,
) -> None:
    """Serve leaderboards, rating histories, tournaments and match replays (live too) as web
    pages, read from a running server (Ctrl-C stops it)."""
    import socket

    from arena.rpc.client.remote import Remote
    from arena.web.server import serve_web

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # `arena serve --web` names its own pages with a per-launch token (never on a command line)
    relay = os.environ.pop(RELAY_ENV, None) or None
    remote = Remote(server, None, Remote.of(server, None, tls_ca).tls_ca, relay)
    where: str | socket.socket = listen
    if listen_fd is not None:
        where = socket.socket(fileno=listen_fd)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        await serve_web(remote, where, stop)

    asyncio.run(main())
