"""Ladders: a game's TrueSkill leaderboard and one bot's rating history, from the stored ladder."""

from __future__ import annotations

from arena.core.registry import get_game
from arena.errors import ConfigError
from arena.ratings.trueskill_ladder import LadderEntry
from arena.store import RatingChange, Store


def pick_game(store: Store, game: str | None) -> str:
    """The game asked for, or the only game in the database; ConfigError if ambiguous."""
    if game is not None:
        return get_game(game).name
    games = store.games()
    if len(games) == 1:
        return games[0]
    if not games:
        raise ConfigError(f"no matches in {store.location} yet")
    raise ConfigError(f"give --game (this database has {', '.join(games)})")


def leaderboard(store: Store, game: str | None) -> tuple[str, list[LadderEntry]]:
    """(the game, its ladder best first) over every stored match: O(bots), the stored ladder."""
    if game is not None and not game.strip():
        raise ConfigError("give the game whose leaderboard you want")
    name = pick_game(store, game)
    return name, store.ladder(name)


def rating_history(
    store: Store, game: str | None, bot: str, last: int | None = None
) -> tuple[str, list[RatingChange]]:
    """(the game, a bot's rated matches oldest first: rank, rating before and after)."""
    name = pick_game(store, game)
    return name, store.rating_history(name, bot, last)


def no_history_error(bot: str, game: str, where: str) -> ConfigError:
    """The error of a rating history with no match: the same words from a database or server."""
    return ConfigError(f"{bot!r} has no rated {game} match in {where}")


__all__ = ["leaderboard", "no_history_error", "pick_game", "rating_history"]
