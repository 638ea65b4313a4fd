"""A fast, mutable Lucky Numbers simulation for the boss's rollouts, with a greedy-like policy.

The engine (rules.py) stays the reference: it builds immutable states and move texts, which is
right for a referee and too slow for thousands of rollouts a decision. A `Sim` keeps lists it
changes in place, with every cell's bounds (the open interval its row and column allow, the
cell's own tile ignored: rule 2.1) updated as tiles land, and plays whole turns by the rollout
policy: the greedy evaluation of strategy.py computed as a change (only the cells in the new
tile's row and column move), a table tile taken when it beats what a blind draw is worth.
tests/games/lucky_numbers/test_lucky_numbers_boss.py plays Sims against the engine.
"""

from __future__ import annotations

import math

from arena.games.lucky_numbers.grid import AFTER, BEFORE, DIAGONAL_NEIGHBOURS
from arena.games.lucky_numbers.notation import CELLS, MAX_VALUE
from arena.games.lucky_numbers.state import TURN_CAP, LuckyNumbersState, Phase
from arena.games.lucky_numbers.strategy import (
    DEAD_CELL_PENALTY,
    FIT_WEIGHT,
    IDEAL,
    TILE_WEIGHT,
    WIDTH_WEIGHT,
)

NO_UPPER = MAX_VALUE + 1
DRAW_GAIN = 6.0  # what placing a drawn tile that fits is worth, on average (evaluation units)
LEAD_WEIGHT = 0.01  # a rollout's worth per tile of lead (lost games still say which was closer)

# EMPTY_TERM[w]: an empty cell's part of the evaluation when w values still fit it.
EMPTY_TERM: tuple[float, ...] = (-DEAD_CELL_PENALTY,) + tuple(
    WIDTH_WEIGHT * math.sqrt(w) for w in range(1, NO_UPPER + 1)
)
# TILE_TERM[c][v]: a tile v in cell c's part of the evaluation.
TILE_TERM: tuple[tuple[float, ...], ...] = tuple(
    tuple(TILE_WEIGHT - FIT_WEIGHT * abs(v - IDEAL[c]) for v in range(NO_UPPER))
    for c in range(CELLS)
)
# INTERVAL[lo][hi]: the values strictly between lo and hi, as bits.
INTERVAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1) if hi - lo > 1 else 0 for hi in range(NO_UPPER + 1)
    )
    for lo in range(NO_UPPER + 1)
)

# TERM[lo][hi]: an empty cell's part of the evaluation when its bounds are (lo, hi).
TERM: tuple[tuple[float, ...], ...] = tuple(
    tuple(EMPTY_TERM[max(0, hi - lo - 1)] for hi in range(NO_UPPER + 1))
    for lo in range(NO_UPPER + 1)
)


