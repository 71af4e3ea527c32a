"""The joker-budget chain generator (engine/hands/shapes/chain_wild.py) gives exactly the plays,
in exactly the order, of the window-by-window enumeration it replaced: seeded games replay the
same only if the order of the legal plays does not move.

The reference below is that older enumeration, kept small: for each length, start and group
size, every way to take natural cards at each place (fewer wild cards at the lower places
first) within the wild-card budget.
"""

from __future__ import annotations

import random

import paixing
import pytest
from paixing.hands.lazy import made
from paixing.hands.shapes.chain_wild import wild_chains
from paixing.hands.view import HandView


def reference(rs: paixing.Ruleset, hv: HandView, t: object, length: int | None, floor: int) -> list[tuple[object, ...]]:
    p = t.params  # type: ignore[attr-defined]
    seq = rs.seq
    budget = min(len(hv.wilds), t.wmax)  # type: ignore[attr-defined]
    out = []
    for k in range(p.kmin, min(p.kmax, len(seq)) + 1):
        for start in range(max(0, floor - k + 1), len(seq) - k + 1):
            pos = seq[start : start + k]
            cs = [hv.counts[r] for r in pos]
            for s in range(p.gmin, min(p.gmax, max(cs) + budget) + 1):
                if length is not None and s * k != length:
                    continue
                for u in _spreads([min(c, s) for c in cs], s, budget):
                    nat = sum(u)
                    if nat < max(1, t.min_natural) or s * k - nat < t.wmin:  # type: ignore[attr-defined]
                        continue
                    naturals = tuple((r, n) for r, n in zip(pos, u, strict=True) if n)
                    wild_as = tuple(r for r, n in zip(pos, u, strict=True) for _ in range(s - n))
                    out.append((tuple((r, s) for r in pos), naturals, wild_as))
    return out


def _spreads(caps: list[int], s: int, budget: int) -> list[tuple[int, ...]]:
    """Natural cards per place (at most ``caps``), wild cards within ``budget``, in order."""
    if not caps:
        return [()]
    out = []
    for e in range(caps[0] + 1):
        used = s - (caps[0] - e)
        if used <= budget:
            out += [(caps[0] - e, *rest) for rest in _spreads(caps[1:], s, budget - used)]
    return out


CASES = [("chibi-dagun", "pair_chain"), ("chibi-dagun", "plane"), ("doudizhu-laizi", "straight"), ("doudizhu-laizi", "pair_chain")]


@pytest.mark.parametrize(("variant", "type_id"), CASES)
def test_grown_chains_equal_the_window_enumeration_in_order(variant: str, type_id: str) -> None:
    base = paixing.ruleset(variant)
    rng = random.Random(f"budget-{variant}-{type_id}")
    for i in range(12):
        rs = base.for_hand(wild_ranks=(rng.choice(["3", "7", "10", "K"]),)) if base.variant.wildcards and not base.tables.any_wild else base
        deck = rs.deck()
        wilds = [c for c in deck if rs.is_wild(c)]
        naturals = [c for c in deck if not rs.is_wild(c)]
        j = i % 5
        hv = HandView(rs, rng.sample(wilds, j) + rng.sample(naturals, rng.choice([8, 14, 20]) - j))
        t = rs.type_by_id[type_id]
        for length, floor in [(None, -1), (t.params.gmin * 3, -1), (t.params.gmin * 3, 5), (t.params.gmin * 5, 2)]:
            got = [(p.groups, p.naturals, p.wild_as) for p in made(wild_chains(rs, hv, t, length, floor), hv)]
            assert got == reference(rs, hv, t, length, floor), (j, length, floor)
