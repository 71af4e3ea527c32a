"""Compile a Variant once into the tables every hot path reads.

Ranks become small integers (their place in ``ranks.order``); a hand becomes a count vector
over those integers plus a number of wild cards. Each hand type becomes a ``TypeInfo`` whose
fields are plain ints and tuples, so generators and comparators never touch pydantic objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from paixing.rules.cards import SPECIALS, Card, full_pack, parse_cards
from paixing.rules.models import HandType, Kickers, Text, Variant

BIG = 1 << 30
"""Stands for "no upper limit" in compiled ranges."""


@dataclass(frozen=True, eq=False)
class TypeInfo:
    """A hand type compiled to the numbers its generator and comparator need."""

    index: int
    id: str
    name: Text
    spec: HandType
    shape: str
    gmin: int = 1
    gmax: int = 1
    kmin: int = 1
    kmax: int = 1
    same_size: bool = True
    set_ranks: tuple[int, ...] = ()
    suits: str = "any"
    exact: tuple[tuple[Card, int], ...] = ()
    exact_ranks: tuple[tuple[tuple[int, int], ...], tuple[tuple[str, int], ...]] | None = None
    """The exact cards as (natural rank counts, wild card counts) when no suit is named, so
    the check runs on the count vector."""
    distinct: int = 0
    wmin: int = 0
    wmax: int = BIG
    min_natural: int = 0
    kickers: Kickers | None = None
    may_not_contain: tuple[int, ...] = ()
    cls: int = 0
    key: tuple[str, ...] = ("top",)
    same: tuple[str, ...] = ()
    length_cap: int = BIG
    rungs: tuple[tuple[int, int, int], ...] = ()
    """(min length, max length, rung) entries from the ladder, first match wins."""
    playable: bool = True
    contains_fn: Callable[[tuple[tuple[int, int], ...]], bool] | None = None
    """Compiled test: do these natural counts hold a play of this type (for kicker rules)?"""
    ruleset: Any = field(default=None, repr=False)
    """The Ruleset this type belongs to (set by compile_variant)."""
    needs: frozenset[int] | None = None
    """For exact-card types: the ranks a hand must hold for the type to be possible at all."""
    needs_group: int = 0
    """Cards of one rank (wild cards included) a hand needs before any play of this type is
    possible: the group size for groups and chains, 0 for other shapes."""
    fixed_rung: int = -1
    """The rung of every play of this type when the ladder does not split it by length."""
    key_fn: Callable[[Any, int], tuple[Any, ...]] | None = None
    """Compiled ``key`` (set by compile_variant): (play, n cards) → comparison key."""
    same_fn: Callable[[Any, int], tuple[Any, ...]] | None = None
    """Compiled ``same``: (play, n cards) → the features that must match."""

    def rung(self, length: int) -> int:
        for lo, hi, rung in self.rungs:
            if lo <= length <= hi:
                return rung
        return -1

    max_rung: int = -1
    """The highest rung any play of this type reaches (set by compile_variant)."""


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A variant compiled to tables; build with ``compile_variant`` (cached per variant)."""

    variant: Variant
    ranks: tuple[str, ...]
    rank_index: dict[str, int]
    seq: tuple[int, ...]
    """Rank indices in sequence order."""
    seq_pos: tuple[int, ...]
    """For each rank index, its place in ``seq``, or -1 when it never chains."""
    suit_rank: dict[str | None, int]
    wild_names: frozenset[str]
    alone_as: int
    types: tuple[TypeInfo, ...]
    type_by_id: dict[str, TypeInfo]
    exclusive_wild_sets: frozenset[tuple[str, ...]]
    """Exact-card types made only of wild cards (four jokers): such cards read only as that type."""
    chain_cache: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Chain cores by (start, length, group size), shared by every hand (see chain_groups)."""
    group_cache: dict[int, list[tuple[tuple[int, int], ...]]] = field(default_factory=dict)
    _playable: tuple[TypeInfo, ...] = ()
    """n-of-a-kind cores by size (see group_cores)."""
    card_rank: dict[Card, int] = field(default_factory=dict)
    """Each card of the deck → its rank index, -1 for a wild card (counting a hand is one
    dictionary look-up per card)."""
    card_index: dict[Card, int] = field(default_factory=dict)
    """Each card of the deck → its place in (rank, suit) order, wild cards last: sorting a hand
    is one C-level sort with ``card_index.__getitem__``."""

    @property
    def id(self) -> str:
        return self.variant.id

    @property
    def playable_types(self) -> tuple[TypeInfo, ...]:
        """The hand types that can be played (dealt-hand patterns left out)."""
        return self._playable

    def group_cores(self, size: int) -> list[tuple[tuple[int, int], ...]]:
        """The core ((rank, size),) of n of a kind for every rank, built once per size."""
        cores = self.group_cache.get(size)
        if cores is None:
            cores = self.group_cache[size] = [((r, size),) for r in range(len(self.ranks))]
        return cores

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.wild_names

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Cards sort by rank (wilds last) then by suit."""
        if card.rank in self.wild_names:
            return (len(self.ranks) + SPECIALS.index(card.rank) if card.rank in SPECIALS else len(self.ranks), 0)
        return (self.rank_index[card.rank], self.suit_rank.get(card.suit, -1))

    def sort_cards(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        return sorted(cards, key=self.sort_key)

    @property
    def deck_counts(self) -> Counter[Card]:
        """How many copies of each card the deck holds."""
        cached = self.__dict__.get("_deck_counts")
        if cached is None:
            cached = Counter(self.deck())
            object.__setattr__(self, "_deck_counts", cached)
        return cached

    def deck(self) -> list[Card]:
        """Every card dealt in this variant, in a fixed order."""
        removed = Counter(parse_cards(" ".join(self.variant.deck.remove))) if self.variant.deck.remove else Counter()
        cards: list[Card] = []
        for _ in range(self.variant.deck.packs):
            for c in full_pack(self.variant.deck.jokers):
                if removed[c]:
                    continue
                cards.append(c)
        for name, n in self.variant.deck.extra.items():
            cards.extend([Card(name)] * n)
        return cards


def _range(r: object, default_max: int = BIG) -> tuple[int, int]:
    lo = getattr(r, "min", 0)
    hi = getattr(r, "max", None)
    return lo, (default_max if hi is None else hi)


def compile_variant(variant: Variant) -> Ruleset:
    """Build the tables for ``variant``. Pure: the same variant always gives equal tables."""
    order = tuple(variant.ranks.order)
    rank_index = {r: i for i, r in enumerate(order)}
    seq = tuple(rank_index[r] for r in variant.ranks.sequence)
    seq_pos = [-1] * len(order)
    for p, r in enumerate(seq):
        seq_pos[r] = p
    suit_rank: dict[str | None, int] = {s: i for i, s in enumerate(variant.ranks.suits)}
    wild_names = frozenset(variant.wildcards.cards) if variant.wildcards else frozenset()
    alone_as = rank_index[variant.wildcards.alone_as] if variant.wildcards else -1

    ladder: dict[str, list[tuple[int, int, int]]] = {}
    for rung, entries in enumerate(variant.ladder):
        for entry in entries:
            lo, hi = _range(entry.length) if entry.length else (0, BIG)
            ladder.setdefault(entry.type, []).append((lo, hi, rung))

    classes: dict[str, int] = {}
    ids = [t.id for t in variant.hand_types]
    types: list[TypeInfo] = []
    exclusive: set[tuple[str, ...]] = set()
    for i, t in enumerate(variant.hand_types):
        cls_name = t.compare.class_ or t.id
        cls = classes.setdefault(cls_name, len(classes))
        common = dict(
            index=i,
            id=t.id,
            name=t.name,
            spec=t,
            shape=t.shape,
            wmin=t.wilds.min,
            wmax=BIG if t.wilds.max is None else t.wilds.max,
            min_natural=t.wilds.min_natural,
            kickers=t.kickers,
            may_not_contain=tuple(ids.index(x) for x in (t.kickers.may_not_contain if t.kickers else [])),
            cls=cls,
            key=tuple(t.compare.key),
            same=tuple(t.compare.same),
            length_cap=t.compare.length_cap or BIG,
            rungs=tuple(ladder.get(t.id, [])),
            playable=t.playable,
        )
        if not wild_names:
            common["wmax"] = 0
        if t.group is not None:
            gmin, gmax = _range(t.group.size)
            info = TypeInfo(**common, gmin=gmin, gmax=gmax)  # type: ignore[arg-type]
        elif t.chain is not None:
            gmin, gmax = _range(t.chain.group)
            kmin, kmax = _range(t.chain.length)
            info = TypeInfo(**common, gmin=gmin, gmax=gmax, kmin=max(kmin, 1), kmax=min(kmax, len(seq)), same_size=t.chain.same_size)  # type: ignore[arg-type]
        elif t.set is not None:
            info = TypeInfo(**common, set_ranks=tuple(sorted(rank_index[r] for r in t.set.ranks)), suits=t.set.suits)  # type: ignore[arg-type]
        elif t.cards is not None:
            needed = Counter(parse_cards(" ".join(t.cards)))
            exact = tuple(sorted(needed.items(), key=lambda kv: str(kv[0])))
            exact_ranks = None
            if all(c.suit is None for c in needed):
                nat = tuple((rank_index[c.rank], n) for c, n in exact if c.rank in rank_index)
                wild = tuple((c.rank, n) for c, n in exact if c.rank in wild_names)
                exact_ranks = (nat, wild)
            info = TypeInfo(**common, exact=exact, exact_ranks=exact_ranks)  # type: ignore[arg-type]
            if all(c.rank in wild_names for c in needed):
                exclusive.add(tuple(sorted(str(c) for c in needed.elements())))
        else:
            assert t.distinct_ranks is not None
            info = TypeInfo(**common, distinct=t.distinct_ranks)  # type: ignore[arg-type]
        types.append(info)
    rs = Ruleset(
        variant=variant,
        ranks=order,
        rank_index=rank_index,
        seq=seq,
        seq_pos=tuple(seq_pos),
        suit_rank=suit_rank,
        wild_names=wild_names,
        alone_as=alone_as,
        types=tuple(types),
        type_by_id={t.id: t for t in types},
        exclusive_wild_sets=frozenset(exclusive),
    )
    rs.card_rank.update({c: rank_index.get(c.rank, -1) for c in rs.deck()})
    # Open-suit cards (rank-only notation, as peers and examples write hands) count the same.
    rs.card_rank.update({Card(c.rank): rank_index.get(c.rank, -1) for c in rs.deck()})
    rs.card_index.update({c: i for i, c in enumerate(sorted(set(rs.deck()), key=rs.sort_key))})
    object.__setattr__(rs, "_playable", tuple(t for t in types if t.playable))
    from paixing.hands.generate import compile_contains
    from paixing.hands.play import compile_features

    for info in types:
        object.__setattr__(info, "key_fn", compile_features(rs, info, info.key))
        object.__setattr__(info, "contains_fn", compile_contains(rs, info))
        object.__setattr__(info, "ruleset", rs)
        if info.shape in ("group", "chain"):
            object.__setattr__(info, "needs_group", info.gmin)
        if info.exact_ranks is not None and not info.exact_ranks[1]:
            object.__setattr__(info, "needs", frozenset(r for r, _ in info.exact_ranks[0]))
        object.__setattr__(info, "max_rung", max((r for _, _, r in info.rungs), default=-1))
        if len(info.rungs) == 1 and info.rungs[0][:2] == (0, BIG):
            object.__setattr__(info, "fixed_rung", info.rungs[0][2])
        object.__setattr__(info, "same_fn", compile_features(rs, info, info.same))
    return rs
