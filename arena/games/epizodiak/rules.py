"""The Epizodiak engine: who decides, legal moves, the effect of each decision, the result
(spec §4-§8).

Pure functions over `State`. A decision is checked against the legal-move list first (moves.py),
so the effects here may assume it is legal. The end of a turn (round end, a full dial, the turn
cap, the next seat) lives in rounds.py.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from arena.core.game import outcome_from_keys
from arena.core.values import Outcome, Seat
from arena.errors import IllegalMoveError

from .moves import drawn_moves, picked_up, play_moves
from .notation import Move, parse_move
from .rounds import finish_turn, settle
from .state import (
    F_CURRENT,
    F_DISCARDS,
    F_GONE,
    F_HANDS,
    F_LEGAL,
    F_LENGTH,
    F_MOVERS,
    F_PHASE,
    F_PICKED,
    F_PILE,
    F_RESULT,
    F_START,
    F_TURN_MOVES,
    NUM_PLAYERS,
    Phase,
    Side,
    State,
    sets_of,
)

_new = tuple.__new__  # a new state from its fields, past the NamedTuple's Python constructor
# Enum members cost a class-attribute lookup each time they are named: the hot paths use these.
_START, _PLAY, _OVER = int(Phase.START), int(Phase.PLAY), int(Phase.OVER)
_NONE, _CCW = int(Side.NONE), int(Side.CCW)

_PARSED: dict[str, Move] = {}  # legal texts already parsed: a few hundred at most


def legal_moves(state: State, seat: Seat) -> list[str]:
    """The seat's legal decisions in a stable order ([] when it is not to move)."""
    fields: Any = state  # read by index: a NamedTuple attribute is a slow lookup
    return list(fields[F_LEGAL]) if seat == fields[F_CURRENT] else []  # () once over


def legal(state: State) -> tuple[str, ...]:
    """The legal decisions of the seat to move (the state carries them)."""
    return state.legal


def play(state: State, seat: int, text: str) -> State:
    """The state after `seat`, the seat to decide, plays `text`; InvalidMoveError /
    IllegalMoveError if it may not (GameBase.apply checks the turn first)."""
    fields: list[Any] = list(
        state
    )  # read by index below: a NamedTuple's attribute is a slow lookup
    if text not in fields[F_LEGAL]:
        move = parse_move(text)  # raises InvalidMoveError for text that is no move at all
        raise IllegalMoveError(f"{text!r} is not legal now ({_why(state, move)})")
    kind, side, values = _PARSED.get(text) or _PARSED.setdefault(text, parse_move(text))
    fields[F_TURN_MOVES] = moves = fields[F_TURN_MOVES] + (text,)
    me, hands = fields[F_CURRENT], fields[F_HANDS]
    if kind == "place":  # spec §4.2: the run joins the block on its side; the turn ends there
        hand = list(hands[me])
        for v in values:
            hand[v] -= 1
        after = tuple(hand)
        fields[F_HANDS] = (
            (after, hands[1], hands[2]) if me == 0 else
            (hands[0], after, hands[2]) if me == 1 else (hands[0], hands[1], after)
        )  # fmt: skip
        if side == _CCW:
            fields[F_START] = values[-1]
        fields[F_LENGTH] += len(values)
        return finish_turn(fields, False, side)
    if kind == "draw":  # spec §5.2: the top pile tile into the hand
        pile = fields[F_PILE]
        hand = list(hands[me])
        hand[pile[-1]] += 1
        after = tuple(hand)
        fields[F_PHASE] = _PLAY
        fields[F_PILE] = pile[:-1]
        fields[F_HANDS] = (
            (after, hands[1], hands[2]) if me == 0 else
            (hands[0], after, hands[2]) if me == 1 else (hands[0], hands[1], after)
        )  # fmt: skip
        fields[F_LEGAL] = drawn_moves(after, fields[F_START], fields[F_LENGTH])
        return _new(State, fields)
    if kind == "pass":
        return finish_turn(fields, fields[F_PHASE] == _START, _NONE)
    if kind == "set":  # spec §4.3: three v from the hand to the Discard area, one point
        v = values[0]
        fields[F_HANDS] = _add(hands, me, v, -3)
        fields[F_GONE] |= 1 << v
        fields[F_DISCARDS] = (*fields[F_DISCARDS], (v, me))
        return finish_turn(fields, False, _NONE)
    if kind == "pickup":
        return _pickup(state, moves, side or state.last_end)
    return _contest(state, moves, values[0])


