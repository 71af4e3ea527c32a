"""The ``group`` shape: n cards of one rank (单张, 对子, 三条, 炸弹 …), with optional kickers."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from paixing.hands.kickers import kicker_cards, match_kickers, with_kickers
from paixing.hands.lazy import Item, Raw, made
from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, FeatureFn, Ruleset, TypeInfo
from paixing.hands.shapes.base import Describer, Shape, natural_counts, register
from paixing.hands.shapes.counting import (
    Ask,
    DeckCounts,
    RankTest,
    at_least,
    hands_with_rank,
    natural_count,
)
from paixing.hands.tables import BIG, RankTables
from paixing.hands.view import HandView
from paixing.hands.wild_kickers import WildCore, kicked_plays, match_wild_kickers
from paixing.rules.cards import Card

if TYPE_CHECKING:
    from paixing.rules.models import HandType


@dataclass(frozen=True)
class GroupParams:
    gmin: int
    gmax: int
    plain: bool = False
    """One size and no kickers (single, pair, bomb): one shared core per rank."""
    one_kicker: int = 0
    """One size with one kicker unit of another rank and no kicker rules (三带一 / 三带二): the
    unit's size; 0 otherwise. Decided here, once, so generation only reads a field."""


def _compile(spec: HandType, tables: RankTables) -> GroupParams:
    assert spec.group is not None
    size = spec.group.size
    gmin, gmax = size.min, BIG if size.max is None else size.max
    k = spec.kickers
    if gmin != gmax:
        return GroupParams(gmin, gmax)
    if k is None:
        return GroupParams(gmin, gmax, plain=True)
    one = k.size if k.count == 1 and k.other_ranks and not k.may_not_contain and not k.fewer else 0
    return GroupParams(gmin, gmax, one_kicker=one)


# ------------------------------------------------------------------------------ generation
def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterable[Item]:
    """Every group play of ``t`` (its top at least ``floor``); natural ones raw. Groups without
    wild cards are the common case, built as lists without generator frames (n of a kind
    right here: it answers most plays)."""
    if (not hv.wilds or not t.wmax) and not t.wmin:
        p: GroupParams = t.params
        if not p.plain:
            return _natural_groups(rs, hv, t, length, floor)
        # n of a kind of one size (single, pair, bomb): one shared core per rank.
        g = p.gmin
        if length is not None and length != g:
            return []
        raws: list[Raw] | None = t.memo.get("plain")
        if raws is None:
            raws = t.memo["plain"] = [(t, c, c) for c in rs.group_cores(g)]
        held = hv.held(g)
        # held is low to high: the ranks from the floor up are a slice
        return list(map(raws.__getitem__, held[bisect_left(held, floor) :] if floor > 0 else held))
    return _wild_groups(rs, hv, t, length, floor)


def _natural_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Item]:
    """Natural groups with kickers, or of more than one size."""
    p: GroupParams = t.params
    if p.one_kicker and (length is None or length == p.gmin + p.one_kicker):
        return _one_with_one(rs, hv, t, p.gmin, p.one_kicker, floor)
    return _sized_groups(rs, hv, t, length, floor)


def _sized_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Item]:
    """Natural groups of every allowed size, with their kickers."""
    p: GroupParams = t.params
    spec = t.kickers
    out: list[Item] = []
    kick = kicker_cards(t, 1)
    counts = hv.counts
    for r in hv.held(p.gmin):
        if r < floor:
            continue
        c = counts[r]
        for s in range(p.gmin, (p.gmax if p.gmax < c else c) + 1):
            if length is None or s + kick == length:
                g = ((r, s),)
                if spec is None:
                    out.append((t, g, g))
                else:
                    out += with_kickers(rs, hv, t, g, {r: s}, -1, 1, s)
    return out


def _one_with_one(rs: Ruleset, hv: HandView, t: TypeInfo, g: int, size: int, floor: int) -> list[Item]:
    """三带一 / 三带二: one group and one kicker unit of another rank, no kicker rules. Every
    (group rank, kicker rank) play is made once per type (``_one_table``) and only picked here."""
    table: list[list[Raw]] | None = t.memo.get("one")
    if table is None:
        table = t.memo["one"] = _one_table(rs, t, g, size)
    kick_ranks = hv.held(size)
    out: list[Item] = []
    for r in hv.held(g):
        if r >= floor:
            row = table[r]
            out += [row[k] for k in kick_ranks if k != r]
    return out


def _one_table(rs: Ruleset, t: TypeInfo, g: int, size: int) -> list[list[Raw]]:
    """The raw play of a group of ``g`` of rank r and a kicker unit of ``size`` of rank k, by
    [r][k] (r == k: a placeholder never read)."""
    cores = rs.group_cores(g)
    n = len(cores)
    table: list[list[Raw]] = []
    for r in range(n):
        c0 = cores[r][0]
        table.append([(t, cores[r], ((k, size), c0) if k < r else (c0, (k, size))) for k in range(n)])
    return table


