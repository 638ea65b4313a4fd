"""Round structure: refills from the bag and lid, wall tiling, floor scoring, game end (§5-§9)."""

from __future__ import annotations

import itertools
import random

from arena.core.chance import Stream
from arena.core.game import CAPPED_END, NORMAL_END

from .state import (
    EMPTY_BOARD,
    EMPTY_COUNTS,
    FLOOR_PENALTY,
    FLOOR_SPACES,
    MARKER,
    NO_SEAT,
    NUM_COLOURS,
    OFFER,
    OVER,
    POINTS,
    ROUND_CAP,
    RUN,
    TILES_PER_COLOUR,
    TILES_PER_DISPLAY,
    WALL,
    AzulOptions,
    Board,
    State,
    end_bonus,
    gray_column_mask,
    has_full_row,
)

_new = tuple.__new__  # builds a NamedTuple without its keyword-parsing __new__ (hot path)


def _counts(tiles: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(tiles.count(k) for k in range(5))


# Tile count per colour of every possible (partial) display, keyed by the drawn tiles.
DISPLAY_COUNTS: dict[tuple[int, ...], tuple[int, ...]] = {
    tiles: _counts(tiles)
    for n in range(TILES_PER_DISPLAY + 1)
    for tiles in itertools.product(range(5), repeat=n)
}


_COUNTS_OF = DISPLAY_COUNTS.__getitem__
# _DISPLAY_SLICES[displays]: the slices of the drawn tiles that go to each display, in order.
_DISPLAY_SLICES: tuple[tuple[slice, ...], ...] = tuple(
    tuple(
        slice(i, i + TILES_PER_DISPLAY) for i in range(0, TILES_PER_DISPLAY * n, TILES_PER_DISPLAY)
    )
    for n in range(10)
)


def num_displays(num_players: int) -> int:
    """Factory displays for a player count: 5, 7, 9 (spec §1.2)."""
    return 2 * num_players + 1


def shuffle_lid(lid: tuple[int, ...], stream: Stream) -> tuple[tuple[int, ...], Stream]:
    """The lid's tiles as a freshly shuffled bag, seeded from the state's stream."""
    return stream.shuffled(k for k in range(5) for _ in range(lid[k]))


def refill(
    displays: int, bag: tuple[int, ...], lid: tuple[int, ...], stream: Stream
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], Stream]:
    """Fill displays in index order from the bag, then from the lid put into it (spec §7.2).

    Returns (factories, bag, lid, stream). If the bag and the lid both run out, the last
    displays stay short or empty ([ASSUMPTION AZ-A6]). The draws are the front of the bag,
    which was shuffled when it was filled.
    """
    need = TILES_PER_DISPLAY * displays
    if len(bag) >= need:
        drawn, bag = bag[:need], bag[need:]
    else:
        drawn = bag  # draw what is left first, then move all the lid into the bag
        bag, stream = shuffle_lid(lid, stream)
        lid = EMPTY_COUNTS
        more = need - len(drawn)
        drawn, bag = drawn + bag[:more], bag[more:]
    # Display i shows drawn[4i:4i+4], counted by a table read (map: no Python loop).
    factories = tuple(map(_COUNTS_OF, map(drawn.__getitem__, _DISPLAY_SLICES[displays])))
    return factories, bag, lid, stream


def start_round(s: State, start: int, boards: tuple[Board, ...], lid: tuple[int, ...]) -> State:
    """Refill the displays and give the first turn to `start`, the marker in the centre."""
    factories, bag, lid, stream = refill(num_displays(s.num_players), s.bag, lid, s.stream)
    offer = sum(map(sum, factories))
    # fmt: off
    state = _new(State, (s.num_players, s.gray, OFFER, start, s.round + 1, start, NO_SEAT, True,
                         factories, EMPTY_COUNTS, offer, boards, bag, lid, stream, -1, ""))
    # fmt: on
    if offer == 0:
        # [ENGINE DECISION AZ-E2] every tile sits on the boards: no round can be played again.
        return game_over(state, boards, CAPPED_END)
    return state


def end_offer(s: State) -> State:
    """The displays and centre are empty: tile the walls (spec §5), then end or refill."""
    if s.gray:
        return advance_wall(s, 0, 0, list(s.boards), list(s.lid))
    lid = list(s.lid)
    boards = tuple([_tile_colored(b, lid) for b in s.boards])
    return _finish_round(s, boards, tuple(lid))


def _tiling(row: int, code: int) -> tuple[int, int, int, int, int, int, int] | None:
    """What tiling pattern line `row` holding `code` adds on the coloured wall: (colour,
    column, then the bits of wall, wall_t, colour_rows, colour_cols and cells); None unless
    the line is complete."""
    if code >> 3 != row + 1:
        return None
    k = code & 7
    c = (k + row) % 5
    # fmt: off
    return (k, c, 1 << 5 * row + c, 1 << 5 * c + row, 1 << 6 * k + row, 1 << 5 * k + c,
            (k + 1) << 3 * (5 * row + c))
    # fmt: on


# _TILING[row][code]: _tiling's result for every line code (codes are below 48).
_TILING = tuple(tuple(_tiling(r, code) for code in range(48)) for r in range(5))


