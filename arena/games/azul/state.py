"""Azul options, value types, constants, precomputed wall tables and setup (docs/games/azul.md).

The state is built from NamedTuples of ints and tuples: immutable like a frozen dataclass, but
several times cheaper to build and read, which matters because every decision copies the state
(only the mover's board is rebuilt; the other boards are shared between states).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from arena.core.chance import Stream
from arena.errors import OptionError

COLOURS = "BYRKW"  # colour index: Blue 0, Yellow 1, Red 2, Black 3, White 4 (spec §2)
NUM_COLOURS = 5
TILES_PER_COLOUR = 20  # spec §1.1: 100 tiles
TILES_PER_DISPLAY = 4  # spec §3.2
FLOOR_SPACES = 7  # spec §1.4, §4.4
MARKER = 5  # the starting-player marker as a floor item ("M"); never a colour (spec §4.2)
ITEM_LETTERS = COLOURS + "M"
NO_SEAT = -1
EMPTY_COUNTS: tuple[int, ...] = (0, 0, 0, 0, 0)

# Running floor penalties for k occupied spaces, k = 0..7 (spec §5.3).
FLOOR_PENALTY: tuple[int, ...] = (0, 1, 2, 4, 6, 8, 11, 14)

ROUND_CAP = 100  # [ASSUMPTION AZ-A7] the game ends after round 100 with normal end scoring
# [ASSUMPTION AZ-A1] the first start player is random (drawn from the setup rng).
# [ASSUMPTION AZ-A2] taking the marker onto a full floor: the player still starts next round,
#   at no extra cost (rules.py: the marker takes no floor space then).
# [ASSUMPTION AZ-A3] a full pattern line is not a legal destination (use `floor`).
# [ASSUMPTION AZ-A4] gray wall: a complete line with no legal space sends all tiles to the floor.
# [ASSUMPTION AZ-A5] the marker takes the leftmost free floor space and is penalised like a tile.
# [ASSUMPTION AZ-A6] refill fills displays in index order, so partial displays come last.
# [ASSUMPTION AZ-A8] a tie that survives the horizontal-row tie-break is a shared victory.
# [ENGINE DECISION AZ-E1] (the spec is silent): if nobody took the marker in a round (every take
#   came from a display, so the centre never held tiles), the same player starts the next round.
# [ENGINE DECISION AZ-E2] (the spec is silent): if a refill finds no tile at all (every tile sits
#   on the boards), no round can be played again, so the game ends as under AZ-A7 (turn_cap).


@dataclass(frozen=True, slots=True)
class AzulOptions:
    """Azul variants: the coloured wall (standard) or the gray wall (spec §9)."""

    wall: Literal["colored", "gray"] = "colored"

    def __post_init__(self) -> None:
        """Refuse an unknown wall (parse_options builds options through here)."""
        if self.wall not in ("colored", "gray"):
            raise OptionError(f"option wall takes colored or gray, not {self.wall!r}")


BONUS_ROW = 2  # spec §8.1
BONUS_COLUMN = 7
BONUS_COLOUR = 10

# Phases of the game.
OFFER = 0  # factory offer (spec §4): the seat to move takes tiles
WALL = 1  # gray wall tiling (spec §9): the seat to move picks a column for `pending_line`
OVER = 2


def colored_column(colour: int, row: int) -> int:
    """The column (0-based) of `colour` in `row` on the coloured wall (spec §2)."""
    return (colour + row) % 5


def colored_colour(row: int, col: int) -> int:
    """The colour printed at (row, col) on the coloured wall (spec §2)."""
    return (col - row) % 5


def _run_length(mask: int, pos: int) -> int:
    """Length of the unbroken run of set bits in a 5-bit mask through bit `pos`."""
    length = 1
    i = pos - 1
    while i >= 0 and mask >> i & 1:
        length, i = length + 1, i - 1
    i = pos + 1
    while i < 5 and mask >> i & 1:
        length, i = length + 1, i + 1
    return length


# RUN[mask][pos]: run through `pos` in a 5-bit line mask (the new tile's bit included).
RUN: tuple[tuple[int, ...], ...] = tuple(
    tuple(_run_length(m | 1 << p, p) for p in range(5)) for m in range(32)
)
ROW_MASKS: tuple[int, ...] = tuple(31 << 5 * r for r in range(5))


def combine_runs(h: int, v: int) -> int:
    """Points of a new wall tile from its horizontal and vertical runs (spec §6.2)."""
    if h == 1 and v == 1:
        return 1
    return (h if h > 1 else 0) + (v if v > 1 else 0)


# POINTS[h][v] = combine_runs(h, v), for the tiling loop.
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(combine_runs(h, v) if h and v else 0 for v in range(6)) for h in range(6)
)


def floor_penalty(occupied: int) -> int:
    """Points lost for `occupied` floor spaces (spec §5.3)."""
    return FLOOR_PENALTY[min(occupied, FLOOR_SPACES)]


class Board(NamedTuple):
    """One player's board. Pattern line r (0-based) holds up to r+1 tiles of one colour."""

    score: int
    lines: tuple[int, ...]  # per pattern line: count * 8 + colour (0 when empty)
    wall: int  # occupied wall spaces, bit r*5+c
    wall_t: int  # the same, transposed: bit c*5+r (columns as 5-bit groups)
    colour_rows: int  # bit k*6+r: colour k is on wall row r (stride 6 matches ALLOW)
    colour_cols: int  # bit k*5+c: colour k is on wall column c
    cells: int  # 3 bits per space r*5+c: 0 empty, else colour+1 (the gray wall needs it)
    floor: tuple[int, ...]  # floor items left to right: colour indices and MARKER


