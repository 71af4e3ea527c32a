"""Kicker plays read with wild cards: wild cards in the core of a kicker type, and, where the
type's ``kickers.wilds`` allows it, wild cards in the kickers themselves.

``kickers.wilds``: ``no`` (today's rule: every wild card sits in the core), ``complete`` (a wild
card completes a pair unit beside one natural card: 三带二 ``333 6 + wild``), ``any`` (wild
cards may also make up kicker units alone: 三带一 ``333 + wild``). A unit of wild cards alone
stands for a rank nothing else in the play uses (a natural wild's own rank first), so the
kicker constraints (other ranks, distinct ranks, no longer chain, may_not_contain) are checked
on what the kickers stand for. Generation (``kicked_plays``) and classification
(``match_wild_kickers``) share ``complete_kick``, so they read the same plays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from paixing.hands import kickers
from paixing.hands.kickers import adjacent_ranks, kick_units, kicker_allowed, left_beside
from paixing.hands.lazy import Item
from paixing.hands.play import Play
from paixing.hands.ruleset import Counts, Ruleset, TypeInfo
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card

WildCore = tuple[tuple[int, ...], int, int, tuple[int, ...]]
"""A kicker play's core read with wild cards: (ranks in order, group size, sequence start or
-1, natural cards of each rank in the core; the wild cards fill the rest)."""


def kicker_wilds_left(hv: HandView, t: TypeInfo, core_wilds: int) -> int:
    """How many wild cards may still go into the kickers once the core holds ``core_wilds``."""
    spec = t.kickers
    if spec is None or spec.wilds == "no" or not hv.wilds:
        return 0
    return min(len(hv.wilds), t.wmax) - core_wilds


def kicked_plays(
    rs: Ruleset, hv: HandView, t: TypeInfo, groups: Counts, used: dict[int, int], start: int, k: int, s: int, wild_as: tuple[int, ...] = ()
) -> list[Item]:
    """``kickers.with_kickers`` plus, where the type allows it, the plays whose kickers hold
    some of the wild cards the core leaves."""
    out = kickers.with_kickers(rs, hv, t, groups, used, start, k, s, wild_as)
    left = kicker_wilds_left(hv, t, len(wild_as))
    if left <= 0:
        return out
    spec = t.kickers
    assert spec is not None
    units = kick_units(spec, k)
    for u in range(1, units) if spec.fewer else (units,):
        out += _wild_kicked(rs, hv, t, groups, used, (start, k, s), u, wild_as, left)
    return out


def _wild_kicked(
    rs: Ruleset, hv: HandView, t: TypeInfo, groups: Counts, used: dict[int, int], where: tuple[int, int, int], units: int, wild_as: tuple[int, ...], left: int
) -> list[Play]:
    """The core plus ``units`` kicker units holding 1..``left`` wild cards.

    For each number j of wild cards, the natural kicker cards are enumerated under that budget
    (``_odd_kicks``): every rank whose count a unit does not divide takes one wild card, so a
    branch that already needs more than j is cut, and with ``complete`` one that can no longer
    use all j; what passes is checked once more as a whole (``_stood``)."""
    spec = t.kickers
    assert spec is not None
    z = spec.size
    any_mode = spec.wilds == "any"
    eligible, caps = _kicker_caps(hv, t, used)
    core_items = [item for item in used.items() if item[1]]
    stand_ins = _stand_ins(rs) if any_mode else []
    # No cap a kicker could pass, no forbidden type, no chain to lengthen: a kicker whose wild
    # cards only complete its odd ranks needs no further check.
    free = t.kick_cap >= max(max(caps, default=0) + 1, z) and not t.may_not_contain and not adjacent_ranks(rs, spec, where[0], where[1])
    out: list[Play] = []
    for j in range(1, left + 1):
        n_nat = units * z - j
        if n_nat < 0:
            break
        if z == 1 and not any_mode:
            continue  # a wild single is a unit of its own: ``any`` only
        for kick, odd in _odd_kicks(eligible, caps, n_nat, j, z, any_mode):
            alone = (j - len(odd)) // z
            if free and not alone:
                stood = tuple(odd)
            else:
                found = _stood(rs, t, kick, odd, alone, used, where, stand_ins)
                if found is None:
                    continue
                stood = found
            out.append(Play(t, None, groups, tuple(sorted(core_items + list(kick))), wild_as + stood, -1, hv))
    return out


def _kicker_caps(hv: HandView, t: TypeInfo, used: dict[int, int]) -> tuple[list[int], list[int]]:
    """The ranks natural kicker cards may come from (held, not in the core) and the most cards
    each may give (the type's cap; one unit where the units are of distinct ranks: more is
    never a kicker there)."""
    spec = t.kickers
    assert spec is not None
    counts = hv.counts
    eligible = [r for r, c in enumerate(counts) if c and r not in used]
    cap = t.kick_cap
    if spec.distinct_ranks and spec.size < cap:
        cap = spec.size
    return eligible, [c if c < cap else cap for c in (counts[r] for r in eligible)]


def _odd_kicks(ranks: list[int], caps: list[int], n: int, j: int, z: int, any_mode: bool) -> list[tuple[Counts, list[int]]]:
    """``kickers.multisets(ranks, caps, n, 1)`` (the same order) cut to the multisets whose
    ranks not whole in units, ``odd``, let ``j`` wild cards complete them: at most j of them,
    j - len(odd) a multiple of ``z`` (all of them when not ``any_mode``). With each, ``odd``."""
    if n == 0:
        return [((), [])] if (j % z == 0 and any_mode) else []
    out: list[tuple[Counts, list[int]]] = []
    if n == 2:  # the order of kickers._pairs_of_units
        for i, ri in enumerate(ranks):
            if not caps[i]:
                continue
            if caps[i] >= 2:
                _keep(out, ((ri, 2),), [ri] if 2 % z else [], j, z, any_mode)
            for q in range(i + 1, len(ranks)):
                if caps[q]:
                    _keep(out, ((ri, 1), (ranks[q], 1)), [ri, ranks[q]] if z > 1 else [], j, z, any_mode)
        return out
    chosen: list[tuple[int, int]] = []
    odd: list[int] = []
    n_ranks = len(ranks)

    def rec(i: int, left: int) -> None:
        if left == 0:
            _keep(out, tuple(chosen), list(odd), j, z, any_mode)
            return
        for q in range(i, n_ranks):
            cap = caps[q]
            r = ranks[q]
            for m in range(1, (cap if cap < left else left) + 1):
                odd_here = m % z != 0
                if len(odd) + odd_here > j:
                    continue
                if odd_here:
                    odd.append(r)
                # without ``any``, every wild card completes a rank: enough cards must be left
                if left == m:  # a whole multiset: no call for the last rank
                    _keep(out, (*chosen, (r, m)), list(odd), j, z, any_mode)
                elif any_mode or len(odd) + left - m >= j:
                    chosen.append((r, m))
                    rec(q + 1, left - m)
                    chosen.pop()
                if odd_here:
                    odd.pop()

    rec(0, n)
    return out


def _keep(out: list[tuple[Counts, list[int]]], kick: Counts, odd: list[int], j: int, z: int, any_mode: bool) -> None:
    """Add ``kick`` when ``j`` wild cards make whole units with it (see ``_units``)."""
    alone = j - len(odd)
    if alone == 0 or (alone > 0 and any_mode and alone % z == 0):
        out.append((kick, odd))


def _stood(
    rs: Ruleset, t: TypeInfo, kick: Counts, odd: list[int], alone: int, core: Any, where: tuple[int, int, int], stand_ins: list[int]
) -> tuple[int, ...] | None:
    """What the wild cards stand for beside the natural kickers ``kick``: one more card of each
    rank of ``odd``, and ``alone`` units of fresh ranks (the first of ``stand_ins`` that nothing
    else in the play uses); None when the kicker rules refuse the whole."""
    spec = t.kickers
    assert spec is not None
    z = spec.size
    full = dict(kick)
    for r in odd:
        full[r] += 1
    start, k, s = where
    fresh: list[int] = []
    if alone:
        avoid = set(full) | set(core) | adjacent_ranks(rs, spec, start, k)
        fresh = [r for r in stand_ins if r not in avoid][:alone]
        if len(fresh) < alone:
            return None
        for r in fresh:
            full[r] = z
    counts = tuple(sorted(full.items())) if alone else tuple(full.items())
    most = t.kick_cap
    for _, n in counts:
        if n > most:
            return None
    if not kicker_allowed(rs, t, counts, start, k, s):
        return None
    if not alone:
        return tuple(odd)
    return tuple(sorted(odd + [r for r in fresh for _ in range(z)]))


def complete_kick(rs: Ruleset, t: TypeInfo, kick: Counts, j: int, core: Any, where: tuple[int, int, int]) -> tuple[int, ...] | None:
    """What ``j`` wild cards stand for beside the natural kicker cards ``kick`` (rank, count)
    so that together they make whole kicker units the rules allow; None when they cannot.
    ``core``: the core's ranks; ``where``: (sequence start or -1, groups, group size)."""
    spec = t.kickers
    assert spec is not None
    units = _units(spec, kick, j)
    if units is None:
        return None
    odd, alone = units
    return _stood(rs, t, kick, odd, alone, core, where, _stand_ins(rs) if alone else [])