def _why(state: State, move: Move) -> str:
    """A short reason for refusing a well-formed move, for bot authors reading the error."""
    if state.phase == Phase.CONTEST_PLACE:
        return f"after a contest the seat must place the {state.contested} it gained"
    if move.kind == "pass" and state.phase == Phase.START and state.pile:
        return "with a pile, pass only ends a turn after a draw or a pickup"
    if move.kind in ("draw", "pickup", "contest") and state.phase != Phase.START:
        return f"{move.kind} is only the first decision of a turn"
    return "see the legal moves of the request"


def _pickup(state: State, moves: tuple[str, ...], side: int) -> State:
    """Spec §5.2: the end tile into the hand; its place leaves the block (EP-A4)."""
    v, start, length = picked_up(state, side)
    fields = list(state)
    fields[F_PHASE] = _PLAY
    fields[F_START] = start
    fields[F_LENGTH] = length
    fields[F_PICKED] = v
    fields[F_HANDS] = _add(state.hands, state.current, v, 1)
    fields[F_TURN_MOVES] = moves
    fields[F_LEGAL] = tuple(play_moves(_new(State, fields)))  # it reads only fields set above
    return _new(State, fields)


def _contest(state: State, moves: tuple[str, ...], v: int) -> State:
    """Spec §6.3: every v leaves the other hands: three make the contester's set, one is theirs."""
    me = state.current
    hands = [list(h) for h in state.hands]
    taken = sum(hands[s][v] for s in range(NUM_PLAYERS) if s != me)
    # Spec §6.3 note: the pile is empty, v is open and the contester holds none, and no set of v
    # can be gone (its unique tile would have forbidden a skip), so all four are there.
    assert taken == 4 and not state.gone >> v & 1, f"contest of {v} finds {taken} tiles"
    for s in range(NUM_PLAYERS):
        hands[s][v] = 1 if s == me else 0
    return settle(state._replace(
        phase=Phase.CONTEST_PLACE,
        contested=v,
        hands=tuple(tuple(h) for h in hands),
        gone=state.gone | 1 << v,
        discards=(*state.discards, (v, me)),
        turn_moves=moves,
    ))  # fmt: skip


def _add(
    hands: tuple[tuple[int, ...], ...], seat: int, v: int, n: int
) -> tuple[tuple[int, ...], ...]:
    hand = list(hands[seat])
    hand[v] += n
    return _with(hands, seat, tuple(hand))


def _with(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """`hands` with `seat`'s replaced (three seats: one tuple display, no list or slices)."""
    if seat == 0:
        return (hand, hands[1], hands[2])
    if seat == 1:
        return (hands[0], hand, hands[2])
    return (hands[0], hands[1], hand)


def _standing(state: State) -> list[int]:
    """Points a seat holds now: finished rounds plus this round's sets (no bonus yet)."""
    return [state.totals[s] + sets_of(state.discards, s) for s in range(NUM_PLAYERS)]


# The derived fields, read in C: no Python frame for the calls made before every decision.
to_move: Callable[[State], tuple[Seat, ...]] = itemgetter(F_MOVERS)  # state.movers
outcome: Callable[[State], Outcome | None] = itemgetter(F_RESULT)  # state.result


def adjudicate(state: State, offender: Seat | None) -> Outcome:
    """Stop now: the offender alone last, the others by the points they hold."""
    standing = _standing(state)
    return outcome_from_keys(
        standing,
        standing,
        last=offender,
        offender=offender,
        detail=f"adjudicated in round {state.round}, turn {state.turns + 1}",
    )
