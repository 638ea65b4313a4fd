"""Who plays a fixture: bot arguments (NAME=COMMAND, NAME=builtin:STRATEGY) and local runners."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from arena.core.players import DecisionRequest, MatchInfo, Player, Reply
from arena.core.values import MatchRecord, Termination
from arena.errors import ConfigError
from arena.match.clock import Clock
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import BotFault, EventSink, play_match
from arena.match.strategies import make_policy
from arena.tournament.runner import MatchRunner
from arena.tournament.schedule import BotEntry, Fixture, derive_seed

BUILTIN_PREFIX = "builtin:"
BOT_SEED_PATH = -2  # derive_seed(seed, -2, fixture, seat): never a fixture's own path
FORFEIT_MARK = "forfeit: "  # starts the detail of a seat nobody could play (AbsentPlayer)


def forfeit_counts(records: Iterable[MatchRecord]) -> dict[str, int]:
    """Per bot, the matches it forfeited (never connected, withdrawn after crashes): shown
    apart from the faults of bots that played."""
    counts: dict[str, int] = {}
    for record in filter(is_forfeit, records):
        offender = record.outcome.offender
        assert offender is not None  # is_forfeit checked it
        name = record.players[offender]
        counts[name] = counts.get(name, 0) + 1
    return counts


def is_forfeit(record: MatchRecord) -> bool:
    """True for a match its offender lost without playing: nobody was there to take the seat
    (never connected, withdrawn after crashes). Forfeits are stored and rated like any loss."""
    outcome = record.outcome
    return (
        outcome.offender is not None
        and outcome.termination is Termination.DISCONNECT
        and f": {FORFEIT_MARK}" in outcome.detail
    )


SeatPlayer = Callable[[Fixture, int], Player]
"""The player for one seat of a fixture (a fresh one per match, or a connected bot's seat)."""


def parse_bot(text: str) -> BotEntry:
    """`NAME=COMMAND`, `NAME=builtin:STRATEGY`, or a bare `NAME` (a bot already connected)."""
    name, sep, command = text.partition("=")
    name = name.strip()
    if not name:
        raise ConfigError(f"--bot {text!r}: give NAME=COMMAND, NAME=builtin:STRATEGY or NAME")
    if sep and not command.strip():
        raise ConfigError(f"--bot {text!r}: the command after '=' is empty")
    return BotEntry(name, command.strip() if sep else None)


def builtin_strategy(bot: BotEntry) -> str | None:
    """The strategy of an in-process built-in bot, or None for any other bot."""
    if bot.command is not None and bot.command.startswith(BUILTIN_PREFIX):
        return bot.command[len(BUILTIN_PREFIX) :].strip()
    return None


def builtin_player(game: str, bot: BotEntry, fixture: Fixture, seat: int) -> Player:
    """A fresh in-process player for one match, seeded from the fixture so replays agree."""
    strategy = builtin_strategy(bot)
    if strategy is None:
        raise ConfigError(f"bot {bot.name!r} is not a built-in bot")
    seed = derive_seed(fixture.seed, fixture.rotation, seat)
    return PolicyPlayer(bot.name, make_policy(game, strategy, seed))


def check_builtins(game: str, bots: tuple[BotEntry, ...]) -> None:
    """Fail early (ConfigError) on an unknown built-in strategy."""
    for bot in bots:
        if builtin_strategy(bot) is not None:
            make_policy(game, builtin_strategy(bot) or "", 0)


def local_runner(
    game: Any,
    options: Any,
    seat_player: SeatPlayer,
    clock: Clock | None = None,
    *,
    events: Callable[[Fixture], EventSink | None] | None = None,
    seed_key: int | None = None,
) -> MatchRunner:
    """A match runner that plays on this process's referee with the given seat players
    (`events` gives each fixture's event hook, for watchers). With `seed_key` (the tournament
    seed) each seat's bot seed is derived from it, fixture by fixture: a replay gives the same
    ones, and a tournament with a secret seed gives seeds nobody can search back to it."""

    async def play(fixture: Fixture) -> MatchRecord:
        players = [seat_player(fixture, seat) for seat in range(len(fixture.seats))]
        on_event = events(fixture) if events is not None else None
        bot_seeds = None
        if seed_key is not None:
            bot_seeds = [
                derive_seed(seed_key, BOT_SEED_PATH, fixture.index, seat)
                for seat in range(len(fixture.seats))
            ]
        return await play_match(
            game,
            options,
            fixture.seed,
            players,
            clock=clock,
            match_id=fixture.match_id,
            on_event=on_event,
            bot_seeds=bot_seeds,
        )

    return play


class AbsentPlayer:
    """The seat of a bot that is gone (its process died): the match is adjudicated against it.

    The tournament goes on, as a chess arbiter scores a no-show as a loss; the standings count
    the fault.
    """

    def __init__(self, name: str, detail: str) -> None:
        self.name = name
        self.detail = detail if detail.startswith(FORFEIT_MARK) else FORFEIT_MARK + detail

    async def start(self, info: MatchInfo) -> None:
        """Fault at once: there is nobody to play."""
        raise BotFault(Termination.DISCONNECT, self.detail)

    async def decide(self, request: DecisionRequest) -> Reply:
        """Never reached: start() already faulted."""
        raise BotFault(Termination.DISCONNECT, self.detail)

    async def finish(self, record: MatchRecord) -> None:
        """Nothing to tell."""