def _units(spec: Any, kick: Counts, j: int) -> tuple[list[int], int] | None:
    """How ``j`` wild cards make whole units with the natural kickers ``kick``: the ranks one
    wild card completes (a natural single in a pair unit) and how many units are wild alone."""
    z = spec.size
    odd = [r for r, n in kick if n % z]
    alone, rest = divmod(j - len(odd), z)
    if alone < 0 or rest or (alone and spec.wilds != "any") or (odd and spec.wilds == "no"):
        return None
    if spec.distinct_ranks and any(n > z for _, n in kick):
        return None
    return odd, alone


def _stand_ins(rs: Ruleset) -> list[int]:
    """Ranks a unit of wild cards alone may stand for, in the order tried: the own ranks of
    natural wild cards first (a wild 5 as itself), then every other rank low to high."""
    return _stand_ins_of(rs.tables)


@lru_cache(maxsize=256)
def _stand_ins_of(tables: RankTables) -> list[int]:
    """``_stand_ins`` once per rank tables (one per variant and hand parameters; a table
    hashes by identity). The list is shared: callers only read it."""
    index = tables.rank_index
    own = sorted({index[n] for n in tables.wild_names if n in index} | {index[c.rank] for c in tables.wild_cards if c.rank in index})
    rest = [r for r in range(len(tables.ranks)) if r not in own]
    return [r for r in own + rest if r not in tables.never_as]


