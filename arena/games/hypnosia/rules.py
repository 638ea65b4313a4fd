"""Hypnosia rules: the start roll-off, dice, legal die uses, applying one, turns and endings.

A decision is one die use (HY-A3, HY-A4). After it, the engine plays the chance: a die with no
legal use is forfeited (`skip d`), and a new turn rolls the next player's dice from the seeded
stream kept in the state, so (options, seed, moves) replays the game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arena.errors import IllegalMoveError, OptionError, PlayerCountError

from .board import ACROSS, ALONG, CENTRE, FROM_START, NONE, NUM_SPACES, START_SLOTS
from .notation import TEXT, MoveKey, parse_move, source_name
from .state import (
    CAPPED_END,
    CENTRE_PLACES,
    FULL_SLOTS,
    HEIGHT_SHIFT,
    MAX_PLAYERS,
    MAX_STACK,
    MIN_PLAYERS,
    NORMAL_END,
    OWNER_MASK,
    SINGLE,
    Event,
    HypnosiaOptions,
    State,
)

_MASK64 = (1 << 64) - 1
_SLOTS = tuple(range(1, START_SLOTS + 1))


def roll(stream: int) -> tuple[int, int, int]:
    """The next two dice from the stream: (new stream, a, b). splitmix64, one draw a roll."""
    stream = (stream + 0x9E3779B97F4A7C15) & _MASK64
    z = stream
    z = ((z ^ z >> 30) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ z >> 27) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    return stream, (z & 0xFFFFFFFF) % 6 + 1, (z >> 32) % 6 + 1


def lands(cells: tuple[int, ...] | list[int], dest: int, seat: int, height: int) -> bool:
    """May a unit of `height` owned by `seat` end a move on `dest` (spec §5.1, §6.1, HY-A8)?"""
    if dest == CENTRE:
        return True
    target = cells[dest]
    if not target:
        return True
    if target & OWNER_MASK == seat:
        return (target >> HEIGHT_SHIFT) + height <= MAX_STACK  # never three of one's own
    return height >= target >> HEIGHT_SHIFT  # a single pawn cannot capture a stack


def generate(
    cells: tuple[int, ...], slots: int, seat: int, dice: tuple[int, ...], stacks_cross: bool
) -> tuple[str, ...]:
    """Every legal die use: by die (roll order), then start slots S1..S4, then spaces by index;
    per space: single along, single across, stack along, stack across."""
    out: list[str] = []
    own = [i for i in range(NUM_SPACES) if cells[i] and cells[i] & OWNER_MASK == seat]
    from_start = FROM_START[seat]
    for n, d in enumerate(dice):
        if n and d == dice[0]:
            continue  # a double: both dice give the same moves
        for k in _SLOTS:
            if slots >> (k - 1) & 1:
                dest = from_start[k][d]
                if dest != NONE and lands(cells, dest, seat, 1):
                    out.append(TEXT[MoveKey(d, -k, False, False)])
        for i in own:
            stack = cells[i] >> HEIGHT_SHIFT == MAX_STACK
            along, across = ALONG[i][d], ACROSS[i][d]
            if lands(cells, along, seat, 1):
                out.append(TEXT[MoveKey(d, i, False, False)])
            if across != NONE and lands(cells, across, seat, 1):
                out.append(TEXT[MoveKey(d, i, False, True)])
            if stack:
                if lands(cells, along, seat, 2):
                    out.append(TEXT[MoveKey(d, i, True, False)])
                if stacks_cross and across != NONE and lands(cells, across, seat, 2):
                    out.append(TEXT[MoveKey(d, i, True, True)])
    return tuple(out)


def _moves_for(state: State, seat: int, dice: tuple[int, ...]) -> tuple[str, ...]:
    return generate(state.cells, state.start[seat], seat, dice, state.stacks_cross)


def has_pawns(state: State, seat: int) -> bool:
    """Does `seat` still have a pawn in a start slot or on the track (HY-A14)?"""
    if state.start[seat]:
        return True
    return any(v and v & OWNER_MASK == seat for v in state.cells)


def _ended(cells: Sequence[int], start: Sequence[int], centre: Sequence[int]) -> bool:
    """Spec §8.1: five pawns in the centre, or no pawn left on the board (slots count, HY-A9)."""
    return len(centre) >= CENTRE_PLACES or not (any(start) or any(cells))


def setup(num_players: int, options: HypnosiaOptions, rng: random.Random) -> State:
    """Pawns in their start slots, the roll-off for the start player, and the first roll."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise PlayerCountError(f"Hypnosia is played by 2 to 6 players, not {num_players}")
    if options.round_cap < 1:
        raise OptionError(f"round_cap must be at least 1, not {options.round_cap}")
    events: list[Event] = []
    contenders = list(range(num_players))
    while len(contenders) > 1:  # HY-A1: only the players tied for the highest total roll again
        totals = {}
        for seat in contenders:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            events.append((seat, f"rolloff {a} {b}"))
            totals[seat] = a + b
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
    first = contenders[0]
    zeros = (0,) * num_players
    state = State(
        num_players=num_players,
        stacks_cross=options.stacks_cross,
        round_cap=options.round_cap,
        cells=(0,) * NUM_SPACES,
        start=(FULL_SLOTS,) * num_players,
        centre=(),
        gained=zeros,
        lost=zeros,
        start_player=first,
        current=first,
        round=1,
        dice=(),
        left=(),
        moves=(),
        turns=(tuple(events),),
        events_before=0,
        stream=rng.getrandbits(64),
        ply=0,
        over="",
    )
    return _begin_turn(state, first)


