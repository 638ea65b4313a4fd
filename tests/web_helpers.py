"""What the web tests share: a real `arena serve --web` with bot processes, and Debian's
headless Chromium driven by Playwright (installed with apt-get when missing and root; in CI a
missing browser fails, never skips)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import html
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
import token_ledger
from apt import AptUnavailable, apt_install

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
ARTIFACTS = ROOT / "test-artifacts" / "web"  # screenshots of every page (in .gitignore)


def unavailable(reason: str) -> None:
    """Skip, except in CI, where a missing browser is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def ensure_chromium() -> str:
    """The Chromium binary, installed from Debian's `chromium` package when missing."""
    try:
        apt_install(("chromium",), Path(CHROMIUM).exists)
    except AptUnavailable as exc:
        unavailable(str(exc))
    return CHROMIUM


@contextmanager
def browser() -> Iterator[Any]:
    """A headless Chromium (Debian's) under Playwright; never downloads a browser."""
    executable = ensure_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[dev]')")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


def csp_refusals(page: Any) -> list[str]:
    """What the page's Content-Security-Policy refuses from now on (Chromium's console lines),
    filled as the page runs: the pages must satisfy their own policy."""
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return refused


def call(address: str, method: str, request: Any, timeout_s: float = 60.0) -> Any:
    """One ArenaService call on a fresh channel (blocking)."""

    async def go() -> Any:
        async with grpc.aio.insecure_channel(address) as channel:
            return await getattr(arena_pb2_grpc.ArenaServiceStub(channel), method)(request)

    # In a thread of its own: Playwright's sync API keeps an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(go(), timeout_s)).result()


@dataclass
class Served:
    """A running `arena serve --web`: its gRPC and web addresses, and its processes."""

    address: str
    web: str
    processes: list[subprocess.Popen[Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # what the server printed (drained)

    def bot(self, script: str, name: str, *extra: str, token: str | None = None) -> None:
        """Start a bot process connected to the server (with its token, if it needs one)."""
        cmd = [PY, str(ROOT / script), "--address", self.address, "--name", name, *extra]
        env = {**os.environ, "ARENA_TOKEN": token} if token is not None else None
        self.processes.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL, env=env))

    def wait_for_bots(self, names: set[str], timeout_s: float = 30.0) -> None:
        """Until every named bot is connected."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            bots = call(self.address, "ListBots", pb.ListBotsRequest()).bots
            if names <= {b.name for b in bots}:
                return
            time.sleep(0.1)
        raise AssertionError(f"bots {names} did not connect")


@contextmanager
def arena_with_web(db: Path, env: dict[str, str] | None = None, *extra: str) -> Iterator[Served]:
    """`arena serve --db DB --web ... EXTRA` on free ports (with `env` added to its environment,
    and its pages'); stopped (and its bots killed) at the end."""
    cmd = [PY, "-m", "arena", "serve", "--address", "127.0.0.1:0", "--db", str(db),
           "--web", "127.0.0.1:0", *extra]  # fmt: skip
    environment = {**os.environ, **env} if env is not None else None
    server = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=environment)
    served = None
    try:
        assert server.stderr is not None
        grpc_port = web_port = None
        while grpc_port is None or web_port is None:
            line = server.stderr.readline()
            assert line, "arena serve ended before listening"
            if m := re.search(r"referee listening on 127\.0\.0\.1:(\d+)", line):
                grpc_port = m.group(1)
            if m := re.search(r"web pages on http://127\.0\.0\.1:(\d+)/", line):
                web_port = m.group(1)
        served = Served(f"127.0.0.1:{grpc_port}", f"http://127.0.0.1:{web_port}")
        # Drained in the background: a server whose stderr pipe fills up would block.
        drain = threading.Thread(target=served.log.extend, args=(server.stderr,), daemon=True)
        drain.start()
        token_ledger.streamed(f"arena serve --db {db} --web", served.log)
        yield served
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=15) == 0
    finally:
        for process in [*(served.processes if served else []), server]:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def post_form(url: str, fields: list[tuple[str, str]]) -> tuple[int, str, str]:
    """(status, Location, body) of a form POST, redirects not followed."""
    data = urllib.parse.urlencode(fields).encode()
    try:
        with _OPENER.open(url, data, timeout=60) as reply:
            return reply.status, reply.headers.get("Location", ""), reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Location", ""), exc.read().decode()


def get_page(url: str) -> tuple[int, str]:
    """(status, body) of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def seat_fields(game: str, name: str, opponent: str, token: str) -> list[tuple[str, str]]:
    """The /play form of a person taking seat 0 against one opponent (30 s + 120 s clock)."""
    return [("game", game), ("name", name), ("token", token), ("seat", "0"),
            ("clock", "30+120"), ("opponent", opponent)]  # fmt: skip


def play_seat(web: str, seat: str, rng: random.Random) -> str:
    """Play a seat's moves at random over HTTP until its match is over: the final panel."""
    while True:
        status, panel = get_page(web + seat + "/panel")
        assert status == 200
        state = re.search(r'data-state="([\w-]+)"', panel)
        assert state is not None
        if state.group(1) in ("over", "failed"):
            if state.group(1) == "failed" or 'data-final="true"' in panel:
                return panel
            continue
        if state.group(1) == "waiting":
            continue
        while True:
            moves = re.findall(r'data-move="(\d+)"', panel)
            groups = [html.unescape(g) for g in re.findall(r'data-prefix="([^"]+)"', panel)]
            if moves and (not groups or rng.random() < 0.5):
                request = re.search(r'data-request="(\d+)"', panel)
                assert request is not None
                fields = [("request", request.group(1)), ("move", rng.choice(moves))]
                assert post_form(web + seat + "/move", fields)[0] == 303
                break
            prefix = urllib.parse.quote(rng.choice(groups))
            panel = get_page(f"{web}{seat}/panel?prefix={prefix}")[1]