# ------------------------------------------------------------------------------ matching
def match_wild_kickers(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...], cores: Sequence[WildCore]) -> Iterator[Play]:
    """Readings of ``cards`` (with wild cards) as one of ``cores`` plus allowed kickers; the
    wild cards the core does not take are in the kickers (only where the type allows it)."""
    spec = t.kickers
    assert spec is not None
    n = len(cards)
    counts = hv.counts
    naturals = tuple((r, c) for r, c in enumerate(counts) if c)
    w = hv.n_wild
    for pos, s, start, take in cores:
        core_wild = tuple(r for r, u in zip(pos, take, strict=True) for _ in range(s - u))
        kw = w - len(core_wild)
        kick = _left_after(spec, counts, pos, take, s, n, kw)
        if kick is None:
            continue
        if kw:
            stood = complete_kick(rs, t, kick, kw, pos, (start, len(pos), s))
            if stood is not None:
                yield Play(t, cards, tuple((r, s) for r in pos), naturals, core_wild + stood)
        elif _natural_units(spec, kick) and kicker_allowed(rs, t, kick, start, len(pos), s):
            yield Play(t, cards, tuple((r, s) for r in pos), naturals, core_wild)


def _left_after(spec: Any, counts: Sequence[int], pos: tuple[int, ...], take: tuple[int, ...], s: int, n: int, kw: int) -> Counts | None:
    """The natural cards ``n`` cards (``counts``; ``kw`` wild cards beside the core) leave
    beside a core that takes ``take`` natural cards of each rank of ``pos``, when their number
    makes the kickers' units; None otherwise."""
    if kw < 0 or (kw and spec.wilds == "no"):
        return None
    return left_beside(spec, counts, pos, take, s, n)


def _natural_units(spec: Any, kick: Counts) -> bool:
    """Natural kickers that make whole units (pairs in pairs, distinct ranks where asked)."""
    if spec.size == 2 and any(c % 2 for _, c in kick):
        return False
    return not (spec.distinct_ranks and any(c != spec.size for _, c in kick))


def wild_chain_cores(rs: Ruleset, hv: HandView, t: TypeInfo) -> list[WildCore]:
    """Chain cores of equal groups holding at least one natural card and every wild card (or,
    where kickers may hold wild cards, some of them)."""
    p = t.params
    counts = hv.counts
    w = hv.n_wild
    spare = t.kickers is not None and t.kickers.wilds != "no"
    n_seq = len(rs.seq)
    cores: list[WildCore] = []
    for k in range(p.kmin, p.kmax + 1):
        for s in range(p.gmin, p.gmax + 1):
            for start in range(0, n_seq - k + 1):
                pos = rs.seq[start : start + k]
                take = tuple(min(counts[r], s) for r in pos)
                filled = s * k - sum(take)
                if sum(take) and (filled == w or (spare and filled < w)):
                    cores.append((pos, s, start, take))
    return cores


def match_wild_chain(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """Readings of ``cards`` with wild cards as a chain of equal groups plus kickers."""
    return match_wild_kickers(rs, hv, t, cards, wild_chain_cores(rs, hv, t))
