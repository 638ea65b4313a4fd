"""arena: a referee, tournament ladder and bot kit for turn-based board games."""

# isort: off
# First: sets gRPC's transport before anything imports gRPC (see arena/rpc/transport.py).
from arena.rpc import transport as _transport  # noqa: F401

# isort: on
from arena.core.game import Game
from arena.core.registry import get_game, list_games
from arena.core.values import MatchRecord, MoveRecord, Outcome, Seat, Termination
from arena.errors import ArenaError, IllegalMoveError, InvalidMoveError

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
