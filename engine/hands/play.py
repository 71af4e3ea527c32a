"""A play: concrete cards plus the one reading (hand type, what each wild stands for) it is made as.

Comparison data (rung, class, the features that must match, the key) is computed once when the
play is built, so ``beats`` is a handful of integer and tuple comparisons.
"""

from __future__ import annotations

from typing import Any

from paixing.hands.ruleset import TypeInfo
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards

Groups = tuple[tuple[int, int], ...]
"""The core of a play: (rank index, cards of that rank) per group, low to high."""
Naturals = tuple[tuple[int, int], ...]
"""Natural cards used: (rank index, count), low to high, kickers included."""


class Play:
    """One reading of some cards. Two plays are equal when they differ only in interchangeable
    cards (same type, core, natural ranks and, for one-suit sets, suit)."""

    __slots__ = ("type", "_cards", "groups", "naturals", "wild_as", "suit", "_key", "_same", "_hand")
    _key: tuple[Any, ...]
    _same: tuple[Any, ...]

    def __init__(
        self,
        htype: TypeInfo,
        cards: tuple[Card, ...] | None,
        groups: Groups,
        naturals: Naturals,
        wild_as: tuple[int, ...] = (),
        suit: int = -1,
        hand: HandView | None = None,
    ) -> None:
        # Only what identifies the play is stored; rung, key and cards are derived on demand
        # (a move generator builds many plays that nobody compares).
        self.type = htype
        self._cards = cards
        self._hand = hand
        self.groups = groups
        self.naturals = naturals
        self.wild_as = wild_as
        self.suit = suit

    @property
    def rung(self) -> int:
        """The play's rung on the ladder (-1 when the ladder does not place its length)."""
        rung = self.type.fixed_rung
        return rung if rung >= 0 else self.type.rung(len(self))

    def __len__(self) -> int:
        if self._cards is not None:
            return len(self._cards)
        return sum(n for _, n in self.naturals) + len(self.wild_as)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards, low to high, wild cards last. Generated plays pick them from the
        hand only when asked: a move generator mostly needs the counts."""
        cards = self._cards
        if cards is None:
            hand = self._hand
            assert hand is not None
            picked: list[Card] = []
            for r, n in self.naturals:
                picked += hand.by_rank[r][:n]
            if self.wild_as:
                picked += hand.wilds[: len(self.wild_as)]
            cards = self._cards = tuple(picked)
        return cards

    @property
    def key(self) -> tuple[Any, ...]:
        """The comparison key within the class (computed on first use: leads never need it)."""
        try:
            return self._key
        except AttributeError:
            k = self._key = self.type.key_fn(self, len(self))
            return k

    @property
    def same(self) -> tuple[Any, ...]:
        """The features another play of the class must match to be compared at all."""
        try:
            return self._same
        except AttributeError:
            k = self._same = self.type.same_fn(self, len(self))
            return k

    @property
    def cls(self) -> int:
        return self.type.cls

    # identity ---------------------------------------------------------------------------
    @property
    def identity(self) -> tuple[object, ...]:
        """What makes two plays the same play: type, core, natural ranks used, and the suit where
        it counts (a one-suit play, or a type compared by suit). Which physical cards of a rank
        (or which wild cards) are used does not count otherwise."""
        return (self.type.index, self.groups, self.naturals, self.suit if self.type.suited else -1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.identity == self.identity

    def __hash__(self) -> int:
        return hash(self.identity)

    # presentation -----------------------------------------------------------------------
    @property
    def type_id(self) -> str:
        return self.type.id

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """What each wild card in ``cards`` is read as (rank, and suit in a one-suit set)."""
        rs = self.type.tables
        suit = rs.suit_names[self.suit] if self.suit >= 0 and self.type.suits == "same" else None
        return tuple(Card(rs.ranks[r], suit) for r in self.wild_as)

    @property
    def reads_as(self) -> str:
        """The cards this play counts as, wilds replaced by what they stand for."""
        rs = self.type.tables
        if not self.wild_as:
            return self.notation
        nat = [c for c in self.cards if not rs.is_wild(c)]
        if not self.type.suited:
            # Suits play no part in this reading: write it by rank alone (4D + joker → 44).
            nat = [Card(c.rank) for c in nat]
        return format_cards(rs.sort_cards(nat + list(self.stands_for)))

    @property
    def notation(self) -> str:
        return format_cards(self.cards)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        extra = f" as {self.reads_as}" if self.wild_as else ""
        return f"<Play {self.type.id} {self.notation}{extra}>"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "type": self.type.id,
            "name": {"zh": self.type.name.zh, "en": self.type.name.en},
            "cards": self.notation,
        }
        if self.wild_as:
            out["as"] = self.reads_as
        return out


def beats(play: Play, target: Play) -> bool:
    """Whether ``play`` may be played on ``target``: a higher rung, or the same comparison class,
    equal required features, and a strictly greater key."""
    if play.rung != target.rung:
        return play.rung > target.rung
    return play.type.cls == target.type.cls and play.same == target.same and play.key > target.key


def why(play: Play, target: Play) -> str:
    """One sentence explaining ``beats(play, target)``, for the CLI and the rulebook."""
    a, b = play.type, target.type
    if play.rung != target.rung:
        higher, lower = (a, b) if play.rung > target.rung else (b, a)
        return f"{higher.id} is on a higher rung of the ladder than {lower.id}"
    if play.cls != target.cls:
        return f"{a.id} and {b.id} are on the same rung but do not compare"
    if play.same != target.same:
        return f"{a.id} plays compare only when their {', '.join(a.same)} match"
    if not a.key:
        return f"equal {a.id} plays never beat each other (the first one stands)"
    if play.key > target.key:
        return f"same class, higher by {', '.join(a.key)}"
    if play.key == target.key:
        return f"same class and equal by {', '.join(a.key)}"
    return f"same class, lower by {', '.join(a.key)}"
