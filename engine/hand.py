"""A hand seen the way generators need it: counts per rank, the cards behind each count, wilds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from paixing.rules.cards import Card

from .ruleset import Ruleset


class UnknownCard(ValueError):
    """A card the variant does not deal (a joker in a jokerless variant)."""


def check_in_deck(ruleset: Ruleset, cards: Iterable[Card]) -> None:
    """Raise ``UnknownCard`` for cards the variant's deck cannot supply (a joker in a jokerless
    game, a second ♠3 from one pack, five open-suit 3s). User input is checked here; the move
    generator trusts its hands."""
    deck = ruleset.deck_counts
    by_rank: Counter[str] = Counter()
    exact: Counter[Card] = Counter()
    for card in cards:
        if card.rank not in ruleset.rank_index and card.rank not in ruleset.wild_names:
            raise UnknownCard(f"{card} is not a card of {ruleset.id}")
        by_rank[card.rank] += 1
        if card.suit is not None or card.is_joker:
            exact[card] += 1
    for card, n in exact.items():
        if n > deck[card]:
            raise UnknownCard(f"{n} × {card}: the {ruleset.id} deck has {deck[card]}")
    for rank, n in by_rank.items():
        have = sum(m for c, m in deck.items() if c.rank == rank)
        if n > have:
            shown = "10" if rank == "10" else rank
            raise UnknownCard(f"{n} cards of rank {shown}: the {ruleset.id} deck has {have}")


class HandView:
    """Rank-count vector of a hand plus the concrete cards to pick from.

    Cards of a rank are kept in suit order so that the cards picked for a play are
    deterministic; wild cards are kept in their own list.
    """

    __slots__ = ("ruleset", "counts", "by_rank", "wilds", "cards", "_card_counts")

    def __init__(self, ruleset: Ruleset, cards: Iterable[Card]):
        self.ruleset = ruleset
        self.cards = list(cards)
        n = len(ruleset.ranks)
        counts = [0] * n
        by_rank: list[list[Card]] = [[] for _ in range(n)]
        wilds: list[Card] = []
        index = ruleset.rank_index
        try:
            # One C-level sort by the deck's (rank, suit) order puts every rank's cards in suit order.
            ordered = sorted(self.cards, key=ruleset.card_index.__getitem__)
        except KeyError:  # open-suit cards (rank-only notation) or cards foreign to the deck
            ordered = sorted(self.cards, key=lambda c: ruleset.card_index.get(c, -1))
        for card in ordered:
            r = index.get(card.rank)
            if r is None:
                if card.rank in ruleset.wild_names:
                    wilds.append(card)
                    continue
                raise UnknownCard(f"{card} is not a card of {ruleset.id}")
            by_rank[r].append(card)
            counts[r] += 1
        self.counts = counts
        self.wilds = wilds
        self.by_rank = by_rank
        self._card_counts: Counter[Card] | None = None

    @property
    def card_counts(self) -> Counter[Card]:
        """How many of each physical card the hand holds (for exact-card hand types)."""
        if self._card_counts is None:
            self._card_counts = Counter(self.cards)
        return self._card_counts

    @property
    def wild_names(self) -> dict[str, int]:
        """How many of each wild card (by name) the hand holds."""
        out: dict[str, int] = {}
        for c in self.wilds:
            out[c.rank] = out.get(c.rank, 0) + 1
        return out

    @property
    def n_wild(self) -> int:
        return len(self.wilds)
