"""The odds of dealt-hand events that a book prints.

Exact where the event's shape gives a formula (``Shape.seat_count``, ``any_seat``,
``seat_formula``: hands of k cards counted by products of per-rank polynomials, see
hands/shapes/counting.py; "some seat" by inclusion–exclusion over seats or because no two seats
can hold it). Otherwise, and for every shape that gives none, a Monte Carlo estimate over the engine's own ``holdings``, labelled with its sample size and seed
(``MC_DEALS``, ``MC_SEED``) so it can be reproduced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from paixing.game.dealt import holdings
from paixing.hands.ruleset import Ruleset, TypeInfo
from paixing.hands.shapes import SHAPES, Shape
from paixing.hands.shapes.counting import Ask, RankTest, deck_counts
from paixing.hands.shapes.counting import Poly as Poly  # the package exports it from here
from paixing.rules.cards import Card
from paixing.rules.hand_rules import DealtEvent

MC_DEALS = 10_000
"""Deals sampled when an event's odds have no exact formula here."""
MC_SEED = 20240601
"""Seed of those samples, printed beside every estimate so it can be reproduced."""


@dataclass(frozen=True)
class Odds:
    """The chance of one dealt-hand event, for one given seat and for some seat."""

    event: DealtEvent
    seat: float
    seat_exact: bool
    seat_formula: str | None
    """The exact count of hands over C(deck, k), as ``count / C(N,k)``, when printable."""
    any_seat: float
    any_method: str
    """``zero``; ``ie`` (exact, inclusion–exclusion over seats); ``excl`` (exact: no two seats
    can hold it); ``overlap`` (n × exact one-seat odds less an estimated overlap); ``mc``."""
    holders: int = 0
    """Monte Carlo: seats holding it, summed over the sampled deals."""
    any_hits: int = 0
    """Monte Carlo: deals where some seat holds it."""
    overlap: int = 0
    """Monte Carlo: holders beyond the first, summed over the deals."""


def _rank_copies(rs: Ruleset) -> tuple[list[int], int]:
    """Copies in the deck of each natural rank (by rank index), and of wild cards."""
    counts = deck_counts(rs, 0)
    return list(counts.per), counts.wild


def _rank_test(rs: Ruleset, event: DealtEvent, by_id: dict[str, DealtEvent], seen: frozenset[str] = frozenset()) -> RankTest | None:
    """For an event on a type held rank by rank (``Shape.rank_test``): which counts of a rank
    make it count (``not_with`` events, when both count per rank, take their ranks first);
    None otherwise."""
    t = rs.type_by_id[event.hand_type]
    own = SHAPES[t.shape].rank_test(t)
    if own is None or event.id in seen:
        return None
    excluded: list[RankTest] = []
    if event.per_rank:
        for oid in event.not_with:
            other = by_id.get(oid)
            if other is None or not other.per_rank or other.effect != "reward" or event.effect != "reward":
                continue
            fn = _rank_test(rs, other, by_id, seen | {event.id})
            if fn is None:
                return None
            excluded.append(fn)
    return lambda j: own(j) and not any(f(j) for f in excluded)


def _ask(rs: Ruleset, event: DealtEvent) -> Ask:
    by_id = {e.id: e for e in (rs.variant.game.dealt_events if rs.variant.game else [])}
    return Ask(event.match == "whole_hand", event.per_rank and bool(event.not_with), _rank_test(rs, event, by_id))


def _shape_of(rs: Ruleset, event: DealtEvent) -> tuple[Shape, TypeInfo]:
    t = rs.type_by_id[event.hand_type]
    return SHAPES[t.shape], t


def seat_count(rs: Ruleset, event: DealtEvent, k: int) -> int | None:
    """How many k-card hands (of the deck's physical cards) trigger ``event``; None when its
    shape has no exact formula for it (then the odds are estimated)."""
    shape, t = _shape_of(rs, event)
    return shape.seat_count(t, _ask(rs, event), deck_counts(rs, k))


def any_seat_exact(rs: Ruleset, event: DealtEvent, k: int, p_seat: Fraction) -> tuple[Fraction, str] | None:
    """P(some seat holds the event) when its shape can compute it exactly."""
    if p_seat == 0:
        return Fraction(0), "zero"
    shape, t = _shape_of(rs, event)
    return shape.any_seat(t, _ask(rs, event), deck_counts(rs, k), p_seat)


