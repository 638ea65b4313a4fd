"""The Azul engine's decisions: who decides, legal moves, play, the result (spec §4, §8, §9).

Pure functions over `State`; every transition returns a new state and shares the untouched
parts (other boards, displays) with the old one. The round structure lives in rounds.py.
"""

from __future__ import annotations

from typing import NoReturn

from arena.core.game import engine_termination, outcome_from_keys
from arena.core.values import Outcome, Seat
from arena.errors import IllegalMoveError

from .notation import (
    CENTRE,
    FLOOR,
    PARSED,
    SOURCE_NAMES,
    TAKE,
    TAKE_MOVES,
    WALL_MOVES,
    parse_move,
)
from .rounds import DISPLAY_COUNTS, advance_wall, end_offer
from .state import (
    ALLOW,
    COLOURS,
    EMPTY_COUNTS,
    FLOOR_BITS,
    FLOOR_SPACES,
    MARKER,
    OFFER,
    OVER,
    WALL,
    Board,
    State,
    full_rows,
    gray_column_mask,
    place_tile,
)

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(4))

_new = tuple.__new__  # builds a NamedTuple without its keyword-parsing __new__ (hot path)

# _ROWS[src][display counts]: (6 * colour, TAKE_MOVES[src][colour]) for the colours present on
# that display, so that listing a display's moves reads no colour it lacks.
_Rows = tuple[tuple[int, tuple[tuple[str, ...], ...]], ...]
_ROWS: tuple[dict[tuple[int, ...], _Rows], ...] = tuple(
    {
        counts: tuple((6 * k, TAKE_MOVES[src][k]) for k in range(5) if counts[k])
        for counts in DISPLAY_COUNTS.values()
    }
    for src in range(CENTRE)
)
_B, _Y, _R, _K, _W = TAKE_MOVES[CENTRE]  # the centre's moves by colour


def to_move(state: State) -> tuple[Seat, ...]:
    """The one seat to decide, or () once the game is over."""
    return () if state.phase == OVER else _SEATS[state.current]


def destinations(board: Board) -> int:
    """Allowed destinations of every colour as bits k*6+d (d 0..4 pattern lines, 5 the floor).

    A line takes colour k when it is empty, or holds k and is not full (AZ-A3), and its wall
    row has no k yet (spec §4.3).
    """
    a = board.lines
    lines = ALLOW[0][a[0]] | ALLOW[1][a[1]] | ALLOW[2][a[2]] | ALLOW[3][a[3]] | ALLOW[4][a[4]]
    return lines & ~board.colour_rows | FLOOR_BITS


def legal_moves(s: State, seat: int) -> list[str]:
    """The legal decisions of `seat`, in the canonical order of notation.py ([] if not its turn)."""
    if s.phase != OFFER:
        if s.phase == WALL and seat == s.current:
            board = s.boards[seat]
            r = s.pending_line
            return list(WALL_MOVES[r][gray_column_mask(board, r, board.lines[r] & 7)])
        return []
    if seat != s.current:
        return []
    board = s.boards[seat]
    a = board.lines  # destinations(board), written out: it runs on every decision
    d = (
        ALLOW[0][a[0]] | ALLOW[1][a[1]] | ALLOW[2][a[2]] | ALLOW[3][a[3]] | ALLOW[4][a[4]]
    ) & ~board.colour_rows | FLOOR_BITS
    out: list[str] = []
    for rows, fac in zip(_ROWS, s.factories, strict=False):  # displays in index order
        for shift, table in rows[fac]:
            out += table[d >> shift & 63]
    b, y, r, k, w = s.centre
    if b:
        out += _B[d & 63]
    if y:
        out += _Y[d >> 6 & 63]
    if r:
        out += _R[d >> 12 & 63]
    if k:
        out += _K[d >> 18 & 63]
    if w:
        out += _W[d >> 24 & 63]
    return out


def play(s: State, seat: int, move: str) -> State:
    """The state after `seat`, the seat to decide, plays `move`; InvalidMoveError /
    IllegalMoveError if it is not allowed (GameBase.apply checks the turn first)."""
    try:
        kind, a, b, c = PARSED[move]  # the well-formed texts, parsed once (notation.py)
    except (KeyError, TypeError):
        kind, a, b, c = parse_move(move)  # tolerates extra spaces, or says what is wrong
    if s.phase == WALL:
        if kind == TAKE:
            line = s.pending_line + 1
            raise IllegalMoveError(
                f"choose a wall column for line {line} first: `wall {line} <col>`"
            )
        return _apply_wall(s, seat, a, b)
    if kind != TAKE:
        raise IllegalMoveError("no wall choice is pending (wall moves are for gray-wall tiling)")
    return _apply_take(s, seat, a, b, c)


def _check_destination(board: Board, colour: int, dest: int) -> None:
    """Raise IllegalMoveError unless pattern line `dest` may take `colour` (spec §4.3)."""
    code = board.lines[dest]
    if code and code & 7 != colour:
        raise IllegalMoveError(f"pattern line {dest + 1} already holds {COLOURS[code & 7]}")
    if code >> 3 == dest + 1:
        raise IllegalMoveError(f"pattern line {dest + 1} is full; take to `floor` instead (AZ-A3)")
    if board.colour_rows >> 6 * colour + dest & 1:
        raise IllegalMoveError(f"wall row {dest + 1} already has {COLOURS[colour]}")


