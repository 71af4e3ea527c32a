"""A hand seen the way generators need it: counts per rank, the cards behind each count, wilds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from paixing.hands.ruleset import Ruleset
from paixing.rules.cards import Card


class UnknownCard(ValueError):
    """A card the variant does not deal (a joker in a jokerless variant)."""


def check_in_deck(ruleset: Ruleset, cards: Iterable[Card]) -> None:
    """Raise ``UnknownCard`` for cards the variant's deck cannot supply (a joker in a jokerless
    game, a second ♠3 from one pack, five open-suit 3s). User input is checked here; the move
    generator trusts its hands."""
    deck = ruleset.deck_counts
    copies = ruleset.rank_copies
    by_rank: Counter[str] = Counter()
    exact: Counter[Card] = Counter()
    for card in cards:
        if card.rank not in ruleset.rank_index and card.rank not in ruleset.wild_names:
            raise UnknownCard(f"{card} is not a card of {ruleset.id}")
        by_rank[card.rank] += 1
        if card.suit is not None or card.is_special:
            exact[card] += 1
    for card, n in exact.items():
        if n > deck[card]:
            raise UnknownCard(f"{n} × {card}: the {ruleset.id} deck has {deck[card]}")
    for rank, n in by_rank.items():
        have = copies[rank]
        if n > have:
            shown = "10" if rank == "10" else rank
            raise UnknownCard(f"{n} cards of rank {shown}: the {ruleset.id} deck has {have}")


class HandView:
    """Rank-count vector of a hand plus the concrete cards to pick from.

    Cards of a rank are kept in suit order so that the cards picked for a play are
    deterministic; wild cards are kept in their own list.
    """

    __slots__ = ("ruleset", "counts", "_by_rank", "wilds", "cards", "_card_counts", "_held", "_runs")

    def __init__(self, ruleset: Ruleset, cards: Iterable[Card]):
        self.ruleset = ruleset
        self.cards = list(cards)
        counts = [0] * len(ruleset.ranks)
        wilds: list[Card] = []
        rank_of = ruleset.card_rank
        try:
            for card in self.cards:
                r = rank_of[card]
                if r < 0:
                    wilds.append(card)
                else:
                    counts[r] += 1
        except KeyError:  # open-suit cards (rank-only notation) or cards foreign to the deck
            counts = [0] * len(ruleset.ranks)
            wilds = []
            tables = ruleset.tables
            for card in self.cards:
                r = ruleset.rank_index.get(card.rank, -1)
                if tables.is_wild(card):
                    wilds.append(card)
                elif r >= 0:
                    counts[r] += 1
                else:
                    raise UnknownCard(f"{card} is not a card of {ruleset.id}") from None
        if len(wilds) > 1:
            wilds.sort(key=ruleset.sort_key)
        self.counts = counts
        self.wilds = wilds
        self._by_rank: list[list[Card]] | None = None
        self._card_counts: Counter[Card] | None = None
        self._held: dict[int, list[int]] = {}
        self._runs: dict[int, list[tuple[int, int]]] = {}

    @property
    def by_rank(self) -> list[list[Card]]:
        """The cards of each rank in suit order (built only when cards are picked)."""
        by_rank = self._by_rank
        if by_rank is None:
            by_rank = [[] for _ in self.counts]
            rs = self.ruleset
            order = rs.card_index
            rank_of = rs.card_rank
            try:  # one C-level sort key: every dealt card has its place in the deck order
                cards = sorted(self.cards, key=order.__getitem__)
            except KeyError:  # open-suit cards (rank-only notation) sort first, as they come
                cards = sorted(self.cards, key=lambda c: order.get(c, -1))
            for card in cards:
                r = rank_of.get(card)
                if r is None:  # a card outside the deck's table: read it as the rules do
                    r = -1 if rs.tables.is_wild(card) else rs.rank_index.get(card.rank, -1)
                if r >= 0:
                    by_rank[r].append(card)
            self._by_rank = by_rank
        return by_rank

    def held(self, n: int) -> list[int]:
        """Ranks (low to high) held at least ``n`` times; shared by every group type."""
        found = self._held.get(n)
        if found is None:
            found = self._held[n] = [r for r, c in enumerate(self.counts) if c >= n]
        return found

    def runs(self, n: int) -> list[tuple[int, int]]:
        """Maximal runs [start, end) of sequence positions held at least ``n`` times; shared
        by every chain type with groups of ``n``."""
        found = self._runs.get(n)
        if found is None:
            found = []
            seq = self.ruleset.seq
            counts = self.counts
            start = -1
            for p, r in enumerate(seq):
                if counts[r] >= n:
                    if start < 0:
                        start = p
                elif start >= 0:
                    found.append((start, p))
                    start = -1
            if start >= 0:
                found.append((start, len(seq)))
            self._runs[n] = found
        return found

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
