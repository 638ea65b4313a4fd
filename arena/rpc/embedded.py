"""A referee server inside this process plus the bot processes it launched (CLI, tournaments)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import shlex
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from arena.app.access import AccessPolicy
from arena.core.players import Player
from arena.core.values import Termination
from arena.errors import BotError, ConfigError
from arena.match.referee import BotFault
from arena.rpc.client.remote import Remote
from arena.rpc.guard import guarded
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.remote_player import RemotePlayer
from arena.rpc.server.sessions import TRANSPORT_ENDS
from arena.rpc.server.state import ServerConfig, ServerState

log = logging.getLogger("arena.rpc.embedded")

Echo = Callable[[str, str], None]
"""Shows one line of a bot's output live: (bot name, line)."""

TAIL_LINES = 40  # lines of a bot's output kept for error messages
CRASH_GRACE_S = 1.0  # after a disconnect, how long to wait for the process to be seen dead
TERMINATE_GRACE_S = 3.0  # SIGTERM, then SIGKILL after this long
HELLO_POLL_S = 0.05  # how often a launch looks for the bot's Hello
# A command starting with one of these runs on this arena's own interpreter, so the example
# bots find `arena` from a fresh clone whatever `python` is first on PATH.
OWN_PYTHON_NAMES = frozenset({"python", "python3"})


