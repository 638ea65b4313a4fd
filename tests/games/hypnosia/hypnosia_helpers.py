"""Shared helpers for the Hypnosia tests: literal positions, moves, and rolls on demand."""

from __future__ import annotations

from arena.core.chance import Stream
from arena.games.hypnosia import GAME
from arena.games.hypnosia.positions import position, unit_at
from arena.games.hypnosia.state import State

__all__ = ["GAME", "after", "position", "stream_rolling", "unit_at", "where_it_lands"]


def after(state: State, *moves: str) -> State:
    """The state after the seat to move plays `moves` in turn."""
    for move in moves:
        state = GAME.apply(state, state.current, move)
    return state


def where_it_lands(move: str, source: str, *, seat: int = 0, num_players: int = 2) -> str:
    """The space a single pawn of `seat` ends on when it plays `move` from `source` alone."""
    die = int(move.split()[0])
    units = {} if source.startswith("S") else {source: str(seat)}
    start = {seat: [int(source[1])]} if source.startswith("S") else None
    state = position(units, num_players=num_players, current=seat, dice=(die, die), start=start)
    assert move in GAME.legal_moves(state, seat), (move, GAME.legal_moves(state, seat))
    moved = after(state, move)
    return next(name for name in _names() if unit_at(moved, name) == str(seat))


def _names() -> list[str]:
    from arena.games.hypnosia.board import SPACE_NAMES

    return list(SPACE_NAMES)


def stream_rolling(*rolls: tuple[int, int]) -> Stream:
    """A dice-stream state whose next rolls are `rolls` (searched from 0: deterministic)."""
    for stream in range(1_000_000):
        s, ok = Stream(stream), True
        for want in rolls:
            dice, s = s.dice_pair()
            if dice != want:
                ok = False
                break
        if ok:
            return Stream(stream)
    raise AssertionError(f"no stream rolls {rolls}")
