"""Legal-play generation on rank-count vectors.

Each shape enumerates what it can build from the counts (and the wild cards), and only then
picks concrete cards. Cards of one rank are interchangeable, so a play is enumerated once per
(type, core, natural ranks used, reading); suits are enumerated only for one-suit sets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations, product

from paixing.hands.compile import BIG, Ruleset, TypeInfo
from paixing.hands.play import Play
from paixing.hands.view import HandView
from paixing.rules.cards import Card


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterable[Play]:
    """Every play of type ``t`` the hand can make (of ``length`` cards when given).

    ``floor`` skips group and chain plays whose ``top`` is below it: when answering a play
    whose key starts with its top, lower plays can never beat it, so they are not built."""
    if t.shape == "group":
        return _gen_group(rs, hv, t, length, floor)
    if t.shape == "chain":
        return _gen_chain(rs, hv, t, length, floor)
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
def _gen_group(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int = -1) -> Iterable[Play]:
    W = min(len(hv.wilds), t.wmax)
    if W == 0 and t.wmin == 0:
        return _natural_groups(rs, hv, t, length, floor)
    return _wild_groups(rs, hv, t, length, floor)


def _natural_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Play]:
    """Groups without wild cards: the common case, built as a list without generator frames."""
    gmin, gmax = t.gmin, t.gmax
    if gmin == gmax and t.kickers is None:
        # n of a kind of one size (single, pair, bomb): one shared core per rank.
        if length is not None and length != gmin:
            return []
        cores = rs.group_cores(gmin)
        return [Play(rs, t, None, cores[r], cores[r], (), -1, hv) for r in hv.held(gmin) if r >= floor]
    spec = t.kickers
    if (
        gmin == gmax
        and spec is not None
        and spec.count == 1
        and spec.other_ranks
        and not t.may_not_contain
        and (length is None or length == gmin + spec.size)
    ):
        # 三带一 / 三带二: one group and one kicker unit of another rank, no kicker rules.
        cores = rs.group_cores(gmin)
        units = rs.group_cores(spec.size)
        kick_ranks = hv.held(spec.size)
        out = []
        for r in hv.held(gmin):
            if r < floor:
                continue
            core = cores[r]
            c0 = core[0]
            out += [
                Play(rs, t, None, core, (units[k][0], c0) if k < r else (c0, units[k][0]), (), -1, hv)
                for k in kick_ranks
                if k != r
            ]
        return out
    out = []
    kick = kicker_cards(t, 1) if t.kickers is not None else 0
    counts = hv.counts
    for r in hv.held(gmin):
        if r < floor:
            continue
        c = counts[r]
        for s in range(gmin, (gmax if gmax < c else c) + 1):
            if length is None or s + kick == length:
                g = ((r, s),)
                if t.kickers is None:
                    out.append(Play(rs, t, None, g, g, (), -1, hv))
                else:
                    out += _with_kickers(rs, hv, t, g, {r: s}, -1, 1, s)
    return out


def _wild_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterator[Play]:
    counts, wilds = hv.counts, hv.wilds
    W = min(len(wilds), t.wmax)
    kick = kicker_cards(t, 1)
    for r, c in enumerate(counts):
        if c == 0 or r < floor:
            continue
        for s in range(t.gmin, min(t.gmax, c + W) + 1):
            if length is not None and s + kick != length:
                continue
            for u in range(max(1, s - W, t.min_natural), min(c, s - t.wmin) + 1):
                w = s - u
                if t.kickers is not None:
                    yield from _with_kickers(rs, hv, t, ((r, s),), {r: u}, -1, 1, s)
                else:
                    yield Play(rs, t, None, ((r, s),), ((r, u),), (r,) * w, hand=hv)
    if wilds and t.min_natural == 0 and t.kickers is None and rs.alone_as >= floor:
        r = rs.alone_as
        for s in range(max(t.gmin, t.wmin, 1), min(t.gmax, W) + 1):
            if length is not None and s != length:
                continue
            cards = _plain_wilds(rs, wilds, s)
            if cards is None:
                continue
            yield Play(rs, t, cards, ((r, s),), (), (r,) * s)


def _plain_wilds(rs: Ruleset, wilds: list[Card], s: int) -> tuple[Card, ...] | None:
    """``s`` of the hand's wild cards that are not exactly an exact-card type (four jokers are
    only a heaven bomb, but three jokers and a flower card are four wild 3s), or None."""
    first = tuple(wilds[:s])
    if not rs.exclusive_wild_sets or tuple(sorted(map(str, first))) not in rs.exclusive_wild_sets:
        return first
    for choice in combinations(wilds, s):
        if tuple(sorted(map(str, choice))) not in rs.exclusive_wild_sets:
            return tuple(choice)
    return None


# ---------------------------------------------------------------------------------- chains
def _spreads(caps: list[int], need: list[int], budget: int) -> list[tuple[int, ...]]:
    """Ways to take u_i ≤ caps_i natural cards at each position so that the wild cards used,
    sum(need_i - u_i) where ``need`` holds each group's size, stay within ``budget``.

    Built into a list by plain recursion: a recursive generator would pass every result up
    through one frame per position."""
    base = sum(need) - sum(caps)
    if base > budget:
        return []
    spare = budget - base
    if spare == 0:
        return [tuple(caps)]
    # Choose how many naturals to give up at each position (e_i ≤ caps_i, sum e ≤ spare);
    # the recursion only visits prefixes that can still be completed.
    k = len(caps)
    u = list(caps)
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int) -> None:
        if i == k or left == 0:
            out.append(tuple(u))
            return
        c = caps[i]
        for e in range(0, (c if c < left else left) + 1):
            u[i] = c - e
            rec(i + 1, left - e)
        u[i] = c

    rec(0, spare)
    return out


def _gen_chain(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int = -1) -> Iterable[Play]:
    if t.same_size and (not hv.wilds or t.wmax == 0):
        return _natural_chains(rs, hv, t, length, floor)
    return _wild_chains(rs, hv, t, length, floor)


def _wild_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterator[Play]:
    """Chains where wild cards may fill groups (and chains of unequal groups)."""
    seq = rs.seq
    S = len(seq)
    W = min(len(hv.wilds), t.wmax)
    seq_counts = [hv.counts[r] for r in seq]
    for k in range(t.kmin, min(t.kmax, S) + 1):
        kick = kicker_cards(t, k)
        for start in range(max(0, floor - k + 1), S - k + 1):
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
                    if s * k - sum(caps) > W:
                        break
                    if t.kickers is not None:
                        for u in _spreads(caps, sizes, W):
                            yield from _emit_chain(rs, hv, t, pos, sizes, list(u), start)
                        continue
                    groups = tuple([(r, s) for r in pos])
                    least = max(1, t.min_natural)
                    total = s * k
                    for u in _spreads(caps, sizes, W):
                        nat = sum(u)
                        if nat < least or total - nat < t.wmin:
                            continue
                        naturals = tuple([(r, n) for r, n in zip(pos, u, strict=True) if n])
                        wild_as = tuple([r for r, n in zip(pos, u, strict=True) for _ in range(s - n)])
                        yield Play(rs, t, None, groups, naturals, wild_as, hand=hv)
            else:
                for sizes_t in product(*(range(t.gmin, min(t.gmax, c + W) + 1) for c in cs)):
                    sizes = list(sizes_t)
                    if length is not None and sum(sizes) + kick != length:
                        continue
                    caps = [min(c, s) for c, s in zip(cs, sizes, strict=True)]
                    for u in _spreads(caps, sizes, W):
                        yield from _emit_chain(rs, hv, t, pos, sizes, list(u), start)


def _natural_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int = -1) -> list[Play]:
    """Chains without wild cards: walk the maximal runs of ranks held at least s times."""
    out: list[Play] = []
    seq = rs.seq
    kmin = t.kmin
    for s in range(t.gmin, t.gmax + 1):
        runs = hv.runs(s)
        if not runs:
            break  # fewer ranks hold more cards: no longer runs for larger groups
        for start, end in runs:
            run = end - start
            if run < kmin:
                continue
            for k in range(t.kmin, min(t.kmax, run) + 1):
                if length is not None and s * k + kicker_cards(t, k) != length:
                    continue
                if t.kickers is None:
                    out += [Play(rs, t, None, g, g, (), -1, hv) for g in chain_groups(rs, s, k, max(start, floor - k + 1), end - k + 1)]
                else:
                    sizes = [s] * k
                    for a in range(max(start, floor - k + 1), end - k + 1):
                        out += _emit_chain(rs, hv, t, seq[a : a + k], sizes, sizes, a)
    return out


def chain_groups(rs: Ruleset, s: int, k: int, first: int, last: int) -> list[tuple[tuple[int, int], ...]]:
    """The cores ((rank, s), …) of the k-long chains starting at sequence positions first …
    last-1. Cores are immutable, so the ruleset keeps each one once and every hand shares it."""
    cache = rs.chain_cache
    out = []
    for a in range(first, last):
        key = (a, k, s)
        g = cache.get(key)
        if g is None:
            g = cache[key] = tuple([(r, s) for r in rs.seq[a : a + k]])
        out.append(g)
    return out


def _emit_chain(
    rs: Ruleset, hv: HandView, t: TypeInfo, pos: tuple[int, ...], sizes: list[int], u: list[int], start: int
) -> Iterator[Play]:
    nat = sum(u)
    w = sum(sizes) - nat
    if nat < max(1, t.min_natural) or w < t.wmin:
        return
    groups = tuple(zip(pos, sizes, strict=True))
    if t.kickers is not None:
        yield from _with_kickers(rs, hv, t, groups, dict(zip(pos, u, strict=True)), start, len(pos), sizes[0])
        return
    naturals = tuple([(r, n) for r, n in zip(pos, u, strict=True) if n])
    wild_as: tuple[int, ...] = ()
    if w:
        wild_as = tuple([r for r, s, n in zip(pos, sizes, u, strict=True) for _ in range(s - n)])
    yield Play(rs, t, None, groups, naturals, wild_as, hand=hv)


# ---------------------------------------------------------------------------------- kickers
def _with_kickers(
    rs: Ruleset,
    hv: HandView,
    t: TypeInfo,
    groups: tuple[tuple[int, int], ...],
    used: dict[int, int],
    start: int,
    k: int,
    s: int,
) -> list[Play]:
    """The core plus every allowed kicker multiset drawn from what the core leaves.

    Kicker types use natural cards only, so a play is fully described by its natural counts
    and its cards are picked lazily."""
    spec = t.kickers
    assert spec is not None
    units = k if spec.count == "per_group" else spec.count
    size = spec.size
    rem = hv.counts
    if not spec.other_ranks:
        rem = list(rem)
        for r, n in used.items():
            rem[r] -= n
    if spec.other_ranks:
        eligible = [r for r in hv.held(size) if r not in used]
    else:
        eligible = [r for r, c in enumerate(rem) if c >= size]
    # Kicker rules become caps where they can (no bomb inside: fewer than 4 of a rank; no
    # longer chain: less than a full group next to the core); the rest filter afterwards.
    most = BIG
    forbid = []
    for o in t.may_not_contain:
        other = rs.types[o]
        if other.shape == "group":
            most = min(most, other.gmin - 1)
        else:
            forbid.append(other)
    adjacent: set[int] = set()
    if spec.no_longer_chain and t.shape == "chain":
        seq = rs.seq
        adjacent = {seq[p] for p in (start - 1, start + k) if 0 <= p < len(seq)}
    if forbid:
        present = set(eligible)
        forbid = [f for f in forbid if f.needs is None or f.needs <= present]
    checked = bool(forbid)
    core_items = list(used.items())
    if units == 1 and spec.other_ranks and len(core_items) == 1:
        # 三带一 / 三带二 and the like: one kicker beside one group, no sorting needed.
        c0 = core_items[0]
        r0 = c0[0]
        units_1 = [(r, size) for r in eligible if size <= most and not (r in adjacent and size >= s)]
        if checked:
            units_1 = [u for u in units_1 if not _forbidden((u,), forbid)]
        return [Play(rs, t, None, groups, (u, c0) if u[0] < r0 else (c0, u), (), -1, hv) for u in units_1]
    caps = []
    for r in eligible:
        cards = rem[r] if r not in adjacent else min(rem[r], s - 1)
        cap = 1 if spec.distinct_ranks else min(cards, most) // size
        caps.append(cap)
    kicks = _multisets(eligible, caps, units, size)
    if checked:
        kicks = [kick for kick in kicks if not _forbidden(kick, forbid)]
    if spec.other_ranks:
        return [Play(rs, t, None, groups, tuple(sorted(core_items + list(kick))), (), -1, hv) for kick in kicks]
    out: list[Play] = []
    for kick in kicks:
        total = dict(used)
        for r, n in kick:
            total[r] = total.get(r, 0) + n
        out.append(Play(rs, t, None, groups, tuple(sorted(total.items())), (), -1, hv))
    return out


def _forbidden(kick: tuple[tuple[int, int], ...], forbid: list[TypeInfo]) -> bool:
    """Kickers holding a play of a forbidden type (one that caps could not express)."""
    for f in forbid:
        assert f.contains_fn is not None
        if f.contains_fn(kick):
            return True
    return False


def _multisets(ranks: list[int], caps: list[int], units: int, size: int) -> list[tuple[tuple[int, int], ...]]:
    """Every way to take ``units`` kicker units of ``size`` cards from ``ranks`` (at most
    caps[i] units of ranks[i]), as ((rank, cards), …) low to high."""
    out: list[tuple[tuple[int, int], ...]] = []
    n_ranks = len(ranks)
    if units == 2:
        for i in range(n_ranks):
            if not caps[i]:
                continue
            ri = ranks[i]
            if caps[i] >= 2:
                out.append(((ri, 2 * size),))
            for j in range(i + 1, n_ranks):
                if caps[j]:
                    out.append(((ri, size), (ranks[j], size)))
        return out
    chosen: list[tuple[int, int]] = []

    def rec(i: int, left: int) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        for j in range(i, n_ranks):
            cap = caps[j]
            r = ranks[j]
            for n in range(1, (cap if cap < left else left) + 1):
                chosen.append((r, n * size))
                rec(j + 1, left - n)
                chosen.pop()

    rec(0, units)
    return out


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
        contains = rs.types[other].contains_fn
        assert contains is not None
        if contains(kick):
            return False
    return True


def compile_contains(rs: Ruleset, t: TypeInfo) -> Callable[[tuple[tuple[int, int], ...]], bool]:
    """A predicate: do natural cards counted as ((rank, n), …) hold some play of type ``t``?
    Used for kicker rules such as "wings may not hold a bomb"."""
    if t.shape == "group":
        gmin = t.gmin
        return lambda kick: max([n for _, n in kick]) >= gmin
    if t.shape == "cards":
        need: Counter[int] = Counter()
        for card, n in t.exact:
            r = rs.rank_index.get(card.rank)
            if r is None:
                return lambda kick: False
            need[r] += n
        items = tuple(need.items())
        if all(n == 1 for _, n in items):
            ranks = frozenset(need)
            return lambda kick: ranks.issubset([r for r, _ in kick])
        return lambda kick: all(dict(kick).get(r, 0) >= n for r, n in items)
    if t.shape == "set":
        set_ranks = t.set_ranks
        return lambda kick: all(dict(kick).get(r, 0) >= 1 for r in set_ranks)
    if t.shape == "chain":
        seq, gmin, kmin = rs.seq, t.gmin, t.kmin

        def chain(kick: tuple[tuple[int, int], ...]) -> bool:
            counts = dict(kick)
            run = 0
            for r in seq:
                run = run + 1 if counts.get(r, 0) >= gmin else 0
                if run >= kmin:
                    return True
            return False

        return chain
    distinct = t.distinct
    return lambda kick: sum(1 for _, n in kick if n) >= distinct


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
    if t.exact_ranks is not None:
        counts = hv.counts
        for r, n in t.exact_ranks[0]:
            if counts[r] < n:
                return
        if t.exact_ranks[1]:
            named = hv.wild_names
            if not all(named.get(name, 0) >= n for name, n in t.exact_ranks[1]):
                return
    elif not all(hv.card_counts[c] >= n for c, n in t.exact):
        return
    cards = tuple(rs.sort_cards([c for c, n in t.exact for _ in range(n)]))
    naturals = Counter(rs.rank_index[c.rank] for c in cards if not rs.is_wild(c))
    yield Play(rs, t, cards, (), tuple(sorted(naturals.items())))


def _gen_distinct(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:

    if length is not None and length != t.distinct:
        return
    present = [r for r, c in enumerate(hv.counts) if c]
    for combo in combinations(present, t.distinct):
        cards = tuple(hv.by_rank[r][0] for r in combo)
        yield Play(rs, t, cards, tuple((r, 1) for r in combo), tuple((r, 1) for r in combo))
