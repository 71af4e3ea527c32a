"""Rank tables: the numbers every shape, feature and play reads, built once per variant.

They are their own frozen value so that a compiled hand type can carry them (a play names its
cards with them) without a back-reference to the whole Ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from paixing.rules.cards import SPECIALS, Card
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
    """For each rank index, its place in ``seq``, or -1 when it never chains."""
    suit_names: tuple[str, ...]
    """Suits from lowest to highest."""
    suit_rank: dict[str | None, int]
    wild_names: frozenset[str]
    alone_as: int
    """The rank wild cards count as when played only with wild cards (-1 without wilds)."""

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.wild_names

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Cards sort by rank (wilds last) then by suit."""
        if card.rank in self.wild_names:
            return (len(self.ranks) + SPECIALS.index(card.rank) if card.rank in SPECIALS else len(self.ranks), 0)
        return (self.rank_index[card.rank], self.suit_rank.get(card.suit, -1))

    def sort_cards(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        return sorted(cards, key=self.sort_key)


def rank_tables(variant: Variant) -> RankTables:
    """The rank tables of ``variant``."""
    order = tuple(variant.ranks.order)
    rank_index = {r: i for i, r in enumerate(order)}
    seq = tuple(rank_index[r] for r in variant.ranks.sequence)
    seq_pos = [-1] * len(order)
    for p, r in enumerate(seq):
        seq_pos[r] = p
    wild = variant.wildcards
    return RankTables(
        ranks=order,
        rank_index=rank_index,
        seq=seq,
        seq_pos=tuple(seq_pos),
        suit_names=tuple(variant.ranks.suits),
        suit_rank={s: i for i, s in enumerate(variant.ranks.suits)},
        wild_names=frozenset(wild.cards) if wild else frozenset(),
        alone_as=rank_index[wild.alone_as] if wild else -1,
    )