def _tile_colored(board: Board, lid: list[int]) -> Board:
    """Tile complete lines top to bottom on the coloured wall (spec §5.1), score the floor.

    One pass over unpacked fields (it runs for every board every round): each new tile is
    scored against the wall as it stands after the lines above it were tiled.
    """
    score, lines, wall, wall_t, rows, cols, cells, floor = board
    new_lines = list(lines)
    for r, code in enumerate(lines):
        tile = _TILING[r][code]
        if tile is not None:
            k, c, wall_bit, wall_t_bit, rows_bit, cols_bit, cell_bits = tile
            score += POINTS[RUN[wall >> 5 * r & 31][c]][RUN[wall_t >> 5 * c & 31][r]]
            wall |= wall_bit
            wall_t |= wall_t_bit
            rows |= rows_bit
            cols |= cols_bit
            cells |= cell_bits
            new_lines[r] = 0
            lid[k] += r  # one tile moves to the wall, the rest go to the lid (spec §5.2)
    if floor:
        for item in floor:
            if item != MARKER:
                lid[item] += 1
        score -= FLOOR_PENALTY[len(floor)]
        if score < 0:
            score = 0  # spec §5.4
    return _new(Board, (score, tuple(new_lines), wall, wall_t, rows, cols, cells, ()))


def score_floor(board: Board, lid: list[int]) -> Board:
    """Apply the floor penalty, clamped at 0, and discard the floor tiles (spec §5.3-§5.5)."""
    for item in board.floor:
        if item != MARKER:
            lid[item] += 1
    score = board.score - FLOOR_PENALTY[len(board.floor)]
    return board._replace(score=score if score > 0 else 0, floor=())


def _line_to_floor(board: Board, row: int, lid: list[int]) -> Board:
    """[ASSUMPTION AZ-A4] A complete line with no legal gray-wall space: all tiles to the floor."""
    code = board.lines[row]
    colour, count = code & 7, code >> 3
    lines = list(board.lines)
    lines[row] = 0
    put = min(count, FLOOR_SPACES - len(board.floor))
    lid[colour] += count - put
    return board._replace(lines=tuple(lines), floor=board.floor + (colour,) * put)


def advance_wall(s: State, seat: int, line: int, boards: list[Board], lid: list[int]) -> State:
    """Gray wall: tile from (seat, line) on until a player must choose a column (spec §9).

    Players are handled in seat order, each one's lines top to bottom; a player's floor is
    scored after their last line. `boards` and `lid` are the working copies (s's are stale).
    """
    while seat < s.num_players:
        board = boards[seat]
        for r in range(line, 5):
            code = board.lines[r]
            if code >> 3 != r + 1:
                continue
            if gray_column_mask(board, r, code & 7):
                boards[seat] = board
                return s._replace(
                    phase=WALL, current=seat, pending_line=r, boards=tuple(boards), lid=tuple(lid)
                )
            board = _line_to_floor(board, r, lid)
        boards[seat] = score_floor(board, lid) if board.floor else board
        seat, line = seat + 1, 0
    return _finish_round(s, tuple(boards), tuple(lid))


def _finish_round(s: State, boards: tuple[Board, ...], lid: tuple[int, ...]) -> State:
    """After tiling: end the game on a complete row or the round cap, else start a new round."""
    for b in boards:
        if has_full_row(b):
            return game_over(s._replace(lid=lid), boards, NORMAL_END)  # spec §7.1
    if s.round >= ROUND_CAP:
        return game_over(s._replace(lid=lid), boards, CAPPED_END)  # [ASSUMPTION AZ-A7]
    # The marker's taker starts (spec §5.5); nobody took it: the same player (AZ-E1).
    start = s.marker_taker if s.marker_taker != NO_SEAT else s.start_player
    return start_round(s, start, boards, lid)


def game_over(s: State, boards: tuple[Board, ...], termination: str) -> State:
    """Add the end bonuses (spec §8.1) and close the game."""
    final = tuple(b._replace(score=b.score + end_bonus(b)) for b in boards)
    return s._replace(phase=OVER, boards=final, pending_line=-1, termination=termination)


def setup(num_players: int, options: AzulOptions, rng: random.Random) -> State:
    """The first position: 100 tiles shuffled into the bag, displays filled (spec §3)."""

    bag = [k for k in range(NUM_COLOURS) for _ in range(TILES_PER_COLOUR)]
    rng.shuffle(bag)
    stream = Stream.from_rng(rng)  # seeds every later reshuffle of the lid into the bag
    start = rng.randrange(num_players)  # [ASSUMPTION AZ-A1]
    state = State(
        num_players=num_players,
        gray=options.wall == "gray",
        phase=OFFER,
        current=start,
        round=0,
        start_player=start,
        marker_taker=NO_SEAT,
        marker_in_centre=True,
        factories=(),
        centre=EMPTY_COUNTS,
        offer_left=0,
        boards=(EMPTY_BOARD,) * num_players,
        bag=tuple(bag),
        lid=EMPTY_COUNTS,
        stream=stream,
        pending_line=-1,
        termination="",
    )
    return start_round(state, start, state.boards, state.lid)
