"""Chains with wild cards: grown one rank at a time under a wild-card budget.

A chain of equal groups is a start place in the sequence and, at each place, how many of the
group's cards are natural (the rest are wild). ``_grow`` walks the sequence from each start,
choosing that number rank by rank while the wild cards used stay within the budget: every node
at least ``kmin`` long is a play, and a rank the budget cannot fill ends every longer chain
from that prefix at once. A play's tuples are its prefix's plus one item (a natural count
``(rank, n)`` and the ranks its wild cards stand for, both shared per rank and count), and its
core is the ruleset's shared chain core, so a play costs one ``Play`` and at most two tuple
concatenations. The order is the one the older window-by-window enumeration gave (length, then
start, then group size, then fewer wild cards at the lower ranks first): plays are kept in one
list per length and joined at the end, so seeded games replay the same.

Chains with kickers, and chains whose groups may differ in size, enumerate the natural counts
of each window (``_spreads``) and hand each core to the kicker code.
"""

from __future__ import annotations

from itertools import product

from paixing.hands.kickers import kicker_cards
from paixing.hands.lazy import Item
from paixing.hands.play import Play
from paixing.hands.ruleset import Counts, Ruleset, TypeInfo
from paixing.hands.view import HandView
from paixing.hands.wild_kickers import kicked_plays

Step = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...]]
"""One choice at one sequence place: (wild cards it uses, natural cards, the naturals item to
append (empty when none), the wild ranks to append)."""


def wild_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Item]:
    """Chains where wild cards may fill groups (and chains of unequal groups)."""
    p = t.params
    if p.same_size and t.kickers is None:
        return _even_chains(rs, hv, t, length, floor)
    w_max = min(len(hv.wilds), t.wmax)
    if not w_max and not _natural_run(hv, p.gmin, p.kmin):
        return []  # the gate: natural groups alone, and no run of them long enough
    out: list[Item] = []
    seq = rs.seq
    n_seq = len(seq)
    seq_counts = [hv.counts[r] for r in seq]
    # short[q]: wild cards the places before q need to reach the smallest group (a window
    # whose places need more than the budget is skipped without a look at its sizes)
    short = [0]
    for c in seq_counts:
        short.append(short[-1] + (p.gmin - c if c < p.gmin else 0))
    for k in range(p.kmin, min(p.kmax, n_seq) + 1):
        kick = kicker_cards(t, k)
        for start in range(max(0, floor - k + 1), n_seq - k + 1):
            if short[start + k] - short[start] > w_max:
                continue
            cs = seq_counts[start : start + k]
            if max(cs) == 0:
                continue
            pos = seq[start : start + k]
            for sizes in _window_sizes(p.same_size, (p.gmin, p.gmax), cs, w_max, length, kick):
                caps = [min(c, s) for c, s in zip(cs, sizes, strict=True)]
                for u in _spreads(caps, sizes, w_max):
                    out += emit_chain(rs, hv, t, pos, sizes, list(u), start)
    return out


def _natural_run(hv: HandView, g: int, k: int) -> bool:
    """Whether the hand holds ``k`` consecutive sequence places with ``g`` natural cards each
    (the hand view keeps its runs: every chain type with groups of ``g`` reads the same)."""
    for start, end in hv.runs(g):  # noqa: SIM110 - a plain loop: no generator per call
        if end - start >= k:
            return True
    return False


def _window_sizes(same_size: bool, g: tuple[int, int], cs: list[int], w_max: int, length: int | None, kick: int) -> list[list[int]]:
    """The group sizes (within ``g``) a window with natural counts ``cs`` may take (every group
    alike when ``same_size``), of ``length`` cards with the kickers when given."""
    gmin, gmax = g
    k = len(cs)
    if same_size:
        options = [[s] * k for s in range(gmin, min(gmax, max(cs) + w_max) + 1)]
    else:
        options = [list(sizes) for sizes in product(*(range(gmin, min(gmax, c + w_max) + 1) for c in cs))]
    return [sizes for sizes in options if length is None or sum(sizes) + kick == length]


def _spreads(caps: list[int], need: list[int], budget: int) -> list[tuple[int, ...]]:
    """Ways to take u_i ≤ caps_i natural cards at each position so that the wild cards used,
    sum(need_i - u_i) where ``need`` holds each group's size, stay within ``budget``; fewer
    wild cards at the lower positions first (the order ``_grow`` keeps too)."""
    base = sum(need) - sum(caps)
    if base > budget:
        return []
    spare = budget - base
    if spare == 0:
        return [tuple(caps)]
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


def emit_chain(rs: Ruleset, hv: HandView, t: TypeInfo, pos: tuple[int, ...], sizes: list[int], u: list[int], start: int) -> list[Item]:
    """The plays of one core (``u`` natural cards per group): with its kickers, or alone."""
    nat = sum(u)
    w = sum(sizes) - nat
    if nat < max(1, t.min_natural) or w < t.wmin:
        return []
    groups = tuple(zip(pos, sizes, strict=True))
    wild_as: tuple[int, ...] = ()
    if w:
        wild_as = tuple([r for r, s, n in zip(pos, sizes, u, strict=True) for _ in range(s - n)])
    if t.kickers is not None:
        return kicked_plays(rs, hv, t, groups, dict(zip(pos, u, strict=True)), start, len(pos), sizes[0], wild_as)
    naturals = tuple([(r, n) for r, n in zip(pos, u, strict=True) if n])
    return [Play(t, None, groups, naturals, wild_as, hand=hv)]


