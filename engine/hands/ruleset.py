"""The compiled forms: ``TypeInfo`` (one hand type) and ``Ruleset`` (one variant).

Their fields are plain ints, tuples and functions bound at compile time (see compile.py), so
generators and comparators never touch pydantic objects nor dispatch on a shape name.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from paixing.hands.tables import BIG, HandParams, RankTables
from paixing.rules.cards import Card, full_pack, parse_cards

if TYPE_CHECKING:
    from paixing.rules.models import HandType, Kickers, Text, Variant

Counts = tuple[tuple[int, int], ...]
"""Natural cards as ((rank index, count), …)."""
ContainsFn = Callable[[Counts], bool]
"""Do these natural counts hold a play of the type (for kicker rules)?"""
FeatureFn = Callable[[Any, int], Any]
"""One comparison feature of (play, number of cards)."""
GenerateFn = Callable[["Ruleset", Any, "TypeInfo", "int | None", int], Iterable[Any]]
"""A shape's generator: (ruleset, HandView, type, length or None, floor) → plays (the
hand-view and play modules import this one, hence ``Any`` here)."""
MatchFn = Callable[["Ruleset", Any, "TypeInfo", tuple[Card, ...]], Iterable[Any]]
"""A shape's matcher: (ruleset, the cards as a hand, type, the cards sorted) → readings."""


@dataclass(frozen=True, eq=False)
class TypeInfo:
    """A hand type compiled to the numbers and bound functions its plays need.

    ``params`` is the shape's own compiled value (see paixing.hands.shapes); everything else is
    common to every shape."""

    index: int
    id: str
    name: Text
    spec: HandType
    shape: str
    """The shape's key in the rule language (group, chain, set, cards, distinct_ranks)."""
    params: Any
    """The shape's compiled numbers (a small frozen dataclass of that shape module)."""
    tables: RankTables
    generate: GenerateFn
    match: MatchFn
    contains_fn: ContainsFn
    key_fn: Callable[[Any, int], tuple[Any, ...]]
    """Compiled ``key``: (play, n cards) → comparison key."""
    same_fn: Callable[[Any, int], tuple[Any, ...]]
    """Compiled ``same``: (play, n cards) → the features that must match."""
    suits: str = "any"
    """How suits matter to the shape: ``same`` (one-suit sets, flushes, suited chains: the suit
    is part of a play), ``mixed`` or ``any``."""
    suited: bool = False
    """The suit of the play's highest card is part of its identity: a one-suit shape, or a
    type whose ``compare.key`` or ``same`` uses ``suit``."""
    generate_one: GenerateFn | None = None
    """The generator with one play per reading, made of the lowest cards of each rank (the same
    as ``generate`` unless ``every_set``): for what reads plays but not their cards, such as
    the environments' action space, enumerated from the whole deck."""
    every_set: bool = False
    """Which cards of a rank a play uses can matter later in the variant (``suits_matter``
    in compile.py): every distinct set of cards is its own play, and the cards are part of a
    play's identity. False: one play per reading, with the lowest cards of each rank."""
    last_only: bool = False
    """``last_play_only``: legal only as the player's last cards."""
    fewer: bool = False
    """The kickers may be ``fewer``: a play's length is not known from its core, so the move
    generator is asked for every length and filtered."""
    wmin: int = 0
    wmax: int = BIG
    min_natural: int = 0
    kickers: Kickers | None = None
    may_not_contain: tuple[int, ...] = ()
    kick_cap: int = BIG
    """Cards of one rank the kickers may hold (kicker rules a cap expresses: no bomb inside)."""
    kick_forbid: tuple[tuple[frozenset[int] | None, ContainsFn], ...] = ()
    """Kicker rules a cap cannot express: (ranks the type needs or None, its containment test)."""
    cls: int = 0
    key: tuple[str, ...] = ("top",)
    same: tuple[str, ...] = ()
    length_cap: int = BIG
    rungs: tuple[tuple[int, int, int], ...] = ()
    """(min length, max length, rung) entries from the ladder, first match wins."""
    also_beats: tuple[tuple[int, frozenset[int] | None, tuple[Card, ...] | None], ...] = ()
    """``compare.also_beats``: (index of a type this type beats whatever rung and class, the
    rank indices every rank of such a play must be among, or None for any; the cards, sorted,
    a play of this type must be made of to beat it, or None for any)."""
    step: int = 0
    """``compare.step``: a play beats one of its class only when its top is exactly this many
    ranks higher (0: any higher key beats)."""
    step_free: frozenset[int] = frozenset()
    """``compare.step_free`` as rank indices: a play of only these ranks is free of ``step``."""
    beaten_by: frozenset[int] = frozenset()
    """The indices of the types whose ``also_beats`` names this type (their plays are asked
    when answering a play of this type)."""
    playable: bool = True
    needs: frozenset[int] | None = None
    """The ranks a hand must hold for the type to be possible at all (exact cards), or None."""
    needs_group: int = 0
    """Cards of one rank (wild cards included) a hand needs before any play of this type is
    possible: the group size for groups and chains, 0 for other shapes."""
    floor_exact: bool = False
    """The shape's generator honours ``floor`` exactly: no play it returns has a lower top."""
    fixed_rung: int = -1
    """The rung of every play of this type when the ladder does not split it by length."""
    max_rung: int = -1
    """The highest rung any play of this type reaches."""
    exclusive: tuple[str, ...] | None = None
    """For a type made only of wild cards (four jokers): those cards' sorted names, which then
    read only as this type."""
    memo: dict[Any, Any] = field(default_factory=dict)
    """The shape's own memo of raw plays that depend on the type alone, not on a hand (n of a
    kind of each rank, the chains of a run): built on first use, shared by every hand."""

    def __deepcopy__(self, memo: dict[int, Any]) -> TypeInfo:
        """Itself: compiled tables are immutable and shared by every copy of a game (and a
        shape's params may be a compiled class, which a deep copy cannot rebuild)."""
        return self

    def rung(self, length: int) -> int:
        for lo, hi, rung in self.rungs:
            if lo <= length <= hi:
                return rung
        return -1


