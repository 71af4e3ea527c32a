"""Rank tables: the numbers every shape, feature and play reads, built once per variant.

They are their own frozen value so that a compiled hand type can carry them (a play names its
cards with them) without a back-reference to the whole Ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from paixing.rules.cards import SPECIALS, Card, parse_cards
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

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.wild_names

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Cards sort by rank (wilds last) then by suit."""
        if card.rank in self.wild_names:
            return (len(self.ranks) + SPECIALS.index(card.rank) if card.rank in SPECIALS else len(self.ranks), 0)
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
        wrap=len(seq) > 2 and seq[0] == seq[-1],
        window_top=_window_top(variant, rank_index, seq),
        suit_names=tuple(variant.ranks.suits),
        suit_rank={s: i for i, s in enumerate(variant.ranks.suits)},
        wild_names=frozenset(wild.cards) if wild else frozenset(),
        alone_as=rank_index[wild.alone_as] if wild else -1,
        never_as=frozenset(rank_index[r] for r in wild.never_as if r in rank_index) if wild else frozenset(),
    )