def _claimed(rs: Ruleset, e: DealtEvent, hands: Sequence[Sequence[Card]], by_id: dict[str, DealtEvent], memo: dict[str, dict[int, set[int]]]) -> dict[int, set[int]]:
    """The engine's ``holdings`` for one event, with the ranks it yields to others removed as
    ``dealt.rewards`` does: seat → ranks counted (a seat holding it without ranks maps to {-1})."""
    if e.id in memo:
        return memo[e.id]
    shared: dict[int, set[int]] = {}
    if e.effect == "reward":
        for oid in e.not_with:
            other = by_id.get(oid)
            if other is not None and other.effect == "reward":
                for seat, ranks in _claimed(rs, other, hands, by_id, memo).items():
                    shared.setdefault(seat, set()).update(r for r in ranks if r >= 0)
    mine = {s: set(r) for s, r in shared.items()}
    found: dict[int, set[int]] = {}
    # holdings skips, by the count vector, a hand that cannot hold a group or chain shape
    for h in holdings(rs, e, hands, mine):
        found[h.seat] = (mine.get(h.seat, set()) - shared.get(h.seat, set())) if e.per_rank else {-1}
    memo[e.id] = found
    return found


def monte_carlo(rs: Ruleset, events: Sequence[DealtEvent], k: int, deals: int = MC_DEALS, seed: int = MC_SEED) -> dict[str, tuple[int, int, int]]:
    """Deal ``deals`` random hands (the engine's deck, ``k`` cards a seat) and count, per event,
    by the engine's ``holdings``: seats holding it, deals where some seat holds it, and holders
    beyond the first."""
    assert rs.variant.game is not None
    n = rs.variant.players
    by_id = {e.id: e for e in rs.variant.game.dealt_events}
    rng = random.Random(seed)
    deck = rs.deck()
    counts = {e.id: [0, 0, 0] for e in events}
    for _ in range(deals):
        rng.shuffle(deck)
        hands = [deck[i * k : (i + 1) * k] for i in range(n)]
        memo: dict[str, dict[int, set[int]]] = {}
        for e in events:
            held = len(_claimed(rs, e, hands, by_id, memo))
            c = counts[e.id]
            c[0] += held
            c[1] += held > 0
            c[2] += max(0, held - 1)
    return {eid: (a, b, c) for eid, (a, b, c) in counts.items()}


def seat_formula(rs: Ruleset, event: DealtEvent, k: int, count: int) -> str:
    """The numerator of the one-seat odds as a formula where one reads off the shape."""
    shape, t = _shape_of(rs, event)
    return shape.seat_formula(t, _ask(rs, event), deck_counts(rs, k), count) or _power(count)


def event_odds(rs: Ruleset, k: int) -> tuple[Odds, ...]:
    """Odds of every dealt-hand event of the variant with ``k`` cards a seat."""
    game = rs.variant.game
    if game is None:
        return ()
    n = rs.variant.players
    n_cards = len(rs.deck())
    total = comb(n_cards, k)
    exact: dict[str, tuple[Fraction, str, tuple[Fraction, str] | None]] = {}
    need_mc: list[DealtEvent] = []
    for e in game.dealt_events:
        count = seat_count(rs, e, k)
        if count is None:
            need_mc.append(e)
            continue
        p = Fraction(count, total)
        formula = seat_formula(rs, e, k, count)
        anyp = any_seat_exact(rs, e, k, p)
        exact[e.id] = (p, f"{formula} / C({n_cards},{k})", anyp)
        if anyp is None:
            need_mc.append(e)
    hits = monte_carlo(rs, need_mc, k) if need_mc else {}
    out: list[Odds] = []
    for e in game.dealt_events:
        if e.id not in exact:
            holders, any_hits, overlap = hits[e.id]
            out.append(Odds(e, holders / (n * MC_DEALS), False, None, any_hits / MC_DEALS, "mc", holders, any_hits, overlap))
            continue
        p, formula, anyp = exact[e.id]
        if anyp is not None:
            out.append(Odds(e, float(p), True, formula, float(anyp[0]), anyp[1]))
            continue
        holders, any_hits, overlap = hits[e.id]
        estimate = n * p - Fraction(overlap, MC_DEALS)
        out.append(Odds(e, float(p), True, formula, float(estimate), "overlap", holders, any_hits, overlap))
    return tuple(out)


def format_prob(p: float) -> str:
    """A probability printed the same way in every book: 4 significant digits."""
    if p == 0:
        return "0"
    if p >= 0.01:
        return f"{p:.4f}"
    return f"{p:.4e}"


def _power(n: int) -> str:
    """``n`` as b^e (e >= 3, the largest such base up to 64) when it is one, else the integer."""
    for b in range(64, 1, -1):
        e, m = 0, n
        while m > 1 and m % b == 0:
            m //= b
            e += 1
        if m == 1 and e >= 3:
            return f"{b}^{e}"
    return str(n)
