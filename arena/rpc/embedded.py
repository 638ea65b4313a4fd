"""A referee server inside this process plus the bot processes it launched (CLI, tournaments)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import shlex
import signal
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from arena.core import Termination
from arena.errors import BotError, ConfigError
from arena.players import Player
from arena.referee import BotFault
from arena.rpc.remote_player import RemotePlayer
from arena.rpc.server import create_server, stop_server
from arena.rpc.state import ServerConfig, ServerState

log = logging.getLogger("arena.rpc.embedded")

TAIL_LINES = 40  # lines of a bot's output kept for error messages
CRASH_GRACE_S = 1.0  # after a disconnect, how long to wait for the process to be seen dead
TERMINATE_GRACE_S = 3.0  # SIGTERM, then SIGKILL after this long


@dataclass(eq=False)
class _BotProcess:
    name: str
    command: str
    process: asyncio.subprocess.Process
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL_LINES))
    readers: list[asyncio.Task[None]] = field(default_factory=list)

    def output(self) -> str:
        return "\n".join(self.tail) or "(no output)"


def describe_exit(code: int) -> str:
    """A process return code in words (negative codes are signals)."""
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
        return f"killed by signal {-code}"
    return f"exit code {code}"


class EmbeddedReferee:
    """A gRPC referee server in this process plus the bot processes it launched."""

    def __init__(
        self,
        address: str = "127.0.0.1:0",
        *,
        startup_timeout_s: float = 15.0,
        config: ServerConfig | None = None,
    ) -> None:
        self.requested_address = address
        self.startup_timeout_s = startup_timeout_s
        self.state = ServerState(config or ServerConfig(startup_timeout_s=startup_timeout_s))
        self.address = ""
        self._server: Any = None
        self._bots: dict[str, _BotProcess] = {}

    async def start(self) -> str:
        """Start the server; returns its "host:port"."""
        self._server, port = await create_server(self.requested_address, state=self.state)
        host = self.requested_address.rsplit(":", 1)[0]
        self.address = f"{host}:{port}"
        return self.address

    async def launch(self, name: str, command: str) -> None:
        """Start `command` as bot `name` and wait until it said Hello (BotError if it does not)."""
        if not self.address:
            raise ConfigError("start the referee before launching bots")
        if name in self._bots:
            raise ConfigError(f"a bot named {name!r} was launched already")
        argv = shlex.split(command)
        if not argv:
            raise ConfigError(f"empty command for bot {name!r}")
        token = secrets.token_hex(16)
        self.state.registry.expect(name, token)
        env = {
            **os.environ,
            "ARENA_ADDRESS": self.address,
            "ARENA_BOT_NAME": name,
            "ARENA_TOKEN": token,
        }
        try:
            process = await asyncio.create_subprocess_exec(
                *argv,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,  # Ctrl-C reaches us, and we stop the bots in order
            )
        except OSError as exc:
            raise BotError(f"cannot start bot {name!r} ({command}): {exc}") from None
        bot = _BotProcess(name, command, process)
        bot.readers.append(asyncio.create_task(self._drain(bot)))
        self._bots[name] = bot
        await self._await_hello(bot)
        log.info("bot %s connected (pid %d)", name, process.pid)

    async def _await_hello(self, bot: _BotProcess) -> None:
        hello = asyncio.create_task(self.state.registry.wait_for(bot.name, self.startup_timeout_s))
        exited = asyncio.create_task(bot.process.wait())
        await asyncio.wait({hello, exited}, return_when=asyncio.FIRST_COMPLETED)
        if hello.done() and hello.exception() is None:
            exited.cancel()
            return
        hello.cancel()
        if exited.done():
            await asyncio.wait(bot.readers, timeout=1.0)
            why = f"exited ({describe_exit(bot.process.returncode or 0)}) before connecting"
        else:
            exited.cancel()
            await self._stop_process(bot)
            why = f"did not connect within {self.startup_timeout_s:g} s"
        raise BotError(f"bot {bot.name!r} ({bot.command}) {why}; its last output:\n{bot.output()}")

    async def _drain(self, bot: _BotProcess) -> None:
        stream = bot.process.stdout
        assert stream is not None
        while line := await stream.readline():
            text = line.decode(errors="replace").rstrip()
            bot.tail.append(text)
            log.debug("[%s] %s", bot.name, text)

    def player(self, name: str) -> Player:
        """A Player for one seat of that connected bot."""
        if self.state.registry.get(name) is None:
            known = ", ".join(self.connected()) or "none"
            raise BotError(f"bot {name!r} is not connected (connected: {known})")
        return RemotePlayer(
            self.state.registry, name, explain=lambda reason: self._explain(name, reason)
        )

    async def _explain(self, name: str, reason: str) -> BotFault | None:
        bot = self._bots.get(name)
        if bot is None:
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(bot.process.wait()), CRASH_GRACE_S)
        if bot.process.returncode is None:
            return None  # the process lives on: a plain disconnect
        return BotFault(
            Termination.CRASH, f"bot process {describe_exit(bot.process.returncode)} ({reason})"
        )

    def connected(self) -> list[str]:
        """Names of the bots connected now."""
        return self.state.registry.names()

    def pid(self, name: str) -> int | None:
        """The process id of a launched bot."""
        bot = self._bots.get(name)
        return bot.process.pid if bot is not None else None

    def output(self, name: str) -> str:
        """The last lines a launched bot printed."""
        bot = self._bots.get(name)
        return bot.output() if bot is not None else ""

    async def close(self) -> None:
        """Stop the bot processes (terminate, then kill) and the server."""
        await asyncio.gather(*(self._stop_process(b) for b in self._bots.values()))
        if self._server is not None:
            await stop_server(self._server, grace_s=0.5)
            self._server = None

    async def _stop_process(self, bot: _BotProcess) -> None:
        process = bot.process
        if process.returncode is None:
            _signal_group(process.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), TERMINATE_GRACE_S)
            except TimeoutError:
                _signal_group(process.pid, signal.SIGKILL)
                await process.wait()
        for reader in bot.readers:
            reader.cancel()

    async def __aenter__(self) -> EmbeddedReferee:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


def _signal_group(pid: int, sig: signal.Signals) -> None:
    # The bot runs in its own session, so its process group also holds anything it started.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)
