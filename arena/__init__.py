"""arena: a referee, tournament ladder and bot kit for turn-based board games."""

# First: sets gRPC's transport before anything imports gRPC (see arena/transport.py).
from arena import transport as _transport  # noqa: F401
from arena.core import MatchRecord, MoveRecord, Outcome, Seat, Termination
from arena.errors import ArenaError, IllegalMoveError, InvalidMoveError
from arena.game import Game
from arena.registry import get_game, list_games

__version__ = "0.1.0"

__all__ = [
    "ArenaError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "MatchRecord",
    "MoveRecord",
    "Outcome",
    "Seat",
    "Termination",
    "__version__",
    "get_game",
    "list_games",
]
