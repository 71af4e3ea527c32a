"""The ``chain`` shape: k consecutive groups in sequence order (顺子, 连对, 飞机 …), with
optional kickers and, when ``same_size`` is false, groups of different sizes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from paixing.hands.kickers import Core, match_kickers
from paixing.hands.lazy import Item, made
from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Counts, FeatureFn, Ruleset, TypeInfo
from paixing.hands.shapes import base  # for base.HandType, imported there for type checking only
from paixing.hands.shapes.base import Describer, Shape, natural_counts, register
from paixing.hands.shapes.chain_wild import wild_chains
from paixing.hands.shapes.counting import Ask, DeckCounts, natural_count, with_run
from paixing.hands.shapes.natural_chains import natural_chains
from paixing.hands.tables import BIG, RankTables
from paixing.hands.view import HandView
from paixing.hands.wild_kickers import match_wild_chain
from paixing.rules.cards import Card


@dataclass(frozen=True)
class ChainParams:
    gmin: int
    gmax: int
    kmin: int
    kmax: int
    same_size: bool
    suits: str = "any"
    """``same``: one suit (a straight flush)."""
    moved: bool = False
    """``ranks.windows`` moves some chains out of sequence order: ``top`` is then no lower
    bound on the window's place, and generation ignores ``floor``."""


def _compile(spec: base.HandType, tables: RankTables) -> ChainParams:
    ch = spec.chain
    assert ch is not None
    kmax = BIG if ch.length.max is None else ch.length.max
    return ChainParams(
        gmin=ch.group.min,
        gmax=BIG if ch.group.max is None else ch.group.max,
        kmin=max(ch.length.min, 1),
        # A rank at both ends of the sequence: no chain holds it twice.
        kmax=min(kmax, len(tables.seq) - tables.wrap),
        same_size=ch.same_size,
        suits=ch.suits,
        moved=bool(tables.window_top),
    )


# ------------------------------------------------------------------------------ generation
def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterable[Item]:
    """Every chain play of ``t`` (its top sequence position at least ``floor``); natural ones raw."""
    p: ChainParams = t.params
    if p.moved:
        floor = -1
    if p.suits == "same":
        return _suited_chains(rs, hv, t, length, floor)
    if p.same_size and (not hv.wilds or t.wmax == 0):
        return natural_chains(rs, hv, t, length, floor)
    return wild_chains(rs, hv, t, length, floor)


def _suited_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Play]:
    """One-suit chains: each suit's natural cards, with the hand's wild cards (where the type
    allows them) standing in for cards of that suit.

    Kept in the view's memo by type, length and floor (the callers read the list and build
    their own): where suits can matter later, the hand's live cards are read off every one-suit
    chain of the view (``suited.apart``), and a lead, or an answer to a play of a lower rung,
    asks for the same chains again."""
    key = ("suited chains", t.index, length, floor)
    kept: list[Play] | None = hv.memo.get(key)
    if kept is None:
        kept = hv.memo[key] = _suit_chains(rs, hv, t, length, floor)
    return kept