def _wild_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Item]:
    """Groups with wild cards: for each rank and size, every number of natural cards the
    wild-card budget allows (most wild cards first), as a list (no generator frame per play);
    raw without kickers (a response keeps most of them unread)."""
    p: GroupParams = t.params
    counts, wilds = hv.counts, hv.wilds
    w_max = min(len(wilds), t.wmax)
    top = max(counts, default=0)
    # cores[n][r]: the shared ((r, n),) of every size a group or its naturals can have
    cores = [rs.group_cores(n) for n in range(min(p.gmax, top + w_max) + 1)]
    # reach[c]: the (size, natural cards) a rank holding c natural cards can be read as
    reach = [_reads(t, w_max, length, c) for c in range(top + 1)]
    out: list[Item]
    if t.kickers is None:
        # raw plays (what each wild card stands for as the fourth item): made when read
        out = [(t, cores[s][r], cores[u][r], (r,) * (s - u)) for r, c in enumerate(counts) if r >= floor for s, u in reach[c]]
    else:
        out = []
        for r, c in enumerate(counts):
            if r >= floor:
                for s, u in reach[c]:
                    out += kicked_plays(rs, hv, t, cores[s][r], {r: u}, -1, 1, s, (r,) * (s - u))
    if wilds and t.min_natural == 0:
        out += _wild_alone(rs, hv, t, length, floor)
    return out


def _wild_alone(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterable[Play]:
    """The groups whose core is wild cards alone: read as a natural wild's own rank (with the
    kickers, if any), else as the ``alone_as`` rank."""
    if rs.tables.natural_wilds:
        return _own_rank_kicked(rs, hv, t, length, floor) if t.kickers is not None else _own_rank_groups(rs, hv, t, length, floor)
    p: GroupParams = t.params
    if t.kickers is None and rs.tables.half_above and p.gmin == p.gmax == 1:
        # the card it answers (the floor: singles compare by [top, wild_alone]), or alone_as led
        r = max(floor, rs.alone_as)
        if length in (None, 1) and floor not in rs.tables.single_only:
            return [Play(t, (hv.wilds[0],), ((r, 1),), (), (r,))]
        return ()
    if t.kickers is None and rs.alone_as >= floor:
        return _all_wild_groups(rs, hv, t, length)
    return ()


@lru_cache(maxsize=4096)
def _reads(t: TypeInfo, w_max: int, length: int | None, c: int) -> tuple[tuple[int, int], ...]:
    """The (size, natural cards) a rank holding ``c`` natural cards can be read as with at most
    ``w_max`` wild cards: sizes up, the budget's most wild cards first. Worked out once per
    type, budget, length and count (a type hashes by identity), so a hand's ranks only look
    their count up."""
    p: GroupParams = t.params
    kick = kicker_cards(t, 1)
    least = max(1, t.min_natural)
    return tuple(
        (s, u)
        for s in range(p.gmin, min(p.gmax, c + w_max) + 1)
        if length is None or s + kick == length
        for u in range(max(least, s - w_max), min(c, s - t.wmin) + 1)
    )


def _all_wild_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None) -> Iterator[Play]:
    """Groups of wild cards alone, read as the ``alone_as`` rank."""
    p: GroupParams = t.params
    r = rs.alone_as
    for s in range(max(p.gmin, t.wmin, 1), min(p.gmax, len(hv.wilds), t.wmax) + 1):
        if length is not None and s != length:
            continue
        cards = _plain_wilds(rs, hv.wilds, s)
        if cards is not None:
            yield Play(t, cards, ((r, s),), (), (r,) * s)


