"""Reading given cards: every way the whole set of cards forms a hand type.

This is a checker, written independently of the generator (it tests shapes against the cards
rather than enumerating from a hand), so the brute-force property "legal plays = every
sub-multiset classified and filtered by beats" compares two different pieces of code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from paixing.hands.compile import Ruleset, TypeInfo
from paixing.hands.generate import kicker_allowed
from paixing.hands.play import Play
from paixing.hands.view import HandView
from paixing.rules.cards import Card


def classify(rs: Ruleset, cards: Iterable[Card]) -> list[Play]:
    """Every reading of exactly these cards, in hand-type order."""
    hv = HandView(rs, cards)
    cards_t = tuple(rs.sort_cards(hv.cards))
    if not cards_t:
        return []
    readings: list[Play] = []
    names = tuple(sorted(str(c) for c in cards_t))
    exclusive = hv.n_wild == len(cards_t) and names in rs.exclusive_wild_sets
    seen: set[tuple[object, ...]] = set()
    for t in rs.types:
        if exclusive and t.shape != "cards":
            continue
        for play in _match(rs, hv, t, cards_t):
            if play.identity not in seen:
                seen.add(play.identity)
                readings.append(play)
    return readings


def _match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    if t.shape == "cards":
        if Counter(cards) == Counter({c: n for c, n in t.exact}):
            held = Counter(rs.rank_index[c.rank] for c in cards if not rs.is_wild(c))
            yield Play(rs, t, cards, (), tuple(sorted(held.items())))
        return
    W = hv.n_wild
    if W and (t.wmin > W or t.wmax < W):
        return
    if not W and t.wmin:
        return
    nat = {r: c for r, c in enumerate(hv.counts) if c}
    n_nat = sum(nat.values())
    if n_nat < t.min_natural:
        return
    if t.kickers is not None:
        if W == 0:
            yield from _match_with_kickers(rs, hv, t, cards, nat)
        return
    if t.shape == "group":
        yield from _match_group(rs, t, cards, nat, W)
    elif t.shape == "chain":
        yield from _match_chain(rs, t, cards, nat, W)
    elif t.shape == "set":
        yield from _match_set(rs, t, cards, nat, W)
    elif W == 0 and len(cards) == t.distinct and all(c == 1 for c in nat.values()):
        items = tuple(sorted(nat.items()))
        yield Play(rs, t, cards, items, items)


def _match_group(rs: Ruleset, t: TypeInfo, cards: tuple[Card, ...], nat: dict[int, int], W: int) -> Iterator[Play]:
    n = len(cards)
    if not (t.gmin <= n <= t.gmax):
        return
    if not nat:
        if rs.alone_as >= 0:
            yield Play(rs, t, cards, ((rs.alone_as, n),), (), (rs.alone_as,) * n)
        return
    if len(nat) == 1:
        ((r, c),) = nat.items()
        yield Play(rs, t, cards, ((r, n),), ((r, c),), (r,) * W)


def _match_chain(rs: Ruleset, t: TypeInfo, cards: tuple[Card, ...], nat: dict[int, int], W: int) -> Iterator[Play]:
    if not nat:
        return
    positions = [rs.seq_pos[r] for r in nat]
    if min(positions) < 0:
        return
    lo, hi = min(positions), max(positions)
    S = len(rs.seq)
    n = len(cards)
    for k in range(max(t.kmin, hi - lo + 1), min(t.kmax, S) + 1):
        for start in range(max(0, hi - k + 1), min(lo, S - k) + 1):
            pos = rs.seq[start : start + k]
            have = [nat.get(r, 0) for r in pos]
            if t.same_size:
                if n % k:
                    continue
                s = n // k
                if not (t.gmin <= s <= t.gmax) or max(have) > s:
                    continue
                sizes = [s] * k
                yield _chain_play(rs, t, cards, pos, sizes, have)
            else:
                for sizes in _sizes(have, W, t.gmin, t.gmax):
                    yield _chain_play(rs, t, cards, pos, sizes, have)


def _sizes(have: list[int], W: int, gmin: int, gmax: int) -> Iterator[list[int]]:
    """Group sizes s_i ≥ have_i within [gmin, gmax] that use exactly W wild cards."""
    k = len(have)
    out = [0] * k

    def rec(i: int, left: int) -> Iterator[list[int]]:
        if i == k:
            if left == 0:
                yield list(out)
            return
        for x in range(0, left + 1):
            s = have[i] + x
            if s > gmax:
                break
            if s < gmin:
                continue
            out[i] = s
            yield from rec(i + 1, left - x)

    yield from rec(0, W)


def _chain_play(rs: Ruleset, t: TypeInfo, cards: tuple[Card, ...], pos: tuple[int, ...], sizes: list[int], have: list[int]) -> Play:
    wild_as: list[int] = []
    for r, s, h in zip(pos, sizes, have, strict=True):
        wild_as.extend([r] * (s - h))
    naturals = tuple((r, h) for r, h in zip(pos, have, strict=True) if h)
    return Play(rs, t, cards, tuple(zip(pos, sizes, strict=True)), naturals, tuple(wild_as))


def _match_set(rs: Ruleset, t: TypeInfo, cards: tuple[Card, ...], nat: dict[int, int], W: int) -> Iterator[Play]:
    ranks = t.set_ranks
    if len(cards) != len(ranks) or any(r not in ranks or c != 1 for r, c in nat.items()) or not nat:
        return
    missing = tuple(r for r in ranks if r not in nat)
    naturals = tuple(sorted((r, 1) for r in nat))
    groups = tuple((r, 1) for r in ranks)
    suits = [c.suit for c in cards if not rs.is_wild(c)]
    one_suit = None not in suits and len(set(suits)) == 1
    if t.suits == "same":
        if one_suit:
            yield Play(rs, t, cards, groups, naturals, missing, rs.suit_rank[suits[0]])
    elif t.suits == "mixed":
        if not one_suit:
            yield Play(rs, t, cards, groups, naturals, missing)
    else:
        yield Play(rs, t, cards, groups, naturals, missing)


def _match_with_kickers(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...], nat: dict[int, int]) -> Iterator[Play]:
    spec = t.kickers
    assert spec is not None
    n = len(cards)
    counts = hv.counts
    naturals = tuple(sorted(nat.items()))
    if t.shape == "group":
        cores: list[tuple[tuple[int, ...], int, int]] = [
            ((r,), s, -1) for r in nat for s in range(t.gmin, min(t.gmax, nat[r]) + 1)
        ]
    else:
        S = len(rs.seq)
        cores = []
        for k in range(t.kmin, t.kmax + 1):
            for s in range(t.gmin, t.gmax + 1):
                for start in range(0, S - k + 1):
                    pos = rs.seq[start : start + k]
                    if all(counts[r] >= s for r in pos):
                        cores.append((pos, s, start))
    for pos, s, start in cores:
        k = len(pos)
        units = k if spec.count == "per_group" else spec.count
        if s * k + units * spec.size != n:
            continue
        rem = list(counts)
        for r in pos:
            rem[r] -= s
        if spec.other_ranks and any(rem[r] for r in pos):
            continue
        kick = tuple((r, c) for r, c in enumerate(rem) if c)
        if spec.size == 2 and any(c % 2 for _, c in kick):
            continue
        if spec.distinct_ranks and any(c != spec.size for _, c in kick):
            continue
        if not kicker_allowed(rs, t, kick, start, k, s):
            continue
        yield Play(rs, t, cards, tuple((r, s) for r in pos), naturals)
