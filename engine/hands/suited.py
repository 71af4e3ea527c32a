"""Suits and wild-card limits every shape shares, bound around a shape's functions at compile time.

``suited``: where a type's ``compare.key`` or ``compare.same`` uses ``suit``, the suit of the
play's highest card is part of the play. Every shape then gets it the same way: the highest
card is the best-suited natural card of the core's last group (n of a kind: its one rank; a
chain: its top rank, last in sequence order; a set: its highest rank), kickers of that rank
included. A wild card has no suit (a play whose top is all wild has suit -1, below every
suit). Generation yields, for each distinct suit the hand can give that top, the cards a player
would use: the lowest cards of every rank, and the lowest card of that suit on top.

``every_set``: in a variant where suits can matter later (a type reads suits, or playing a
named card reveals its holder: ``compile_variant``), which cards of a rank a play uses decides
what the hand can still do, so every distinct set of cards a reading can be made of is its own
play (the suit of its top computed from its own cards). Elsewhere a reading is one play, made
of the lowest cards of each rank: which ones are kept cannot matter. Even where suits matter,
only some cards can make a difference (``apart``): the others of a rank stand in for each other,
and a play is made once per distinct choice of the cards that can.

``never_as``: readings where a wild card stands for a rank of ``wildcards.never_as`` are
dropped (a flower card is never a joker).

Both wrap the shape's ``generate`` and ``match`` only for the types that need them, so the
other types run exactly the shape's own functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import combinations, product
from typing import Any

from paixing.hands.lazy import made, make
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


def _choices(
    cards: tuple[Card, ...], n: int, apart: frozenset[Card] | None, alike: Callable[[Card], object]
) -> list[tuple[Card, ...]]:
    """Every distinct choice of ``n`` of ``cards`` (in suit order). Equal cards of two packs
    give equal choices, kept once; so do choices that differ only in cards not ``apart`` that
    are ``alike`` (None: every card is apart), the lowest such choice kept (combinations come
    in order)."""
    if apart is None:
        return list(dict.fromkeys(combinations(cards, n)))
    found: dict[tuple[object, ...], tuple[Card, ...]] = {}
    for choice in combinations(cards, n):
        key = tuple(sorted((c if c in apart else alike(c) for c in choice), key=str))
        if key not in found:
            found[key] = choice
    return list(found.values())


def _rank(card: Card) -> object:
    return card.rank


def _wild(card: Card) -> object:
    return None


def _live(rs: Ruleset, hv: HandView) -> set[Card]:
    """The natural cards of the hand whose suit some play of a suit-reading type can read: of
    a one-suit type (a straight flush), the cards of its plays; of a mixed-suit type or one
    compared by suit (5-10-K), every card of the ranks its plays use. A card none can read
    now never can: a hand only loses cards."""
    wilds = set(hv.wilds)
    by_rank = hv.by_rank
    live: set[Card] = set()
    for i in rs.suit_types:
        t = rs.types[i]
        gen = t.generate_one if t.generate_one is not None else t.generate
        one_suit = t.suits == "same"
        for p in made(gen(rs, hv, t, None, -1), hv):
            if one_suit:
                live.update(c for c in p.cards if c not in wilds)
            else:
                for r, _ in p.naturals:
                    live.update(by_rank[r])
    return live


def apart(rs: Ruleset, hv: HandView) -> frozenset[Card] | None:
    """The cards of the hand a play must tell apart from the other cards of their rank, where
    suits matter later (None: every card). Where a type of any ranks compares suits, every
    card. Otherwise only the cards that can still make a difference: those whose suit some
    suit-reading play of the hand can read (``_live``), and a card whose play reveals its
    holder's side (``HandView.marked``; outside a game, where it is not known which, every
    card). The others of a rank stand in for each other: whichever is kept, the hand can make
    the same plays later, read the same way."""
    if rs.suits_anywhere or (rs.marks_cards and hv.marked is None):
        return None
    found = hv.apart
    if found is None:
        held = hv.cards
        found = hv.apart = frozenset(_live(rs, hv)).union(c for c in (*(hv.marked or ()), *rs.named_apart) if c in held)
    return found


def card_sets(rs: Ruleset, hv: HandView, play: Play) -> Iterator[Play]:
    """``play`` once per distinct set of the hand's cards it can be made of: each rank's natural
    cards (of the play's suit, for a one-suit type; not all of one suit, for a mixed-suit one;
    sets that differ only in cards not ``apart`` count as one) and the wild cards. The first
    set is the lowest cards, the one a reduced variant plays."""
    t = play.type
    suit = rs.tables.suit_names[play.suit] if t.suits == "same" and play.suit >= 0 else None
    memo = hv.memo
    per_rank = []
    for r, n in sorted(play.naturals):
        found = memo.get(("sets", r, n, suit))
        if found is None:
            pool = hv.by_rank[r] if suit is None else tuple(c for c in hv.by_rank[r] if c.suit == suit)
            found = memo["sets", r, n, suit] = _choices(pool, n, apart(rs, hv), _rank)
        per_rank.append(found)
    w = len(play.wild_as)
    wilds: list[tuple[Card, ...]] = [()]
    if w:
        kept: list[tuple[Card, ...]] | None = memo.get(("wilds", w))
        if kept is None:
            kept = memo["wilds", w] = _choices(tuple(hv.wilds), w, wilds_apart(rs, hv), _wild)
        wilds = kept
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


def wilds_apart(rs: Ruleset, hv: HandView) -> frozenset[Card] | None:
    """The wild cards a play must tell apart from the others (None: every one). Wild cards
    stand in for each other (``Ruleset.wilds_alike``) unless one is a card whose play reveals
    its holder (``HandView.marked``; outside a game, any may be)."""
    if not rs.wilds_alike or (rs.marks_cards and hv.marked is None):
        return None
    return frozenset(c for c in hv.marked or () if c in hv.wilds)


def _nothing_apart(rs: Ruleset, hv: HandView, t: TypeInfo) -> bool:
    """Whether no card of the hand is told apart from the others of its rank (nor wild card
    from the other wild cards), for a type that reads no suit: then its plays are one per
    reading, as where suits never matter. Worked out once per hand view."""
    if t.suited or t.suits != "any":
        return False
    alike = hv.alike
    if alike is None:
        alike = hv.alike = apart(rs, hv) == frozenset() and (not hv.wilds or wilds_apart(rs, hv) == frozenset())
    return alike


def _apart_ranks(rs: Ruleset, hv: HandView) -> frozenset[int] | None:
    """The ranks (indexes) holding a card of the hand told apart from the others of its rank
    (``apart``; None: every card is), with -1 when wild cards are told apart from each other
    (``wilds_apart``). Worked out once per hand view."""
    memo = hv.memo
    key = ("apart ranks",)
    if key in memo:
        kept: frozenset[int] | None = memo[key]
        return kept
    cards = apart(rs, hv)
    found = None
    if cards is not None:
        ranks = [r for r, held in enumerate(hv.by_rank) if not cards.isdisjoint(held)]
        if hv.wilds and wilds_apart(rs, hv) != frozenset():
            ranks.append(-1)
        found = frozenset(ranks)
    memo[key] = found
    return found


def _one_set(apart_ranks: frozenset[int], item: Any) -> bool:
    """Whether a raw play (``paixing.hands.lazy.Raw``) of a type that reads no suit can be
    made of one set of cards only: it holds natural cards (wild cards alone may be a set that
    reads only as its own type), none of a rank with a card told apart, and no wild card, or
    wild cards that stand in for each other. Then ``card_sets`` would make it once, of the
    lowest cards of each rank and the first wild cards: the play the raw entry is made into
    when read."""
    naturals = item[2]
    if not naturals or (len(item) > 3 and item[3] and -1 in apart_ranks):
        return False
    return all(r not in apart_ranks for r, _ in naturals)


def every_set_generate(gen: GenerateFn) -> GenerateFn:
    """``gen`` with every play made once per distinct set of cards (see ``card_sets``). A raw
    play of a type that reads no suit, whose cards can make only one set (``_one_set``), stays
    raw: it is made, of the same cards, only if it is read (``paixing.hands.lazy``)."""

    def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterable[Any]:
        items = gen(rs, hv, t, length, floor)
        if _nothing_apart(rs, hv, t):
            return items  # made of the lowest cards when read, as ``card_sets`` would make them
        ranks = _apart_ranks(rs, hv) if not t.suited and t.suits == "any" else None
        if ranks is None:
            return [q for p in made(items, hv) for q in card_sets(rs, hv, p)]
        out: list[Any] = []
        for x in items:
            if type(x) is tuple and _one_set(ranks, x):
                out.append(x)
            else:
                out.extend(card_sets(rs, hv, make(x, hv)))
        return out

    return generate


def _allowed(never: frozenset[int], play: Play) -> bool:
    return not play.wild_as or never.isdisjoint(play.wild_as) or (
        # a lone wild single half a rank above its card (wildcards.half_above): never_as does
        # not hold for it; the generator and ``moves.answering`` keep it off single_only ranks
        not play.naturals and len(play.wild_as) == 1 and play.type.tables.half_above
    )


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
