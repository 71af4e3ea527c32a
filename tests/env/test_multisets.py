"""The combinatorial number system of bounded multisets (``paixing.env.multisets``): every
vector gets one number, in order, and comes back from it; anything else is refused."""

from __future__ import annotations

import itertools
import math

import pytest
from paixing.env.multisets import Multisets


def _vectors(caps: tuple[int, ...], lo: int, hi: int) -> list[tuple[int, ...]]:
    """Every vector, by sum then lexicographically: the order the numbers follow."""
    found = [v for v in itertools.product(*(range(c + 1) for c in caps)) if lo <= sum(v) <= hi]
    return sorted(found, key=lambda v: (sum(v), v))


@pytest.mark.parametrize(("caps", "lo", "hi"), [((4, 4, 1, 1), 2, 2), ((1, 1, 1, 1, 1), 0, 4), ((3, 0, 2), 1, 5), ((2,), 0, 0), ((), 0, 3)])
def test_numbers_are_the_vectors_in_order(caps: tuple[int, ...], lo: int, hi: int) -> None:
    sets = Multisets(caps, lo, hi)
    vectors = _vectors(caps, lo, hi)
    assert sets.size == len(vectors)
    for number, v in enumerate(vectors):
        units = tuple((pos, x) for pos, x in enumerate(v) if x)
        assert sets.rank(units) == number
        assert sets.unrank(number) == units


def test_sizes_follow_the_formulas() -> None:
    # k units of m ranks, each at most once: C(m, k); without a cap: C(m + k - 1, k)
    assert Multisets((1,) * 12, 2, 2).size == math.comb(12, 2)
    assert Multisets((9,) * 10, 6, 6).size == math.comb(10 + 6 - 1, 6)
    # 斗地主's four with two singles: two of 14 ranks, a rank twice except the two jokers
    assert Multisets((4,) * 12 + (1, 1), 2, 2).size == math.comb(14, 2) + 12
    assert Multisets((1, 1), 3, 3).size == 0


def test_what_is_no_vector_is_refused() -> None:
    sets = Multisets((2, 1), 1, 2)
    with pytest.raises(ValueError, match=r"^3 units, not 1 … 2$"):
        sets.rank(((0, 2), (1, 1)))
    with pytest.raises(ValueError, match=r"^2 units at position 1, at most 1$"):
        sets.rank(((1, 2),))
    assert sets.size == 4  # 1 0, 0 1, 2 0, 1 1
    with pytest.raises(ValueError, match=r"^4 is outside 0 … 3$"):
        sets.unrank(4)
