"""A hand seen the way generators need it: counts per rank, the cards behind each count, wilds."""

from __future__ import annotations

from collections.abc import Iterable

from paixing.rules.cards import Card

from .ruleset import Ruleset


class UnknownCard(ValueError):
    """A card the variant does not deal (a joker in a jokerless variant)."""


class HandView:
    """Rank-count vector of a hand plus the concrete cards to pick from.

    Cards of a rank are kept in suit order so that the cards picked for a play are
    deterministic; wild cards are kept in their own list.
    """

    __slots__ = ("ruleset", "counts", "by_rank", "wilds", "cards")

    def __init__(self, ruleset: Ruleset, cards: Iterable[Card]):
        self.ruleset = ruleset
        self.cards = list(cards)
        n = len(ruleset.ranks)
        self.counts = [0] * n
        self.by_rank: list[list[Card]] = [[] for _ in range(n)]
        self.wilds: list[Card] = []
        index = ruleset.rank_index
        for card in self._sorted(ruleset, self.cards):
            if card.rank in ruleset.wild_names:
                self.wilds.append(card)
                continue
            r = index.get(card.rank)
            if r is None:
                raise UnknownCard(f"{card} is not a card of {ruleset.id}")
            self.counts[r] += 1
            self.by_rank[r].append(card)

    @staticmethod
    def _sorted(ruleset: Ruleset, cards: list[Card]) -> list[Card]:
        for card in cards:
            if card.rank not in ruleset.wild_names and card.rank not in ruleset.rank_index:
                raise UnknownCard(f"{card} is not a card of {ruleset.id}")
        return ruleset.sort_cards(cards)

    @property
    def n_wild(self) -> int:
        return len(self.wilds)
