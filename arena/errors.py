"""The one exception tree of the arena: every class is defined here (tests/core/test_errors.py
checks that this drawing is the real tree, and that no other module defines one).

ArenaError
├── GameError
│   ├── PlayerCountError        the game is not played by that many
│   ├── OptionError             unknown option or bad value
│   ├── InvalidMoveError        the text is not a move of this game (syntax)
│   │   └── IllegalMoveError    a well-formed move the rules forbid now (legality)
│   ├── ReplayError             a recorded move sequence does not replay
│   └── EnvUsageError           an ML environment used out of order (step before reset ...)
├── NotFoundError               what was asked for does not exist (NOT_FOUND)
│   ├── UnknownGameError        no game by that name
│   ├── UnknownTournamentError  no tournament by that id
│   └── UnknownMatchError       no match by that id
├── ConfigError                 bad command-line, configuration or request input
│   ├── LimitError              a field outside its bounds (too long, too large, too many)
│   ├── CredentialError         a credential cannot be added, rotated or revoked as asked
│   └── RecordError             a record that cannot be read or does not replay
├── ConflictError               it exists already (ALREADY_EXISTS)
│   ├── MatchExistsError        a match with that id
│   └── NameTakenError          a bot name held by another connection
├── AccessError                 the caller may not do this
│   ├── AuthenticationError     no credential, or a wrong or revoked one (UNAUTHENTICATED)
│   │   └── TokenError          a bot's name and token do not match
│   └── ForbiddenError          a valid credential without the right role (PERMISSION_DENIED)
├── OverloadError               a bound on the server's load was reached (RESOURCE_EXHAUSTED)
│   ├── BotBusyError            the bot plays as many matches as its Hello allows
│   ├── TooManyBotsError        the server takes no more bots now
│   ├── TooManyWatchersError    the server (or this client) has its watch streams open
│   ├── WatcherTooSlowError     a watcher fell too far behind and was dropped
│   └── TooManyFailuresError    too many wrong credentials for one name (or in all) just now
├── BotError                    a bot could not be started or reached (UNAVAILABLE)
├── ProtocolError               a peer broke the wire protocol (FAILED_PRECONDITION)
│   └── MalformedMessageError   a message that does not parse, or a Hello with bad fields
├── UnavailableError            the call needs what this server runs without (FAILED_PRECONDITION)
│   └── NoDatabaseError         the server runs without a database
├── StoreError                  the database failed or holds bad data (INTERNAL)
│   └── SchemaVersionError      the database is from a newer arena
└── TournamentError             a tournament cannot be created, run or resumed
    ├── TournamentBusyError     another live process plays it
    ├── FixtureFailedError      one fixture failed for good: it stays pending, the others go on
    ├── FixturesLeftError       fixtures ran out of retries on a cluster
    └── ClusterMismatchError    a node runs another arena, Python or rules
"""

from __future__ import annotations


class ArenaError(Exception):
    """Base of every error the arena raises on purpose."""


class GameError(ArenaError):
    """A problem with a game, its options or its moves."""


class PlayerCountError(GameError):
    """The game cannot be played by that many players."""


class OptionError(GameError):
    """An unknown option or an option value the game does not accept."""


class InvalidMoveError(GameError):
    """The move text does not parse as a move of this game."""


class IllegalMoveError(InvalidMoveError):
    """The move parses but the rules forbid it in this position."""


class ReplayError(GameError):
    """A recorded sequence of moves does not replay."""


class EnvUsageError(GameError):
    """An ML environment (arena.env) used out of order: a step before the first reset, or
    after the game ended where the API has no step for it."""


class NotFoundError(ArenaError):
    """What was asked for (a game, a tournament, a match) does not exist there."""


class UnknownGameError(NotFoundError):
    """No registered game has that name."""


class UnknownTournamentError(NotFoundError):
    """No tournament has that id."""


class UnknownMatchError(NotFoundError):
    """No match has that id."""


class ConfigError(ArenaError):
    """Bad user input: arguments, configuration files, addresses, request fields."""


class LimitError(ConfigError):
    """A value outside its bounds: a text too long, a number too large, a list too long."""


class CredentialError(ConfigError):
    """A credential cannot be added, rotated or revoked as asked."""


class RecordError(ConfigError):
    """A record that cannot be read or does not replay: names its line and, if any, its ply."""

    def __init__(self, reason: str, *, line: int | None = None, ply: int | None = None) -> None:
        self.reason, self.line, self.ply = reason, line, ply
        where = [f"line {line}"] if line is not None else []
        where += [f"ply {ply}"] if ply is not None else []
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)


class ConflictError(ArenaError):
    """It exists already."""


class MatchExistsError(ConflictError):
    """A match with that id exists already."""


class NameTakenError(ConflictError):
    """Another connection already uses this bot name with a different token."""


class AccessError(ArenaError):
    """The caller may not do this."""


class AuthenticationError(AccessError):
    """No credential was given, or it is wrong or revoked."""


class TokenError(AuthenticationError):
    """The bot presented a token other than the one expected for its name."""


class ForbiddenError(AccessError):
    """The credential is valid but its role may not do this."""


class OverloadError(ArenaError):
    """A bound on the server's load was reached: try again later, or ask for less."""


class BotBusyError(OverloadError):
    """The bot already plays as many matches as its Hello allows."""


class TooManyBotsError(OverloadError):
    """The server cannot take another bot now."""


class TooManyWatchersError(OverloadError):
    """The server (or this client address) has as many watch streams open as it allows."""


class WatcherTooSlowError(OverloadError):
    """A watcher fell too far behind its match (queue overflow or a stalled write): dropped."""


class TooManyFailuresError(OverloadError):
    """Too many wrong credentials for one name, or in all, are waiting out their back-off."""


class BotError(ArenaError):
    """A bot could not be started, connected or reached."""


class ProtocolError(ArenaError):
    """A peer broke the wire protocol."""


class MalformedMessageError(ProtocolError):
    """A message that does not parse, or a Hello with bad fields."""


class UnavailableError(ArenaError):
    """The call needs something this server runs without."""


class NoDatabaseError(UnavailableError):
    """The call needs the server's database and the server runs without one."""


class StoreError(ArenaError):
    """The database failed or holds data the arena cannot read."""


class SchemaVersionError(StoreError):
    """The database schema is newer than this arena understands."""


class TournamentError(ArenaError):
    """A tournament cannot be created, run or resumed."""


class TournamentBusyError(TournamentError):
    """Another live process is playing this tournament."""


class FixtureFailedError(TournamentError):
    """A fixture failed for good (on a cluster, out of retries): it stays, the others go on."""


class FixturesLeftError(TournamentError):
    """Some fixtures ran out of retries: they stay pending for a resume."""


class ClusterMismatchError(TournamentError):
    """A node runs another arena, Python or rules than the organizer (never retried)."""
