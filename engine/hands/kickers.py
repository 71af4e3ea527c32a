"""Kickers (带牌): the attachments a group or chain core is played with.

Kicker types use natural cards only, so a play is fully described by its natural counts and its
cards are picked lazily. Kicker rules (``may_not_contain``, ``no_longer_chain``) are compiled
into ``TypeInfo.kick_cap`` (a cap on cards of one rank) and ``kick_forbid`` (containment tests
of the other shapes), so this module never asks which shape a forbidden type has.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from paixing.hands.lazy import Item
from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Counts, Ruleset, TypeInfo
from paixing.hands.view import HandView
from paixing.rules.cards import Card

if TYPE_CHECKING:
    from paixing.rules.models import Kickers


def kick_units(spec: Kickers, groups: int) -> int:
    """How many kicker units a core of ``groups`` groups takes (``fewer``: fewer than this)."""
    return groups * spec.per_group if spec.count == "per_group" else spec.count


def kicker_cards(t: TypeInfo, groups: int) -> int:
    """How many cards the kickers of one play of ``t`` hold, for a core of ``groups`` groups
    (with ``fewer``, the count they stay below: ``legal_plays`` then filters by length)."""
    k = t.kickers
    if k is None:
        return 0
    return kick_units(k, groups) * k.size


def adjacent_ranks(rs: Ruleset, spec: Kickers, start: int, k: int) -> set[int]:
    """Sequence ranks next to a chain core (``start`` ≥ 0) that kickers may not fill."""
    if not spec.no_longer_chain or start < 0:
        return set()
    seq = rs.seq
    return {seq[p] for p in (start - 1, start + k) if 0 <= p < len(seq)}


def _forbidden(kick: Counts, forbid: list[tuple[frozenset[int] | None, ContainsFn]]) -> bool:
    """Kickers holding a play of a forbidden type (one that caps could not express)."""
    return any(contains(kick) for _, contains in forbid)


def with_kickers(
    rs: Ruleset, hv: HandView, t: TypeInfo, groups: Counts, used: dict[int, int], start: int, k: int, s: int, wild_as: tuple[int, ...] = ()
) -> list[Item]:
    """The core plus every allowed kicker multiset drawn from what the core leaves (every
    smaller number of units, none included, when the kickers may be ``fewer``). ``used``: the
    core's natural cards per rank (a rank filled by wild cards alone is there with 0: kickers
    still may not be of it); ``wild_as``: what the core's wild cards stand for. Plays without
    wild cards come raw (see ``paixing.hands.lazy``)."""
    spec = t.kickers
    assert spec is not None
    units = kick_units(spec, k)
    if not spec.fewer:
        return _kicked(rs, hv, t, groups, used, start, k, s, units, wild_as)
    out: list[Item] = [_item(t, groups, _merged(used, ()), wild_as, hv)]
    for u in range(1, units):
        out += _kicked(rs, hv, t, groups, used, start, k, s, u, wild_as)
    return out


def _item(t: TypeInfo, groups: Counts, naturals: Counts, wild_as: tuple[int, ...], hv: HandView) -> Item:
    return Play(t, None, groups, naturals, wild_as, -1, hv) if wild_as else (t, groups, naturals)


def _kicked(
    rs: Ruleset, hv: HandView, t: TypeInfo, groups: Counts, used: dict[int, int], start: int, k: int, s: int, units: int, wild_as: tuple[int, ...] = ()
) -> list[Item]:
    """The core plus every allowed multiset of exactly ``units`` kicker units."""
    spec = t.kickers
    assert spec is not None
    eligible, rem = eligible_ranks(hv, spec, used)
    adjacent = adjacent_ranks(rs, spec, start, k)
    forbid = _live_forbid(t, eligible)
    core_items = list(used.items())
    if wild_as:
        core_items = [item for item in core_items if item[1]]
    elif units == 1 and spec.other_ranks and len(core_items) == 1:
        return _one_unit(t, groups, core_items[0], eligible, adjacent, forbid, s)
    kicks = multisets(eligible, _unit_caps(spec, t.kick_cap, eligible, rem, adjacent, s), units, spec.size)
    if forbid:
        kicks = [kick for kick in kicks if not _forbidden(kick, forbid)]
    if spec.other_ranks:
        nats = beside(tuple(core_items), kicks)
    else:
        nats = [_merged(used, kick) for kick in kicks]
    if wild_as:
        return [Play(t, None, groups, nat, wild_as, -1, hv) for nat in nats]
    return [(t, groups, nat) for nat in nats]


def eligible_ranks(hv: HandView, spec: Kickers, used: dict[int, int]) -> tuple[list[int], Sequence[int]]:
    """Ranks a kicker unit may come from, and the counts the core leaves."""
    size = spec.size
    if spec.other_ranks:
        return [r for r in hv.held(size) if r not in used], hv.counts
    rem = list(hv.counts)
    for r, n in used.items():
        rem[r] -= n
    return [r for r, c in enumerate(rem) if c >= size], rem


def _live_forbid(t: TypeInfo, eligible: list[int]) -> list[tuple[frozenset[int] | None, ContainsFn]]:
    """The containment tests that could fire: a test needing ranks the kickers cannot reach
    is dropped."""
    if not t.kick_forbid:
        return []
    present = set(eligible)
    return [f for f in t.kick_forbid if f[0] is None or f[0] <= present]


def _one_unit(
    t: TypeInfo, groups: Counts, core: tuple[int, int], eligible: list[int], adjacent: set[int], forbid: list[tuple[frozenset[int] | None, ContainsFn]], s: int
) -> list[Item]:
    """三带一 / 三带二 and the like: one kicker beside one group, no sorting needed."""
    assert t.kickers is not None
    size = t.kickers.size
    r0 = core[0]
    units = [(r, size) for r in eligible if size <= t.kick_cap and not (r in adjacent and size >= s)]
    if forbid:
        units = [u for u in units if not _forbidden((u,), forbid)]
    return [(t, groups, (u, core) if u[0] < r0 else (core, u)) for u in units]


def _unit_caps(spec: Kickers, most: int, eligible: list[int], rem: Sequence[int], adjacent: set[int], s: int) -> list[int]:
    """The most kicker units each eligible rank may give (a full group next to a chain would
    lengthen it; ``most`` caps cards of one rank)."""
    if spec.distinct_ranks:
        return [1] * len(eligible)
    size = spec.size
    caps = []
    for r in eligible:
        cards = rem[r] if r not in adjacent else min(rem[r], s - 1)
        caps.append(min(cards, most) // size)
    return caps


def beside(core: Counts, kicks: list[Counts]) -> list[Counts]:
    """Each kicker multiset (low to high, of ranks outside the core) merged with the core into
    one natural count list, low to high. When the core's ranks are consecutive rank indices (n
    of a kind; a chain of a sequence in rank order) no kicker rank falls between them: each
    merge is a split and two tuple concatenations, not a sort."""
    if not core:
        return kicks
    lo, hi = core[0][0], core[-1][0]
    if hi - lo != len(core) - 1 or tuple(sorted(core)) != core:
        return [tuple(sorted(core + kick)) for kick in kicks]
    out = []
    for kick in kicks:
        if not kick:
            out.append(core)
        elif kick[-1][0] < lo:
            out.append(kick + core)
        elif kick[0][0] > hi:
            out.append(core + kick)
        else:
            i = 1
            while kick[i][0] < lo:
                i += 1
            out.append(kick[:i] + core + kick[i:])
    return out


def _merged(used: dict[int, int], kick: Counts) -> Counts:
    total = dict(used)
    for r, n in kick:
        total[r] = total.get(r, 0) + n
    return tuple(sorted(item for item in total.items() if item[1]))


def multisets(ranks: list[int], caps: list[int], units: int, size: int) -> list[Counts]:
    """Every way to take ``units`` kicker units of ``size`` cards from ``ranks`` (at most
    caps[i] units of ranks[i]), as ((rank, cards), …) low to high."""
    if units == 2:
        return _pairs_of_units(ranks, caps, size)
    out: list[Counts] = []
    n_ranks = len(ranks)
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


def _pairs_of_units(ranks: list[int], caps: list[int], size: int) -> list[Counts]:
    """``multisets`` for two units, the common case, without recursion."""
    out: list[Counts] = []
    n_ranks = len(ranks)
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


def kicker_allowed(rs: Ruleset, t: TypeInfo, kick: Counts, start: int, k: int, s: int) -> bool:
    """The constraints on kickers taken together: no forbidden type inside, no longer chain."""
    spec = t.kickers
    assert spec is not None
    if not kick:
        return True
    adjacent = adjacent_ranks(rs, spec, start, k)
    if adjacent and any(n >= s and r in adjacent for r, n in kick):
        return False
    return not any(rs.types[o].contains_fn(kick) for o in t.may_not_contain)


Core = tuple[tuple[int, ...], int, int]
"""A kicker play's core as (ranks in order, group size, sequence start or -1)."""


