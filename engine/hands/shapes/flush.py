"""The ``flush`` shape: n cards of one suit, any ranks (同花). Natural cards only; the suit is part
of the play, and its core is its ranks, so ``top`` is its highest rank and the ``ranks``
feature compares every rank high to low."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Counts, Ruleset, TypeInfo
from paixing.hands.shapes.base import Describer, Shape, register
from paixing.hands.tables import BIG, RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card

if TYPE_CHECKING:
    from paixing.rules.models import HandType


@dataclass(frozen=True)
class FlushParams:
    nmin: int
    nmax: int


def _compile(spec: HandType, tables: RankTables) -> FlushParams:
    assert spec.flush is not None
    size = spec.flush.size
    return FlushParams(max(1, size.min), BIG if size.max is None else size.max)


def _counts(rs: Ruleset, cards: tuple[Card, ...]) -> Counts:
    index = rs.rank_index
    return tuple(sorted(Counter(index[c.rank] for c in cards).items()))


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> list[Play]:
    """Every flush of ``t``: each distinct set of cards of one suit of an allowed size (its top
    at least ``floor``)."""
    p: FlushParams = t.params
    out: list[Play] = []
    for si, suit in enumerate(rs.tables.suit_names):
        cards = rs.sort_cards([c for c in hv.cards if c.suit == suit and not rs.is_wild(c)])
        lo, hi = (p.nmin, min(p.nmax, len(cards))) if length is None else (length, length if p.nmin <= length <= p.nmax else -1)
        for n in range(lo, min(hi, len(cards)) + 1):
            # Cards are sorted, so equal choices (two packs) come out as equal tuples.
            for choice in dict.fromkeys(combinations(cards, n)):
                counts = _counts(rs, choice)
                if counts[-1][0] >= floor:
                    out.append(Play(t, choice, counts, counts, (), si))
    return out


def match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """The reading of ``cards`` as a flush: natural cards, all of one suit, an allowed number."""
    p: FlushParams = t.params
    suits = {c.suit for c in cards}
    if hv.n_wild or len(suits) != 1 or None in suits or not p.nmin <= len(cards) <= p.nmax:
        return
    counts = _counts(rs, cards)
    yield Play(t, cards, counts, counts, (), rs.suit_rank[suits.pop()])


def _contains(p: FlushParams, tables: RankTables) -> ContainsFn:
    # Kicker rules see rank counts only, never suits: no kickers can be known to hold a flush.
    return lambda kick: False


def _describe(spec: HandType, say: Describer) -> list[list[Any]]:
    assert spec.flush is not None
    return [[say.text(say.s("shape.flush", size=say.range_text(spec.flush.size, "unit.card")))]]


SHAPE = register(
    Shape(
        key="flush",
        compile=_compile,
        generate=generate,
        match=match,
        contains=_contains,
        describe=_describe,
        phrases={
            "shape.flush": ("{size}同一花色的牌（点数不限，不能用癞子）", "{size} cards of one suit, any ranks (no wild cards)"),
        },
        suits=lambda p: "same",
        wild_limits=False,
    )
)
