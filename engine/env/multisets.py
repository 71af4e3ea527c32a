"""A combinatorial number system for bounded multisets: the kickers of a play as one number.

A multiset of kicker units is a vector ``x`` over ``m`` positions (the ranks a kicker may be
of), ``0 ≤ x[i] ≤ caps[i]``, whose sum (the number of units) lies in ``lo … hi``. The vectors
are ordered by their sum, then lexicographically, and a vector's rank is the number of
vectors before it. ``ways[i][k]`` (vectors over the positions ``i …`` that sum to ``k``) is all
that is stored (with its running sums per count, ``before``): ``(m + 1) × (hi + 1)`` integers
and their sums, so the space of a plane's wings costs a few
hundred integers however many wings there are (a deck-wide table of planes with wings held
548,304 keys).
Ranking and unranking walk the positions once: microseconds.
"""

from __future__ import annotations

from collections.abc import Sequence


class Multisets:
    """Every vector ``x`` with ``0 ≤ x[i] ≤ caps[i]`` and ``lo ≤ sum(x) ≤ hi``, numbered."""

    __slots__ = ("before", "caps", "hi", "lo", "size", "starts", "ways")

    def __init__(self, caps: Sequence[int], lo: int, hi: int) -> None:
        self.caps = tuple(caps)
        self.lo = lo
        self.hi = hi
        m = len(self.caps)
        ways = [[0] * (hi + 1) for _ in range(m + 1)]
        ways[m][0] = 1
        for i in range(m - 1, -1, -1):
            after, row, cap = ways[i + 1], ways[i], self.caps[i]
            for k in range(hi + 1):
                row[k] = sum(after[k - v] for v in range(min(cap, k) + 1))
        self.ways = ways
        starts = [0] * (hi + 2)
        for u in range(lo, hi + 1):
            starts[u + 1] = starts[u] + ways[0][u]
        self.starts = starts
        """``starts[u]``: the rank of the first vector of ``u`` units (from ``lo`` on)."""
        self.size = starts[hi + 1] if hi >= lo else 0
        self.before = [
            [[sum(ways[i + 1][k - v] for v in range(x) if v <= k) for x in range(cap + 1)] for k in range(hi + 1)]
            for i, cap in enumerate(self.caps)
        ]
        """``before[i][k][x]``: the vectors that, with ``k`` units left at position ``i``, put
        fewer than ``x`` there (what ``rank`` adds per position: one look-up, no loop)."""

    def rank(self, units: Sequence[tuple[int, int]], total: int = -1) -> int:
        """The number of ``units`` ((position, count) pairs, positions ascending, counts > 0;
        ``total``: their sum, when the caller has it): ValueError when it is no vector of this
        set."""
        if total < 0:
            total = sum([x for _, x in units])
        if not self.lo <= total <= self.hi:
            raise ValueError(f"{total} units, not {self.lo} … {self.hi}")
        before, caps = self.before, self.caps
        out, rem = self.starts[total], total
        for pos, x in units:
            if x > caps[pos]:
                raise ValueError(f"{x} units at position {pos}, at most {caps[pos]}")
            out += before[pos][rem][x]
            rem -= x
        return out

    def unrank(self, number: int) -> tuple[tuple[int, int], ...]:
        """The vector numbered ``number``, as (position, count) pairs with counts > 0."""
        if not 0 <= number < self.size:
            raise ValueError(f"{number} is outside 0 … {self.size - 1}")
        total = next(u for u in range(self.lo, self.hi + 1) if number < self.starts[u + 1])
        number -= self.starts[total]
        out = []
        rem = total
        for pos, cap in enumerate(self.caps):
            after = self.ways[pos + 1]
            for v in range(min(cap, rem) + 1):
                if number < after[rem - v]:
                    break
                number -= after[rem - v]
            if v:
                out.append((pos, v))
            rem -= v
        return tuple(out)
