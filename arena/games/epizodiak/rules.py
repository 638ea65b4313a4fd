"""The Epizodiak engine: who decides, legal moves, the effect of each decision, the result
(spec §4-§8).

Pure functions over `State`. A decision is checked against the legal-move list first (moves.py),
so the effects here may assume it is legal. The end of a turn (round end, a full dial, the turn
cap, the next seat) lives in rounds.py.
"""

from __future__ import annotations

from arena.core import Outcome, Seat
from arena.errors import IllegalMoveError
from arena.game import engine_termination, outcome_from_keys

from .moves import legal_moves_of, picked_up
from .notation import Move, parse_move
from .rounds import finish_turn
from .scoring import final_keys, one_round_keys
from .state import NUM_PLAYERS, Mode, Phase, Side, State, sets_of

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(NUM_PLAYERS))

_last: tuple[State | None, list[str]] = (None, [])  # the last legal list computed, see legal()
_PARSED: dict[str, Move] = {}  # legal texts already parsed: a few hundred at most


def to_move(state: State) -> tuple[Seat, ...]:
    """The one seat to decide, or () once the game is over."""
    return () if state.phase == Phase.OVER else _SEATS[state.current]


def legal_moves(state: State, seat: Seat) -> list[str]:
    """The seat's legal decisions in a stable order ([] when it is not to move)."""
    if state.phase == Phase.OVER or seat != state.current:
        return []
    return list(legal(state))


def legal(state: State) -> list[str]:
    """The legal list of the seat to move, remembered for the `apply` that usually follows."""
    global _last
    cached = _last  # one read: another thread may replace it meanwhile
    if cached[0] is state:
        return cached[1]
    moves = legal_moves_of(state)
    _last = (state, moves)
    return moves


def play(state: State, seat: int, text: str) -> State:
    """The state after `seat`, the seat to decide, plays `text`; InvalidMoveError /
    IllegalMoveError if it may not (GameBase.apply checks the turn first)."""
    if text not in legal(state):
        move = parse_move(text)  # raises InvalidMoveError for text that is no move at all
        raise IllegalMoveError(f"{text!r} is not legal now ({_why(state, move)})")
    move = _PARSED.get(text) or _PARSED.setdefault(text, parse_move(text))
    moves = (*state.turn_moves, text)
    kind = move.kind
    if kind == "draw":
        return _draw(state, moves)
    if kind == "pickup":
        return _pickup(state, moves, move.side or Side(state.last_end))
    if kind == "contest":
        return _contest(state, moves, move.values[0])
    if kind == "place":
        return _place(state, moves, move)
    if kind == "set":
        return _discard(state, moves, move.values[0])
    return finish_turn(state, moves, skip=state.phase == Phase.START)


def _why(state: State, move: Move) -> str:
    """A short reason for refusing a well-formed move, for bot authors reading the error."""
    if state.phase == Phase.CONTEST_PLACE:
        return f"after a contest the seat must place the {state.contested} it gained"
    if move.kind == "pass" and state.phase == Phase.START and state.pile:
        return "with a pile, pass only ends a turn after a draw or a pickup"
    if move.kind in ("draw", "pickup", "contest") and state.phase != Phase.START:
        return f"{move.kind} is only the first decision of a turn"
    return "see the legal moves of the request"


def _draw(state: State, moves: tuple[str, ...]) -> State:
    """Spec §5.2: the top pile tile into the hand."""
    return state._replace(
        phase=Phase.PLAY,
        pile=state.pile[:-1],
        hands=_add(state.hands, state.current, state.pile[-1], 1),
        turn_moves=moves,
    )


def _pickup(state: State, moves: tuple[str, ...], side: Side) -> State:
    """Spec §5.2: the end tile into the hand; its place leaves the block (EP-A4)."""
    v, start, length = picked_up(state, side)
    return state._replace(
        phase=Phase.PLAY,
        start=start,
        length=length,
        picked=v,
        hands=_add(state.hands, state.current, v, 1),
        turn_moves=moves,
    )


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
    return state._replace(
        phase=Phase.CONTEST_PLACE,
        contested=v,
        hands=tuple(tuple(h) for h in hands),
        gone=state.gone | 1 << v,
        discards=(*state.discards, (v, me)),
        turn_moves=moves,
    )


def _place(state: State, moves: tuple[str, ...], move: Move) -> State:
    """Spec §4.2: the run joins the block on its side; the turn's placement ends there."""
    hand = list(state.hands[state.current])
    for v in move.values:
        hand[v] -= 1
    return finish_turn(
        state,
        moves,
        placed=move.side,
        hands=_with(state.hands, state.current, tuple(hand)),
        start=move.values[-1] if move.side == Side.CCW else state.start,
        length=state.length + len(move.values),
    )


def _discard(state: State, moves: tuple[str, ...], v: int) -> State:
    """Spec §4.3: three v from the hand to the Discard area, one point."""
    return finish_turn(
        state,
        moves,
        hands=_add(state.hands, state.current, v, -3),
        gone=state.gone | 1 << v,
        discards=(*state.discards, (v, state.current)),
    )


def _add(
    hands: tuple[tuple[int, ...], ...], seat: int, v: int, n: int
) -> tuple[tuple[int, ...], ...]:
    hand = list(hands[seat])
    hand[v] += n
    return _with(hands, seat, tuple(hand))


def _with(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def _keys(state: State) -> list[tuple[int, int]]:
    """Ranking keys of a finished game (larger is better)."""
    if state.options.mode == Mode.ONE_ROUND.value:
        return one_round_keys(state.rounds[-1].points)
    return final_keys(state.totals, state.rounds[-1].out)


def _standing(state: State) -> list[int]:
    """Points a seat holds now: finished rounds plus this round's sets (no bonus yet)."""
    return [state.totals[s] + sets_of(state.discards, s) for s in range(NUM_PLAYERS)]


def _detail(state: State) -> str:
    last = state.rounds[-1]
    ended = "turn cap" if last.capped else f"seat {', '.join(map(str, last.out))} went out"
    return f"{len(state.rounds)} round(s); last round: {ended}"


def outcome(state: State) -> Outcome | None:
    """Ranks by points (One round) or totals (Score 7, EP-A14 tie-break); 1/0.5/0 points."""
    if state.phase != Phase.OVER:
        return None
    return outcome_from_keys(
        _keys(state),
        state.totals,
        termination=engine_termination(state.termination),
        detail=_detail(state),
    )


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
