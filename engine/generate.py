"""Legal-play generation on rank-count vectors.

Each shape enumerates what it can build from the counts (and the wild cards), and only then
picks concrete cards. Cards of one rank are interchangeable, so a play is enumerated once per
(type, core, natural ranks used, reading); suits are enumerated only for one-suit sets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from paixing.rules.cards import Card

from .hand import HandView
from .play import Play
from .ruleset import Ruleset, TypeInfo


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None) -> Iterator[Play]:
    """Every play of type ``t`` the hand can make (of ``length`` cards when given)."""
    if t.shape == "group":
        return _gen_group(rs, hv, t, length)
    if t.shape == "chain":
        return _gen_chain(rs, hv, t, length)
    if t.shape == "set":
        return _gen_set(rs, hv, t, length)
    if t.shape == "cards":
        return _gen_exact(rs, hv, t, length)
    return _gen_distinct(rs, hv, t, length)


def kicker_cards(t: TypeInfo, groups: int) -> int:
    """How many cards the kickers of one play of ``t`` hold, for a core of ``groups`` groups."""
    k = t.kickers
    if k is None:
        return 0
    units = groups if k.count == "per_group" else k.count
    return units * k.size


# ---------------------------------------------------------------------------------- groups
def _gen_group(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:
    counts, by_rank, wilds = hv.counts, hv.by_rank, hv.wilds
    W = min(len(wilds), t.wmax)
    kick = kicker_cards(t, 1)
    for r, c in enumerate(counts):
        if c == 0:
            continue
        for s in range(t.gmin, min(t.gmax, c + W) + 1):
            if length is not None and s + kick != length:
                continue
            for u in range(max(1, s - W, t.min_natural), min(c, s - t.wmin) + 1):
                w = s - u
                core = tuple(by_rank[r][:u]) + tuple(wilds[:w])
                if t.kickers is not None:
                    yield from _with_kickers(rs, hv, t, ((r, s),), {r: u}, core, -1, 1, s)
                else:
                    yield Play(rs, t, core, ((r, s),), ((r, u),), (r,) * w)
    if wilds and t.min_natural == 0 and t.kickers is None and rs.alone_as >= 0:
        r = rs.alone_as
        for s in range(max(t.gmin, t.wmin, 1), min(t.gmax, W) + 1):
            if length is not None and s != length:
                continue
            cards = tuple(wilds[:s])
            if tuple(sorted(str(c) for c in cards)) in rs.exclusive_wild_sets:
                continue
            yield Play(rs, t, cards, ((r, s),), (), (r,) * s)


# ---------------------------------------------------------------------------------- chains
def _spreads(caps: list[int], need: list[int], budget: int) -> Iterator[tuple[int, ...]]:
    """Ways to take u_i naturals at each position: need_i ≤ ... no: u_i ≤ caps_i and the wilds
    used, sum(size_i - u_i), within ``budget``. ``need`` holds each position's size."""
    k = len(caps)
    base = sum(n - c for n, c in zip(need, caps, strict=True))
    if base > budget:
        return
    spare = budget - base
    if spare == 0:
        yield tuple(caps)
        return
    u = list(caps)

    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == k:
            yield tuple(u)
            return
        for e in range(0, min(caps[i], left) + 1):
            u[i] = caps[i] - e
            yield from rec(i + 1, left - e)
        u[i] = caps[i]

    yield from rec(0, spare)


