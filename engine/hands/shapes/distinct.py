"""The ``distinct_ranks`` shape: n cards all of different ranks (thirteen in a 13-card hand, say);
mostly a dealt-hand pattern."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Ruleset, TypeInfo
from paixing.hands.shapes.base import Describer, Shape, natural_counts, register
from paixing.hands.shapes.counting import (
    Ask,
    DeckCounts,
    Poly,
    add,
    coef,
    falling,
    mul,
    natural_count,
    prod,
)
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card

if TYPE_CHECKING:
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


def _seat_count(t: TypeInfo, ask: Ask, deck: DeckCounts) -> int | None:
    """A whole hand of n ranks: one copy of each rank held; contained: all hands but those
    holding fewer than n ranks."""
    n, k = t.params.n, deck.k
    if ask.whole_hand:
        return 0 if k != n else coef(prod(([1, c] for c in deck.per if c), k), k)
    return natural_count(deck, t, lambda free: comb(deck.n_cards, k) - _fewer_ranks(deck, n, free))


def _fewer_ranks(deck: DeckCounts, d: int, free_wild: Poly) -> int:
    """Hands holding fewer than ``d`` ranks at all (state: ranks held so far)."""
    k = deck.k
    states: dict[int, Poly] = {0: [1]}
    for c in deck.per:
        nxt: dict[int, Poly] = {}
        some = [0] + [comb(c, j) for j in range(1, c + 1)]
        for held, poly in states.items():
            nxt[held] = add(nxt.get(held, [0]), poly)
            if c and held + 1 < d:
                nxt[held + 1] = add(nxt.get(held + 1, [0]), mul(poly, some, k))
        states = nxt
    return sum(coef(mul(p, free_wild, k), k) for p in states.values())


def _any_seat(t: TypeInfo, ask: Ask, deck: DeckCounts, p_seat: Fraction) -> tuple[Fraction, str] | None:
    """A whole hand of one card of every rank: inclusion–exclusion over the seats holding one."""
    k, n = deck.k, deck.players
    if not ask.whole_hand or k != t.params.n:
        return None
    held = [c for c in deck.per if c]
    if k != len(held):
        return None  # a hand may skip ranks: no closed form here
    total = Fraction(0)
    deals = 1
    for j in range(1, n + 1):
        deals *= comb(deck.n_cards - (j - 1) * k, k)
        ways = 1
        for c in held:
            ways *= falling(c, j)
        total += (-1) ** (j + 1) * comb(n, j) * Fraction(ways, deals)
    return total, "ie"


def _seat_formula(t: TypeInfo, ask: Ask, deck: DeckCounts, count: int) -> str | None:
    """``c^k``: one of the c copies of each of the k ranks."""
    held = [c for c in deck.per if c]
    if ask.whole_hand and deck.k == len(held) and len(set(held)) == 1 and count:
        return f"{held[0]}^{deck.k}"
    return None


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
        seat_count=_seat_count,
        any_seat=_any_seat,
        seat_formula=_seat_formula,
    )
)