def match_kickers(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...], cores: Sequence[Core]) -> Iterator[Play]:
    """Readings of ``cards`` as one of ``cores`` (listed by the shape) plus allowed kickers."""
    spec = t.kickers
    assert spec is not None
    n = len(cards)
    counts = hv.counts
    naturals = tuple((r, c) for r, c in enumerate(counts) if c)
    for pos, s, start in cores:
        kick = _left_over(spec, counts, pos, s, n)
        if kick is not None and kicker_allowed(rs, t, kick, start, len(pos), s):
            yield Play(t, cards, tuple((r, s) for r in pos), naturals)


def left_beside(spec: Any, counts: Sequence[int], pos: tuple[int, ...], take: Sequence[int], s: int, n: int) -> Counts | None:
    """What ``n`` cards (``counts``) leave beside a core of groups of ``s`` on the ranks ``pos``
    that takes ``take`` natural cards of each, when their number makes the kickers' units (and
    ``other_ranks`` holds); None otherwise. Shared by natural and wild kicker matching."""
    units = kick_units(spec, len(pos))
    extra = n - s * len(pos)
    if extra < 0 or extra % spec.size:
        return None
    u = extra // spec.size
    if (u >= units) if spec.fewer else (u != units):
        return None
    rem = list(counts)
    for r, used in zip(pos, take, strict=True):
        rem[r] -= used
    if spec.other_ranks and any(rem[r] for r in pos):
        return None
    return tuple((r, c) for r, c in enumerate(rem) if c)


def _left_over(spec: Kickers, counts: Sequence[int], pos: tuple[int, ...], s: int, n: int) -> Counts | None:
    """What ``n`` cards (``counts``) leave beside the core ``pos`` of groups of ``s``, when it
    has the kickers' size and form; None otherwise."""
    kick = left_beside(spec, counts, pos, (s,) * len(pos), s, n)
    if kick is None:
        return None
    if spec.size == 2 and any(c % 2 for _, c in kick):
        return None
    if spec.distinct_ranks and any(c != spec.size for _, c in kick):
        return None
    return kick