def _push_turn(state: State, turn: tuple[Event, ...]) -> State:
    """Start a new turn in the kept history, dropping the oldest beyond one per seat and one."""
    turns = (*state.turns, turn)
    dropped = state.events_before
    while len(turns) > state.num_players + 1:
        dropped += len(turns[0])
        turns = turns[1:]
    return state._replace(turns=turns, events_before=dropped)


def _add_events(state: State, events: tuple[Event, ...]) -> State:
    """Append events to the current turn."""
    return state._replace(turns=(*state.turns[:-1], state.turns[-1] + events))


def _begin_turn(state: State, seat: int) -> State:
    """Roll for `seat`; while a roll has no legal use at all, forfeit it and pass on."""
    while True:
        stream, a, b = roll(state.stream)
        dice = (a, b)
        state = _push_turn(state, ((seat, f"roll {a} {b}"),))
        moves = _moves_for(state, seat, dice)
        state = state._replace(stream=stream, current=seat, dice=dice)
        if moves:
            return state._replace(left=dice, moves=moves)
        state = _add_events(state, ((seat, f"skip {a}"), (seat, f"skip {b}")))
        state = _next_seat(state._replace(left=(), moves=()))
        if state.over:
            return state
        seat = state.current


def _next_seat(state: State) -> State:
    """Pass the turn to the left, skipping seats with no pawns (HY-A14); count rounds."""
    n = state.num_players
    seat = state.current
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if has_pawns(state, candidate):
            break
    order = (candidate - state.start_player) % n
    round_ = state.round + (order <= (seat - state.start_player) % n)
    if round_ > state.round_cap:
        return state._replace(round=state.round_cap, over=CAPPED_END)
    return state._replace(round=round_, current=candidate)


def legal_moves(state: State, seat: int) -> list[str]:
    """The seat's legal die uses (see `generate` for the order); [] if it is not to move."""
    if state.over or seat != state.current:
        return []
    return list(state.moves)


def apply(state: State, seat: int, move: str) -> State:
    """Use one die as `move` says; then forfeit dice without a use, or pass the turn on."""
    if move not in state.moves or seat != state.current or state.over:
        raise _refusal(state, seat, move)
    key = parse_move(move)
    cells = list(state.cells)
    start, centre, gained, lost = state.start, state.centre, state.gained, state.lost
    height = MAX_STACK if key.stack else 1
    src = key.source
    if src < 0:
        start = (*start[:seat], start[seat] & ~(1 << (-src - 1)), *start[seat + 1 :])
        dest = FROM_START[seat][-src][key.die]
    else:
        left_behind = (cells[src] >> HEIGHT_SHIFT) - height
        cells[src] = SINGLE | seat if left_behind else 0
        dest = (ACROSS if key.inward else ALONG)[src][key.die]
    if dest == CENTRE:
        entering = min(height, CENTRE_PLACES - len(centre))
        centre = centre + (seat,) * entering
        if entering < height:  # HY-A10: one pawn of the stack stays on the bridge space
            cells[src] = SINGLE | seat
    else:
        target = cells[dest]
        if target and target & OWNER_MASK != seat:  # a capture, for good (spec §6)
            taken = target >> HEIGHT_SHIFT
            gained = _bump(gained, seat, taken)
            lost = _bump(lost, target & OWNER_MASK, taken)
            target = 0
        cells[dest] = (height + (target >> HEIGHT_SHIFT)) << HEIGHT_SHIFT | seat
    left = list(state.left)
    left.remove(key.die)
    state = state._replace(
        cells=tuple(cells), start=start, centre=centre, gained=gained, lost=lost, ply=state.ply + 1
    )
    state = _add_events(state, ((seat, move),))
    return _after_move(state, seat, tuple(left))


def _after_move(state: State, seat: int, left: tuple[int, ...]) -> State:
    """End the game (HY-A11: at once), or ask for the next die, or forfeit it and pass on."""
    if _ended(state.cells, state.start, state.centre):
        return state._replace(left=left, moves=(), over=NORMAL_END)
    if left:
        moves = _moves_for(state, seat, left)
        if moves:
            return state._replace(left=left, moves=moves)
        state = _add_events(state, tuple((seat, f"skip {d}") for d in left))
    state = _next_seat(state._replace(left=(), moves=()))
    if state.over:
        return state
    return _begin_turn(state, state.current)


def _bump(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + by, *values[seat + 1 :])


def _refusal(state: State, seat: int, move: str) -> Exception:
    """Why `move` is refused: InvalidMoveError if it is no move at all, else IllegalMoveError."""
    key = parse_move(move)
    if state.over:
        return IllegalMoveError("the game is over")
    if seat != state.current:
        return IllegalMoveError(f"seat {seat} is not to move (seat {state.current} is)")
    if key.die not in state.left:
        return IllegalMoveError(f"no die {key.die} to use: the dice left are {list(state.left)}")
    where = source_name(key.source)
    if key.source < 0 and not state.start[seat] >> (-key.source - 1) & 1:
        return IllegalMoveError(f"start slot {where} is empty")
    return IllegalMoveError(f"{move!r} is not a legal use of the {key.die} from {where}")
