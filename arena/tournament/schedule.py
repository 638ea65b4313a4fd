"""Tournament specs and fixtures: a pure, stable function of (format, bots, size, cycles, seed,
deals).

Every table (combination of bots) plays one game per rotation of its seating list, so each bot
sits once in every seat. With independent deals (the default) every match gets its own seed.
With duplicate deals the rotations of a table share one seed: the same deal and the same start
seat, so each bot starts once and plays every seat's hand once (less luck), but a bot that keeps
state between matches can remember the deal: use it only when bots cannot (fresh processes per
match, or bots you trust).
"""

from __future__ import annotations

import enum
import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from arena.errors import ConfigError

SEED_BITS = 48  # derived seeds of a chosen seed stay below 2**48: exact in JSON and JavaScript
KEYED_SEED_BITS = 53  # derived seeds of a secret seed: below 2**53, still exact everywhere
SECRET_SEED_FLOOR = 2**63  # seeds from here on are keys (a chosen seed is below: legacy)
SECRET_SEED_BITS = 256  # what a tournament that names no seed draws
MAX_SEED = 2**SECRET_SEED_BITS  # the largest seed a tournament may have, exclusive


class Format(str):
    """The name of a registered tournament format ("round-robin", "swiss" ...): what
    tournaments.format and exported records hold. Its behaviour is the format module's
    (arena/tournament/formats, which this module never imports: they import it)."""

    __slots__ = ()
    # The first formats' names, for callers written when formats were an enum.
    ROUND_ROBIN: ClassVar[Format]
    GAUNTLET: ClassVar[Format]
    SWISS: ClassVar[Format]
    KNOCKOUT: ClassVar[Format]

    def __new__(cls, name: str) -> Format:
        """The name as formats are named (lower case, an underscore read as a hyphen); whether
        a module plays it is arena.tournament.formats.format_named's to say."""
        return super().__new__(cls, str(name).strip().lower().replace("_", "-"))

    @property
    def value(self) -> str:
        """The name as plain text."""
        return str(self)


Format.ROUND_ROBIN = Format("round-robin")
Format.GAUNTLET = Format("gauntlet")
Format.SWISS = Format("swiss")
Format.KNOCKOUT = Format("knockout")


class Deals(enum.StrEnum):
    """Whether the seatings of a table replay one deal."""

    INDEPENDENT = "independent"  # a fresh deal per match: nothing to remember
    DUPLICATE = "duplicate"  # one deal per table, replayed in every seating: less luck


DEFAULT_DEALS = Deals.INDEPENDENT
# [ASSUMPTION] the clock of a tournament that names none: a hung bot loses its match within
# about 1 + 10 s instead of stalling the tournament; a slow decision draws on the bank.
DEFAULT_TIME_PER_MOVE_MS = 1_000
DEFAULT_TIME_BANK_MS = 10_000