def _gen_chain(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:
    counts, by_rank, wilds = hv.counts, hv.by_rank, hv.wilds
    seq = rs.seq
    S = len(seq)
    W = min(len(wilds), t.wmax)
    seq_counts = [counts[r] for r in seq]
    for k in range(t.kmin, min(t.kmax, S) + 1):
        kick = kicker_cards(t, k)
        for start in range(0, S - k + 1):
            cs = seq_counts[start : start + k]
            top = max(cs)
            if top == 0:
                continue
            pos = seq[start : start + k]
            if t.same_size:
                for s in range(t.gmin, min(t.gmax, top + W) + 1):
                    if length is not None and s * k + kick != length:
                        continue
                    sizes = [s] * k
                    caps = [c if c < s else s for c in cs]
                    if W == 0:
                        if caps == sizes:
                            yield from _emit_chain(rs, hv, t, pos, sizes, caps, start)
                        continue
                    if sum(s - c for c in caps) > W:
                        continue
                    for u in _spreads(caps, sizes, W):
                        yield from _emit_chain(rs, hv, t, pos, sizes, list(u), start)
            else:
                for sizes_t in product(*(range(t.gmin, min(t.gmax, c + W) + 1) for c in cs)):
                    sizes = list(sizes_t)
                    if length is not None and sum(sizes) + kick != length:
                        continue
                    caps = [min(c, s) for c, s in zip(cs, sizes, strict=True)]
                    for u in _spreads(caps, sizes, W):
                        yield from _emit_chain(rs, hv, t, pos, sizes, list(u), start)
    del by_rank


def _emit_chain(
    rs: Ruleset, hv: HandView, t: TypeInfo, pos: tuple[int, ...], sizes: list[int], u: list[int], start: int
) -> Iterator[Play]:
    nat = sum(u)
    w = sum(sizes) - nat
    if nat < max(1, t.min_natural) or w < t.wmin:
        return
    by_rank = hv.by_rank
    cards: list[Card] = []
    wild_as: list[int] = []
    for r, s, n in zip(pos, sizes, u, strict=True):
        cards.extend(by_rank[r][:n])
        wild_as.extend([r] * (s - n))
    groups = tuple(zip(pos, sizes, strict=True))
    if w:
        cards.extend(hv.wilds[:w])
    if t.kickers is not None:
        yield from _with_kickers(rs, hv, t, groups, dict(zip(pos, u, strict=True)), tuple(cards), start, len(pos), sizes[0])
        return
    naturals = tuple((r, n) for r, n in zip(pos, u, strict=True) if n)
    yield Play(rs, t, tuple(cards), groups, naturals, tuple(wild_as))


# ---------------------------------------------------------------------------------- kickers
def _with_kickers(
    rs: Ruleset,
    hv: HandView,
    t: TypeInfo,
    groups: tuple[tuple[int, int], ...],
    used: dict[int, int],
    core: tuple[Card, ...],
    start: int,
    k: int,
    s: int,
) -> Iterator[Play]:
    spec = t.kickers
    assert spec is not None
    units = k if spec.count == "per_group" else spec.count
    counts = hv.counts
    rem = [c - used.get(r, 0) for r, c in enumerate(counts)]
    for kick in kicker_sets(rs, t, rem, {r for r, _ in groups}, units, start, k, s):
        cards = list(core)
        natural = dict(used)
        for r, n in kick:
            u0 = used.get(r, 0)
            cards.extend(hv.by_rank[r][u0 : u0 + n])
            natural[r] = natural.get(r, 0) + n
        yield Play(rs, t, tuple(rs.sort_cards(cards)), groups, tuple(sorted((r, n) for r, n in natural.items() if n)))


def kicker_sets(
    rs: Ruleset, t: TypeInfo, rem: list[int], core_ranks: set[int], units: int, start: int, k: int, s: int
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every allowed kicker multiset, as ((rank, cards), …), from the remaining counts."""
    spec = t.kickers
    assert spec is not None
    size = spec.size
    eligible = [
        r for r, c in enumerate(rem) if c >= size and not (spec.other_ranks and r in core_ranks)
    ]
    caps = [1 if spec.distinct_ranks else rem[r] // size for r in eligible]
    chosen: list[tuple[int, int]] = []

    def rec(i: int, left: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if left == 0:
            yield tuple(chosen)
            return
        if i == len(eligible):
            return
        for n in range(min(caps[i], left), -1, -1):
            if n:
                chosen.append((eligible[i], n * size))
            yield from rec(i + 1, left - n)
            if n:
                chosen.pop()

    for kick in rec(0, units):
        if kicker_allowed(rs, t, kick, start, k, s):
            yield kick


def kicker_allowed(rs: Ruleset, t: TypeInfo, kick: tuple[tuple[int, int], ...], start: int, k: int, s: int) -> bool:
    """The constraints on kickers taken together: no forbidden type inside, no longer chain."""
    spec = t.kickers
    assert spec is not None
    if spec.no_longer_chain and t.shape == "chain":
        seq = rs.seq
        for p in (start - 1, start + k):
            if 0 <= p < len(seq):
                for r, n in kick:
                    if r == seq[p] and n >= s:
                        return False
    for other in t.may_not_contain:
        if contains_type(rs, rs.types[other], kick):
            return False
    return True


def contains_type(rs: Ruleset, t: TypeInfo, kick: tuple[tuple[int, int], ...]) -> bool:
    """Whether natural cards counted as ``kick`` hold some play of type ``t``."""
    counts = dict(kick)
    if t.shape == "group":
        return any(n >= t.gmin for n in counts.values())
    if t.shape == "cards":
        need: Counter[int] = Counter()
        for card, n in t.exact:
            r = rs.rank_index.get(card.rank)
            if r is None:
                return False
            need[r] += n
        return all(counts.get(r, 0) >= n for r, n in need.items())
    if t.shape == "set":
        return all(counts.get(r, 0) >= 1 for r in t.set_ranks)
    if t.shape == "chain":
        run = 0
        for r in rs.seq:
            run = run + 1 if counts.get(r, 0) >= t.gmin else 0
            if run >= t.kmin:
                return True
        return False
    return sum(1 for n in counts.values() if n) >= t.distinct


# ---------------------------------------------------------------------------------- sets
def _gen_set(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:
    ranks = t.set_ranks
    m = len(ranks)
    if length is not None and length != m:
        return
    W = min(hv.n_wild, t.wmax)
    counts, by_rank = hv.counts, hv.by_rank
    suit_names = rs.variant.ranks.suits
    for mask in product((True, False), repeat=m):
        nat = [r for r, take in zip(ranks, mask, strict=True) if take]
        missing = tuple(r for r, take in zip(ranks, mask, strict=True) if not take)
        w = len(missing)
        if w > W or w < t.wmin or len(nat) < max(1, t.min_natural):
            continue
        if any(counts[r] == 0 for r in nat):
            continue
        wild_cards = tuple(hv.wilds[:w])
        naturals = tuple((r, 1) for r in nat)
        groups = tuple((r, 1) for r in ranks)
        if t.suits == "any":
            cards = tuple(by_rank[r][0] for r in nat) + wild_cards
            yield Play(rs, t, cards, groups, naturals, missing)
        elif t.suits == "same":
            for si, suit in enumerate(suit_names):
                picked = []
                for r in nat:
                    card = next((c for c in by_rank[r] if c.suit == suit), None)
                    if card is None:
                        break
                    picked.append(card)
                else:
                    yield Play(rs, t, tuple(picked) + wild_cards, groups, naturals, missing, si)
        else:
            options = [list(dict.fromkeys(by_rank[r])) for r in nat]
            for choice in product(*options):
                suits = [c.suit for c in choice]
                if None in suits or len(set(suits)) > 1:
                    yield Play(rs, t, tuple(choice) + wild_cards, groups, naturals, missing)
                    break


# ---------------------------------------------------------------------------------- exact cards
def _gen_exact(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:
    total = sum(n for _, n in t.exact)
    if length is not None and length != total:
        return
    have = Counter(hv.cards)
    if all(have[c] >= n for c, n in t.exact):
        cards = tuple(rs.sort_cards([c for c, n in t.exact for _ in range(n)]))
        naturals = Counter(rs.rank_index[c.rank] for c in cards if not rs.is_wild(c))
        yield Play(rs, t, cards, (), tuple(sorted(naturals.items())))


def _gen_distinct(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:
    from itertools import combinations

    if length is not None and length != t.distinct:
        return
    present = [r for r, c in enumerate(hv.counts) if c]
    for combo in combinations(present, t.distinct):
        cards = tuple(hv.by_rank[r][0] for r in combo)
        yield Play(rs, t, cards, tuple((r, 1) for r in combo), tuple((r, 1) for r in combo))
