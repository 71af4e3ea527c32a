"""A hand seen the way generators need it: counts per rank, the cards behind each count, wilds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import compress
from operator import le
from typing import Any

from paixing.hands.ruleset import Ruleset
from paixing.rules.cards import Card


class UnknownCard(ValueError):
    """A card the variant does not deal (a joker in a jokerless variant)."""


def check_in_deck(ruleset: Ruleset, cards: Iterable[Card]) -> HandView | None:
    """Raise ``UnknownCard`` for cards the variant's deck cannot supply (a joker in a jokerless
    game, a second ♠3 from one pack, five open-suit 3s). User input is checked here; the move
    generator trusts its hands. Returns the hand's ``HandView`` when the check made one (a hand
    written rank-only), for the caller to hand on, else None.

    The public API checks every call's cards (``paixing.hands.checked``): a dealt hand
    (different cards, all of the deck) costs one set and a subset test over a table built once
    per ruleset (``Ruleset.deck_set``). No hand is kept between calls (a kept hand made a
    benchmark that asks about one hand twenty times cheap, and every new hand dearer).
    A hand written rank-only (``33445566778899TTJJ``: open-suit cards and jokers of this
    variant, ``Ruleset.open_set``) is counted as the move generator counts it, by a
    ``HandView``, whose counts are then compared with the deck's; any other hand is counted
    once and compared with ``Ruleset.card_limits`` and ``Ruleset.rank_limits``. Only a hand
    that fails is gone through again, to name what is wrong (``_refuse``)."""
    hand = cards if isinstance(cards, (list, tuple)) else tuple(cards)  # noqa: UP038  (the faster check)
    distinct = set(hand)
    view = None
    if not (len(distinct) == len(hand) and distinct <= ruleset.deck_set):
        if distinct <= ruleset.open_set:
            view = HandView(ruleset, hand)
            passed = _open_within_limits(ruleset, view)
        else:
            passed = _within_limits(ruleset, hand)
        if not passed:
            _refuse(ruleset, hand)
    return view


def _open_within_limits(ruleset: Ruleset, view: HandView) -> bool:
    """Whether the deck can supply a hand of open-suit cards and jokers (``Ruleset.open_set``):
    no rank more often than the deck holds cards of it, compared in C over the view's counts,
    and no wild card (by name) more often than the deck holds it."""
    if not all(map(le, view.counts, ruleset.rank_copies_by_index)):
        return False
    limits = ruleset.rank_limits
    return all(n <= limits[name] for name, n in view.wild_names.items())


def _within_limits(ruleset: Ruleset, cards: list[Card] | tuple[Card, ...]) -> bool:
    """Whether the deck can supply ``cards``: no suited card more often than the deck holds
    it (``Ruleset.card_limits``), no rank, joker or extra card more often than the deck holds
    cards of it (``Ruleset.rank_limits``; open-suit and suited cards of a rank together).

    Suitless cards (open-suit, jokers) are counted by their name, a string whose hash is
    cached, not by the card; plain loops, not ``Counter`` and ``map``: compiled (the installed
    core) they take a third of the time, interpreted about the same."""
    by_name: dict[str, int] = {}
    suited: dict[Card, int] = {}
    for card in cards:
        if card[1] is None:  # Card(rank, suit) read by index: cheaper than the attributes
            by_name[card[0]] = by_name.get(card[0], 0) + 1
        else:
            suited[card] = suited.get(card, 0) + 1
    if suited:
        limits = ruleset.card_limits
        for card, n in suited.items():
            if n > limits.get(card, -1):  # -1: a card no hand of this variant can hold
                return False
        if not by_name:
            return True  # only suited cards, each within its copies: so is each rank
        for card, n in suited.items():  # open-suit and suited cards of a rank count together
            if card[0] in by_name:
                by_name[card[0]] += n
    ranks = ruleset.rank_limits
    return all(n <= ranks.get(name, -1) for name, n in by_name.items())


def _refuse(ruleset: Ruleset, cards: Iterable[Card]) -> None:
    """``check_in_deck`` card by card: raise ``UnknownCard`` naming the first problem."""
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


def _slow_counts(ruleset: Ruleset, cards: list[Card]) -> tuple[list[int], list[Card]]:
    """Counts and wild cards of a hand holding cards the deck table does not list."""
    counts = [0] * len(ruleset.ranks)
    wilds = []
    tables = ruleset.tables
    for card in cards:
        r = ruleset.rank_index.get(card.rank, -1)
        if tables.is_wild(card):
            wilds.append(card)
        elif r >= 0:
            counts[r] += 1
        else:
            raise UnknownCard(f"{card} is not a card of {ruleset.id}") from None
    return counts, wilds


def _slow_by_rank(rs: Ruleset, cards: list[Card], n: int) -> list[tuple[Card, ...]]:
    """``HandView.by_rank`` for a hand holding cards the deck table does not list."""
    by_rank: list[list[Card]] = [[] for _ in range(n)]
    order = rs.card_index
    index = rs.rank_index
    wild = rs.tables.is_wild
    for card in sorted(cards, key=lambda c: order.get(c, -1)):
        q = index.get(card.rank)
        if q is not None and not wild(card):
            by_rank[q].append(card)
    return [tuple(x) for x in by_rank]


def _rank_runs(held: list[int], end: int) -> list[tuple[int, int]]:
    """``HandView.runs`` when sequence place and rank index agree (the sequence is the lowest
    ranks in order): runs of consecutive ranks among those held, below ``end``."""
    found = []
    start = prev = -2
    for r in held:
        if r >= end:
            break
        if r != prev + 1:
            if start >= 0:
                found.append((start, prev + 1))
            start = r
        prev = r
    if start >= 0:
        found.append((start, prev + 1))
    return found


class HandView:
    """Rank-count vector of a hand plus the concrete cards to pick from.

    Cards of a rank are kept in suit order so that the cards picked for a play are
    deterministic; wild cards are kept in their own list.
    """

    __slots__ = ("ruleset", "counts", "picks", "wilds", "cards", "marked", "apart", "alike", "memo", "_card_counts", "_held", "_runs")

    def __init__(
        self,
        ruleset: Ruleset,
        cards: Iterable[Card],
        counts: list[int] | None = None,
        wilds: list[Card] | None = None,
    ):
        self.ruleset = ruleset
        self.cards = hand = list(cards)
        self.picks: list[tuple[Card, ...]] | None = None
        """``by_rank`` once it is built (None before): a play picking its cards reads the field."""
        self.marked: frozenset[Card] | None = None
        """Where a contract step names a card whose play reveals its holder (``Ruleset.marks_cards``):
        the named cards still unrevealed, which a play must tell apart from the other cards of
        their rank. A game sets it; None (a hand outside a game): any card may be the one."""
        self.apart: frozenset[Card] | None = None
        """The cards a play tells apart from the other cards of their rank, once worked out
        (``suited.apart``)."""
        self.alike: bool | None = None
        """No card of the hand is told apart from the others of its rank, once worked out
        (``suited.every_set_generate``): plays are then one per reading."""
        self.memo: dict[tuple[object, ...], Any] = {}
        """Work many plays of the hand share, kept by what it is: the distinct choices of n
        cards of a rank a play can be made of (``suited.card_sets``), each suit's cards as a
        view (one-suit chains)."""
        self._card_counts: Counter[Card] | None = None
        self._held: dict[int, list[int]] = {}
        self._runs: dict[int, list[tuple[int, int]]] = {}
        if counts is not None and wilds is not None:  # carried over by ``without``
            self.counts = counts
            self.wilds = wilds
            return
        # One slot more than the ranks: a wild card's rank is -1, so it counts in the last slot
        # and the loop has no branch.
        counts = [0] * (len(ruleset.ranks) + 1)
        names = ruleset.name_rank
        try:
            if names is not None:
                for c in hand:
                    counts[names[c[0]]] += 1
                wilds = [c for c in hand if names[c[0]] < 0] if counts.pop() else []
            else:
                rank_of = ruleset.card_rank
                for c in hand:
                    counts[rank_of[c]] += 1
                wilds = [c for c in hand if rank_of[c] < 0] if counts.pop() else []
        except KeyError:  # open-suit cards (rank-only notation) or cards foreign to the deck
            counts, wilds = _slow_counts(ruleset, hand)
        if len(wilds) > 1:
            wilds.sort(key=ruleset.sort_key)
        self.counts = counts
        self.wilds = wilds

    def without(self, played: Iterable[Card], cards: Iterable[Card]) -> HandView:
        """The view of this hand once ``played`` (cards of it) have left it; ``cards`` is the
        hand that is left. The counts, the wild cards and the cards picked per rank are carried
        over, one card at a time, not counted and sorted again: a game asks for a seat's next
        view after each of its plays. KeyError or ValueError: ``played`` is not of this hand."""
        rank_of = self.ruleset.card_rank
        counts = list(self.counts)
        wilds = self.wilds
        picks = self.picks
        if picks is not None:
            picks = list(picks)
        for c in played:
            r = rank_of[c]
            if r < 0:
                if wilds is self.wilds:
                    wilds = list(wilds)
                wilds.remove(c)
                continue
            if counts[r] == 0:
                raise ValueError(f"{c} is not in the hand")
            counts[r] -= 1
            if picks is not None:
                row = picks[r]
                i = row.index(c)  # the first equal card: equal cards are interchangeable
                picks[r] = row[:i] + row[i + 1 :]
        view = HandView(self.ruleset, cards, counts, wilds)
        view.picks = picks
        view.marked = self.marked
        return view

    def __deepcopy__(self, memo: dict[int, Any]) -> HandView:
        """Itself: a view never changes once made (only its caches fill in), and a compiled
        view cannot be rebuilt field by field as ``copy`` would. A game state keeps each seat's
        view, and OpenSpiel's search deep-copies states."""
        return self

    @property
    def by_rank(self) -> list[tuple[Card, ...]]:
        """The cards of each rank in suit order (built only when cards are picked). Tuples: a
        play of every card of a rank picks the very tuple, and concatenation stays in C."""
        by_rank = self.picks
        if by_rank is None:
            rs = self.ruleset
            order = rs.card_index
            try:  # the deck's own cards: a C-level sort key, naturals by rank then wild cards
                ordered = sorted(self.cards, key=order.__getitem__)
            except KeyError:
                by_rank = _slow_by_rank(rs, self.cards, len(self.counts))
            else:
                by_rank = []
                i = 0
                for n in self.counts:
                    by_rank.append(tuple(ordered[i : i + n]))
                    i += n
            self.picks = by_rank
        return by_rank

    def held(self, n: int) -> list[int]:
        """Ranks (low to high) held at least ``n`` times; shared by every group type."""
        held = self._held
        found = held.get(n)
        if found is None:
            counts = self.counts
            # Read off the next smaller size already listed: fewer ranks to look at.
            fewer = held.get(n - 1)
            if n == 1:
                found = list(compress(range(len(counts)), counts))  # in C: the ranks with a card
            elif fewer is None:
                found = [r for r, c in enumerate(counts) if c >= n]
            else:
                found = [r for r in fewer if counts[r] >= n]
            held[n] = found
        return found

    def runs(self, n: int) -> list[tuple[int, int]]:
        """Maximal runs [start, end) of sequence positions held at least ``n`` times; shared
        by every chain type with groups of ``n``."""
        found = self._runs.get(n)
        if found is None:
            if self.ruleset.tables.plain_seq:
                found = self._runs[n] = _rank_runs(self.held(n), len(self.ruleset.seq))
                return found
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