class Status(enum.StrEnum):
    """Where a tournament stands."""

    CREATED = "created"
    RUNNING = "running"
    INTERRUPTED = "interrupted"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class BotEntry:
    """A participant: its name and how to start it (None: in-process or already connected)."""

    name: str
    command: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """Everything that defines a tournament's schedule and its matches."""

    game: str
    bots: tuple[BotEntry, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    format: Format = Format.ROUND_ROBIN
    table_size: int = 2
    cycles: int = 1
    hero: str | None = None
    time_per_move_ms: int | None = None
    deals: Deals = DEFAULT_DEALS
    time_bank_ms: int | None = None  # per seat and match, used past time_per_move_ms
    increment_ms: int | None = None  # added to the bank after each decision
    rounds: int = 0  # Swiss: rounds to play (0 before the default is chosen)
    format_options: Mapping[str, int] = field(default_factory=dict)  # the format's own (top ...)
    seeding: tuple[str, ...] = ()  # knockout: the bots in seed order (empty: by the seed)
    reconnect_grace_ms: int | None = None  # a server run: how long a dropped bot may be away

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The participants' names, sorted (the schedule does not depend on argument order)."""
        return tuple(sorted(b.name for b in self.bots))


@dataclass(frozen=True, slots=True)
class Fixture:
    """One scheduled match: which bots sit where, and the seed of the deal."""

    index: int  # position in the schedule; ratings fold in this order
    cycle: int
    table: int  # index of the table (bot combination) within the cycle
    rotation: int  # 0..k-1: the seating list rotated left by this much
    seats: tuple[str, ...]  # bot name per seat
    seed: int
    tournament_id: int = 0  # 0 until the tournament is stored

    @property
    def match_id(self) -> str:
        """The id of the match that plays this fixture (stable across resumes)."""
        return f"t{self.tournament_id}-{self.index}"


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a sub-part (cycle, table ...) of a tournament, stable across runs and machines.

    A secret seed (2**63 or more: the 256-bit seeds drawn for a tournament that names none) is
    the key of an HMAC-SHA256 of the path, so no derived seed tells another or the key, and a
    derived seed (53 bits, exact in JSON and JavaScript) is beyond search. A smaller seed, one
    an organizer chose to replay, keeps the first scheme (SHA-256 of the text, 48 bits): every
    stored tournament replays as before.
    """
    text = ":".join(str(x) for x in path).encode()
    if seed >= SECRET_SEED_FLOOR:
        key = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
        digest = hmac.new(key, text, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big") % (1 << KEYED_SEED_BITS)
    legacy = ":".join(str(x) for x in (seed, *path)).encode()
    return int.from_bytes(hashlib.sha256(legacy).digest()[:8], "big") % (1 << SEED_BITS)


def validate_spec(spec: TournamentSpec) -> None:
    """Raise ConfigError unless the spec can be scheduled."""
    names = [b.name for b in spec.bots]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ConfigError(f"bot name {duplicates[0]!r} is given twice")
    if any(not n or "=" in n for n in names):
        raise ConfigError("bot names must be non-empty and must not contain '='")
    if not 0 <= spec.seed < MAX_SEED:
        raise ConfigError(f"--seed must be from 0 to {MAX_SEED - 1}")
    if spec.table_size < 1:
        raise ConfigError("--table-size must be at least 1")
    if spec.cycles < 1:
        raise ConfigError("--cycles must be at least 1")
    if len(names) < spec.table_size:
        raise ConfigError(
            f"{len(names)} bots cannot fill a table of {spec.table_size}: add bots or lower "
            "--table-size"
        )


def rotations(seating: Sequence[str]) -> list[tuple[str, ...]]:
    """The seating list rotated left by 0..k-1: each bot sits once in every seat."""
    k = len(seating)
    return [tuple(seating[r:]) + tuple(seating[:r]) for r in range(k)]


StartSeat = Callable[[int], "int | None"]
"""The seat that moves first in the deal of a seed (None: several seats decide at once)."""

FAIR_START_TRIES = 1000  # seeds tried per match for one that starts in the table's start seat


def table_fixtures(
    seed: int,
    cycle: int,
    table: int,
    seating: Sequence[str],
    deals: Deals,
    start_seat: StartSeat | None,
    first_index: int,
) -> list[Fixture]:
    """One table's fixtures, one per rotation, indexed from first_index (the seed scheme of
    every format: derive_seed(seed, cycle, table[, rotation]), fair starts as above)."""
    out: list[Fixture] = []
    target: int | None = None
    for rotation, seats in enumerate(rotations(seating)):
        if deals is Deals.DUPLICATE:
            match_seed = derive_seed(seed, cycle, table)
        else:
            match_seed = _fair_seed(seed, (cycle, table, rotation), start_seat, target)
            if rotation == 0 and start_seat is not None:
                target = start_seat(match_seed)
        out.append(Fixture(first_index + rotation, cycle, table, rotation, seats, match_seed))
    return out


def _fair_seed(
    seed: int, path: tuple[int, ...], start_seat: StartSeat | None, target: int | None
) -> int:
    candidate = derive_seed(seed, *path)
    if start_seat is None or target is None:
        return candidate
    for attempt in range(1, FAIR_START_TRIES):
        if start_seat(candidate) == target:
            return candidate
        candidate = derive_seed(seed, *path, attempt)
    return candidate
