"""Hypnosia rules: the start roll-off, dice, legal die uses, applying one, turns and endings.

A decision is one die use (HY-A3, HY-A4). After it, the engine plays the chance: a die with no
legal use is forfeited (`skip d`), and a new turn rolls the next player's dice from the seeded
stream kept in the state, so (options, seed, moves) replays the game exactly.
"""

from __future__ import annotations

import random
from typing import Any

from arena.core.chance import Stream
from arena.core.game import CAPPED_END, NORMAL_END, engine_termination, outcome_from_keys
from arena.core.values import Outcome, Seat
from arena.errors import IllegalMoveError, PlayerCountError

from .board import ACROSS, ALONG, CENTRE, FROM_START, NONE, NUM_SPACES, START_SLOTS
from .notation import (
    FROM_SLOT,
    PARSE,
    ROLL_TEXT,
    SINGLE_ACROSS,
    SINGLE_ALONG,
    SKIP_TEXT,
    STACK_ACROSS,
    STACK_ALONG,
    parse_move,
    source_name,
)
from .state import (
    CENTRE_PLACES,
    FULL_SLOTS,
    HEIGHT_SHIFT,
    MAX_PLAYERS,
    MAX_STACK,
    MIN_PLAYERS,
    OWNER_MASK,
    SINGLE,
    Event,
    HypnosiaOptions,
    State,
    first_arrival,
    score,
)

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(MAX_PLAYERS))
_NO_ARRIVAL = -1_000  # below any real arrival key
_SLOTS = tuple(range(1, START_SLOTS + 1))
_EMPTY = bytes(NUM_SPACES)
_STACK_CELL = 2 * SINGLE  # cells at or above this value hold a stack
_ALONG_BY_DIE = tuple(tuple(row[d] for row in ALONG) for d in range(7))
_ACROSS_BY_DIE = tuple(tuple(row[d] for row in ACROSS) for d in range(7))
# _OWN_MARKS[seat]: a bytes.translate table marking the cells of seat's single and stack with 1.
_OWN_MARKS: tuple[bytes, ...] = tuple(
    bytes(1 if code in (SINGLE | seat, 2 * SINGLE | seat) else 0 for code in range(256))
    for seat in range(MAX_PLAYERS)
)
_new = tuple.__new__  # builds a State without its keyword-parsing __new__ (hot path)

# _UNIT[d][i]: for a unit on space i and die d, (along, across, then the tokens moving it
# single along, single across, as a stack along, as a stack across): one read per unit.
_UNIT: tuple[tuple[tuple[int, int, str, str, str, str], ...], ...] = tuple(
    tuple(
        (
            ALONG[i][d],
            ACROSS[i][d],
            SINGLE_ALONG[d][i],
            SINGLE_ACROSS[d][i],
            STACK_ALONG[d][i],
            STACK_ACROSS[d][i],
        )
        for i in range(NUM_SPACES)
    )  # fmt: skip
    for d in range(7)
)
# _FROM_SLOTS[seat][slot bits][d]: (destination, token) of every occupied start slot from
# which die d reaches the circle, slots S1..S4 in order.
_FROM_SLOTS: tuple[tuple[tuple[tuple[tuple[int, str], ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(
                (FROM_START[seat][k][d], FROM_SLOT[d][k])
                for k in _SLOTS
                if bits >> (k - 1) & 1 and FROM_START[seat][k][d] != NONE
            )
            for d in range(7)
        )
        for bits in range(1 << START_SLOTS)
    )
    for seat in range(MAX_PLAYERS)
)
# _AFTER_SEAT[n][seat]: the seats after `seat` to its left, in turn order, `seat` itself last.
_AFTER_SEAT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n))
    for n in range(MAX_PLAYERS + 1)
)
# What a move does, by its token: (die, source, height moved, destination); the destination
# of a start slot's pawn depends on the seat (None here: FROM_START[seat][slot][die]).
_ACTION: dict[str, tuple[int, int, int, int | None]] = {
    text: (
        key.die,
        key.source,
        MAX_STACK if key.stack else 1,
        None if key.source < 0 else (ACROSS if key.inward else ALONG)[key.source][key.die],
    )
    for text, key in PARSE.items()
}


