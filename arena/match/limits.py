"""Bounds on everything that comes from outside (network, command line): written once, here.

Each check raises LimitError (INVALID_ARGUMENT on the wire) with a one-line reason naming the
field; nothing out of bounds is stored, echoed whole or logged whole.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arena.errors import LimitError

NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")
"""Bot names: 1-64 of letters, digits, '_', '.', '-', starting with a letter or digit."""
MATCH_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:\-]{0,63}")
MAX_TOKEN_CHARS = 256
MAX_VERSION_CHARS = 128
MAX_GAMES_PER_HELLO = 64
MAX_GAME_NAME_CHARS = 64
MAX_MATCHES_PER_BOT = 1024  # a Hello asking for more is malformed, not ambitious
MAX_MOVE_CHARS = 1024  # longer than any move of any game; a longer reply is unparsable
MAX_ERROR_CHARS = 500  # a bot's Decision.error, as kept in the outcome detail
MAX_DETAIL_CHARS = 1000  # an outcome's detail
MAX_NOTICE_CHARS = 500
MAX_OPTIONS = 32
MAX_OPTION_CHARS = 64  # an option's name or value
MAX_BOTS_PER_TOURNAMENT = 256
MAX_SEED = 2**63  # a seed on the wire (int64): a match's, or one an organizer chose
MIN_MOVE_MS = 10  # below this no bot over a network can answer: a rigged clock
MAX_MOVE_MS = 3_600_000  # one hour per decision
MAX_BANK_MS = 86_400_000  # one day of time bank
MAX_PAGE_SIZE = 500
DEFAULT_MAX_CYCLES = 100
DEFAULT_MAX_FIXTURES = 20_000


MAX_ROUNDS = 1000  # rounds of a round format a request may ask for
MAX_TABLE_SIZE = 64


# [ASSUMPTION] 64 calls at once on one HTTP/2 connection: a bot needs one, a spectator or an
# organizer a few; a process that hosts many bots on one channel raises it (arena serve
# --max-streams-per-connection), or gives each bot a connection of its own, as the SDK does.
DEFAULT_STREAMS_PER_CONNECTION = 64
MAX_STREAMS_PER_CONNECTION = 100_000


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """The bounds an operator may tune (arena serve flags)."""

    max_cycles: int = DEFAULT_MAX_CYCLES
    max_fixtures: int = DEFAULT_MAX_FIXTURES
    max_concurrency: int = 256
    min_move_ms: int = MIN_MOVE_MS
    max_move_ms: int = MAX_MOVE_MS
    where: str = "on this server"  # how a refusal names whose bounds these are


# [ASSUMPTION] a run on this machine's own database is bounded too, only far above a server's
# defaults: a million matches (about 1 GB of fixtures to plan and store), so that a typo such
# as `--cycles 1000000000000000000000` is refused instead of filling the memory.
LOCAL_LIMITS = ServerLimits(
    max_cycles=1_000_000,
    max_fixtures=1_000_000,
    max_concurrency=4096,
    where="in one tournament",
)


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, marking the cut."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 12)] + f"...(+{len(text) - limit + 12})"


def shown(text: str, limit: int = 40) -> str:
    """A short quoted excerpt of untrusted text for error messages."""
    return repr(clip(text, limit))


def check_text(field: str, value: str, limit: int) -> None:
    """LimitError unless `value` has at most `limit` characters."""
    if len(value) > limit:
        raise LimitError(f"{field} is {len(value)} characters long; at most {limit} are allowed")


def check_name(field: str, value: str) -> None:
    """LimitError unless `value` is a valid bot name."""
    if not NAME_PATTERN.fullmatch(value):
        raise LimitError(
            f"{field} {shown(value)} must be 1-64 letters, digits, '_', '.' or '-', "
            "starting with a letter or digit"
        )


def check_match_id(value: str) -> None:
    """LimitError unless `value` is a valid match id."""
    if not MATCH_ID_PATTERN.fullmatch(value):
        raise LimitError(
            f"match_id {shown(value)} must be 1-64 letters, digits, '_', '.', ':' or '-'"
        )


def check_hello_fields(name: str, token: str, version: str, games: Sequence[str]) -> None:
    """The bounds of a Hello (the games are looked up by the caller)."""
    check_name("bot name", name)
    check_text("token", token, MAX_TOKEN_CHARS)
    check_text("version", version, MAX_VERSION_CHARS)
    if len(games) > MAX_GAMES_PER_HELLO:
        raise LimitError(f"a Hello lists {len(games)} games; at most {MAX_GAMES_PER_HELLO}")
    for game in games:
        check_text("game name", game, MAX_GAME_NAME_CHARS)


def check_max_matches(value: int) -> None:
    """LimitError unless 0 <= value <= MAX_MATCHES_PER_BOT."""
    if not 0 <= value <= MAX_MATCHES_PER_BOT:
        raise LimitError(f"max_matches must be 0..{MAX_MATCHES_PER_BOT}, not {value}")


def check_options(options: Mapping[str, str]) -> None:
    """Bounds of an options map (names and values are then checked by the game)."""
    if len(options) > MAX_OPTIONS:
        raise LimitError(f"{len(options)} options given; at most {MAX_OPTIONS}")
    for key, value in options.items():
        check_text("option name", key, MAX_OPTION_CHARS)
        check_text(f"option {shown(key)}", str(value), MAX_OPTION_CHARS)


def check_seed(value: int) -> None:
    """LimitError unless 0 <= value < 2**63."""
    if not 0 <= value < MAX_SEED:
        raise LimitError(f"the seed must be from 0 to {MAX_SEED - 1}, not {value}")


def check_clock(
    per_move_ms: int | None,
    bank_ms: int | None,
    increment_ms: int | None = None,
    limits: ServerLimits | None = None,
) -> None:
    """A match clock within sane bounds (a 1 ms clock is a way to rig a result)."""
    limits = limits or ServerLimits()
    if per_move_ms is None:
        if bank_ms is not None or increment_ms is not None:
            raise LimitError("a time bank or increment needs a per-move time")
        return
    if not limits.min_move_ms <= per_move_ms <= limits.max_move_ms:
        raise LimitError(
            f"the per-move time must be {limits.min_move_ms} to {limits.max_move_ms} ms, "
            f"not {per_move_ms}"
        )
    for field, value in (("time bank", bank_ms), ("increment", increment_ms)):
        if value is not None and not 0 <= value <= MAX_BANK_MS:
            raise LimitError(f"the {field} must be 0 to {MAX_BANK_MS} ms, not {value}")
