"""Exact counting of dealt hands, for the odds a rulebook prints: what a shape's ``seat_count``,
``any_seat`` and ``seat_formula`` (see base.py) are given and the polynomials they multiply.

A k-card hand is counted as the coefficient of x^k in a product of per-rank (or per-card)
polynomials: entry j of a rank's polynomial is the number of ways to hold j of its copies that
the condition allows. This module lives in the hand-type layer so each shape can own its
formula; the rulebook (above) only asks the shape, and falls back to a labelled Monte Carlo
estimate when the shape has no formula.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from math import comb

from paixing.hands.ruleset import Ruleset, TypeInfo
from paixing.rules.cards import Card

Poly = list[int]
"""Coefficients of a polynomial in x, entry j the ways to hold j cards."""

RankTest = Callable[[int], bool]
"""Which counts of one rank's cards (in one hand) count."""


def mul(a: Poly, b: Poly, k: int) -> Poly:
    """The product of ``a`` and ``b``, truncated above x^k (no hand holds more)."""
    out = [0] * (min(len(a) + len(b) - 1, k + 1))
    for i, x in enumerate(a):
        if not x or i > k:
            continue
        for j, y in enumerate(b):
            if i + j > k:
                break
            out[i + j] += x * y
    return out


def prod(polys: Iterable[Poly], k: int) -> Poly:
    """The product of ``polys``, truncated above x^k."""
    out: Poly = [1]
    for p in polys:
        out = mul(out, p, k)
    return out


def add(a: Poly, b: Poly) -> Poly:
    """The sum of two polynomials."""
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


def choose_poly(c: int, ok: RankTest) -> Poly:
    """Ways to take j of ``c`` copies, for the j that ``ok`` allows."""
    return [comb(c, j) if ok(j) else 0 for j in range(c + 1)]


def any_of(c: int) -> Poly:
    """Ways to take any number of ``c`` cards."""
    return [comb(c, j) for j in range(c + 1)]


def at_least(m: int) -> RankTest:
    """The counts ``m`` or more."""
    return lambda j: j >= m


def coef(p: Poly, k: int) -> int:
    """The coefficient of x^k."""
    return p[k] if k < len(p) else 0


def falling(c: int, j: int) -> int:
    """c (c-1) … (c-j+1): ways to give one of ``c`` copies to each of ``j`` seats in order."""
    out = 1
    for i in range(j):
        out *= c - i
    return out


@dataclass(frozen=True)
class DeckCounts:
    """The dealt deck as the counts read it, and the question: ``k`` cards a seat."""

    rs: Ruleset
    per: tuple[int, ...]
    """Copies of each natural rank, by rank index."""
    wild: int
    """Copies of wild cards."""
    copies: Mapping[Card, int]
    """Copies of each card."""
    k: int
    """Cards in one seat's hand."""

    @property
    def n_cards(self) -> int:
        """Cards in the deck."""
        return sum(self.per) + self.wild

    @property
    def players(self) -> int:
        """Seats dealt."""
        return self.rs.variant.players

    def free_wild(self) -> Poly:
        """Ways to hold wild cards that play no part."""
        return any_of(self.wild)

    def copies_of(self, card: Card) -> int:
        """Copies of ``card`` in the deck: of its rank when no suit is named (jokers by name)."""
        if card.suit is None and not card.is_joker:
            return self.per[self.rs.rank_index[card.rank]]
        return self.copies.get(card, 0)

    def wild_usable(self, t: TypeInfo) -> bool:
        """Wild cards may take part in a play of ``t`` (then the counts here do not apply)."""
        return self.rs.tables.any_wild and t.wmax > 0


def deck_counts(rs: Ruleset, k: int) -> DeckCounts:
    """The counts of ``rs``'s deck, ``k`` cards a seat."""
    per = [0] * len(rs.ranks)
    wild = 0
    copies = rs.deck_counts
    for card, n in copies.items():
        if card.rank in rs.rank_index:
            per[rs.rank_index[card.rank]] += n
        else:
            wild += n
    return DeckCounts(rs, tuple(per), wild, copies, k)


@dataclass(frozen=True)
class Ask:
    """One dealt-hand event as a shape's odds read it."""

    whole_hand: bool
    """The whole hand must read as the type; otherwise some cards of it must."""
    shares_ranks: bool
    """The event counts per rank and yields ranks to other events (``not_with``)."""
    ranks: RankTest | None
    """For a type held rank by rank (see ``Shape.rank_test``): the counts of one rank that
    count for this event, less those an event taking precedence claims; None otherwise."""


def natural_count(deck: DeckCounts, t: TypeInfo, count: Callable[[Poly], int | None]) -> int | None:
    """``count`` (given the ways to hold the wild cards that play no part) for a type without
    kickers that wild cards cannot fill: None when they can (or it has kickers), 0 when the type
    needs wild cards none may fill."""
    if t.kickers is not None or deck.wild_usable(t):
        return None
    if t.wmin > 0:
        return 0
    return count(deck.free_wild())


def hands_with_rank(deck: DeckCounts, good: RankTest, free_wild: Poly) -> int:
    """Hands holding some rank with a count ``good`` allows: all hands less those where every
    rank's count is one it does not."""
    k = deck.k
    bad = prod((choose_poly(c, lambda j: not good(j)) for c in deck.per), k)
    return comb(deck.n_cards, k) - coef(mul(bad, free_wild, k), k)


def with_run(deck: DeckCounts, ask: Ask, g: int, window: int, free_wild: Poly) -> int | None:
    """Hands holding ``window`` consecutive sequence ranks, each at least ``g`` times (None
    when the event shares ranks with another, or a rank sits at both ends of the sequence)."""
    if ask.shares_ranks or deck.rs.tables.wrap:
        return None
    if window > len(deck.rs.seq):
        return 0
    return comb(deck.n_cards, deck.k) - no_run(deck, g, window, free_wild)


def no_run(deck: DeckCounts, g: int, window: int, free_wild: Poly) -> int:
    """Hands with no ``window`` consecutive sequence ranks each held at least ``g`` times:
    a walk along the sequence whose state is the current run's length."""
    k, per, seq = deck.k, deck.per, deck.rs.seq
    states: dict[int, Poly] = {0: [1]}
    for r in seq:
        c = per[r]
        good = choose_poly(c, at_least(g))
        bad = choose_poly(c, lambda j: j < g)
        nxt: dict[int, Poly] = {}
        for run, poly in states.items():
            nxt[0] = add(nxt.get(0, [0]), mul(poly, bad, k))
            if run + 1 < window:
                nxt[run + 1] = add(nxt.get(run + 1, [0]), mul(poly, good, k))
        states = nxt
    rest: Poly = [1]
    in_seq = set(seq)
    for r, c in enumerate(per):
        if r not in in_seq:
            rest = mul(rest, any_of(c), k)
    rest = mul(rest, free_wild, k)
    return sum(coef(mul(p, rest, k), k) for p in states.values())