def _own_rank_groups(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterator[Play]:
    """Groups of wild cards alone where some wilds are natural cards (纯癞子): read as the own
    rank of one of them, its cards first (two wild 5s: a pair of 5s)."""
    p: GroupParams = t.params
    wilds = hv.wilds
    for r in rs.tables.alone_ranks(wilds):
        if r < floor:
            continue
        name = rs.ranks[r]
        first = [c for c in wilds if c.rank == name] or wilds
        cards = first + [c for c in wilds if c not in first]
        for s in range(max(p.gmin, t.wmin, 1), min(p.gmax, len(wilds), t.wmax) + 1):
            if length is None or s == length:
                yield Play(t, tuple(rs.sort_cards(cards[:s])), ((r, s),), (), (r,) * s)


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


def _own_rank_kicked(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterator[Play]:
    """A core of wild cards alone, read as the own rank of one of them, with natural kickers
    (三带一 whose trio is three wild 5s); the wild cards are picked here, own rank first."""
    p: GroupParams = t.params
    wilds = hv.wilds
    kick = kicker_cards(t, 1)
    for r in rs.tables.alone_ranks(wilds):
        if r < floor or hv.counts[r]:
            continue  # with natural cards of r the core is built by _wild_groups
        name = rs.ranks[r]
        first = [c for c in wilds if c.rank == name] or wilds
        ordered = first + [c for c in wilds if c not in first]
        for s in range(max(p.gmin, t.wmin, 1), min(p.gmax, len(wilds), t.wmax) + 1):
            if length is not None and s + kick != length:
                continue
            for play in made(kicked_plays(rs, hv, t, ((r, s),), {r: 0}, -1, 1, s, (r,) * s), hv):
                picked = [c for q, n in play.naturals for c in hv.by_rank[q][:n]]
                play._cards = tuple(rs.sort_cards(picked + ordered[: len(play.wild_as)]))
                yield play


# ------------------------------------------------------------------------------ matching
def match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """Readings of exactly ``cards`` as one group (plus kickers)."""
    nat = natural_counts(hv, t)
    if nat is None:
        return
    p: GroupParams = t.params
    w = hv.n_wild
    if t.kickers is not None:
        if w == 0:
            cores = [((r,), s, -1) for r in nat for s in range(p.gmin, min(p.gmax, nat[r]) + 1)]
            yield from match_kickers(rs, hv, t, cards, cores)
        else:
            yield from match_wild_kickers(rs, hv, t, cards, _wild_cores(rs, t, nat, cards, w))
        return
    n = len(cards)
    if not (p.gmin <= n <= p.gmax):
        return
    if not nat:
        for r in rs.tables.alone_ranks(cards):
            yield Play(t, cards, ((r, n),), (), (r,) * n)
        return
    if len(nat) == 1:
        ((r, c),) = nat.items()
        yield Play(t, cards, ((r, n),), ((r, c),), (r,) * w)


def _wild_cores(rs: Ruleset, t: TypeInfo, nat: dict[int, int], cards: tuple[Card, ...], w: int) -> list[WildCore]:
    """One group holding every wild card (or, where kickers may hold wild cards, some of them):
    of a rank with natural cards (all of them when kickers are of other ranks), or of a wild
    card's own rank."""
    p: GroupParams = t.params
    assert t.kickers is not None
    out: list[WildCore] = []
    own = rs.tables.alone_ranks(rs.tables.wilds_in(cards)) if rs.tables.natural_wilds else []
    in_core = range(w + 1) if t.kickers.wilds != "no" else (w,)
    for r in sorted(set(nat) | set(own)):
        have = nat.get(r, 0)
        for u in [have] if t.kickers.other_ranks else range(have + 1):
            for cw in in_core:
                if (u or (cw and r in own)) and p.gmin <= u + cw <= p.gmax:
                    out.append(((r,), u + cw, -1, (u,)))
    return out


# ------------------------------------------------------------------------------ the rest
def _contains(p: GroupParams, tables: RankTables) -> ContainsFn:
    gmin = p.gmin
    return lambda kick: max([n for _, n in kick]) >= gmin


def _top(p: GroupParams, tables: RankTables) -> FeatureFn:
    return lambda play, n: play.groups[0][0]


def _rank_test(t: TypeInfo) -> RankTest | None:
    """A hand holds n of a kind (natural) as soon as one rank has n cards."""
    if t.kickers is not None or t.wmax > 0:
        return None
    return at_least(t.params.gmin)


def _seat_count(t: TypeInfo, ask: Ask, deck: DeckCounts) -> int | None:
    """Hands with some rank whose count the event's rank test allows."""
    good = ask.ranks
    if ask.whole_hand:
        return None
    return natural_count(deck, t, lambda free: None if good is None else hands_with_rank(deck, good, free))


def _describe(spec: HandType, say: Describer) -> list[list[Any]]:
    assert spec.group is not None
    size = spec.group.size
    if size.min == size.max == 1:
        return [[say.text(say.s("shape.group_one"))]]
    return [[say.text(say.s("shape.group", size=say.range_text(size, "unit.card")))]]


SHAPE = register(
    Shape(
        key="group",
        compile=_compile,
        generate=generate,
        match=match,
        contains=_contains,
        describe=_describe,
        phrases={
            "shape.group_one": ("任意一张牌", "Any one card"),
            "shape.group": ("{size}同点数的牌", "{size} cards of one rank"),
            "feat.top_group": ("点数", "rank"),
        },
        top=_top,
        needs_group=lambda p: p.gmin,
        floor_exact=lambda p: True,
        kicker_cap=lambda p: p.gmin - 1,
        ranks_only=True,
        rank_test=_rank_test,
        seat_count=_seat_count,
    )
)
