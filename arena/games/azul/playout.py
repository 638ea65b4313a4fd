"""A fast, mutable Azul simulation for the boss's rollouts, with a greedy-like policy.

The engine (rules.py, rounds.py) stays the reference. A `Sim` keeps plain lists it changes in
place and plays whole games by the rollout policy: the greedy bot's immediate value of a take
(the points of a line it completes, less the floor it costs, a little per tile laid), ties
broken by the Sim's own random stream. Refills draw the bag in order and reshuffle the lid from
the state's `Stream` exactly as rounds.py does, so a Sim of an engine state replays the engine
(tests/games/azul/test_azul_boss.py plays the two side by side).
"""

from __future__ import annotations

import random

from arena.core.chance import Stream
from arena.games.azul.rounds import num_displays
from arena.games.azul.state import (
    BONUS_COLOUR,
    BONUS_COLUMN,
    BONUS_ROW,
    FLOOR_PENALTY,
    FLOOR_SPACES,
    MARKER,
    NO_SEAT,
    OFFER,
    OVER,
    POINTS,
    ROUND_CAP,
    RUN,
    TILES_PER_DISPLAY,
    State,
)

PROGRESS = 0.1  # the greedy bot's value of each tile laid in a pattern line
ROWS = (0, 1, 2, 3, 4)
FLOOR = 5  # a destination: the floor line
_FULL_ROW = 31


def wall_points(wall: int, wall_t: int, row: int, col: int) -> int:
    """Points of a new tile at (row, col) of a wall given as bits r*5+c and transposed."""
    return POINTS[RUN[wall >> 5 * row & 31][col]][RUN[wall_t >> 5 * col & 31][row]]


