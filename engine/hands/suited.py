"""Suits and wild-card limits every shape shares, bound around a shape's functions at compile time.

``suited``: where a type's ``compare.key`` or ``compare.same`` uses ``suit``, the suit of the
play's highest card is part of the play. Every shape then gets it the same way: the highest
card is the best-suited natural card of the core's last group (n of a kind: its one rank; a
chain: its top rank, last in sequence order; a set: its highest rank), kickers of that rank
included. A wild card has no suit (a play whose top is all wild has suit -1, below every
suit). Generation yields, for each distinct suit the hand can give that top, the cards a player
would use: the lowest cards of every rank, and the lowest card of that suit on top.

``never_as``: readings where a wild card stands for a rank of ``wildcards.never_as`` are
dropped (a flower card is never a joker).

Both wrap the shape's ``generate`` and ``match`` only for the types that need them, so the
other types run exactly the shape's own functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from paixing.hands.lazy import made
from paixing.hands.play import Play
from paixing.hands.ruleset import GenerateFn, MatchFn, Ruleset, TypeInfo
from paixing.hands.view import HandView
from paixing.rules.cards import Card


def top_suit(rs: Ruleset, play: Play, cards: Iterable[Card]) -> int:
    """The suit (index in ``ranks.suits``) of the play's highest card, -1 when none has one."""
    if not play.groups:
        return -1
    top = rs.ranks[play.groups[-1][0]]
    suit_rank = rs.suit_rank
    return max((suit_rank.get(c.suit, -1) for c in cards if c.rank == top), default=-1)


def _by_top_suit(rs: Ruleset, hv: HandView, play: Play) -> Iterator[Play]:
    """``play`` once per distinct suit its top card can have, each with the lowest cards."""
    if not play.groups:
        yield play
        return
    top = play.groups[-1][0]
    n = dict(play.naturals).get(top, 0)
    if n == 0:
        yield play
        return
    by_rank = hv.by_rank
    others: list[Card] = []
    for r, c in play.naturals:
        if r != top:
            others += by_rank[r][:c]
    others += hv.wilds[: len(play.wild_as)]
    cs = by_rank[top]
    seen: set[int] = set()
    suit_rank = rs.suit_rank
    for i in range(n - 1, len(cs)):
        suit = suit_rank.get(cs[i].suit, -1)
        if suit in seen:
            continue
        seen.add(suit)
        cards = tuple(rs.sort_cards([*others, *cs[: n - 1], cs[i]]))
        yield Play(play.type, cards, play.groups, play.naturals, play.wild_as, suit)


def suited_generate(gen: GenerateFn) -> GenerateFn:
    """``gen`` with every play split by the suit of its top card."""

    def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> list[Play]:
        return [q for p in made(gen(rs, hv, t, length, floor), hv) for q in _by_top_suit(rs, hv, p)]

    return generate


def suited_match(match: MatchFn) -> MatchFn:
    """``match`` with each reading carrying the suit of its top card."""

    def read(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> list[Play]:
        out = []
        for p in match(rs, hv, t, cards):
            p.suit = top_suit(rs, p, cards)
            out.append(p)
        return out

    return read


def _allowed(never: frozenset[int], play: Play) -> bool:
    return not play.wild_as or never.isdisjoint(play.wild_as)


def never_as_generate(gen: GenerateFn, never: frozenset[int]) -> GenerateFn:
    """``gen`` without plays where a wild card stands for a rank of ``never``."""

    def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> list[Play]:
        return [p for p in made(gen(rs, hv, t, length, floor), hv) if _allowed(never, p)]

    return generate


def never_as_match(match: MatchFn, never: frozenset[int]) -> MatchFn:
    """``match`` without readings where a wild card stands for a rank of ``never``."""

    def read(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> list[Play]:
        return [p for p in match(rs, hv, t, cards) if _allowed(never, p)]

    return read
