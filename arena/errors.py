"""The one exception tree of the arena.

ArenaError
├── GameError
│   ├── UnknownGameError        no game by that name
│   ├── PlayerCountError        the game is not played by that many
│   ├── OptionError             unknown option or bad value
│   ├── InvalidMoveError        the text is not a move of this game (syntax)
│   │   └── IllegalMoveError    a well-formed move the rules forbid now (legality)
│   └── ReplayError             a recorded move sequence does not replay
├── ConfigError                 bad command-line or configuration input
│   ├── LimitError              a field outside its bounds (too long, too large, too many)
│   └── NotFoundError           what was asked for does not exist (a server's NOT_FOUND)
├── AccessError                 the caller may not do this
│   ├── AuthenticationError     no credential, or a wrong or revoked one
│   └── ForbiddenError          a valid credential without the right role
├── BotError                    a bot could not be started or reached
├── ProtocolError               a peer broke the wire protocol
├── StoreError                  the database failed or holds bad data
│   └── SchemaVersionError      the database is from a newer arena
└── TournamentError             a tournament cannot be created or resumed
"""

from __future__ import annotations


class ArenaError(Exception):
    """Base of every error the arena raises on purpose."""


class GameError(ArenaError):
    """A problem with a game, its options or its moves."""


class UnknownGameError(GameError):
    """No registered game has that name."""


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


class ConfigError(ArenaError):
    """Bad user input: arguments, configuration files, addresses."""


class LimitError(ConfigError):
    """A value outside its bounds: a text too long, a number too large, a list too long."""


class NotFoundError(ConfigError):
    """What was asked for (a tournament, a match, a game) does not exist there."""


class AccessError(ArenaError):
    """The caller may not do this."""


class AuthenticationError(AccessError):
    """No credential was given, or it is wrong or revoked."""


class ForbiddenError(AccessError):
    """The credential is valid but its role may not do this."""


class BotError(ArenaError):
    """A bot could not be started, connected or reached."""


class ProtocolError(ArenaError):
    """A peer broke the wire protocol."""


class StoreError(ArenaError):
    """The database failed or holds data the arena cannot read."""


class SchemaVersionError(StoreError):
    """The database schema is newer than this arena understands."""


class TournamentError(ArenaError):
    """A tournament cannot be created, run or resumed."""
