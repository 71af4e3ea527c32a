"""A play: concrete cards plus the one reading (hand type, what each wild stands for) it is made as.

Comparison data (rung, class, the features that must match, the key) is computed once when the
play is built, so ``beats`` is a handful of integer and tuple comparisons.
"""

from __future__ import annotations

from paixing.rules.cards import Card, format_cards

from .ruleset import Ruleset, TypeInfo

Groups = tuple[tuple[int, int], ...]
"""The core of a play: (rank index, cards of that rank) per group, low to high."""
Naturals = tuple[tuple[int, int], ...]
"""Natural cards used: (rank index, count), low to high, kickers included."""


class Play:
    """One reading of some cards. Two plays are equal when they differ only in interchangeable
    cards (same type, core, natural ranks and, for one-suit sets, suit)."""

    __slots__ = ("ruleset", "type", "cards", "groups", "naturals", "wild_as", "suit", "rung", "cls", "same", "key", "_ident")

    def __init__(
        self,
        ruleset: Ruleset,
        htype: TypeInfo,
        cards: tuple[Card, ...],
        groups: Groups,
        naturals: Naturals,
        wild_as: tuple[int, ...] = (),
        suit: int = -1,
    ) -> None:
        self.ruleset = ruleset
        self.type = htype
        self.cards = cards
        self.groups = groups
        self.naturals = naturals
        self.wild_as = wild_as
        self.suit = suit
        n = len(cards)
        self.rung = htype.rung(n)
        self.cls = htype.cls
        self.same = tuple(_feature(ruleset, self, f, n) for f in htype.same) if htype.same else ()
        self.key = tuple(_feature(ruleset, self, f, n) for f in htype.key)
        self._ident = (htype.index, groups, naturals, suit if htype.suits == "same" else -1)

    # identity ---------------------------------------------------------------------------
    @property
    def identity(self) -> tuple[object, ...]:
        return self._ident

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other._ident == self._ident

    def __hash__(self) -> int:
        return hash(self._ident)

    # presentation -----------------------------------------------------------------------
    @property
    def type_id(self) -> str:
        return self.type.id

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """What each wild card in ``cards`` is read as (rank, and suit in a one-suit set)."""
        rs = self.ruleset
        suit = rs.variant.ranks.suits[self.suit] if self.suit >= 0 else None
        return tuple(Card(rs.ranks[r], suit) for r in self.wild_as)

    @property
    def reads_as(self) -> str:
        """The cards this play counts as, wilds replaced by what they stand for."""
        rs = self.ruleset
        if not self.wild_as:
            return self.notation
        nat = [c for c in self.cards if not rs.is_wild(c)]
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


def _feature(rs: Ruleset, play: Play, name: str, n: int) -> object:
    t = play.type
    if name == "length":
        return min(n, t.length_cap)
    if name == "top":
        if t.shape == "chain":
            return rs.seq_pos[play.groups[-1][0]]
        if play.groups:
            return max(r for r, _ in play.groups)
        return 0
    if name == "groups":
        return tuple(sorted(((size, r) for r, size in play.groups), reverse=True))
    if name == "suit":
        return play.suit
    if name == "natural":
        return 0 if play.wild_as else 1
    raise ValueError(f"unknown feature {name!r}")


def beats(play: Play, target: Play) -> bool:
    """Whether ``play`` may be played on ``target``: a higher rung, or the same comparison class,
    equal required features, and a strictly greater key."""
    if play.rung != target.rung:
        return play.rung > target.rung
    return play.cls == target.cls and play.same == target.same and play.key > target.key


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
