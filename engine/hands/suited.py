"""Suits and wild-card limits every shape shares, bound around a shape's functions at compile time.

``suited``: where a type's ``compare.key`` or ``compare.same`` uses ``suit``, the suit of the
play's highest card is part of the play. Every shape then gets it the same way: the highest
card is the best-suited natural card of the core's last group (n of a kind: its one rank; a
chain: its top rank, last in sequence order; a set: its highest rank), kickers of that rank
included. A wild card has no suit (a play whose top is all wild has suit -1, below every
suit). Generation yields, for each distinct suit the hand can give that top, the cards a player
would use: the lowest cards of every rank, and the lowest card of that suit on top.

``every_set``: in a variant where suits can matter later (a type reads suits, or playing a
named card reveals its holder: ``suits_matter`` in compile.py), which cards of a rank a play
uses decides what the hand can still do, so every distinct set of cards a reading can be made
of is its own play (the suit of its top computed from its own cards). Elsewhere a reading is
one play, made of the lowest cards of each rank: which ones are kept cannot matter.

``never_as``: readings where a wild card stands for a rank of ``wildcards.never_as`` are
dropped (a flower card is never a joker).

Both wrap the shape's ``generate`` and ``match`` only for the types that need them, so the
other types run exactly the shape's own functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations, product

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


def _one_suited(cards: tuple[Card, ...]) -> bool:
    """Whether the cards all have one suit (a card without a suit has none)."""
    suit = cards[0].suit
    return suit is not None and all(c.suit == suit for c in cards)


def _choices(cards: tuple[Card, ...], n: int) -> list[tuple[Card, ...]]:
    """Every distinct choice of ``n`` of ``cards`` (sorted: equal cards of two packs give
    equal tuples, kept once)."""
    return list(dict.fromkeys(combinations(cards, n)))


def card_sets(rs: Ruleset, hv: HandView, play: Play) -> Iterator[Play]:
    """``play`` once per distinct set of the hand's cards it can be made of: each rank's natural
    cards (of the play's suit, for a one-suit type; not all of one suit, for a mixed-suit one)
    and the wild cards. The first set is the lowest cards, the one a reduced variant plays."""
    t = play.type
    suit = rs.tables.suit_names[play.suit] if t.suits == "same" and play.suit >= 0 else None
    by_rank = hv.by_rank
    per_rank = []
    for r, n in sorted(play.naturals):
        pool = by_rank[r] if suit is None else tuple(c for c in by_rank[r] if c.suit == suit)
        per_rank.append(_choices(pool, n))
    w = len(play.wild_as)
    wilds = _choices(tuple(hv.wilds), w) if w else [()]
    own_suit = t.suits == "same"
    exclusive = rs.exclusive_wild_sets
    for parts in product(*per_rank):
        natural: tuple[Card, ...] = ()
        for part in parts:
            natural += part
        if t.suits == "mixed" and natural and _one_suited(natural):
            continue
        for wild in wilds:
            if not natural and tuple(sorted(map(str, wild))) in exclusive:
                continue  # these wild cards read only as their own type (four jokers)
            cards = natural + wild
            top = play.suit if own_suit or not t.suited else top_suit(rs, play, cards)
            yield Play(t, cards, play.groups, play.naturals, play.wild_as, top)


def every_set_generate(gen: GenerateFn) -> GenerateFn:
    """``gen`` with every play made once per distinct set of cards (see ``card_sets``)."""

    def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> list[Play]:
        return [q for p in made(gen(rs, hv, t, length, floor), hv) for q in card_sets(rs, hv, p)]

    return generate


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
