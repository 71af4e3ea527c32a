"""The ``set`` shape: named ranks, one card of each (5-10-K), with a suit rule."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Ruleset, TypeInfo
from paixing.hands.shapes.base import Describer, Shape, natural_counts, register
from paixing.hands.shapes.counting import (
    Ask,
    DeckCounts,
    Poly,
    any_of,
    at_least,
    choose_poly,
    coef,
    natural_count,
    prod,
)
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card

if TYPE_CHECKING:
    from paixing.rules.models import HandType


Split = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]
"""One choice of which named ranks wild cards fill: (natural ranks, ranks wild cards fill, the
play's natural counts)."""

SuitedFn = Callable[[Ruleset, HandView, TypeInfo, list[Split]], list[Play]]
"""The plays of the splits a hand can make, as the suit rule allows (one function per rule,
bound when the type is compiled)."""


@dataclass(frozen=True)
class SetParams:
    ranks: tuple[int, ...]
    """The named ranks, low to high."""
    suits: str
    """``same``, ``mixed`` or ``any``."""
    suited: SuitedFn
    """The plays of the splits under that rule (bound here: no look-up per call)."""
    groups: tuple[tuple[int, int], ...]
    """Every play's core: one of each named rank."""
    splits: tuple[Split, ...]
    """Every split, naturals first (the order of ``product((True, False), …)``)."""


def _compile(spec: HandType, tables: RankTables) -> SetParams:
    assert spec.set is not None
    ranks = tuple(sorted(tables.rank_index[r] for r in spec.set.ranks))
    splits = []
    for mask in product((True, False), repeat=len(ranks)):
        nat = tuple(r for r, take in zip(ranks, mask, strict=True) if take)
        missing = tuple(r for r, take in zip(ranks, mask, strict=True) if not take)
        splits.append((nat, missing, tuple((r, 1) for r in nat)))
    return SetParams(ranks, spec.set.suits, SUITED[spec.set.suits], tuple((r, 1) for r in ranks), tuple(splits))


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> list[Play]:
    """Every set play of ``t``: each choice of which ranks wild cards fill, then suits.

    Gate first (a response asks every set type): when the hand holds too few of the named
    ranks for its usable wild cards to fill the rest, the count vector already says there is
    no play, and no split is tried nor the hand sorted (``legal_plays`` asks the same before
    the call: see the shape's ``held_ranks``)."""
    p: SetParams = t.params
    ranks = p.ranks
    if length is not None and length != len(ranks):
        return []
    counts = hv.counts
    held = 0
    for r in ranks:
        if counts[r]:
            held += 1
    wilds = hv.wilds
    w_max = len(wilds) if len(wilds) < t.wmax else t.wmax
    least = t.min_natural if t.min_natural > 1 else 1
    if len(ranks) - held > w_max or held < least:
        return []
    wmin = t.wmin
    ok: list[Split] = []
    for split in p.splits:
        nat, missing, _ = split
        w = len(missing)
        if w > w_max or w < wmin or len(nat) < least:
            continue
        for r in nat:
            if not counts[r]:
                break
        else:
            ok.append(split)
    return p.suited(rs, hv, t, ok) if ok else []


def _any_suits(rs: Ruleset, hv: HandView, t: TypeInfo, splits: list[Split]) -> list[Play]:
    """Suits do not matter: the first card of each natural rank."""
    by_rank = hv.by_rank
    wilds = hv.wilds
    groups = t.params.groups
    return [
        Play(t, tuple([by_rank[r][0] for r in nat]) + tuple(wilds[: len(missing)]), groups, naturals, missing)
        for nat, missing, naturals in splits
    ]


def _one_suit(rs: Ruleset, hv: HandView, t: TypeInfo, splits: list[Split]) -> list[Play]:
    """One play per suit every natural rank holds a card of (its first card of that suit)."""
    by_rank = hv.by_rank
    p: SetParams = t.params
    firsts: dict[int, dict[str | None, Card]] = {}
    for r in p.ranks:
        first: dict[str | None, Card] = {}
        for c in by_rank[r]:
            if c.suit not in first:
                first[c.suit] = c
        firsts[r] = first
    out: list[Play] = []
    wilds = hv.wilds
    for nat, missing, naturals in splits:
        held = [firsts[r] for r in nat]
        common = set(held[0]).intersection(*held[1:])
        if not common:
            continue  # no suit every natural rank holds
        wild_cards = tuple(wilds[: len(missing)])
        for si, suit in enumerate(rs.tables.suit_names):
            if suit in common:
                out.append(Play(t, tuple([first[suit] for first in held]) + wild_cards, p.groups, naturals, missing, si))
    return out


def _mixed_suits(rs: Ruleset, hv: HandView, t: TypeInfo, splits: list[Split]) -> list[Play]:
    """For each split, the first choice of cards (each rank's distinct cards in suit order, the
    last rank's varying fastest) whose suits are not all one: most often the first cards."""
    by_rank = hv.by_rank
    wilds = hv.wilds
    out: list[Play] = []
    for nat, missing, naturals in splits:
        choice: tuple[Card, ...] | None = tuple([by_rank[r][0] for r in nat])
        if _one_suited(choice):  # type: ignore[arg-type]
            choice = next((c for c in product(*(list(dict.fromkeys(by_rank[r])) for r in nat)) if not _one_suited(c)), None)
        if choice is not None:
            out.append(Play(t, choice + tuple(wilds[: len(missing)]), t.params.groups, naturals, missing))
    return out


def _one_suited(cards: tuple[Card, ...]) -> bool:
    """Whether the cards all have one suit (a card without a suit has none)."""
    suit = cards[0].suit
    if suit is None:
        return False
    for c in cards:  # noqa: SIM110 - a plain loop: no generator per call
        if c.suit != suit:
            return False
    return True


SUITED: dict[str, SuitedFn] = {"any": _any_suits, "same": _one_suit, "mixed": _mixed_suits}
"""The suit rules, by their name in the rule language."""


def match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    """The reading of exactly ``cards`` as the set, if the ranks and the suit rule fit."""
    nat = natural_counts(hv, t)
    if nat is None or t.kickers is not None:
        return
    p: SetParams = t.params
    ranks = p.ranks
    if len(cards) != len(ranks) or any(r not in ranks or c != 1 for r, c in nat.items()) or not nat:
        return
    missing = tuple(r for r in ranks if r not in nat)
    naturals = tuple(sorted((r, 1) for r in nat))
    groups = tuple((r, 1) for r in ranks)
    suits = [c.suit for c in cards if not rs.is_wild(c)]
    one_suit = None not in suits and len(set(suits)) == 1
    if p.suits == "same":
        if one_suit:
            yield Play(t, cards, groups, naturals, missing, rs.suit_rank[suits[0]])
    elif p.suits == "mixed":
        if not one_suit:
            yield Play(t, cards, groups, naturals, missing)
    else:
        yield Play(t, cards, groups, naturals, missing)


def _ranks(p: SetParams) -> frozenset[int]:
    return frozenset(p.ranks)


def _contains(p: SetParams, tables: RankTables) -> ContainsFn:
    set_ranks = p.ranks
    return lambda kick: all(dict(kick).get(r, 0) >= 1 for r in set_ranks)


def _seat_count(t: TypeInfo, ask: Ask, deck: DeckCounts) -> int | None:
    """Hands holding a card of each named rank (of one suit, for ``same``); no formula for
    ``mixed``."""
    if ask.whole_hand:
        return None
    return natural_count(deck, t, lambda free: _holding_set(deck, t.params))


def _holding_set(deck: DeckCounts, p: SetParams) -> int | None:
    k = deck.k
    if p.suits == "any":
        factors = [choose_poly(deck.per[r], at_least(1)) for r in p.ranks]
        factors.append(any_of(deck.n_cards - sum(deck.per[r] for r in p.ranks)))
        return coef(prod(factors, k), k)
    if p.suits == "same":
        return _suited_sets(deck, p)
    return None


def _suited_sets(deck: DeckCounts, p: SetParams) -> int:
    """Hands holding all the set's ranks in one suit, by inclusion–exclusion over suits."""
    rs, k, copies = deck.rs, deck.k, deck.copies
    suits = list(rs.variant.ranks.suits)
    total = 0
    for size in range(1, len(suits) + 1):
        for chosen in combinations(suits, size):
            need = {Card(rs.ranks[r], s) for r in p.ranks for s in chosen}
            factors: list[Poly] = [choose_poly(copies.get(card, 0), at_least(1)) for card in need]
            factors.append(any_of(deck.n_cards - sum(copies.get(card, 0) for card in need)))
            total += (-1) ** (size + 1) * coef(prod(factors, k), k)
    return total


def _describe(spec: HandType, say: Describer) -> list[list[Any]]:
    assert spec.set is not None
    ranks = " ".join(spec.set.ranks)
    return [[say.text(say.s("shape.set", ranks=ranks) + say.s("w.semicolon") + say.s(f"shape.set_{spec.set.suits}"))]]


SHAPE = register(
    Shape(
        key="set",
        compile=_compile,
        ranks=_ranks,
        generate=generate,
        match=match,
        contains=_contains,
        describe=_describe,
        phrases={
            "shape.set": ("{ranks} 各一张", "One card each of {ranks}"),
            "shape.set_same": ("同一花色", "all of one suit"),
            "shape.set_mixed": ("天然牌不全是同一花色", "the natural cards not all of one suit"),
            "shape.set_any": ("花色不限", "any suits"),
        },
        suits=lambda p: p.suits,
        held_ranks=lambda p: (p.ranks, True),
        seat_count=_seat_count,
    )
)