class Sim:
    """An Azul game in play, changed in place; `copy` before each rollout."""

    __slots__ = (
        "n", "gray", "factories", "centre", "marker_in_centre", "offer_left", "current",
        "start", "taker", "round", "scores", "counts", "colours", "walls", "walls_t",
        "row_colours", "col_colours", "floors", "bag", "lid", "stream", "over", "rng",
    )  # fmt: skip

    def __init__(self) -> None:
        self.n = 2
        self.gray = False
        self.factories: list[list[int]] = []
        self.centre: list[int] = [0] * 5
        self.marker_in_centre = True
        self.offer_left = 0
        self.current = self.start = 0
        self.taker = NO_SEAT
        self.round = 1
        self.scores: list[int] = []
        self.counts: list[list[int]] = []  # per seat and pattern line: tiles in it
        self.colours: list[list[int]] = []  # its colour (-1: empty)
        self.walls: list[int] = []  # bits r*5+c
        self.walls_t: list[int] = []  # bits c*5+r
        self.row_colours: list[int] = []  # bits k*5+r: colour k is on wall row r
        self.col_colours: list[int] = []  # bits k*5+c: colour k is on wall column c
        self.floors: list[int] = []  # occupied floor spaces (the marker included)
        self.bag: list[int] = []
        self.lid: list[int] = [0] * 5
        self.stream = Stream(0)
        self.over = False
        self.rng = random.Random(0)

    @classmethod
    def from_state(cls, state: State, rng: random.Random) -> Sim:
        """The Sim of an engine state in the offer phase; `rng` breaks the policy's ties."""
        sim = cls()
        sim.n, sim.gray = state.num_players, state.gray
        sim.factories = [list(f) for f in state.factories]
        sim.centre = list(state.centre)
        sim.marker_in_centre = state.marker_in_centre
        sim.offer_left = state.offer_left
        sim.current, sim.start, sim.taker = state.current, state.start_player, state.marker_taker
        sim.round = state.round
        for board in state.boards:
            sim.scores.append(board.score)
            sim.counts.append([code >> 3 for code in board.lines])
            sim.colours.append([code & 7 if code else -1 for code in board.lines])
            sim.walls.append(board.wall)
            sim.walls_t.append(board.wall_t)
            rows = 0
            for k in range(5):
                rows |= (board.colour_rows >> 6 * k & 31) << 5 * k
            sim.row_colours.append(rows)
            sim.col_colours.append(board.colour_cols)
            sim.floors.append(len(board.floor))
            for item in board.floor:  # floor tiles reach the lid before any refill
                if item != MARKER:
                    sim.lid[item] += 1
        sim.bag = list(state.bag)
        for k in range(5):
            sim.lid[k] += state.lid[k]
        sim.stream = state.stream
        sim.over = state.phase == OVER
        sim.rng = rng
        return sim

    def copy(self, rng: random.Random) -> Sim:
        """An independent copy whose ties are broken by `rng`."""
        new = Sim.__new__(Sim)
        new.n, new.gray = self.n, self.gray
        new.factories = [f[:] for f in self.factories]
        new.centre = self.centre[:]
        new.marker_in_centre, new.offer_left = self.marker_in_centre, self.offer_left
        new.current, new.start, new.taker, new.round = (
            self.current,
            self.start,
            self.taker,
            self.round,
        )
        new.scores = self.scores[:]
        new.counts = [c[:] for c in self.counts]
        new.colours = [c[:] for c in self.colours]
        new.walls, new.walls_t = self.walls[:], self.walls_t[:]
        new.row_colours, new.col_colours = self.row_colours[:], self.col_colours[:]
        new.floors = self.floors[:]
        new.bag, new.lid, new.stream = self.bag[:], self.lid[:], self.stream
        new.over, new.rng = self.over, rng
        return new

    # -- the rollout policy ------------------------------------------------------------------

    def choose(self) -> tuple[int, int, int]:
        """The greedy move of the seat to play: (source, colour, destination); source
        len(factories) is the centre, destination FLOOR the floor line."""
        seat = self.current
        counts, colours = self.counts[seat], self.colours[seat]
        rows_of, floor = self.row_colours[seat], self.floors[seat]
        wall, wall_t = self.walls[seat], self.walls_t[seat]
        best, ties, chosen = -1e9, 0, (0, 0, FLOOR)
        centre = len(self.factories)
        for src in range(centre + 1):
            pool = self.centre if src == centre else self.factories[src]
            marker = 1 if src == centre and self.marker_in_centre else 0
            for k in range(5):
                taken = pool[k]
                if not taken:
                    continue
                for dest in ROWS:
                    have = counts[dest]
                    if have > dest or (have and colours[dest] != k) or rows_of >> 5 * k + dest & 1:
                        continue
                    placed = min(taken, dest + 1 - have)
                    value = PROGRESS * placed
                    if have + placed == dest + 1:
                        value += self._line_points(seat, wall, wall_t, dest, k)
                    spill = floor + taken - placed + marker
                    value -= FLOOR_PENALTY[spill if spill < 8 else 7] - FLOOR_PENALTY[floor]
                    if value >= best:
                        if value > best:
                            best, ties, chosen = value, 1, (src, k, dest)
                        else:
                            ties += 1
                            if self.rng.random() * ties < 1:
                                chosen = (src, k, dest)
                spill = floor + taken + marker
                value = -(FLOOR_PENALTY[spill if spill < 8 else 7] - FLOOR_PENALTY[floor])
                if value >= best:
                    if value > best:
                        best, ties, chosen = value, 1, (src, k, FLOOR)
                    else:
                        ties += 1
                        if self.rng.random() * ties < 1:
                            chosen = (src, k, FLOOR)
        return chosen

    def value(self, src: int, colour: int, dest: int) -> float:
        """The policy's value of a take by the seat to play (what `choose` maximizes)."""
        seat = self.current
        centre = src == len(self.factories)
        taken = (self.centre if centre else self.factories[src])[colour]
        marker = 1 if centre and self.marker_in_centre else 0
        floor, placed, value = self.floors[seat], 0, 0.0
        if dest != FLOOR:
            have = self.counts[seat][dest]
            placed = min(taken, dest + 1 - have)
            value = PROGRESS * placed
            if have + placed == dest + 1:
                wall, wall_t = self.walls[seat], self.walls_t[seat]
                value += self._line_points(seat, wall, wall_t, dest, colour)
        spill = min(FLOOR_SPACES, floor + taken - placed + marker)
        return value - (FLOOR_PENALTY[spill] - FLOOR_PENALTY[floor])

    def _line_points(self, seat: int, wall: int, wall_t: int, row: int, colour: int) -> int:
        """Points of tiling `colour` from line `row` (the gray wall: its best column)."""
        if not self.gray:
            return wall_points(wall, wall_t, row, (colour + row) % 5)
        col = self.gray_column(seat, row, colour)
        return wall_points(wall, wall_t, row, col) if col >= 0 else 0

    def gray_column(self, seat: int, row: int, colour: int) -> int:
        """The best legal gray-wall column for `colour` in `row` (-1: none), left first."""
        if self.row_colours[seat] >> 5 * colour + row & 1:
            return -1
        wall, wall_t = self.walls[seat], self.walls_t[seat]
        used_cols = self.col_colours[seat] >> 5 * colour & 31
        best, where = -1, -1
        for col in range(5):
            if not (wall >> 5 * row + col & 1) and not (used_cols >> col & 1):
                points = wall_points(wall, wall_t, row, col)
                if points > best:
                    best, where = points, col
        return where

    # -- moves ---------------------------------------------------------------------------------

    def take(self, src: int, colour: int, dest: int) -> None:
        """The seat to play takes every `colour` tile of a source into a line or the floor."""
        seat = self.current
        if src == len(self.factories):
            taken = self.centre[colour]
            self.centre[colour] = 0
            if self.marker_in_centre:
                self.marker_in_centre = False
                self.taker = seat
                if self.floors[seat] < FLOOR_SPACES:
                    self.floors[seat] += 1
        else:
            display = self.factories[src]
            taken = display[colour]
            display[colour] = 0
            centre = self.centre
            for k in range(5):
                centre[k] += display[k]
                display[k] = 0
        over = taken
        if dest != FLOOR:
            counts = self.counts[seat]
            placed = min(taken, dest + 1 - counts[dest])
            counts[dest] += placed
            self.colours[seat][dest] = colour
            over = taken - placed
        if over:
            self.floors[seat] = min(FLOOR_SPACES, self.floors[seat] + over)
            self.lid[colour] += over  # floor tiles go to the lid at the round's end anyway
        self.offer_left -= taken
        self.current = self.current + 1 if self.current + 1 < self.n else 0
        if self.offer_left == 0:
            self._end_round()

    def _end_round(self) -> None:
        """Tile every wall, score the floors, then end the game or refill (spec §5-§8)."""
        ended = False
        for seat in range(self.n):
            self._tile(seat)
            if (
                self.walls[seat]
                & (self.walls[seat] >> 1)
                & (self.walls[seat] >> 2)
                & (self.walls[seat] >> 3)
                & (self.walls[seat] >> 4)
                & 0b00001_00001_00001_00001_00001
            ):
                ended = True
        if ended or self.round >= ROUND_CAP:
            self._game_over()
            return
        self.start = self.taker if self.taker != NO_SEAT else self.start
        self._refill()

    def _tile(self, seat: int) -> None:
        """One board's wall tiling, lines top to bottom, and its floor penalty."""
        counts, colours = self.counts[seat], self.colours[seat]
        score = self.scores[seat]
        for row in ROWS:
            if counts[row] != row + 1:
                continue
            k = colours[row]
            col = self.gray_column(seat, row, k) if self.gray else (k + row) % 5
            if col < 0:  # AZ-A4: no legal gray space, the whole line to the floor
                self.floors[seat] = min(FLOOR_SPACES, self.floors[seat] + counts[row])
                self.lid[k] += counts[row]
            else:
                score += wall_points(self.walls[seat], self.walls_t[seat], row, col)
                self.walls[seat] |= 1 << 5 * row + col
                self.walls_t[seat] |= 1 << 5 * col + row
                self.row_colours[seat] |= 1 << 5 * k + row
                self.col_colours[seat] |= 1 << 5 * k + col
                self.lid[k] += row
            counts[row], colours[row] = 0, -1
        score -= FLOOR_PENALTY[self.floors[seat]]
        self.scores[seat] = score if score > 0 else 0
        self.floors[seat] = 0

    def _refill(self) -> None:
        """Displays filled in order from the bag, the lid reshuffled into it when it runs out."""
        need = TILES_PER_DISPLAY * num_displays(self.n)
        bag = self.bag
        if len(bag) >= need:
            drawn, self.bag = bag[:need], bag[need:]
        else:
            tiles, self.stream = self.stream.shuffled(
                k for k in range(5) for _ in range(self.lid[k])
            )
            self.lid = [0] * 5
            more = need - len(bag)
            drawn, self.bag = bag + list(tiles[:more]), list(tiles[more:])
        factories = []
        for i in range(0, need, TILES_PER_DISPLAY):
            display = [0] * 5
            for k in drawn[i : i + TILES_PER_DISPLAY]:
                display[k] += 1
            factories.append(display)
        self.factories = factories
        self.centre = [0] * 5
        self.marker_in_centre, self.taker = True, NO_SEAT
        self.offer_left = len(drawn)
        self.current = self.start
        self.round += 1
        if not drawn:  # AZ-E2: every tile is on the boards
            self._game_over()

    def _game_over(self) -> None:
        for seat in range(self.n):
            wall, wall_t, colours = self.walls[seat], self.walls_t[seat], self.row_colours[seat]
            rows = sum(1 for r in ROWS if wall >> 5 * r & 31 == _FULL_ROW)
            cols = sum(1 for c in ROWS if wall_t >> 5 * c & 31 == _FULL_ROW)
            full = sum(1 for k in ROWS if colours >> 5 * k & 31 == _FULL_ROW)
            self.scores[seat] += BONUS_ROW * rows + BONUS_COLUMN * cols + BONUS_COLOUR * full
        self.over = True

    def finish(self) -> None:
        """Play by the rollout policy until the game is over."""
        while not self.over:
            self.take(*self.choose())

    def full_rows(self, seat: int) -> int:
        """Complete horizontal wall rows (the tie-break, spec §8.2)."""
        wall = self.walls[seat]
        return sum(1 for r in ROWS if wall >> 5 * r & 31 == _FULL_ROW)

    def result(self, seat: int, margin_weight: float) -> float:
        """The game's worth to `seat` once over: its share of the win, plus `margin_weight`
        per point it has over the best other score."""
        keys = [(self.scores[s], self.full_rows(s)) for s in range(self.n)]
        best = max(keys)
        winners = [s for s in range(self.n) if keys[s] == best]
        share = 1.0 / len(winners) if seat in winners else 0.0
        lead = self.scores[seat] - max(self.scores[s] for s in range(self.n) if s != seat)
        return share + margin_weight * lead


__all__ = ["FLOOR", "OFFER", "Sim", "wall_points"]