class Sim:
    """A position in play, changed in place; `copy` before each rollout."""

    __slots__ = (
        "grids", "lo", "hi", "table", "pot", "pot_counts", "current", "turn", "bruno",
        "chain", "over", "winners", "known", "fits",
    )  # fmt: skip

    def __init__(self) -> None:
        self.grids: list[list[int]] = []
        self.lo: list[list[int]] = []  # per seat and cell: the largest value before it
        self.hi: list[list[int]] = []  # the smallest value after it (NO_UPPER: none)
        self.table: list[int] = [0] * NO_UPPER  # tiles on the table, count per value
        self.pot: list[int] = []  # the pot, top tile LAST (pop() draws)
        self.pot_counts: list[int] = [0] * NO_UPPER
        self.current = 0
        self.turn = 1
        self.bruno = False
        self.chain: list[int] | None = None  # Bruno: values returned during this bonus chain
        self.over = False
        self.winners: tuple[int, ...] = ()
        # Per seat, best_cell's answers and draw_worth's mask, kept until its grid changes
        # (the other seats' turns leave it alone, and the same table tiles come up again).
        self.known: list[list[tuple[float, int] | None]] = []
        self.fits: list[int] = []

    @classmethod
    def from_state(cls, state: LuckyNumbersState) -> Sim:
        """The Sim of an engine state in the acquire or resolve phase (the hand is dropped:
        the caller resolves it with `resolve`)."""
        sim = cls()
        sim.grids = [list(g) for g in state.grids]
        for grid in sim.grids:
            lo, hi = _bounds(grid)
            sim.lo.append(lo)
            sim.hi.append(hi)
            sim.known.append([None] * NO_UPPER)
            sim.fits.append(-1)
        for value in state.table:
            sim.table[value] += 1
        sim.pot = list(reversed(state.pot))
        for value in state.pot:
            sim.pot_counts[value] += 1
        sim.current, sim.turn, sim.bruno = state.current, state.turn, state.options.bruno
        sim.chain = list(state.chain_returned) if state.bonus else None
        sim.over = state.phase is Phase.OVER
        sim.winners = state.winners
        return sim

    @classmethod
    def from_grid(cls, grid: list[int]) -> Sim:
        """A Sim of one grid alone (seat 0), for rating moves with `gain`."""
        sim = cls()
        sim.grids = [grid]
        lo, hi = _bounds(grid)
        sim.lo, sim.hi, sim.known, sim.fits = [lo], [hi], [[None] * NO_UPPER], [-1]
        return sim

    def copy(self) -> Sim:
        """An independent copy."""
        new = Sim.__new__(Sim)
        new.grids = [g[:] for g in self.grids]
        new.lo = [x[:] for x in self.lo]
        new.hi = [x[:] for x in self.hi]
        new.table = self.table[:]
        new.pot = self.pot[:]
        new.pot_counts = self.pot_counts[:]
        new.current, new.turn, new.bruno = self.current, self.turn, self.bruno
        new.chain = None if self.chain is None else self.chain[:]
        new.over, new.winners = self.over, self.winners
        new.known = [k[:] for k in self.known]
        new.fits = self.fits[:]
        return new

    # -- the policy's evaluation -------------------------------------------------------------

    def gain(self, seat: int, cell: int, value: int) -> float:
        """How much the greedy evaluation of `seat`'s grid changes with `value` put in `cell`
        (a place on an empty cell, else a swap)."""
        grid, lo, hi = self.grids[seat], self.lo[seat], self.hi[seat]
        old = grid[cell]
        if old:
            return self._swap_gain(grid, lo, hi, cell, value)
        delta = TILE_TERM[cell][value] - TERM[lo[cell]][hi[cell]]
        for j in AFTER[cell]:
            if not grid[j] and lo[j] < value:
                h = hi[j]
                delta += TERM[value][h] - TERM[lo[j]][h]
        for j in BEFORE[cell]:
            if not grid[j] and hi[j] > value:
                b = TERM[lo[j]]
                delta += b[value] - b[hi[j]]
        return delta

    @staticmethod
    def _swap_gain(grid: list[int], lo: list[int], hi: list[int], cell: int, value: int) -> float:
        """gain() of a swap: the old tile leaves the row and column, which can loosen bounds
        as well as tighten them (recomputed only where the old tile was the bound)."""
        old = grid[cell]
        delta = TILE_TERM[cell][value] - TILE_TERM[cell][old]
        for j in AFTER[cell]:
            if not grid[j]:
                was = lo[j]
                if value > old:
                    now = value if value > was else was
                elif was > old:
                    continue
                else:
                    grid[cell] = value
                    now = _cell_bounds(grid, j)[0]
                    grid[cell] = old
                delta += TERM[now][hi[j]] - TERM[was][hi[j]]
        for j in BEFORE[cell]:
            if not grid[j]:
                was = hi[j]
                if value < old:
                    now = value if value < was else was
                elif was < old:
                    continue
                else:
                    grid[cell] = value
                    now = _cell_bounds(grid, j)[1]
                    grid[cell] = old
                delta += TERM[lo[j]][now] - TERM[lo[j]][was]
        return delta

    def best_cell(self, seat: int, value: int) -> tuple[float, int]:
        """The best place or swap for `value` in `seat`'s grid: (gain, cell), cell -1 if none."""
        known = self.known[seat]
        found = known[value]
        if found is not None:
            return found
        grid, lo, hi = self.grids[seat], self.lo[seat], self.hi[seat]
        best, where = -1e9, -1
        for c in range(CELLS):
            if lo[c] < value < hi[c] and grid[c] != value:
                g = self.gain(seat, c, value)
                if g > best:
                    best, where = g, c
        known[value] = found = (best, where)
        return found

    def draw_worth(self, seat: int) -> float:
        """What a blind draw is worth to `seat`: the share of the pot that fits an empty cell
        times the average gain of such a placement (the pot's make-up is public)."""
        fits = self.fits[seat]
        if fits < 0:
            grid, lo, hi = self.grids[seat], self.lo[seat], self.hi[seat]
            fits = 0
            for c in range(CELLS):
                if not grid[c]:
                    fits |= INTERVAL[lo[c]][hi[c]]
            self.fits[seat] = fits
        counts, n = self.pot_counts, 0
        while fits:
            low = fits & -fits
            n += counts[low.bit_length() - 1]
            fits ^= low
        return DRAW_GAIN * n / len(self.pot) if self.pot else 0.0

    def choose_take(self) -> tuple[int, int]:
        """The rollout policy's acquire: (value, cell) of the table tile to take, or (0, -1)
        to draw."""
        seat, table, chain = self.current, self.table, self.chain
        best, take, where = self.draw_worth(seat), 0, -1
        for v in range(1, NO_UPPER):
            if table[v] and (chain is None or table[v] > chain.count(v)):
                g, c = self.best_cell(seat, v)
                if c >= 0 and g > best:
                    best, take, where = g, v, c
        return take, where

    # -- moves ---------------------------------------------------------------------------------

    def put(self, cell: int, value: int) -> bool:
        """The current seat puts `value` in `cell` (place or swap), the old tile to the table;
        then the turn ends. Returns True when the game is over."""
        seat = self.current
        grid = self.grids[seat]
        old = grid[cell]
        grid[cell] = value
        self.known[seat] = [None] * NO_UPPER
        self.fits[seat] = -1
        lo, hi = self.lo[seat], self.hi[seat]
        if old:
            self.table[old] += 1
            for j in AFTER[cell] + BEFORE[cell]:
                lo[j], hi[j] = _cell_bounds(grid, j)
        else:
            for j in AFTER[cell]:
                if lo[j] < value:
                    lo[j] = value
            for j in BEFORE[cell]:
                if hi[j] > value:
                    hi[j] = value
        if 0 not in grid:  # §5.1: a full grid wins at once
            self.over, self.winners = True, (seat,)
            return True
        bonus = self.bruno and any(grid[n] == value for n in DIAGONAL_NEIGHBOURS[cell])
        return self._end_turn(bonus, old)

    def discard(self, value: int) -> bool:
        """The drawn `value` goes to the table; the turn ends. True when the game is over."""
        self.table[value] += 1
        return self._end_turn(False, 0)

    def draw(self) -> int:
        """The top pot tile (the pot is never empty when a turn starts)."""
        value = self.pot.pop()
        self.pot_counts[value] -= 1
        return value

    def take(self, value: int) -> None:
        """Take a `value` from the table."""
        self.table[value] -= 1

    def _end_turn(self, bonus: bool, returned: int) -> bool:
        if not self.pot or self.turn >= TURN_CAP:  # LN-A8, LN-A14
            tiles = [CELLS - g.count(0) for g in self.grids]
            best = max(tiles)
            self.over, self.winners = True, tuple(s for s, t in enumerate(tiles) if t == best)
            return True
        self.turn += 1
        if bonus:  # Bruno: the same seat plays again; LN-A13 remembers what it returned
            if self.chain is None:
                self.chain = []
            if returned:
                self.chain.append(returned)
            return False
        self.chain = None
        self.current = (self.current + 1) % len(self.grids)
        return False

    # -- whole turns ---------------------------------------------------------------------------

    def resolve(self, value: int, drawn: bool) -> bool:
        """The rollout policy resolves `value` in hand: its best place or swap, or a discard
        when the tile was drawn and nothing gains. True when the game is over."""
        gain, cell = self.best_cell(self.current, value)
        if cell < 0 or (drawn and gain < 0):
            return self.discard(value)
        return self.put(cell, value)

    def play_turn(self) -> bool:
        """One whole turn by the rollout policy. True when the game is over."""
        value, cell = self.choose_take()
        if value:
            self.take(value)
            return self.put(cell, value)
        return self.resolve(self.draw(), True)

    def finish(self) -> None:
        """Play by the rollout policy until the game is over."""
        while not self.over and not self.play_turn():
            pass

    def result(self, seat: int) -> float:
        """The game's worth to `seat` once over: its share of the win, plus a little for each
        tile it has over the best other grid (so lost games still say which was closer)."""
        tiles = [CELLS - g.count(0) for g in self.grids]
        lead = tiles[seat] - max(t for s, t in enumerate(tiles) if s != seat)
        share = 1.0 / len(self.winners) if seat in self.winners else 0.0
        return share + LEAD_WEIGHT * lead


def _cell_bounds(grid: list[int], cell: int) -> tuple[int, int]:
    """The open interval of values rule 2.1 allows in `cell`, its own tile ignored."""
    lo = 0
    for k in BEFORE[cell]:
        if grid[k] > lo:
            lo = grid[k]
    hi = NO_UPPER
    for k in AFTER[cell]:
        if grid[k] and grid[k] < hi:
            hi = grid[k]
    return lo, hi


def _bounds(grid: list[int]) -> tuple[list[int], list[int]]:
    """Every cell's bounds."""
    lo, hi = [0] * CELLS, [NO_UPPER] * CELLS
    for c in range(CELLS):
        lo[c], hi[c] = _cell_bounds(grid, c)
    return lo, hi
