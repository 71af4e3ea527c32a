"""The ``distinct_ranks`` shape: n cards all of different ranks (十三烂); mostly a dealt-hand
pattern."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Ruleset, TypeInfo
from paixing.hands.shapes.base import Describer, Shape, natural_counts, register
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card
from paixing.rules.models import HandType


@dataclass(frozen=True)
class DistinctParams:
    n: int
    """How many cards, all of different ranks."""


def _compile(spec: HandType, tables: RankTables) -> DistinctParams:
    assert spec.distinct_ranks is not None
    return DistinctParams(spec.distinct_ranks)


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterable[Play]:
    """Every choice of n held ranks, one card of each."""
    n = t.params.n
    if length is not None and length != n:
        return
    present = [r for r, c in enumerate(hv.counts) if c]
    for combo in combinations(present, n):
        cards = tuple(hv.by_rank[r][0] for r in combo)
        yield Play(t, cards, tuple((r, 1) for r in combo), tuple((r, 1) for r in combo))


def match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """The reading of ``cards`` when they are n natural cards of n ranks."""
    nat = natural_counts(hv, t)
    if nat is None or t.kickers is not None:
        return
    if hv.n_wild == 0 and len(cards) == t.params.n and all(c == 1 for c in nat.values()):
        items = tuple(sorted(nat.items()))
        yield Play(t, cards, items, items)


def _contains(p: DistinctParams, tables: RankTables) -> ContainsFn:
    n = p.n
    return lambda kick: sum(1 for _, c in kick if c) >= n


def _describe(spec: HandType, say: Describer) -> list[list[Any]]:
    return [[say.text(say.s("shape.distinct", n=spec.distinct_ranks))]]


SHAPE = register(
    Shape(
        key="distinct_ranks",
        compile=_compile,
        generate=generate,
        match=match,
        contains=_contains,
        describe=_describe,
        phrases={"shape.distinct": ("{n}张点数各不相同的牌", "{n} cards, all of different ranks")},
        ranks_only=True,
        wild_limits=False,
    )
)