@dataclass(eq=False)
class _BotProcess:
    name: str
    command: str
    process: asyncio.subprocess.Process
    token: str = field(repr=False)  # a per-launch secret: never shown
    tail: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL_LINES))
    readers: list[asyncio.Task[None]] = field(default_factory=list)
    log: TextIO | None = None  # the bot's whole output, when the referee keeps logs

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
        startup_flag: str = "",
        config: ServerConfig | None = None,
        log_dir: Path | None = None,
        echo: Echo | None = None,
    ) -> None:
        self.requested_address = address
        self.log_dir = log_dir  # each bot's output goes to <log_dir>/<name>.log
        self.echo = echo  # and, line by line, to this (`-v`)
        self.startup_timeout_s = startup_timeout_s
        self.startup_flag = startup_flag  # the option that sets it, named when a bot is late
        # Organizer calls (PlayMatch ...) need a token only this launcher knows: a seated bot
        # could otherwise make its opponent play side matches on the launcher's referee.
        self.launch_token = secrets.token_urlsafe(32)
        self.state = ServerState(
            config or ServerConfig(startup_timeout_s=startup_timeout_s),
            access=AccessPolicy(None, launch_token=self.launch_token),
        )
        self.address = ""
        self._server: Any = None
        self._bots: dict[str, _BotProcess] = {}

    def organizer(self) -> Remote:
        """This referee as its launcher calls it: with the per-launch organizer token (organizer
        calls such as PlayMatch need it; no bot is ever given it)."""
        return Remote(self.address, self.launch_token)

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
        if not shlex.split(command):
            raise ConfigError(f"empty command for bot {name!r}")
        await self._spawn(name, command)

    async def relaunch(self, name: str) -> None:
        """Start bot `name` again after its process died (BotError if it does not say Hello)."""
        old = self._bots.pop(name, None)
        if old is None:
            raise ConfigError(f"no bot named {name!r} was launched")
        await self._stop_process(old)
        await self._spawn(name, old.command)

    def alive(self, name: str) -> bool:
        """True while the process launched as bot `name` runs."""
        bot = self._bots.get(name)
        return bot is not None and bot.process.returncode is None

    async def _spawn(self, name: str, command: str) -> None:
        argv = own_python(shlex.split(command))
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
                *guarded(argv),
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,  # Ctrl-C reaches us, and we stop the bots in order
            )
        except OSError as exc:
            raise BotError(f"cannot start bot {name!r} ({command}): {exc}") from None
        bot = _BotProcess(name, command, process, token, log=self._open_log(name, command))
        bot.readers.append(asyncio.create_task(self._drain(bot)))
        self._bots[name] = bot
        await self._await_hello(bot)
        log.info("bot %s connected (pid %d)", name, process.pid)

    async def _await_hello(self, bot: _BotProcess) -> None:
        # Polled rather than awaited on the registry: besides "connected" and "exited" we also
        # want to notice at once a bot that connected under another name than ARENA_BOT_NAME.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.startup_timeout_s
        while self.state.registry.get(bot.name) is None:
            if bot.process.returncode is not None:
                await asyncio.wait(bot.readers, timeout=1.0)
                why = f"exited ({describe_exit(bot.process.returncode)}) before connecting"
                break
            alias = self._alias_of(bot)
            if alias is not None:
                await self._stop_process(bot)
                why = (
                    f"connected as {alias!r}, not as {bot.name!r}: a launched bot must use the "
                    "name in ARENA_BOT_NAME"
                )
                break
            if loop.time() >= deadline:
                others = [n for n in self.connected() if n not in self._bots]
                await self._stop_process(bot)
                who = f"bots connected meanwhile: {', '.join(others)}" if others else "nobody"
                longer = f"; a bot slow to start gets longer with {self.startup_flag} SECONDS"
                why = (
                    f"did not connect as {bot.name!r} within {self.startup_timeout_s:g} s "
                    f"({who} connected; it must say Hello with the name in ARENA_BOT_NAME"
                    f"{longer if self.startup_flag else ''})"
                )
                break
            await asyncio.sleep(HELLO_POLL_S)
        else:
            return
        raise BotError(f"bot {bot.name!r} ({bot.command}) {why}; its last output:\n{bot.output()}")

    def _alias_of(self, bot: _BotProcess) -> str | None:
        """The name a launched bot connected under instead of its own (found by its token)."""
        for session in self.state.registry.sessions():
            if session.token == bot.token and session.name != bot.name:
                return session.name
        return None

    def _open_log(self, name: str, command: str) -> TextIO | None:
        if self.log_dir is None:
            return None
        self.log_dir.mkdir(parents=True, exist_ok=True)
        path = self.log_dir / f"{name}.log"
        handle = path.open("a", encoding="utf-8", buffering=1)  # closed with the process
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        handle.write(f"==> {stamp} started: {command}\n")
        return handle

    def attach_logs(self, log_dir: Path) -> None:
        """Save the launched bots' output under `log_dir` from now on (bots checked before a
        tournament exists: what they printed so far is copied from the kept tail)."""
        self.log_dir = log_dir
        for bot in self._bots.values():
            if bot.log is None:
                bot.log = self._open_log(bot.name, bot.command)
                if bot.log is not None:
                    bot.log.writelines(line + "\n" for line in bot.tail)

    def note(self, name: str, text: str) -> None:
        """Write a marker line (e.g. a match starting) into a launched bot's log."""
        bot = self._bots.get(name)
        if bot is not None and bot.log is not None and not bot.log.closed:
            bot.log.write(f"==> {text}\n")

    async def _drain(self, bot: _BotProcess) -> None:
        stream = bot.process.stdout
        assert stream is not None
        while line := await stream.readline():
            text = line.decode(errors="replace").rstrip()
            bot.tail.append(text)
            if bot.log is not None and not bot.log.closed:
                bot.log.write(text + "\n")
            if self.echo is not None:
                self.echo(bot.name, text)
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
        # The exit says why; how its stream's end was seen is a race, kept out of the record.
        how = "" if reason in TRANSPORT_ENDS else f" ({reason})"
        return BotFault(
            Termination.CRASH, f"bot process {describe_exit(bot.process.returncode)}{how}"
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

    async def restart_server(self) -> None:
        """Stop the server (every bot's stream ends) and start it again on the same address.

        The bot processes live on: a well-behaved bot reconnects by itself.
        """
        if self._server is not None:
            await stop_server(self._server, grace_s=0.2)
        self._server, _port = await create_server(self.address, state=self.state)

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
        # Let the readers take the last lines the bot printed, then stop them.
        await asyncio.wait(bot.readers, timeout=1.0)
        for reader in bot.readers:
            reader.cancel()
        if bot.log is not None:
            bot.log.close()

    async def __aenter__(self) -> EmbeddedReferee:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


def own_python(argv: list[str]) -> list[str]:
    """The command with a leading `python`/`python3` replaced by this arena's interpreter."""
    if argv and argv[0] in OWN_PYTHON_NAMES:
        return [sys.executable, *argv[1:]]
    return argv


def _signal_group(pid: int, sig: signal.Signals) -> None:
    # The bot runs in its own session, so its process group also holds anything it started.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)
