"""Rank tables: the numbers every shape, feature and play reads, built once per variant.

They are their own frozen value so that a compiled hand type can carry them (a play names its
cards with them) without a back-reference to the whole Ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from paixing.rules.cards import SPECIALS, Card, parse_cards

if TYPE_CHECKING:
    from paixing.rules.models import Variant

BIG = 1 << 30
"""Stands for "no upper limit" in compiled ranges."""


@dataclass(frozen=True, eq=False)
class RankTables:
    """Ranks as small integers (their place in ``ranks.order``), the sequence, suits and wilds."""

    ranks: tuple[str, ...]
    rank_index: dict[str, int]
    seq: tuple[int, ...]
    """Rank indices in sequence order."""
    seq_pos: tuple[int, ...]
    """For each rank index, its place in ``seq``, or -1 when it never chains (a rank at both
    ends of the sequence: its last place)."""
    wrap: bool
    """One rank sits at both ends of the sequence (A2345 and 10JQKA): a chain's window is then
    read from both places, and no chain spans the whole sequence."""
    window_top: dict[tuple[int, int], int]
    """(last sequence place, length) of a chain moved by ``ranks.windows`` → its ``top``: above
    (``top``) or below (``bottom``) every chain of its length. Empty in most variants."""
    suit_names: tuple[str, ...]
    """Suits from lowest to highest."""
    suit_rank: dict[str | None, int]
    wild_names: frozenset[str]
    alone_as: int
    """The rank wild cards count as when played only with wild cards (-1 without wilds)."""
    never_as: frozenset[int]
    """Ranks (indices) a wild card never stands for (``wildcards.never_as`` that are ranks)."""
    wild_cards: frozenset[Card] = frozenset()
    """Single natural cards that are wild in this hand (the heart of the level rank); a whole
    wild rank (a drawn rank) is in ``wild_names`` instead."""
    natural_wilds: bool = False
    """Some wild cards are natural cards (a level heart, a drawn rank): wild cards played only
    with wild cards read as their own natural rank(s) rather than ``alone_as``."""
    plain_seq: bool = False
    """The sequence is the lowest ranks in rank order (``seq`` is 0, 1, 2 …): a sequence place is
    its rank index, and runs are read off the ranks held (see ``HandView.runs``)."""
    half_above: bool = False
    """``wildcards.half_above``: a lone wild single reads at the rank of the single it answers
    (``alone_as`` when led), half a rank above it by the ``wild_alone`` feature."""
    single_only: frozenset[int] = frozenset()
    """Ranks (indices) of ``ranks.single_only``: a lone wild single never answers them."""
    level: str | None = None
    """The level rank of this hand (moved just below the jokers in ``ranks``), or None."""

    @property
    def any_wild(self) -> bool:
        """This hand has wild cards (jokers, flowers, natural cards)."""
        return bool(self.wild_names or self.wild_cards)

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.wild_names or card in self.wild_cards

    def natural_rank(self, card: Card) -> int:
        """The rank index a wild card has as a natural card (-1 for a joker or flower card
        that is wild: it has no rank of its own)."""
        return self.rank_index.get(card.rank, -1)

    def wilds_in(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        """The wild cards among ``cards``."""
        return [c for c in cards if self.is_wild(c)]

    def alone_ranks(self, wilds: list[Card] | tuple[Card, ...]) -> list[int]:
        """The ranks wild cards played only with wild cards may read as (纯癞子), low to high:
        the own ranks of the natural cards among them, else ``alone_as``."""
        if self.natural_wilds:
            own = sorted({self.rank_index[c.rank] for c in wilds if c.rank in self.rank_index})
            if own:
                return own
        return [self.alone_as] if self.alone_as >= 0 else []

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Cards sort by rank (wilds last, natural wilds by their own rank) then by suit."""
        if self.is_wild(card):
            if card.rank in SPECIALS:
                return (len(self.ranks) + SPECIALS.index(card.rank), 0)
            return (len(self.ranks) + len(SPECIALS) + self.rank_index.get(card.rank, 0), self.suit_rank.get(card.suit, -1))
        return (self.rank_index[card.rank], self.suit_rank.get(card.suit, -1))

    def sort_cards(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        return sorted(cards, key=self.sort_key)


def _window_top(variant: Variant, rank_index: dict[str, int], seq: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """The tops of the chains ``ranks.windows`` moves: ``top`` ones above every plain top
    (which are sequence places), ``bottom`` ones below them (negative), low to high."""
    windows = variant.ranks.windows
    out: dict[tuple[int, int], int] = {}
    for where, base in (("top", len(seq)), ("bottom", -len(windows.bottom) - 1)):
        for i, text in enumerate(getattr(windows, where)):
            ranks = [rank_index[c.rank] for c in parse_cards(text)]
            k = len(ranks)
            start = next(p for p in range(len(seq)) if list(seq[p : p + k]) == ranks)
            out[(start + k - 1, k)] = base + i
    return out


@dataclass(frozen=True)
class HandParams:
    """What is known only when a hand starts, and changes the hand layer: the level rank (from
    the session or ``ranks.level``) and the wild ranks a ``draw_wild`` step drew. The empty
    value is the parameter-free default (a variant's base ruleset)."""

    level: str | None = None
    """The hand's level rank; None: the variant's ``ranks.level`` (if any)."""
    wild_ranks: tuple[str, ...] = ()
    flipped: bool = False
    """The rank order is reversed (``play.order_flip``: a revolution was played)."""


NO_PARAMS = HandParams()
"""The parameters of a base ruleset: none."""


def level_order(order: tuple[str, ...], level: str | None) -> tuple[str, ...]:
    """``order`` with the level rank moved just below the jokers (to the top when jokers are
    not ranks): the level rank outranks every other natural rank, in groups and in every other
    comparison by rank. Sequences keep their own order (``ranks.sequence``)."""
    if level is None or level not in order:
        return order
    rest = [r for r in order if r != level]
    at = next((i for i, r in enumerate(rest) if r in SPECIALS), len(rest))
    return (*rest[:at], level, *rest[at:])


def flip_order(order: tuple[str, ...], keep: frozenset[str]) -> tuple[str, ...]:
    """``order`` with every rank not in ``keep`` reversed among their places (the ranks in
    ``keep``, the jokers, stay where they are): ``play.order_flip``."""
    moved = iter([r for r in order if r not in keep][::-1])
    return tuple(r if r in keep else next(moved) for r in order)


def _flip_keep(variant: Variant) -> frozenset[str]:
    """The ranks a reversal leaves in place (the variant's ``play.order_flip.keep``)."""
    game = variant.game
    flip = game.play.order_flip if game is not None else None
    return frozenset(flip.keep) if flip is not None else frozenset()


def _wild_parts(variant: Variant, hand: HandParams) -> tuple[frozenset[str], frozenset[Card]]:
    """The wild card names (whole ranks included) and the single wild natural cards."""
    wild = variant.wildcards
    if wild is None:
        return frozenset(), frozenset()
    names: set[str] = {c for c in wild.cards if c in SPECIALS}
    cards: set[Card] = set()
    if "drawn" in wild.cards:
        names.update(hand.wild_ranks)
    level = hand.level or variant.ranks.level
    if "level_heart" in wild.cards and level is not None:
        cards.add(Card(level, "H"))
    return frozenset(names), frozenset(cards)


def rank_tables(variant: Variant, hand: HandParams = NO_PARAMS) -> RankTables:
    """The rank tables of ``variant`` for a hand with ``hand``'s parameters."""
    level = hand.level or variant.ranks.level
    order = level_order(tuple(variant.ranks.order), level)
    sequence = tuple(variant.ranks.sequence)
    if hand.flipped:
        keep = _flip_keep(variant)
        order = flip_order(order, keep)
        sequence = flip_order(sequence, keep)
    rank_index = {r: i for i, r in enumerate(order)}
    seq = tuple(rank_index[r] for r in sequence)
    seq_pos = [-1] * len(order)
    for p, r in enumerate(seq):
        seq_pos[r] = p
    wild = variant.wildcards
    names, cards = _wild_parts(variant, hand)
    return RankTables(
        ranks=order,
        rank_index=rank_index,
        seq=seq,
        seq_pos=tuple(seq_pos),
        wrap=len(seq) > 2 and seq[0] == seq[-1],
        plain_seq=seq == tuple(range(len(seq))),
        window_top=_window_top(variant, rank_index, seq),
        suit_names=tuple(variant.ranks.suits),
        suit_rank={s: i for i, s in enumerate(variant.ranks.suits)},
        wild_names=names,
        alone_as=rank_index[wild.alone_as] if wild else -1,
        never_as=frozenset(rank_index[r] for r in [*wild.never_as, *variant.ranks.single_only] if r in rank_index) if wild else frozenset(),
        wild_cards=cards,
        natural_wilds=bool(cards) or any(n in rank_index for n in names),
        level=level if level in rank_index else None,
        half_above=bool(wild and wild.half_above),
        single_only=frozenset(rank_index[r] for r in variant.ranks.single_only if r in rank_index),
    )