# ------------------------------------------------------------------------------ growing
def _even_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Item]:
    """Chains of equal groups without kickers, grown from each start (see the module text)."""
    p = t.params
    seq = rs.seq
    n_seq = len(seq)
    budget = min(len(hv.wilds), t.wmax)
    counts = hv.counts
    seq_counts = [counts[r] for r in seq]
    kmax = min(p.kmax, n_seq)
    by_k: list[list[Item]] = [[] for _ in range(kmax + 1)]
    sizes: list[tuple[int, int, int, list[list[Step]]]] = []
    for s in range(p.gmin, min(p.gmax, max(seq_counts) + budget) + 1):
        k_lo, k_hi = p.kmin, kmax
        if length is not None:
            k_lo = k_hi = length // s
            if length % s or not p.kmin <= k_lo <= kmax:
                continue
        sizes.append((s, k_lo, k_hi, [_steps(r, c, s, budget) for r, c in zip(seq, seq_counts, strict=True)]))
    for start in range(n_seq):
        for s, k_lo, k_hi, steps in sizes:
            if floor - k_hi + 1 <= start <= n_seq - k_lo:
                _grow(rs, hv, t, by_k, steps, start, s, (k_lo, k_hi), floor, budget)
    # Lengths in turn, each in (start, group size, fewer wild cards low first) order.
    out: list[Item] = []
    for plays in by_k:
        out += plays
    return out


def _steps(r: int, c: int, s: int, budget: int) -> list[Step]:
    """The choices at a place of rank ``r`` holding ``c`` natural cards, for groups of ``s``:
    most natural cards first, as long as the wild cards needed fit the budget."""
    cap = c if c < s else s
    out: list[Step] = []
    for u in range(cap, -1, -1):
        m = s - u
        if m > budget:
            break
        out.append((m, u, ((r, u),) if u else (), (r,) * m))
    return out


def _grow(
    rs: Ruleset, hv: HandView, t: TypeInfo, by_k: list[list[Item]], steps: list[list[Step]], start: int, s: int, ks: tuple[int, int], floor: int, budget: int
) -> None:
    """Every chain of groups of ``s`` starting at ``start``, its length within ``ks`` and its
    top place at least ``floor``, into ``by_k`` by length."""
    k_lo, k_hi = ks
    reach = _reach(steps, start, k_hi, budget)
    if reach < k_lo:
        return
    cores = _chain_cores(rs, start, reach, s)
    least = max(1, t.min_natural)
    wmin = t.wmin
    first = max(k_lo, floor - start + 1)  # the shortest length emitted (its top at floor or above)
    places = steps[start : start + reach]
    # after[d]: the fewest wild cards the places after d need to reach the shortest length: a
    # prefix that leaves fewer (natural cards swapped for wild ones early) is not kept.
    after = [0] * reach
    for d in range(k_lo - 2, -1, -1):
        after[d] = after[d + 1] + places[d + 1][0][0]
    # Level by level: each level's prefixes stay in order (fewer wild cards low first), so
    # the plays of each length come out in that order without a call per prefix. A prefix is
    # (naturals, wild ranks, wild cards left, natural cards).
    # Plain loops, not comprehensions: a frontier holds a few prefixes, and a comprehension is
    # a call of its own.
    frontier: list[tuple[Counts, tuple[int, ...], int, int]] = [((), (), budget, 0)]
    for d in range(reach):
        spare = after[d]
        opts = places[d]
        grown: list[tuple[Counts, tuple[int, ...], int, int]] = []
        for nat, wild, left, nn in frontier:
            for m, u, item, wild_item in opts:
                if m + spare <= left:
                    grown.append((nat + item, wild + wild_item, left - m, nn + u))
        if d >= first - 1:
            core = cores[d]
            most = s * (d + 1) - wmin  # natural cards at most (the type's fewest wild cards)
            add = by_k[d + 1].append
            for nat, wild, _, nn in grown:
                if least <= nn <= most:
                    add((t, core, nat, wild))
        frontier = grown


def _reach(steps: list[list[Step]], start: int, k_hi: int, budget: int) -> int:
    """How many places from ``start`` (at most ``k_hi``) the budget can fill at best, each
    place with its most natural cards."""
    reach = need = 0
    for q in range(start, min(start + k_hi, len(steps))):
        opts = steps[q]
        if not opts:
            break
        need += opts[0][0]
        if need > budget:
            break
        reach += 1
    return reach


def _chain_cores(rs: Ruleset, start: int, reach: int, s: int) -> list[Counts]:
    """The cores ((rank, s), …) of the chains of 1..``reach`` groups from ``start``, from the
    ruleset's shared cache (cores are immutable: every hand shares them)."""
    cache = rs.chain_cache
    seq = rs.seq
    cores: list[Counts] = []
    for k in range(1, reach + 1):
        core = cache.get((start, k, s))
        if core is None:
            core = cache[(start, k, s)] = tuple([(r, s) for r in seq[start : start + k]])
        cores.append(core)
    return cores