def generate(
    cells: bytes, slots: int, seat: int, dice: tuple[int, ...], stacks_cross: bool
) -> tuple[str, ...]:
    """Every legal die use: by die (roll order), then start slots S1..S4, then spaces by index;
    per space: single along, single across, stack along, stack across."""
    # Where a unit may end (spec §5.1, §6.1, HY-A8): a single on anything but a stack (empty;
    # own single: a stack forms; opposing single: captured); a stack on an empty or opposing
    # space (never three own pawns; a stack captures a single or a stack).
    out: list[str] = []
    marks = cells.translate(_OWN_MARKS[seat])  # 1 where seat's single or stack stands
    # The spaces of seat's units, ascending: bytes.find, no Python loop over the spaces.
    own = []
    i = marks.find(1)
    while i >= 0:
        own.append(i)
        i = marks.find(1, i + 1)
    from_slots = _FROM_SLOTS[seat][slots]
    if len(dice) == 2 and dice[0] == dice[1]:
        dice = dice[:1]  # a double: both dice give the same moves
    for d in dice:
        for dest, token in from_slots[d]:
            if cells[dest] < _STACK_CELL:
                out.append(token)
        units = _UNIT[d]
        for i in own:
            along, across, single_along, single_across, stack_along, stack_across = units[i]
            target = cells[along]
            if target < _STACK_CELL:
                out.append(single_along)
            if across != NONE and (across == CENTRE or cells[across] < _STACK_CELL):
                out.append(single_across)
            if cells[i] >= _STACK_CELL:
                if not target or target & OWNER_MASK != seat:
                    out.append(stack_along)
                if stacks_cross and across != NONE:
                    if across == CENTRE or not cells[across] or cells[across] & OWNER_MASK != seat:
                        out.append(stack_across)
    return tuple(out)


def next_turn(state: State, finished: tuple[Event, ...]) -> State:
    """Close the current turn as `finished` and pass the turn on: the next seat with pawns
    rolls; a roll with no legal use at all is forfeited and passed on again. Counts rounds
    and stops the game at the round cap (HY-A15)."""
    turns = (*state.turns[:-1], finished) if state.turns else (finished,)
    return _pass_turn(state, turns)


def _pass_turn(state: tuple[Any, ...], turns: tuple[tuple[Event, ...], ...]) -> State:
    """next_turn, once the events of the finished turn are the last of `turns`; `state` is a
    State or the tuple of its fields (play passes the turn without building the State first)."""
    (n, stacks_cross, round_cap, cells, start, centre, gained, lost, first, seat, round_, dice,
     _, _, _, dropped, stream, ply, over) = state  # fmt: skip
    mover, last_stream = seat, stream
    while True:
        following = seat
        # The next seat to the left that still has pawns (HY-A14); `seat` itself if none has.
        for candidate in _AFTER_SEAT[n][seat]:
            if (
                start[candidate]
                or cells.find(SINGLE | candidate) >= 0
                or cells.find(_STACK_CELL | candidate) >= 0
            ):
                following = candidate
                break
        round_ += (following - first) % n <= (seat - first) % n
        if round_ > round_cap:
            # fmt: off
            # the mover, dice and stream stay those of the last turn played
            return _new(State, (n, stacks_cross, round_cap, cells, start, centre, gained, lost,
                                first, mover, round_cap, dice, (), (), turns, dropped,
                                last_stream, ply, CAPPED_END))
            # fmt: on
        seat = following
        (a, b), stream = stream.dice_pair()
        moves = generate(cells, start[seat], seat, (a, b), stacks_cross)
        turn: tuple[Event, ...] = ((seat, ROLL_TEXT[a][b]),)
        if not moves:
            turn += ((seat, SKIP_TEXT[a]), (seat, SKIP_TEXT[b]))
        turns = (*turns, turn)
        while len(turns) > n + 1:  # keep one turn per seat and the current one
            dropped += len(turns[0])
            turns = turns[1:]
        if moves:
            # fmt: off
            return _new(State, (n, stacks_cross, round_cap, cells, start, centre, gained, lost,
                                first, seat, round_, (a, b), (a, b), moves, turns, dropped,
                                stream, ply, over))
            # fmt: on


def to_move(state: State) -> tuple[Seat, ...]:
    """The one seat to use a die now, or () once the game is over."""
    return () if state.over else _SEATS[state.current]


def legal_moves(state: State, seat: int) -> list[str]:
    """The seat's legal die uses (see `generate` for the order); [] if it is not to move."""
    if state.over or seat != state.current:
        return []
    return list(state.moves)


