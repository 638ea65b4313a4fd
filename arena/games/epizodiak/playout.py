"""The boss's rollout policy: the greedy evaluation (strategy.move_value) read off the engine's
state instead of a view, so a rollout costs no view and no Counter per decision.

`greedy_move(state)` is the legal move of the seat to move with the best greedy value (the
first one on a tie); `rollout(state)` plays every seat by it to the end of the round.
"""

from __future__ import annotations

from .notation import Move, parse_move
from .rules import legal, play
from .state import Side, State, end_value
from .strategy import DRAW_FIRST, GOING_OUT, PAIR_COST, POINT, TILE_COST

_PARSED: dict[str, Move] = {}
_OVER = 3  # Phase.OVER
_CW = int(Side.CW)


def move_value(state: State, move: str) -> float:
    """strategy.move_value of `move` for the seat to move, from the state."""
    kind, side, values = _PARSED.get(move) or _PARSED.setdefault(move, parse_move(move))
    hand = state.hands[state.current]
    if kind == "place":
        if len(values) == sum(hand):
            return GOING_OUT
        value = float(len(values))
        for v in values:
            if hand[v] >= 3:
                value -= POINT
            elif hand[v] == 2:
                value -= PAIR_COST
        return value
    if kind == "set":
        return GOING_OUT if sum(hand) == 3 else 3 + POINT
    if kind == "contest":
        return POINT
    if kind == "pickup":
        end = side or state.last_end
        taken = end_value(state.start, state.length) if end == _CW else state.start
        return -TILE_COST + (3 + POINT - 0.1 if hand[taken] == 2 else -0.5)
    if kind == "draw":
        return -TILE_COST + DRAW_FIRST
    return 0.0


def greedy_move(state: State) -> str:
    """The greedy policy's move for the seat to move (the first best)."""
    moves = legal(state)  # remembered for the play that follows
    best, best_value = moves[0], move_value(state, moves[0])
    for move in moves[1:]:
        value = move_value(state, move)
        if value > best_value:
            best, best_value = move, value
    return best


def rollout(state: State, limit: int = 10_000) -> State:
    """The round played on by the greedy policy for every seat, to its end (or `limit`
    decisions; the engine's turn cap ends every round anyway)."""
    round_no = state.round
    while state.phase != _OVER and state.round == round_no and limit > 0:
        state = play(state, state.current, greedy_move(state))
        limit -= 1
    return state


__all__ = ["greedy_move", "move_value", "rollout"]