EMPTY_LINES: tuple[int, ...] = (0, 0, 0, 0, 0)
EMPTY_BOARD = Board(0, EMPTY_LINES, 0, 0, 0, 0, 0, ())


def _allow(row: int, code: int) -> int:
    """Bits k*6+row for the colours k that pattern line `row` may still take (AZ-A3: not full)."""
    count, colour = code >> 3, code & 7
    if count == 0:
        return sum(1 << 6 * k + row for k in range(5))
    if count <= row and colour < 5:
        return 1 << 6 * colour + row
    return 0


# ALLOW[row][code]: where colours may go in that line ignoring the wall (spec §4.3 (a)(b)).
# OR-ing five lookups and masking with `colour_rows` gives every colour's destinations at once.
ALLOW: tuple[tuple[int, ...], ...] = tuple(tuple(_allow(r, v) for v in range(64)) for r in range(5))
FLOOR_BITS = sum(1 << 6 * k + 5 for k in range(5))  # the floor is always allowed


class State(NamedTuple):
    """A whole Azul position. Everything is public except the bag order."""

    num_players: int
    gray: bool  # the gray-wall variant (spec §9)
    phase: int  # OFFER, WALL or OVER
    current: int  # the seat to decide (meaningless once OVER)
    round: int  # 1-based round number
    start_player: int  # the seat that started this round
    marker_taker: int  # the seat that took the marker this round, or NO_SEAT
    marker_in_centre: bool
    factories: tuple[tuple[int, ...], ...]  # per display: tile count per colour
    centre: tuple[int, ...]  # tile count per colour in the centre
    offer_left: int  # tiles left on displays and in the centre this round
    boards: tuple[Board, ...]
    bag: tuple[int, ...]  # the tiles in the bag in draw order (hidden: never in a view)
    lid: tuple[int, ...]  # tile count per colour in the lid (discards)
    stream: Stream  # seeds each reshuffle of the lid into the bag
    pending_line: int  # WALL phase: the complete line (0-based) awaiting a column, else -1
    termination: str  # "" while playing; "normal" or "turn_cap" once OVER

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        """The state itself: it is immutable all the way down (ints, strs and tuples)."""
        return self


def place_points(board: Board, row: int, col: int) -> int:
    """Points for a new tile at (row, col) on `board`'s wall, before it is placed (spec §6)."""
    return POINTS[RUN[board.wall >> 5 * row & 31][col]][RUN[board.wall_t >> 5 * col & 31][row]]


def place_tile(board: Board, row: int, col: int, colour: int) -> Board:
    """`board` with `colour` tiled at (row, col), scored, and pattern line `row` emptied."""
    lines = list(board.lines)
    lines[row] = 0
    return Board(
        board.score + place_points(board, row, col),
        tuple(lines),
        board.wall | 1 << 5 * row + col,
        board.wall_t | 1 << 5 * col + row,
        board.colour_rows | 1 << 6 * colour + row,
        board.colour_cols | 1 << 5 * colour + col,
        board.cells | (colour + 1) << 3 * (5 * row + col),
        board.floor,
    )


def full_rows(board: Board) -> int:
    """How many horizontal wall rows are complete."""
    wall = board.wall
    return sum(1 for m in ROW_MASKS if wall & m == m)


ROW_STARTS = 0b00001_00001_00001_00001_00001  # bit 5*r for every row r


def has_full_row(board: Board) -> bool:
    """True when some horizontal wall row is complete (the end trigger, spec §7.1)."""
    w = board.wall
    # Bit 5r survives the shifts only if bits 5r..5r+4, the whole row r, are set.
    return bool(w & w >> 1 & w >> 2 & w >> 3 & w >> 4 & ROW_STARTS)


def end_bonus(board: Board) -> int:
    """End-game bonus: +2 per row, +7 per column, +10 per complete colour (spec §8.1)."""
    cols = sum(1 for m in ROW_MASKS if board.wall_t & m == m)
    colours = sum(1 for k in range(5) if board.colour_rows >> 6 * k & 31 == 31)
    return BONUS_ROW * full_rows(board) + BONUS_COLUMN * cols + BONUS_COLOUR * colours


def gray_column_mask(board: Board, row: int, colour: int) -> int:
    """Bit c set when `colour` may go to column c of `row` on the gray wall (spec §9.2)."""
    if board.colour_rows >> 6 * colour + row & 1:
        return 0
    return ~(board.wall >> 5 * row) & 31 & ~(board.colour_cols >> 5 * colour) & 31