def _suit_chains(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> list[Play]:
    p: ChainParams = t.params
    out: list[Play] = []
    wilds = hv.wilds[: t.wmax] if t.wmax else []
    chains = wild_chains if wilds else natural_chains
    for si, view in _suit_views(rs, hv, len(wilds)):
        if len(view.cards) < p.gmin * p.kmin:
            continue
        for play in made(chains(rs, view, t, length, floor), view):
            play.suit = si
            play._cards = tuple(rs.sort_cards(play.cards))  # low to high, as a typed play reads
            out.append(play)
    return out


def _suit_views(rs: Ruleset, hv: HandView, wild: int) -> list[tuple[int, HandView]]:
    """Each suit's natural cards of the hand, with ``wild`` of its wild cards, as a view (the
    suit's index first), made once per hand view: a straight flush can answer every play, so
    each response looks for them again."""
    found: list[tuple[int, HandView]] | None = hv.memo.get(("suits", wild))
    if found is None:
        hand_wilds = hv.wilds  # the hand's cards of rank -1: no suit's natural cards
        by_suit: dict[str | None, list[Card]] = {}
        for c in hv.cards:  # one pass, in the hand's order
            if c not in hand_wilds:
                by_suit.setdefault(c.suit, []).append(c)
        wilds = hand_wilds[:wild]
        views = []
        for si, suit in enumerate(rs.tables.suit_names):
            cards = by_suit.get(suit)
            if cards:
                views.append((si, HandView(rs, cards + wilds)))
        found = hv.memo["suits", wild] = views
    return found


# ------------------------------------------------------------------------------ matching
def match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """Readings of exactly ``cards`` as one chain (plus kickers)."""
    nat = natural_counts(hv, t)
    if nat is None:
        return
    if t.kickers is not None:
        if hv.n_wild == 0:
            yield from match_kickers(rs, hv, t, cards, _kicker_cores(rs, hv, t.params))
        elif t.params.same_size:
            yield from match_wild_chain(rs, hv, t, cards)
        return
    if not nat:
        return
    p: ChainParams = t.params
    suit = -1
    if p.suits == "same":
        suit = _one_suit(rs, hv, cards)
        if suit < 0:
            return
    n_seq = len(rs.seq)
    for lo, hi in _spans(rs, nat):
        for k in range(max(p.kmin, hi - lo + 1), min(p.kmax, n_seq) + 1):
            for start in range(max(0, hi - k + 1), min(lo, n_seq - k) + 1):
                pos = rs.seq[start : start + k]
                have = [nat.get(r, 0) for r in pos]
                for sizes in _match_sizes(p, have, len(cards), hv.n_wild):
                    play = _chain_play(t, cards, pos, sizes, have)
                    play.suit = suit
                    yield play


def _one_suit(rs: Ruleset, hv: HandView, cards: tuple[Card, ...]) -> int:
    """The suit (index) of the natural cards all of one suit (wild cards stand in), else -1."""
    suits = {c.suit for c in cards if c not in hv.wilds}
    if len(suits) != 1 or None in suits:
        return -1
    return rs.suit_rank[suits.pop()]


def _spans(rs: Ruleset, nat: dict[int, int]) -> list[tuple[int, int]]:
    """The lowest and highest sequence places of the natural ranks, once per way to place them:
    a rank at both ends of the sequence (A) may stand at either end."""
    seq_pos = rs.seq_pos
    positions = [seq_pos[r] for r in nat]
    if min(positions) < 0:
        return []
    spans = [(min(positions), max(positions))]
    if rs.tables.wrap and rs.seq[0] in nat:
        last = len(rs.seq) - 1
        low = [0 if q == last else q for q in positions]
        spans.append((min(low), max(low)))
    return spans


def _match_sizes(p: ChainParams, have: list[int], n: int, w: int) -> Iterator[list[int]]:
    """Group sizes that read ``n`` cards (``have`` natural per position, ``w`` wild) as a chain."""
    k = len(have)
    if not p.same_size:
        yield from _sizes(have, w, p.gmin, p.gmax)
    elif n % k == 0 and p.gmin <= n // k <= p.gmax and max(have) <= n // k:
        yield [n // k] * k


def _kicker_cores(rs: Ruleset, hv: HandView, p: ChainParams) -> list[Core]:
    counts = hv.counts
    n_seq = len(rs.seq)
    cores: list[Core] = []
    for k in range(p.kmin, p.kmax + 1):
        for s in range(p.gmin, p.gmax + 1):
            for start in range(0, n_seq - k + 1):
                pos = rs.seq[start : start + k]
                if all(counts[r] >= s for r in pos):
                    cores.append((pos, s, start))
    return cores


def _sizes(have: list[int], w: int, gmin: int, gmax: int) -> Iterator[list[int]]:
    """Group sizes s_i ≥ have_i within [gmin, gmax] that use exactly w wild cards."""
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

    yield from rec(0, w)


def _chain_play(t: TypeInfo, cards: tuple[Card, ...], pos: tuple[int, ...], sizes: list[int], have: list[int]) -> Play:
    wild_as: list[int] = []
    for r, s, h in zip(pos, sizes, have, strict=True):
        wild_as.extend([r] * (s - h))
    naturals = tuple((r, h) for r, h in zip(pos, have, strict=True) if h)
    return Play(t, cards, tuple(zip(pos, sizes, strict=True)), naturals, tuple(wild_as))


# ------------------------------------------------------------------------------ the rest
def _contains(p: ChainParams, tables: RankTables) -> ContainsFn:
    seq, gmin, kmin = tables.seq, p.gmin, p.kmin

    def chain(kick: Counts) -> bool:
        counts = dict(kick)
        run = 0
        for r in seq:
            run = run + 1 if counts.get(r, 0) >= gmin else 0
            if run >= kmin:
                return True
        return False

    return chain


def _top(p: ChainParams, tables: RankTables) -> FeatureFn:
    """A chain's top is the sequence place of its last rank (a rank at both ends counts at its
    last place when it ends the chain); ``ranks.windows`` moves named chains above or below."""
    seq_pos = tables.seq_pos
    moved = tables.window_top
    if moved:
        return lambda play, n: moved.get((seq_pos[play.groups[-1][0]], len(play.groups)), seq_pos[play.groups[-1][0]])
    return lambda play, n: seq_pos[play.groups[-1][0]]


def _seat_count(t: TypeInfo, ask: Ask, deck: DeckCounts) -> int | None:
    """Hands holding ``kmin`` consecutive sequence ranks, each at least ``gmin`` times."""
    if ask.whole_hand:
        return None
    p: ChainParams = t.params
    return natural_count(deck, t, lambda free: with_run(deck, ask, p.gmin, p.kmin, free))


def _describe(spec: base.HandType, say: Describer) -> list[list[Any]]:
    ch = spec.chain
    assert ch is not None
    line = say.s("shape.chain", length=say.range_text(ch.length, "unit.rank"), group=say.range_text(ch.group, "unit.card"))
    if ch.group.min != ch.group.max:
        line += say.s("w.semicolon") + say.s("shape.chain_same" if ch.same_size else "shape.chain_free")
    return [[say.text(line)]]


SHAPE = register(
    Shape(
        key="chain",
        compile=_compile,
        generate=generate,
        match=match,
        contains=_contains,
        describe=_describe,
        phrases={
            "shape.chain": ("{length}连续的点数，每个点数{group}", "{length} consecutive ranks, {group} of each"),
            "shape.chain_free": ("各组张数可以不同", "the groups may differ in size"),
            "shape.chain_same": ("各组张数相同", "every group the same size"),
            "feat.top_chain": ("最大的点数", "top rank"),
        },
        top=_top,
        needs_group=lambda p: p.gmin,
        floor_exact=lambda p: not p.moved,
        suits=lambda p: p.suits,
        ranks_only=True,
        seat_count=_seat_count,
    )
)
