"""Chains without wild cards (the ``chain`` shape's common case): walk the maximal runs of
ranks the hand holds at least s times.

Kept apart from chain.py, which reads wild cards, suits and given cards: this is the hot path
of every lead, and what it returns are raw plays (see ``paixing.hands.lazy``). The chains of a
run without kickers depend on the run alone, so each type keeps them (``TypeInfo.memo``) and a
lead only looks its runs up.
"""

from __future__ import annotations

from typing import Any

from paixing.hands.kickers import kicker_cards, with_kickers
from paixing.hands.lazy import Item, Raw
from paixing.hands.ruleset import Counts, Ruleset, TypeInfo
from paixing.hands.view import HandView


def natural_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int = -1) -> list[Item]:
    """Every chain of ``t`` (of ``length`` cards when given, its top at least ``floor``) made
    of natural cards alone."""
    p: Any = t.params
    out: list[Item] = []
    kmin = p.kmin
    every = length is None and floor < 0 and t.kickers is None
    for s in range(p.gmin, p.gmax + 1):
        if len(hv.held(s)) < kmin:
            break  # the gate: too few ranks held s times for any chain (nor for larger groups)
        runs = hv.runs(s)
        if not runs:
            break  # fewer ranks hold more cards: no longer runs for larger groups
        for start, end in runs:
            if end - start < kmin:
                continue  # the gate: too short for the shortest chain
            if every:
                out += _run_chains(rs, t, s, start, end)
                continue
            for k in range(kmin, min(p.kmax, end - start) + 1):
                if length is not None and s * k + kicker_cards(t, k) != length:
                    continue
                first = max(start, floor - k + 1)
                if t.kickers is None:
                    out += [(t, g, g) for g in chain_groups(rs, s, k, first, end - k + 1)]
                elif s * k >= max(1, t.min_natural) and not t.wmin:
                    out += _kicked_chains(rs, hv, t, s, k, first, end - k + 1)
    return out


def _kicked_chains(rs: Ruleset, hv: HandView, t: TypeInfo, s: int, k: int, first: int, last: int) -> list[Item]:
    """The k-long chains of groups of ``s`` starting at sequence places first … last-1, each
    with every allowed set of kickers."""
    out: list[Item] = []
    seq = rs.seq
    for a, g in zip(range(first, last), chain_groups(rs, s, k, first, last), strict=True):
        out += with_kickers(rs, hv, t, g, dict.fromkeys(seq[a : a + k], s), a, k, s)
    return out


def _run_chains(rs: Ruleset, t: TypeInfo, s: int, start: int, end: int) -> list[Raw]:
    """Every chain of ``t`` (no kickers) inside the run [start, end) of groups of ``s``, raw,
    shortest first and low to high: made once per type and run, then shared by every hand."""
    key = (s, start, end)
    found: list[Raw] | None = t.memo.get(key)
    if found is None:
        p: Any = t.params
        found = t.memo[key] = [
            (t, g, g) for k in range(p.kmin, min(p.kmax, end - start) + 1) for g in chain_groups(rs, s, k, start, end - k + 1)
        ]
    return found


def chain_groups(rs: Ruleset, s: int, k: int, first: int, last: int) -> list[Counts]:
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
