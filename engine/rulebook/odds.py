"""The odds of dealt-hand events that a book prints.

Exact where the combinatorics allow: hands of k cards counted by products of per-rank
polynomials (groups, chains, distinct ranks, sets, exact cards), and "some seat" by
inclusion–exclusion over seats or because no two seats can hold it. Otherwise a Monte Carlo
estimate over the engine's own ``holdings``, labelled with its sample size and seed
(``MC_DEALS``, ``MC_SEED``) so it can be reproduced.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from paixing.game.dealt import holdings
from paixing.hands.ruleset import Ruleset, TypeInfo
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


Poly = list[int]


def _mul(a: Poly, b: Poly, k: int) -> Poly:
    out = [0] * (min(len(a) + len(b) - 1, k + 1))
    for i, x in enumerate(a):
        if not x or i > k:
            continue
        for j, y in enumerate(b):
            if i + j > k:
                break
            out[i + j] += x * y
    return out


def _prod(polys: Iterable[Poly], k: int) -> Poly:
    out: Poly = [1]
    for p in polys:
        out = _mul(out, p, k)
    return out


def _choose_poly(c: int, ok: Callable[[int], bool]) -> Poly:
    """Ways to take j of ``c`` copies, for the j that ``ok`` allows."""
    return [comb(c, j) if ok(j) else 0 for j in range(c + 1)]


def _at_least(m: int) -> Callable[[int], bool]:
    return lambda j: j >= m


def _coef(p: Poly, k: int) -> int:
    return p[k] if k < len(p) else 0


def _rank_copies(rs: Ruleset) -> tuple[list[int], int]:
    """Copies in the deck of each natural rank (by rank index), and of wild cards."""
    per = [0] * len(rs.ranks)
    wild = 0
    for card, n in rs.deck_counts.items():
        if card.rank in rs.rank_index:
            per[rs.rank_index[card.rank]] += n
        else:
            wild += n
    return per, wild


def _wild_usable(rs: Ruleset, t: TypeInfo) -> bool:
    return bool(rs.wild_names) and t.wmax > 0


def _good_ranks(rs: Ruleset, event: DealtEvent, by_id: dict[str, DealtEvent], seen: frozenset[str] = frozenset()) -> Callable[[int], bool] | None:
    """For an event on a group type without wild cards: which counts of a rank make it count
    (``not_with`` events, when both count per rank, take their ranks first); None otherwise."""
    t = rs.type_by_id[event.hand_type]
    if t.shape != "group" or t.kickers is not None or _wild_usable(rs, t) or event.id in seen:
        return None
    g = t.needs_group
    excluded: list[Callable[[int], bool]] = []
    if event.per_rank:
        for oid in event.not_with:
            other = by_id.get(oid)
            if other is None or not other.per_rank or other.effect != "reward" or event.effect != "reward":
                continue
            fn = _good_ranks(rs, other, by_id, seen | {event.id})
            if fn is None:
                return None
            excluded.append(fn)
    return lambda j: j >= g and not any(f(j) for f in excluded)


def seat_count(rs: Ruleset, event: DealtEvent, k: int) -> int | None:
    """How many k-card hands (of the deck's physical cards) trigger ``event``; None when this
    module has no exact formula for it (then the odds are estimated)."""
    t = rs.type_by_id[event.hand_type]
    per, wild = _rank_copies(rs)
    n_cards = sum(per) + wild
    by_id = {e.id: e for e in (rs.variant.game.dealt_events if rs.variant.game else [])}
    if event.match == "whole_hand":
        if t.shape != "distinct_ranks":
            return None
        if k != t.params.n:
            return 0
        return _coef(_prod(([1, c] for c in per if c), k), k)
    if t.kickers is not None:
        return None
    if t.shape == "cards":
        need = Counter(dict(t.params.exact))
        copies = rs.deck_counts
        factors: list[Poly] = []
        used = 0
        for card, m in need.items():
            if card.suit is None and not card.is_joker:
                c = per[rs.rank_index[card.rank]]
                if any(o.rank == card.rank and o is not card for o in need):
                    return None
            else:
                c = copies.get(card, 0)
            used += c
            factors.append(_choose_poly(c, _at_least(m)))
        factors.append([comb(n_cards - used, j) for j in range(n_cards - used + 1)])
        return _coef(_prod(factors, k), k)
    if _wild_usable(rs, t):
        return None
    if t.wmin > 0:
        return 0
    free_wild: Poly = [comb(wild, j) for j in range(wild + 1)]
    total = comb(n_cards, k)
    if t.shape == "group":
        good = _good_ranks(rs, event, by_id)
        if good is None:
            return None
        bad = _prod((_choose_poly(c, lambda j: not good(j)) for c in per), k)
        return total - _coef(_mul(bad, free_wild, k), k)
    if t.shape == "chain":
        if event.not_with and event.per_rank:
            return None
        window = t.params.kmin
        if window > len(rs.seq):
            return 0
        return total - _no_run(rs, per, free_wild, t.params.gmin, window, k)
    if t.shape == "distinct_ranks":
        # fewer than d ranks held at all
        d = t.params.n
        states: dict[int, Poly] = {0: [1]}
        for c in per:
            nxt: dict[int, Poly] = {}
            some = [0] + [comb(c, j) for j in range(1, c + 1)]
            for held, poly in states.items():
                nxt[held] = _add(nxt.get(held, [0]), poly)
                if c and held + 1 < d:
                    nxt[held + 1] = _add(nxt.get(held + 1, [0]), _mul(poly, some, k))
            states = nxt
        missing = sum(_coef(_mul(p, free_wild, k), k) for p in states.values())
        return total - missing
    if t.shape == "set":
        set_ranks = t.params.ranks
        if t.suits == "any":
            factors = [_choose_poly(per[r], lambda j: j >= 1) for r in set_ranks]
            rest = n_cards - sum(per[r] for r in set_ranks)
            factors.append([comb(rest, j) for j in range(rest + 1)])
            return _coef(_prod(factors, k), k)
        if t.suits == "same":
            return _suited_sets(rs, t, k)
    return None


def _add(a: Poly, b: Poly) -> Poly:
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


def _no_run(rs: Ruleset, per: list[int], free_wild: Poly, g: int, window: int, k: int) -> int:
    """Hands with no ``window`` consecutive sequence ranks each held at least ``g`` times."""
    states: dict[int, Poly] = {0: [1]}
    for r in rs.seq:
        c = per[r]
        good = _choose_poly(c, lambda j: j >= g)
        bad = _choose_poly(c, lambda j: j < g)
        nxt: dict[int, Poly] = {}
        for run, poly in states.items():
            nxt[0] = _add(nxt.get(0, [0]), _mul(poly, bad, k))
            if run + 1 < window:
                nxt[run + 1] = _add(nxt.get(run + 1, [0]), _mul(poly, good, k))
        states = nxt
    rest: Poly = [1]
    in_seq = set(rs.seq)
    for r, c in enumerate(per):
        if r not in in_seq:
            rest = _mul(rest, [comb(c, j) for j in range(c + 1)], k)
    rest = _mul(rest, free_wild, k)
    return sum(_coef(_mul(p, rest, k), k) for p in states.values())


def _suited_sets(rs: Ruleset, t: TypeInfo, k: int) -> int:
    """Hands holding all the set's ranks in one suit, by inclusion–exclusion over suits."""
    from itertools import combinations

    copies = rs.deck_counts
    n_cards = sum(copies.values())
    suits = list(rs.variant.ranks.suits)
    total = 0
    for size in range(1, len(suits) + 1):
        for chosen in combinations(suits, size):
            need = {Card(rs.ranks[r], s) for r in t.params.ranks for s in chosen}
            factors = [_choose_poly(copies.get(card, 0), lambda j: j >= 1) for card in need]
            rest = n_cards - sum(copies.get(card, 0) for card in need)
            factors.append([comb(rest, j) for j in range(rest + 1)])
            total += (-1) ** (size + 1) * _coef(_prod(factors, k), k)
    return total


def _falling(c: int, j: int) -> int:
    out = 1
    for i in range(j):
        out *= c - i
    return out


def any_seat_exact(rs: Ruleset, event: DealtEvent, k: int, p_seat: Fraction) -> tuple[Fraction, str] | None:
    """P(some seat holds the event) when it can be computed exactly here."""
    n = rs.variant.players
    if p_seat == 0:
        return Fraction(0), "zero"
    t = rs.type_by_id[event.hand_type]
    per, _wild = _rank_copies(rs)
    n_cards = len(rs.deck())
    if event.match == "contains" and t.shape == "cards":
        for card, m in t.params.exact:
            c = per[rs.rank_index[card.rank]] if card.suit is None and not card.is_joker else rs.deck_counts.get(card, 0)
            if 2 * m > c:
                return n * p_seat, "excl"
        return None
    if event.match == "whole_hand" and t.shape == "distinct_ranks" and k == t.params.n:
        held = [c for c in per if c]
        if k != len(held):
            return None  # a hand may skip ranks: no closed form here
        total = Fraction(0)
        deals = 1
        for j in range(1, n + 1):
            deals *= comb(n_cards - (j - 1) * k, k)
            ways = 1
            for c in held:
                ways *= _falling(c, j)
            total += (-1) ** (j + 1) * comb(n, j) * Fraction(ways, deals)
        return total, "ie"
    return None


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
    t = rs.type_by_id[e.hand_type]
    if t.needs_group and e.match == "contains":
        # A play of a group or chain shape holds gmin cards of one rank (wild cards included):
        # a hand without that many cannot hold it, and needs no move generation.
        hands = [h if _may_hold(rs, t, h) else [] for h in hands]
        if not any(hands):
            memo[e.id] = found
            return found
    for h in holdings(rs, e, hands, mine):
        found[h.seat] = (mine.get(h.seat, set()) - shared.get(h.seat, set())) if e.per_rank else {-1}
    memo[e.id] = found
    return found


def _may_hold(rs: Ruleset, t: TypeInfo, hand: Sequence[Card]) -> bool:
    wild = sum(1 for c in hand if rs.is_wild(c)) if t.wmax > 0 else 0
    counts = Counter(c.rank for c in hand if not rs.is_wild(c))
    return max(counts.values(), default=0) + wild >= t.needs_group


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
    t = rs.type_by_id[event.hand_type]
    per, _ = _rank_copies(rs)
    n_cards = len(rs.deck())
    held = [c for c in per if c]
    if event.match == "whole_hand" and t.shape == "distinct_ranks" and k == len(held) and len(set(held)) == 1 and count:
        return f"{held[0]}^{k}"
    if event.match == "contains" and t.shape == "cards":
        copies = [
            (per[rs.rank_index[card.rank]] if card.suit is None and not card.is_joker else rs.deck_counts.get(card, 0), m)
            for card, m in t.params.exact
        ]
        if all(c == m for c, m in copies):
            m = sum(m for _, m in copies)
            return f"C({n_cards - m},{k - m})"
    return _power(count)


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