def _no_tiles(s: State, src: int, colour: int) -> NoReturn:
    """Raise IllegalMoveError: source `src` has no `colour` tile, or there is no such display."""
    if src != CENTRE and src >= len(s.factories):
        raise IllegalMoveError(
            f"there is no display {SOURCE_NAMES[src]} with {s.num_players} players "
            f"(f1..f{len(s.factories)})"
        )
    where = "the centre" if src == CENTRE else f"display {SOURCE_NAMES[src]}"
    raise IllegalMoveError(f"{where} holds no {COLOURS[colour]}")


def _apply_take(s: State, seat: int, src: int, colour: int, dest: int) -> State:
    """Take every `colour` tile from a source into a pattern line or the floor (spec §4.2-§4.5).

    Written flat, with whole-tuple unpacking instead of attribute reads and the checks inline
    (their messages in _no_tiles and _check_destination): it runs once per decision and
    dominates random playouts.
    """
    (n, gray, _, _, rnd, start, taker, in_centre, factories, centre, left, boards, bag, lid,
     stream, _, _) = s  # fmt: skip
    if src == CENTRE:
        taken = centre[colour]
        if not taken:
            _no_tiles(s, src, colour)
        rest = list(centre)
        rest[colour] = 0
        centre, marker = tuple(rest), in_centre
    else:
        fac = factories[src] if src < len(factories) else EMPTY_COUNTS
        taken = fac[colour]
        if not taken:
            _no_tiles(s, src, colour)
        # The other colours of the display go to the centre (spec §4.2).
        b, y, r, k, w = centre
        pool = [b + fac[0], y + fac[1], r + fac[2], k + fac[3], w + fac[4]]
        pool[colour] -= taken
        factories = factories[:src] + (EMPTY_COUNTS,) + factories[src + 1 :]
        centre, marker = tuple(pool), False
    board = boards[seat]
    score, lines, wall, wall_t, colour_rows, colour_cols, cells, floor = board
    if dest != FLOOR:
        code = lines[dest]
        if (
            (code and code & 7 != colour)
            or code >> 3 == dest + 1
            or colour_rows >> 6 * colour + dest & 1
        ):
            _check_destination(board, colour, dest)  # raises, naming the broken rule
    if marker and len(floor) < FLOOR_SPACES:
        # [ASSUMPTION AZ-A5] the marker goes first, in the leftmost free space; on a full floor
        # it costs nothing more but its taker still starts next round [ASSUMPTION AZ-A2].
        floor = floor + (MARKER,)
    over = taken
    if dest != FLOOR:
        have = lines[dest] >> 3
        placed = min(taken, dest + 1 - have)
        over = taken - placed
        lines = lines[:dest] + (((have + placed) << 3) + colour,) + lines[dest + 1 :]
    if over:
        room = FLOOR_SPACES - len(floor)
        if over > room:  # a full floor line discards the rest to the lid (spec §4.4)
            lid_l = list(lid)
            lid_l[colour] += over - room
            lid, over = tuple(lid_l), room
        floor = floor + (colour,) * over
    board = _new(Board, (score, lines, wall, wall_t, colour_rows, colour_cols, cells, floor))
    boards = boards[:seat] + (board,) + boards[seat + 1 :]
    left -= taken
    if marker:
        taker, in_centre = seat, False
    nxt = seat + 1 if seat + 1 < n else 0
    # fmt: off
    state = _new(State, (n, gray, OFFER, nxt, rnd, start, taker, in_centre, factories, centre,
                         left, boards, bag, lid, stream, -1, ""))
    # fmt: on
    return end_offer(state) if left == 0 else state


def _apply_wall(s: State, seat: int, line: int, col: int) -> State:
    """Tile the pending gray-wall line in the chosen column (spec §9.2), then go on tiling."""
    if line != s.pending_line:
        raise IllegalMoveError(f"the pending wall choice is for line {s.pending_line + 1}")
    board = s.boards[seat]
    colour = board.lines[line] & 7
    if not gray_column_mask(board, line, colour) >> col & 1:
        raise IllegalMoveError(
            f"column {col + 1} of wall row {line + 1} is taken or already has {COLOURS[colour]}"
        )
    boards = list(s.boards)
    boards[seat] = place_tile(board, line, col, colour)
    lid = list(s.lid)
    lid[colour] += line  # the other tiles of the line go to the lid (spec §5.2)
    return advance_wall(s, seat, line + 1, boards, lid)


def _keys(state: State) -> list[tuple[int, int]]:
    """Per-seat ranking keys: score, then complete horizontal rows (spec §8.2)."""
    return [(b.score, full_rows(b)) for b in state.boards]


def outcome(state: State) -> Outcome | None:
    """Ranks by score then complete rows, shared if still tied (AZ-A8); 1/0.5/0 points."""
    if state.phase != OVER:
        return None
    return outcome_from_keys(
        _keys(state),
        [b.score for b in state.boards],
        termination=engine_termination(state.termination),
        detail=f"{state.round} rounds",
    )


def adjudicate(state: State, offender: Seat | None) -> Outcome:
    """Stop now: the offender alone last, the others by current score and complete rows."""
    return outcome_from_keys(
        _keys(state),
        [b.score for b in state.boards],
        last=offender,
        offender=offender,
        detail=f"adjudicated in round {state.round}",
    )
