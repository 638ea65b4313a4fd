"""House bots: built-in strategies that a server plays itself (`arena serve --house NAME=STRATEGY`).

Each is a bot like any other: it connects to its own server over BotService.Connect with the
SDK's runtime (arena/rpc/client/bot_client.py), so it sees exactly the view a bot over the
network sees, is listed by ListBots, and is seated in PlayMatch calls, server-owned tournaments
and the web's seats by its name; its matches are stored and rated as any bot's. Its token is
drawn afresh at every start and known only to the server (`SessionRegistry.expect`), so it
needs no credential, and nobody else may take its name. Its policies run on the SDK's worker
threads, off the server's event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from arena import __version__
from arena.core.registry import list_games
from arena.errors import BotError, ConfigError
from arena.match.limits import check_name
from arena.match.strategies import StrategyByGame, games_with
from arena.rpc.client.bot_client import BotConfig, run_connection_loop
from arena.rpc.wire.convert import game_wire

log = logging.getLogger("arena.rpc.server.workers.house")

BUILTIN = "builtin:"
MAX_HOUSE_BOTS = 16
DEFAULT_HOUSE_MATCHES = 4  # matches a house bot plays at once
CLOSE_WAIT_S = 2.0  # how long the house bots may take to say goodbye at shutdown


@dataclass(frozen=True, slots=True)
class HouseBot:
    """One house bot: its name, the built-in strategy it plays, the games that have it."""

    name: str
    strategy: str
    games: tuple[str, ...]
    max_matches: int = DEFAULT_HOUSE_MATCHES


def parse_house(texts: Sequence[str], max_matches: int = DEFAULT_HOUSE_MATCHES) -> list[HouseBot]:
    """The bots of `--house NAME=STRATEGY` options (STRATEGY may carry `builtin:`); ConfigError
    for a malformed one, an unknown strategy, a name given twice or too many bots."""
    if len(texts) > MAX_HOUSE_BOTS:
        raise ConfigError(f"{len(texts)} house bots; at most {MAX_HOUSE_BOTS}")
    if not 1 <= max_matches <= 64:
        raise ConfigError("--house-matches must be 1 to 64")
    playable = {g.name for g in list_games() if game_wire(g.name) is not None}
    bots: dict[str, HouseBot] = {}
    for text in texts:
        name, sep, strategy = text.partition("=")
        name, strategy = name.strip(), strategy.strip().removeprefix(BUILTIN)
        if not sep or not name or not strategy:
            raise ConfigError(f"--house {text[:80]!r}: give NAME=STRATEGY, e.g. greedy=greedy")
        check_name("--house name", name)
        if name in bots:
            raise ConfigError(f"--house {name!r} is given twice")
        games = tuple(g for g in games_with(strategy) if g in playable)
        if not games:
            raise ConfigError(f"--house {name}: no game has a built-in strategy {strategy[:40]!r}")
        bots[name] = HouseBot(name, strategy, games, max_matches)
    return list(bots.values())


def check_unregistered(bots: Sequence[HouseBot], registered: Iterable[str]) -> None:
    """ConfigError when a house bot has the name of a registered bot (it could not connect)."""
    taken = sorted({b.name for b in bots} & set(registered))
    if taken:
        raise ConfigError(
            f"--house {', '.join(taken)}: a registered bot has that name; choose another"
        )


class House:
    """The house bots of one server: their connections to it, until `close`."""

    def __init__(self, bots: Sequence[HouseBot]) -> None:
        self.bots = list(bots)
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self, expect: Callable[[str, str], None], target: str, tls_ca: str | None) -> None:
        """Connect every house bot to `target` (this server), each with a fresh token that
        `expect(name, token)` makes the only one its name is accepted with."""
        for bot in self.bots:
            token = secrets.token_urlsafe(32)
            expect(bot.name, token)
            config = BotConfig(
                address=target,
                name=bot.name,
                token=token,
                games=bot.games,
                max_matches=bot.max_matches,
                version=f"arena {__version__} house bot ({BUILTIN}{bot.strategy})",
                tls_ca=tls_ca,
            )
            policy = StrategyByGame(bot.strategy)
            self._tasks.append(asyncio.create_task(self._connect(config, policy)))
            log.info("house bot %s plays %s (%s)", bot.name, bot.strategy, ", ".join(bot.games))

    async def _connect(self, config: BotConfig, policy: StrategyByGame) -> None:
        try:
            await run_connection_loop(config, policy, self._stop)
        except BotError as exc:  # refused for good: say so, the server goes on without it
            log.error("house bot %s stopped: %s", config.name, exc)

    async def close(self) -> None:
        """Disconnect every house bot (their matches in play end as the server's do)."""
        self._stop.set()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=CLOSE_WAIT_S)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
