"""Hypnosia rules: the start roll-off, dice, legal die uses, applying one, turns and endings.

A decision is one die use (HY-A3, HY-A4). After it, the engine plays the chance: a die with no
legal use is forfeited (`skip d`), and a new turn rolls the next player's dice from the seeded
stream kept in the state, so (options, seed, moves) replays the game exactly.
"""

from __future__ import annotations

from arena.core import Outcome, Seat
from arena.errors import IllegalMoveError
from arena.game import CAPPED_END, NORMAL_END, engine_termination, outcome_from_keys

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
    HEIGHT_SHIFT,
    MAX_PLAYERS,
    MAX_STACK,
    OWNER_MASK,
    SINGLE,
    Event,
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


def own_units(cells: bytes, seat: int) -> list[int]:
    """The spaces holding `seat`'s units, ascending (bytes.find: no Python loop over spaces)."""
    out = []
    for code in (SINGLE | seat, 2 * SINGLE | seat):
        i = cells.find(code)
        while i >= 0:
            out.append(i)
            i = cells.find(code, i + 1)
    out.sort()
    return out


def generate(
    cells: bytes, slots: int, seat: int, dice: tuple[int, ...], stacks_cross: bool
) -> tuple[str, ...]:
    """Every legal die use: by die (roll order), then start slots S1..S4, then spaces by index;
    per space: single along, single across, stack along, stack across."""
    # Where a unit may end (spec §5.1, §6.1, HY-A8): a single on anything but a stack (empty;
    # own single: a stack forms; opposing single: captured); a stack on an empty or opposing
    # space (never three own pawns; a stack captures a single or a stack).
    out: list[str] = []
    own = own_units(cells, seat)
    from_start = FROM_START[seat]
    for n, d in enumerate(dice):
        if n and d == dice[0]:
            continue  # a double: both dice give the same moves
        if slots:
            for k in _SLOTS:
                if slots >> (k - 1) & 1:
                    dest = from_start[k][d]
                    if dest != NONE and cells[dest] < _STACK_CELL:
                        out.append(FROM_SLOT[d][k])
        along_row, across_row = _ALONG_BY_DIE[d], _ACROSS_BY_DIE[d]
        for i in own:
            along, across = along_row[i], across_row[i]
            target = cells[along]
            if target < _STACK_CELL:
                out.append(SINGLE_ALONG[d][i])
            if across != NONE and (across == CENTRE or cells[across] < _STACK_CELL):
                out.append(SINGLE_ACROSS[d][i])
            if cells[i] >= _STACK_CELL:
                if not target or target & OWNER_MASK != seat:
                    out.append(STACK_ALONG[d][i])
                if stacks_cross and across != NONE:
                    if across == CENTRE or not cells[across] or cells[across] & OWNER_MASK != seat:
                        out.append(STACK_ACROSS[d][i])
    return tuple(out)


def has_pawns(state: State, seat: int) -> bool:
    """Does `seat` still have a pawn in a start slot or on the track (HY-A14)?"""
    cells = state.cells
    return (
        bool(state.start[seat])
        or cells.find(SINGLE | seat) >= 0
        or cells.find(2 * SINGLE | seat) >= 0
    )


def _next_seat(state: State, seat: int) -> int:
    """The next seat to the left that still has pawns (HY-A14); `seat` itself if none has."""
    n = state.num_players
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if has_pawns(state, candidate):
            return candidate
    return seat


def next_turn(state: State, finished: tuple[Event, ...]) -> State:
    """Close the current turn as `finished` and pass the turn on: the next seat with pawns
    rolls; a roll with no legal use at all is forfeited and passed on again. Counts rounds
    and stops the game at the round cap (HY-A15)."""
    n, first = state.num_players, state.start_player
    turns = (*state.turns[:-1], finished) if state.turns else (finished,)
    dropped = state.events_before
    seat, round_, stream = state.current, state.round, state.stream
    while True:
        following = _next_seat(state, seat)
        round_ += (following - first) % n <= (seat - first) % n
        if round_ > state.round_cap:
            return state._replace(turns=turns, events_before=dropped, over=CAPPED_END,
                                  round=state.round_cap, left=(), moves=())  # fmt: skip
        seat = following
        (a, b), stream = stream.dice_pair()
        moves = generate(state.cells, state.start[seat], seat, (a, b), state.stacks_cross)
        turn: tuple[Event, ...] = ((seat, ROLL_TEXT[a][b]),)
        if not moves:
            turn += ((seat, SKIP_TEXT[a]), (seat, SKIP_TEXT[b]))
        turns = (*turns, turn)
        while len(turns) > n + 1:  # keep one turn per seat and the current one
            dropped += len(turns[0])
            turns = turns[1:]
        if moves:
            return state._replace(turns=turns, events_before=dropped, current=seat,
                                  round=round_, stream=stream, dice=(a, b), left=(a, b),
                                  moves=moves)  # fmt: skip


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
    key = PARSE[move]  # a legal move is a well-formed one
    cells = bytearray(state.cells)
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
    cells_now = bytes(cells)
    turn = state.turns[-1] + ((seat, move),)
    moves: tuple[str, ...] = ()
    over = ""
    if len(centre) >= CENTRE_PLACES or (cells_now == _EMPTY and not any(start)):
        over = NORMAL_END  # spec §8.1, at once even mid-turn (HY-A11)
    else:
        moves = generate(cells_now, start[seat], seat, tuple(left), state.stacks_cross)
        if not moves:
            turn += tuple((seat, SKIP_TEXT[d]) for d in left)  # no use left: forfeited
            left = []
    after = State(state.num_players, state.stacks_cross, state.round_cap, cells_now, start,
                  centre, gained, lost, state.start_player, seat, state.round, state.dice,
                  tuple(left), moves, (*state.turns[:-1], turn), state.events_before,
                  state.stream, state.ply + 1, over)  # fmt: skip
    if over or moves:
        return after
    return next_turn(after, turn)


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