def deal_deck(variant: Variant) -> list[Card]:
    """Every card dealt in ``variant``, in a fixed order."""
    removed = Counter(parse_cards(" ".join(variant.deck.remove))) if variant.deck.remove else Counter()
    cards: list[Card] = []
    for _ in range(variant.deck.packs):
        cards += [c for c in full_pack(variant.deck.jokers) if not removed[c]]
    for name, n in variant.deck.extra.items():
        cards.extend([Card(name)] * n)
    return cards


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A variant compiled to tables; build with ``compile_variant`` (cached per variant)."""

    variant: Variant
    tables: RankTables
    ranks: tuple[str, ...]
    """The rank tables' fields, also held here: the hot paths read them with one look-up."""
    rank_index: dict[str, int]
    seq: tuple[int, ...]
    seq_pos: tuple[int, ...]
    suit_rank: dict[str | None, int]
    wild_names: frozenset[str]
    alone_as: int
    types: tuple[TypeInfo, ...]
    type_by_id: dict[str, TypeInfo]
    _playable: tuple[TypeInfo, ...]
    exclusive_wild_sets: frozenset[tuple[str, ...]]
    """Exact-card types made only of wild cards (four jokers): such cards read only as that type."""
    card_rank: dict[Card, int]
    """Each card of the deck → its rank index, -1 for a wild card (counting a hand is one
    dictionary look-up per card)."""
    card_index: dict[Card, int]
    """Each card of the deck (and each open-suit card, before the suited cards of its rank) →
    its place in (rank, suit) order, wild cards last: sorting a hand is one C-level sort with
    ``card_index.__getitem__``."""
    name_rank: dict[str, int] | None = None
    """``card_rank`` by the card's rank name alone, when the name says it (no single natural
    card is wild): counting a hand then hashes a string, not a card (a third fewer
    instructions per card)."""
    chain_cache: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Chain cores by (start, length, group size), shared by every hand (see shapes.chain)."""
    group_cache: dict[int, list[tuple[tuple[int, int], ...]]] = field(default_factory=dict)
    """n-of-a-kind cores by size (see group_cores)."""
    source: str | None = None
    """The variant file this was compiled from (absolute), None for a built-in id or a Variant:
    game records name it so that replay reads the same file."""
    hand: HandParams = HandParams()
    """The per-hand parameters this ruleset was compiled with (empty: the base ruleset)."""
    specialise: Callable[[Variant, HandParams], Ruleset] | None = None
    """The compiler, kept so ``for_hand`` builds a specialised ruleset without this module
    importing the compiler (which imports this one)."""
    hand_cache: dict[HandParams, Ruleset] = field(default_factory=dict)
    """Specialised rulesets by their parameters (see ``for_hand``)."""
    answer_cache: dict[tuple[int, int], tuple[Any, ...]] = field(default_factory=dict)
    """How to answer a play, by (its type index, its length): see ``moves.answer_plan``."""
    suits_anywhere: bool = False
    """A hand type of any ranks compares suits (a single by its suit): where plays are every
    set of cards (``TypeInfo.every_set``), every card is told apart from the others of its rank."""
    suit_types: tuple[int, ...] = ()
    """The other types (indices) that read suits (one-suit or mixed-suit shapes, a comparison
    by suit of named ranks): where no type reads suits anywhere, a card no such play of the
    hand can use stands in for any other card of its rank."""
    wilds_alike: bool = True
    """The wild cards stand in for each other: no exact-card type names some of them and not
    others (one naming every wild card of the deck, four jokers, is no matter: spending any
    breaks it). Then a play is made once per number of wild cards, not per choice of them."""
    marks_cards: bool = False
    """A contract step names a card whose play reveals its holder's side: that card
    (``HandView.marked``) is told apart from the other cards of its rank."""
    named_apart: frozenset[Card] = frozenset()
    """Cards a playable exact-card type names by suit while the deck holds other cards of
    their rank (an exact type ``cards: [10H]``): always told apart from those (a pair of black 10s
    is not the pair that spends a red ten)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        """Itself: a compiled variant is shared by every copy of a game (see TypeInfo's)."""
        return self

    @property
    def id(self) -> str:
        return self.variant.id

    @property
    def base(self) -> Ruleset:
        """The parameter-free ruleset this one was specialised from (itself when it is one)."""
        return self.hand_cache.get(HandParams(), self)

    @property
    def has_wilds(self) -> bool:
        """The variant has wild cards, possibly only once a hand knows them (a drawn rank)."""
        return self.variant.wildcards is not None

    def for_hand(self, level: str | None = None, wild_ranks: tuple[str, ...] | list[str] = (), flipped: bool = False) -> Ruleset:
        """This variant compiled for one hand: ``level`` is the hand's level rank (None or the
        variant's ``ranks.level``: that one), ``wild_ranks`` the ranks a ``draw_wild`` step drew,
        ``flipped`` the rank order reversed (``play.order_flip``). Cached by the parameters, on
        the base ruleset: a session asks for each level once."""
        base = self.base
        order = base.variant.ranks.order
        for rank in (level, *wild_ranks):
            if rank is not None and rank not in order:
                raise ValueError(f"{rank!r} is not a rank of {base.id}")
        params = HandParams(None if level == self.variant.ranks.level else level, tuple(wild_ranks), flipped)
        if params == base.hand:
            return base
        found = base.hand_cache.get(params)
        if found is None:
            assert base.specialise is not None
            made = base.specialise(base.variant, params)
            found = dataclasses.replace(made, source=base.source, hand_cache={HandParams(): base})
            base.hand_cache[params] = found
        return found

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
        return self.tables.is_wild(card)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Cards sort by rank (wilds last) then by suit."""
        return self.tables.sort_key(card)

    def sort_cards(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        """``cards`` in (rank, suit) order, wild cards last: one C-level sort on ``card_index``
        (the order ``sort_key`` gives), the key function only for cards foreign to the deck."""
        try:
            return sorted(cards, key=self.card_index.__getitem__)
        except KeyError:
            return self.tables.sort_cards(cards)

    @cached_property
    def deck_counts(self) -> Counter[Card]:
        """How many copies of each card the deck holds."""
        return Counter(self.deck())

    @cached_property
    def rank_copies(self) -> Counter[str]:
        """How many cards of each rank (or special card name) the deck holds."""
        copies: Counter[str] = Counter()
        for card, n in self.deck_counts.items():
            copies[card.rank] += n
        return copies

    @cached_property
    def card_limits(self) -> dict[Card, int]:
        """How many of each suited card a hand may hold: the deck's copies, for every suited
        card of the deck that is a card of this variant (a rank of it or a wild card's name).
        A suited card not listed is one no hand can hold (``check_in_deck``)."""
        known = self.rank_limits
        return {card: n for card, n in self.deck_counts.items() if card.suit is not None and card.rank in known}

    @cached_property
    def rank_limits(self) -> dict[str, int]:
        """How many cards of each rank (and of each joker or extra card, by its name) a hand may
        hold: the deck's, for the ranks and wild cards' names of this variant. An open-suit card
        (``55``) or a joker is counted against it by its name, a string: a hand written
        rank-only is checked without hashing a card (``check_in_deck``)."""
        known = self.rank_index.keys() | self.wild_names
        return {rank: self.rank_copies[rank] for rank in sorted(known, key=str)}

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        """The deck's cards that are cards of this variant: different cards all in this set are
        a hand the deck can supply (``check_in_deck``'s fast path; open-suit cards are not in
        it, since ``5`` and ``5S`` … ``5D`` are different cards but five of one rank)."""
        known = self.rank_limits
        return frozenset(c for c in self.deck_counts if c.rank in known)

    @cached_property
    def open_set(self) -> frozenset[Card]:
        """The open-suit cards (``Card("5")``) and jokers a hand of this variant may hold, one
        per name (``Ruleset.rank_limits``) that ``card_rank`` lists: a hand of only these is
        written rank-only, and ``check_in_deck`` compares its ``HandView`` counts with
        ``rank_copies_by_index``."""
        known = self.rank_limits
        return frozenset(c for c in self.card_rank if c.suit is None and c.rank in known)

    @cached_property
    def rank_copies_by_index(self) -> tuple[int, ...]:
        """How many cards of each rank the deck holds, by rank index (a ``HandView``'s counts)."""
        return tuple(self.rank_copies[r] for r in self.ranks)

    def deck(self) -> list[Card]:
        """Every card dealt in this variant, in a fixed order (a new list: the deal shuffles it)."""
        return list(self.deck_cards)

    @cached_property
    def deck_cards(self) -> tuple[Card, ...]:
        """The deck, built once: every hand dealt copies it."""
        return tuple(deal_deck(self.variant))