def play(state: State, seat: int, move: str) -> State:
    """Use one die as `move` says; then forfeit dice without a use, or pass the turn on.

    `seat` is the seat to move (GameBase.apply checks the turn first)."""
    if move not in state.moves:
        raise _refusal(state, seat, move)
    die, src, height, dest = _ACTION[move]  # a legal move is a well-formed one
    (n, stacks_cross, round_cap, cells_before, start, centre, gained, lost, first, _, round_,
     dice, left, _, turns, dropped, stream, ply, _) = state  # fmt: skip
    cells = bytearray(cells_before)
    if dest is None:  # from start slot S<-src>
        start = (*start[:seat], start[seat] & ~(1 << (-src - 1)), *start[seat + 1 :])
        dest = FROM_START[seat][-src][die]
    else:
        cells[src] = SINGLE | seat if cells[src] >> HEIGHT_SHIFT > height else 0
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
    left = left[1:] if left[0] == die else left[:1]  # the die used (of one or two) is gone
    cells_now = bytes(cells)
    turn = turns[-1] + ((seat, move),)
    moves: tuple[str, ...] = ()
    over = ""
    if len(centre) >= CENTRE_PLACES or (cells_now == _EMPTY and not any(start)):
        over = NORMAL_END  # spec §8.1, at once even mid-turn (HY-A11)
    elif left:
        moves = generate(cells_now, start[seat], seat, left, stacks_cross)
        if not moves:
            turn += ((seat, SKIP_TEXT[left[0]]),)  # no use left: forfeited
            left = ()
    turns = (*turns[:-1], turn)
    # fmt: off
    after = (n, stacks_cross, round_cap, cells_now, start, centre, gained, lost, first, seat,
             round_, dice, left, moves, turns, dropped, stream, ply + 1, over)
    # fmt: on
    if over or moves:
        return _new(State, after)
    return _pass_turn(after, turns)


def _bump(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + by, *values[seat + 1 :])


def _refusal(state: State, seat: int, move: str) -> Exception:
    """Why `move` is refused: InvalidMoveError if it is no move at all, else IllegalMoveError."""
    key = parse_move(move)
    if key.die not in state.left:
        return IllegalMoveError(f"no die {key.die} to use: the dice left are {list(state.left)}")
    where = source_name(key.source)
    if key.source < 0 and not state.start[seat] >> (-key.source - 1) & 1:
        return IllegalMoveError(f"start slot {where} is empty")
    return IllegalMoveError(f"{move!r} is not a legal use of the {key.die} from {where}")


def rank_keys(state: State) -> list[tuple[int, int]]:
    """Per seat: (score, tie-break), larger is better. HY-A13: the earlier a seat's first
    centre pawn arrived, the better; seats without one share the bottom of their tie."""
    keys = []
    for seat in range(state.num_players):
        first = first_arrival(state, seat)
        keys.append((score(state, seat), _NO_ARRIVAL if first is None else -first))
    return keys


def _scores(state: State) -> list[int]:
    return [score(state, s) for s in range(state.num_players)]


def outcome(state: State) -> Outcome | None:
    """Ranks by score, then by earliest centre arrival (spec §8.2); 1/0.5/0-style points."""
    if not state.over:
        return None
    return outcome_from_keys(
        rank_keys(state),
        _scores(state),
        termination=engine_termination(state.over),
        detail=f"round {state.round}, {len(state.centre)} pawns in the centre",
    )


def adjudicate(state: State, offender: Seat | None) -> Outcome:
    """Stop now: the offender alone last, the others by score and then arrival order."""
    return outcome_from_keys(
        rank_keys(state),
        _scores(state),
        last=offender,
        offender=offender,
        detail=f"adjudicated in round {state.round}",
    )


def setup(num_players: int, options: HypnosiaOptions, rng: random.Random) -> State:
    """Pawns in their start slots, the roll-off for the start player, and the first roll."""

    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise PlayerCountError(f"Hypnosia is played by 2 to 6 players, not {num_players}")
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
    before_first = State(
        num_players=num_players,
        stacks_cross=options.stacks_cross,
        round_cap=options.round_cap,
        cells=bytes(NUM_SPACES),
        start=(FULL_SLOTS,) * num_players,
        centre=(),
        gained=zeros,
        lost=zeros,
        start_player=first,
        current=(first - 1) % num_players,  # "round 0, the seat before `first` just played"
        round=0,
        dice=(),
        left=(),
        moves=(),
        turns=(),
        events_before=0,
        stream=Stream.from_rng(rng),
        ply=0,
        over="",
    )
    return next_turn(before_first, tuple(events))  # the roll-off is the first "turn"
