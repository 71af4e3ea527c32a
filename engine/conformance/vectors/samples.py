"""Sample plays of every hand type, drawn from the variant's own deck: the raw material of the
card vectors.

For each hand type and each length it can be played at (up to ``MAX_LENGTH`` cards), the
lowest natural play, the highest natural play among the first ones generated and the lowest
play with wild cards; then, for the types wild cards may join, the same play with one wild
card more than its limit allows. Lengths are tried one by one so that every ladder rung a
length opens (an 8-card play on one rung, a 9-card play on the next) has its own sample.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from paixing.hands.compile import Ruleset, TypeInfo
from paixing.hands.generate import generate
from paixing.hands.play import Play
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards

MAX_LENGTH = 24
"""The longest play sampled (a chain of twelve pairs)."""
SCAN = 120
"""Plays looked at per (type, length): the generators yield low ranks first."""


@dataclass(frozen=True)
class Sample:
    """Cards chosen to exercise one hand type at one length, and what they are meant to show."""

    cards: tuple[Card, ...]
    type_id: str
    length: int
    why: str
    """``lowest``, ``highest``, ``wild`` or ``over-wild-limit``."""

    def notation(self, rs: Ruleset) -> str:
        return format_cards(rs.sort_cards(list(self.cards)))


def _has_wild(rs: Ruleset, play: Play) -> bool:
    return any(rs.is_wild(c) for c in play.cards)


def _at_length(rs: Ruleset, hv: HandView, t: TypeInfo, length: int) -> Iterator[Sample]:
    plays = [p for p in islice(generate(rs, hv, t, length), SCAN) if len(p) == length]
    natural = [p for p in plays if not _has_wild(rs, p)]
    wild = [p for p in plays if _has_wild(rs, p)]
    if natural:
        yield Sample(natural[0].cards, t.id, length, "lowest")
        if len(natural) > 1:
            yield Sample(natural[-1].cards, t.id, length, "highest")
    if wild:
        yield Sample(wild[0].cards, t.id, length, "wild")


def _over_limit(rs: Ruleset, t: TypeInfo, natural: Sample, wilds: list[Card]) -> Sample | None:
    """``natural`` with one wild card more than the type allows (its limit + 1 naturals
    replaced), or None when the deck has too few wild cards or the play too few cards."""
    k = t.wmax + 1
    if not wilds or k > len(wilds) or k > len(natural.cards) or k <= 0:
        return None
    cards = list(natural.cards)[: len(natural.cards) - k] + wilds[:k]
    return Sample(tuple(cards), t.id, natural.length, "over-wild-limit")


def _one_wild(rs: Ruleset, deck: list[Card]) -> HandView:
    """The deck with one wild card only: kicker types that wild cards may join are sampled
    from it (each wild filling of a long plane has every kicker multiset: far too many plays
    with all the wild cards, and one wild card already gives the lowest play with wilds)."""
    wilds = [c for c in deck if rs.is_wild(c)]
    return HandView(rs, [c for c in deck if not rs.is_wild(c)] + wilds[:1])


@lru_cache(maxsize=32)
def samples(rs: Ruleset) -> tuple[Sample, ...]:
    """Every sample play of the variant, type by type (variant order), short lengths first
    (kept per compiled variant: the vectors and both sides of a diff read them)."""
    deck = rs.deck()
    hv = HandView(rs, deck)
    wilds = [c for c in deck if rs.is_wild(c)]
    kicked = _one_wild(rs, deck) if wilds else hv
    out: list[Sample] = []
    seen: set[tuple[str, str]] = set()
    for t in rs.types:
        for length in range(1, min(MAX_LENGTH, len(deck)) + 1):
            view = kicked if t.kickers is not None and t.wmax > 0 else hv
            found = list(_at_length(rs, view, t, length))
            lowest = next((s for s in found if s.why == "lowest"), None)
            if lowest is not None and wilds and t.wmax < len(wilds):
                extra = _over_limit(rs, t, lowest, wilds)
                if extra is not None:
                    found.append(extra)
            for s in found:
                key = (s.type_id, s.notation(rs))
                if key not in seen:
                    seen.add(key)
                    out.append(s)
    return tuple(out)
