"""The ``cards`` shape: exactly these cards (rocket BJ RJ; 天炸 BJ BJ RJ RJ).

Cards all wild make an *exclusive* set: such cards read only as this type, never as wild
cards standing for naturals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Counts, Ruleset, TypeInfo
from paixing.hands.shapes.base import Describer, Shape, register
from paixing.hands.shapes.counting import (
    Ask,
    DeckCounts,
    Poly,
    any_of,
    at_least,
    choose_poly,
    coef,
    prod,
)
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card, parse_cards

if TYPE_CHECKING:
    from paixing.rules.models import HandType


@dataclass(frozen=True)
class ExactParams:
    exact: tuple[tuple[Card, int], ...]
    """The cards and how many of each, in card-name order."""
    exact_ranks: tuple[Counts, tuple[tuple[str, int], ...]] | None
    """The cards as (natural rank counts, wild card counts) when no suit is named, so the
    check runs on the count vector; None otherwise."""
    cards: tuple[Card, ...] = ()
    """The play's cards, sorted once here (every hand that holds them plays the same cards)."""
    naturals: Counts = ()
    """Its natural cards as (rank index, count), low to high."""
    length: int = 0


def _compile(spec: HandType, tables: RankTables) -> ExactParams:
    assert spec.cards is not None
    needed = Counter(parse_cards(" ".join(spec.cards)))
    exact = tuple(sorted(needed.items(), key=lambda kv: str(kv[0])))
    exact_ranks = None
    if all(c.suit is None for c in needed):
        nat = tuple((tables.rank_index[c.rank], n) for c, n in exact if c.rank in tables.rank_index)
        wild = tuple((c.rank, n) for c, n in exact if c.rank in tables.wild_names)
        exact_ranks = (nat, wild)
    cards = tuple(tables.sort_cards([c for c, n in exact for _ in range(n)]))
    naturals = Counter(tables.rank_index[c.rank] for c in cards if not tables.is_wild(c))
    return ExactParams(exact, exact_ranks, cards, tuple(sorted(naturals.items())), len(cards))


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterable[Play]:
    """The one play of ``t``, if the hand holds its cards."""
    p: ExactParams = t.params
    if length is not None and length != p.length:
        return []
    if not _holds(hv, p):
        cards = _open_cards(rs, hv, t) if p.exact_ranks is None else None
        return [] if cards is None else [Play(t, cards, (), p.naturals)]
    return [Play(t, p.cards, (), p.naturals)]


def _whole_ranks(rs: Ruleset, t: TypeInfo) -> dict[str, Counter[Card]]:
    """The ranks whose every card in the deck the type names (``cards: [AH, AC, AD]`` when the
    deck holds just those three aces), with the type's cards of each: an open-suit card of
    such a rank (``AAA``, suits left open) can only be one of them. Built once per type."""
    found: dict[str, Counter[Card]] | None = t.memo.get("whole ranks")
    if found is None:
        p: ExactParams = t.params
        named: dict[str, Counter[Card]] = {}
        for card, n in p.exact:
            if card.suit is not None:
                named.setdefault(card.rank, Counter())[card] += n
        deck = rs.deck_counts
        found = {}
        for rank, cards in named.items():
            if cards == Counter({c: n for c, n in deck.items() if c.rank == rank}):
                found[rank] = cards
        t.memo["whole ranks"] = found
    return found


def _open_cards(rs: Ruleset, hv: HandView, t: TypeInfo) -> tuple[Card, ...] | None:
    """The hand's cards that make ``t`` when some of them are open-suit cards of a rank the
    type takes whole (see ``_whole_ranks``), else None."""
    whole = _whole_ranks(rs, t)
    if not whole or not any(c.suit is None and c.rank in whole for c in hv.card_counts):
        return None
    held = hv.card_counts
    picked: list[Card] = []
    for card, n in t.params.exact:
        if card.rank in whole:
            continue
        if held[card] < n:
            return None
        picked += [card] * n
    for rank, named in whole.items():
        mine = [c for c in hv.cards if c.rank == rank]
        if len(mine) < named.total():
            return None
        picked += mine[: named.total()]
    return tuple(rs.sort_cards(picked))


def _holds(hv: HandView, p: ExactParams) -> bool:
    if p.exact_ranks is None:
        return all(hv.card_counts[c] >= n for c, n in p.exact)
    counts = hv.counts
    for r, n in p.exact_ranks[0]:
        if counts[r] < n:
            return False
    if p.exact_ranks[1]:
        named = hv.wild_names
        return all(named.get(name, 0) >= n for name, n in p.exact_ranks[1])
    return True


