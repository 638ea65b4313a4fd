"""Seating a ranked field into tables of a Swiss round, avoiding repeat meetings.

Both searches read the field top-down. The top unseated bot opens a table; its *group* is the
unseated bots with its score (a prefix of the ranked list, since the field is ranked by score
first). With m bots in the group and tables of k, the ideal companions sit at positions s, 2s,
... (k-1)s of the group, s = max(1, m // k): at tables of two the top half meets the bottom half
in order (FIDE's S1 against S2: 1-5, 2-6, 3-7, 4-8 in a group of 8), and when the group is too
small or odd its last bots float down to the top of the next group. A seat's candidates are
taken from its ideal position downwards, then upwards within the group, then the lower groups.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from arena.tournament.matching import Matching

Meetings = Mapping[str, Mapping[str, int]]  # bot -> other bot -> how often they shared a table
SEARCH_BUDGET = 50_000  # candidate seats tried by the table search before it settles for greedy


def preference(remaining: Sequence[str], scores: Mapping[str, float], k: int) -> list[list[int]]:
    """For the table of remaining[0]: per other seat, the candidate positions in remaining."""
    top = scores[remaining[0]]
    m = next((i for i, b in enumerate(remaining) if scores[b] != top), len(remaining))
    s = max(1, m // k)
    out = []
    for j in range(1, k):
        ideal = j * s  # < m <= len(remaining): remaining holds whole tables
        out.append(list(range(ideal, len(remaining))) + list(range(ideal - 1, 0, -1)))
    return out


def pair_two(
    ranked: Sequence[str], met: Meetings, scores: Mapping[str, float]
) -> list[tuple[str, str]]:
    """Pairs of an even field with as few rematches as possible (none when avoidable).

    Exact: each top bot takes its most preferred opponent such that the others can still be
    paired with the fewest rematches possible, which a maximum matching of the not-yet-met
    graph decides (any pairing has at least (n - 2 * matching size) / 2 rematches, and a
    maximum matching plus any pairing of the rest reaches it).
    """
    assert len(ranked) % 2 == 0
    index = {b: i for i, b in enumerate(ranked)}
    forbidden = [{index[o] for o, c in met.get(b, {}).items() if c and o in index} for b in ranked]
    matching = Matching(forbidden)
    remaining = list(ranked)
    pairs: list[tuple[str, str]] = []
    while remaining:
        a = index[remaining[0]]
        (candidates,) = preference(remaining, scores, 2)
        for pos in candidates:
            b = index[remaining[pos]]
            if not matching.allowed(a, b) and 2 * matching.size == len(remaining):
                continue  # a rematch, while the matching shows a pairing without any
            trial = matching.without(a, b)
            if trial.size + matching.allowed(a, b) < matching.size:
                continue  # the others would need one more rematch than necessary
            matching = trial
            pairs.append((ranked[a], ranked[b]))
            del remaining[pos]
            del remaining[0]
            break
        else:  # pragma: no cover - the matching always leaves a candidate (see docstring)
            raise AssertionError("no opponent found")
    return pairs


def bye_for_two(ranked: Sequence[str], met: Meetings, bye_counts: Mapping[str, int]) -> str:
    """The bye of an odd field at tables of two: the lowest-ranked bot among those with the
    fewest byes whose absence leaves the others pairable with the fewest rematches."""
    index = {b: i for i, b in enumerate(ranked)}
    forbidden = [{index[o] for o, c in met.get(b, {}).items() if c and o in index} for b in ranked]
    matching = Matching(forbidden)
    fewest = min(bye_counts.get(b, 0) for b in ranked)
    eligible = [b for b in reversed(ranked) if bye_counts.get(b, 0) == fewest]
    for bot in eligible:
        if matching.without(index[bot]).size == matching.size:
            return bot
    return eligible[0]  # a rematch is then unavoidable whoever sits out: keep byes fair


def seat_tables(
    ranked: Sequence[str], met: Meetings, scores: Mapping[str, float], k: int
) -> list[tuple[str, ...]]:
    """Tables of k from a field that is a multiple of k, top-down, with few repeat meetings.

    A depth-first search for a partition in which no two bots at a table met before, seats
    tried in preference order (exhaustive for small fields); if there is none, or the search
    passes SEARCH_BUDGET candidate seats, a greedy fill (each seat takes the candidate with
    the fewest earlier meetings with the bots already at its table) improved by swapping bots
    between tables, nearest tables first, while a swap lowers the count of repeat meetings.
    """
    assert len(ranked) % k == 0
    budget = [SEARCH_BUDGET]
    try:
        found = _search(list(ranked), met, scores, k, budget)
    except _OutOfBudget:
        found = None
    if found is not None:
        return found
    rank = {b: i for i, b in enumerate(ranked)}
    improved = _improve([list(t) for t in _greedy(list(ranked), met, scores, k)], met, rank)
    tables = [tuple(sorted(row, key=rank.__getitem__)) for row in improved]
    return sorted(tables, key=lambda t: rank[t[0]])  # table 0 still seats the top bot


class _OutOfBudget(Exception):
    pass


def _search(
    remaining: list[str], met: Meetings, scores: Mapping[str, float], k: int, budget: list[int]
) -> list[tuple[str, ...]] | None:
    # Depth-first with an explicit stack (a field of thousands would pass Python's recursion
    # limit): level i chooses tables[i] from the bots the tables above it left.
    def level(rest: list[str]) -> tuple[Iterator[tuple[str, ...]], list[str], set[frozenset[str]]]:
        return _fresh_tables(rest, met, preference(rest, scores, k), budget), rest, set()

    stack = [level(remaining)]
    tables: list[tuple[str, ...]] = []
    while stack:
        candidates, rest, tried = stack[-1]
        for table in candidates:
            key = frozenset(table)
            if key in tried:  # the same bots reached through another order of the seats
                continue
            tried.add(key)
            left = [b for b in rest if b not in key]
            if not _viable(left, met, k):
                continue
            tables.append(table)
            if not left:
                return tables
            stack.append(level(left))
            break
        else:  # this level is exhausted: the table above it must change
            stack.pop()
            if tables:
                tables.pop()
    return None


def _fresh_tables(
    remaining: Sequence[str], met: Meetings, seats: Sequence[Sequence[int]], budget: list[int]
) -> Iterator[tuple[str, ...]]:
    """Tables of remaining[0] where nobody met anybody, in the seats' preference order."""

    def fill(table: tuple[str, ...], seat: int) -> Iterator[tuple[str, ...]]:
        if seat == len(seats):
            yield table
            return
        for pos in seats[seat]:
            bot = remaining[pos]
            budget[0] -= 1
            if budget[0] < 0:
                raise _OutOfBudget
            if bot in table or any(met.get(bot, {}).get(other) for other in table):
                continue
            yield from fill((*table, bot), seat + 1)

    yield from fill((remaining[0],), 0)


