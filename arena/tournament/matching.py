"""Maximum matchings of a general graph (Edmonds' blossoms): the Swiss pairing's exact oracle.

The graph is dense with few missing edges (the pairs that already met), so it is stored as the
forbidden pairs and neighbours are scanned over the vertices still active. A search from one
exposed vertex is O(V^2) at worst and usually ends after a few steps in such a graph.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


class Matching:
    """A maximum matching of the allowed pairs among the active vertices (0..n-1)."""

    __slots__ = ("_active", "_forbidden", "mate", "size")

    def __init__(self, forbidden: Sequence[Collection[int]]) -> None:
        self._forbidden = forbidden  # vertex -> the vertices it may not be matched with
        self._active = list(range(len(forbidden)))
        self.mate = [-1] * len(forbidden)
        self.size = 0  # how many pairs the matching holds
        self._greedy()
        for v in self._active:
            if self.mate[v] == -1:
                self._augment(v)

    def allowed(self, a: int, b: int) -> bool:
        """True when a and b may be matched (distinct, not forbidden)."""
        return a != b and b not in self._forbidden[a]

    def without(self, *removed: int) -> Matching:
        """A maximum matching of the graph with these vertices removed (this one unchanged)."""
        out = Matching.__new__(Matching)
        out._forbidden = self._forbidden
        gone = set(removed)
        out._active = [v for v in self._active if v not in gone]
        out.mate = list(self.mate)
        out.size = self.size
        exposed_now: list[int] = []
        for v in sorted(gone):
            partner = out.mate[v]
            if partner == -1:
                continue
            out.mate[v] = out.mate[partner] = -1
            out.size -= 1
            if partner not in gone:
                exposed_now.append(partner)
        # Every augmenting path of the reduced matching ends at a newly exposed vertex (one
        # between two old ones would have augmented the maximum matching we started from), so
        # the size can grow by at most len(exposed_now). Searching once from every exposed
        # vertex, newly exposed ones first, is Edmonds' algorithm from this start matching;
        # it stops as soon as that bound is reached.
        bound = out.size + len(exposed_now)
        if len(exposed_now) == 2 and out.allowed(*exposed_now):  # the shortest augmenting path
            a, b = exposed_now
            out.mate[a], out.mate[b] = b, a
            out.size += 1
        old_exposed = [v for v in out._active if out.mate[v] == -1 and v not in exposed_now]
        for v in exposed_now + old_exposed:
            if out.size == bound:
                break
            if out.mate[v] == -1:
                out._augment(v)
        return out

    def _greedy(self) -> None:
        mate = self.mate
        for i, v in enumerate(self._active):
            if mate[v] != -1:
                continue
            for u in self._active[i + 1 :]:
                if mate[u] == -1 and self.allowed(v, u):
                    mate[v], mate[u] = u, v
                    self.size += 1
                    break

    def _augment(self, root: int) -> bool:
        """Grow the matching along an augmenting path from an exposed root; False if none."""
        n = len(self.mate)
        mate = self.mate
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n  # the even (outer) vertices of the search tree
        used[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in self._active:
                if base[v] == base[to] or mate[v] == to or not self.allowed(v, to):
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    # an odd cycle: contract the blossom to its base
                    top = self._lca(v, to, base, parent)
                    blossom = [False] * n
                    self._mark(v, top, to, base, parent, blossom)
                    self._mark(to, top, v, base, parent, blossom)
                    for i in self._active:
                        if blossom[base[i]]:
                            base[i] = top
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the path back to the root
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = nxt
                        self.size += 1
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    def _lca(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        seen = [False] * len(self.mate)
        while True:
            a = base[a]
            seen[a] = True
            if self.mate[a] == -1:
                break
            a = parent[self.mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[self.mate[b]]

    def _mark(
        self, v: int, top: int, child: int, base: list[int], parent: list[int], blossom: list[bool]
    ) -> None:
        while base[v] != top:
            blossom[base[v]] = blossom[base[self.mate[v]]] = True
            parent[v] = child
            child = self.mate[v]
            v = parent[self.mate[v]]