def match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """The reading of exactly ``cards`` as ``t`` (wild-card limits do not apply)."""
    p: ExactParams = t.params
    if Counter(cards) == Counter(dict(p.exact)) or _open_match(rs, t, cards):
        held = Counter(rs.rank_index[c.rank] for c in cards if not rs.is_wild(c))
        yield Play(t, cards, (), tuple(sorted(held.items())))


def _open_match(rs: Ruleset, t: TypeInfo, cards: tuple[Card, ...]) -> bool:
    """Whether ``cards``, some of them open-suit cards of ranks the type takes whole (see
    ``_whole_ranks``), are the type's cards: each such rank as many cards as the type names,
    those with a suit among the named ones, and every other card exactly as named."""
    whole = _whole_ranks(rs, t)
    if not whole or not any(c.suit is None and c.rank in whole for c in cards):
        return False
    rest = Counter({c: n for c, n in t.params.exact if c.rank not in whole})
    if Counter(c for c in cards if c.rank not in whole) != rest:
        return False
    for rank, named in whole.items():
        mine = [c for c in cards if c.rank == rank]
        if len(mine) != named.total() or not Counter(c for c in mine if c.suit is not None) <= named:
            return False
    return True


def _contains(p: ExactParams, tables: RankTables) -> ContainsFn:
    need: Counter[int] = Counter()
    for card, n in p.exact:
        r = tables.rank_index.get(card.rank)
        if r is None:
            return lambda kick: False
        need[r] += n
    items = tuple(need.items())
    if all(n == 1 for _, n in items):
        ranks = frozenset(need)
        return lambda kick: ranks.issubset([r for r, _ in kick])
    return lambda kick: all(dict(kick).get(r, 0) >= n for r, n in items)


def _needs(p: ExactParams) -> frozenset[int] | None:
    if p.exact_ranks is not None and not p.exact_ranks[1]:
        return frozenset(r for r, _ in p.exact_ranks[0])
    return None


def _held_ranks(p: ExactParams) -> tuple[tuple[int, ...], bool]:
    """The natural ranks of the cards (when no suit is named), none of which a wild card fills."""
    return (tuple(r for r, _ in p.exact_ranks[0]) if p.exact_ranks is not None else ()), False


def _exclusive(p: ExactParams, tables: RankTables) -> tuple[str, ...] | None:
    if all(tables.is_wild(c) for c, _ in p.exact):
        return tuple(sorted(str(c) for c, n in p.exact for _ in range(n)))
    return None


def _seat_count(t: TypeInfo, ask: Ask, deck: DeckCounts) -> int | None:
    """Hands holding the cards (wild cards count only as themselves here)."""
    if ask.whole_hand or t.kickers is not None:
        return None
    need = Counter(dict(t.params.exact))
    factors: list[Poly] = []
    used = 0
    for card, m in need.items():
        if card.suit is None and not card.is_joker and any(o.rank == card.rank and o is not card for o in need):
            return None  # a rank named both with and without a suit: the copies overlap
        c = deck.copies_of(card)
        used += c
        factors.append(choose_poly(c, at_least(m)))
    factors.append(any_of(deck.n_cards - used))
    return coef(prod(factors, deck.k), deck.k)


def _any_seat(t: TypeInfo, ask: Ask, deck: DeckCounts, p_seat: Fraction) -> tuple[Fraction, str] | None:
    """When some card is needed more than half its copies, no two seats can hold the type."""
    if ask.whole_hand:
        return None
    for card, m in t.params.exact:
        if 2 * m > deck.copies_of(card):
            return deck.players * p_seat, "excl"
    return None


def _seat_formula(t: TypeInfo, ask: Ask, deck: DeckCounts, count: int) -> str | None:
    """``C(N-m, k-m)`` when the type takes every copy of its cards: the rest of the hand is free."""
    if ask.whole_hand:
        return None
    copies = [(deck.copies_of(card), m) for card, m in t.params.exact]
    if all(c == m for c, m in copies):
        m = sum(m for _, m in copies)
        return f"C({deck.n_cards - m},{deck.k - m})"
    return None


def _describe(spec: HandType, say: Describer) -> list[list[Any]]:
    assert spec.cards is not None
    return [[say.text(say.s("shape.cards")), say.cards(parse_cards(" ".join(spec.cards)))]]


SHAPE = register(
    Shape(
        key="cards",
        compile=_compile,
        generate=generate,
        match=match,
        contains=_contains,
        describe=_describe,
        phrases={"shape.cards": ("正好是这些牌：", "Exactly these cards: ")},
        needs=_needs,
        held_ranks=_held_ranks,
        exclusive_wilds=_exclusive,
        wild_limits=False,
        named_cards=True,
        seat_count=_seat_count,
        any_seat=_any_seat,
        seat_formula=_seat_formula,
    )
)