def _viable(rest: Sequence[str], met: Meetings, k: int) -> bool:
    # A bot that has already met all but k - 2 of the others can sit at no fresh table.
    need = len(rest) - k  # a bot may have met at most this many of the others
    if need < 0:
        return True
    inside = set(rest)
    for bot in rest:
        seen = met.get(bot, {})
        if len(seen) > need and sum(1 for o, c in seen.items() if c and o in inside) > need:
            return False
    return True


def _greedy(
    remaining: list[str], met: Meetings, scores: Mapping[str, float], k: int
) -> list[tuple[str, ...]]:
    tables: list[tuple[str, ...]] = []
    while remaining:
        table = [remaining[0]]
        for candidates in preference(remaining, scores, k):
            options = [p for p in candidates if remaining[p] not in table]
            # min keeps the first of equals: the most preferred
            best = min(
                options, key=lambda p: sum(met.get(remaining[p], {}).get(o, 0) for o in table)
            )
            table.append(remaining[best])
        tables.append(tuple(table))
        remaining = [b for b in remaining if b not in table]
    return tables


def _improve(rows: list[list[str]], met: Meetings, rank: Mapping[str, int]) -> list[list[str]]:
    # Each swap lowers the total of earlier meetings at the tables, so this ends. A bot trades
    # places with the nearest table first, and there with the bot nearest to it in the ranking
    # (the lower one of two as near): the tables stay close to the top-down fill.
    def cost(bot: str, row: Sequence[str], leaving: str) -> int:
        seen = met.get(bot, {})
        return sum(seen.get(o, 0) for o in row if o != leaving and o != bot)

    swapped = True
    while swapped:
        swapped = False
        for i, row in enumerate(rows):
            for x in list(row):
                if x not in row or not (cx := cost(x, row, x)):
                    continue
                for j in sorted(range(len(rows)), key=lambda t: (abs(t - i), t)):
                    other = rows[j]
                    if j == i:
                        continue
                    # x and y trade places when that lowers their meetings at their tables
                    better = (
                        y
                        for y in sorted(other, key=lambda b: (abs(rank[b] - rank[x]), -rank[b]))
                        if cost(x, other, y) + cost(y, row, x) < cx + cost(y, other, y)
                    )
                    y = next(better, None)
                    if y is not None:
                        row[row.index(x)], other[other.index(y)] = y, x
                        swapped = True
                        break
    return rows
