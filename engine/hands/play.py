"""A play: concrete cards plus the one reading (hand type, what each wild stands for) it is made as.

Comparison data (rung, class, the features that must match, the key) is computed once when the
play is built, so ``beats`` is a handful of integer and tuple comparisons.
"""

from __future__ import annotations

from typing import Any

from paixing.hands.ruleset import TypeInfo
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards

Groups = tuple[tuple[int, int], ...]
"""The core of a play: (rank index, cards of that rank) per group, low to high."""
Naturals = tuple[tuple[int, int], ...]
"""Natural cards used: (rank index, count), low to high, kickers included."""


class Play:
    """One reading of some cards. Two plays are equal when they differ only in interchangeable
    cards (same type, core, natural ranks and, for one-suit sets, suit; where suits can matter
    later in the variant, no card is interchangeable: see ``identity``)."""

    __slots__ = ("type", "_cards", "groups", "naturals", "wild_as", "suit", "_key", "_same", "_hand", "_plan")
    _key: tuple[Any, ...] | None
    _same: tuple[Any, ...] | None
    _plan: tuple[Any, Any] | None
    """(ruleset, how it answers this play): kept by ``moves.answer_plan`` for the next player."""

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
        # None until first read (an unset slot read raises, and an exception costs more than
        # the three stores: most plays are made lazily, and a made play is mostly compared)
        self._key = None
        self._same = None
        self._plan = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        """Itself: a play never changes once made (only its derived fields fill in), and a
        compiled Play cannot be rebuilt field by field as ``copy`` would (a game state that
        holds plays, deep-copied by OpenSpiel's search, shares them)."""
        return self

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
            by_rank = hand.picks or hand.by_rank  # the field first: no property call per play
            naturals = self.naturals
            k = len(naturals)
            if k == 1:
                r, n = naturals[0]
                cards = by_rank[r][:n]
            elif k == 2:  # a group and its kicker: no sort
                (r, n), (q, m) = naturals
                cards = by_rank[r][:n] + by_rank[q][:m] if r < q else by_rank[q][:m] + by_rank[r][:n]
            else:
                cards = ()
                for r, n in sorted(naturals):  # rank order: a chain's naturals run in sequence order (A2345)
                    cards += by_rank[r][:n]
            if self.wild_as:
                cards += tuple(hand.wilds[: len(self.wild_as)])
            self._cards = cards
            # Picked: let the hand view go. A play that was made lives on in the game's log, and
            # its view's lists kept alive there made the garbage collector run every hand.
            self._hand = None
        return cards

    @property
    def key(self) -> tuple[Any, ...]:
        """The comparison key within the class (computed on first use: leads never need it)."""
        k = self._key
        if k is None:
            k = self._key = self.type.key_fn(self, len(self))
        return k

    @property
    def same(self) -> tuple[Any, ...]:
        """The features another play of the class must match to be compared at all."""
        k = self._same
        if k is None:
            k = self._same = self.type.same_fn(self, len(self))
        return k

    @property
    def cls(self) -> int:
        return self.type.cls

    # identity ---------------------------------------------------------------------------
    @property
    def identity(self) -> tuple[object, ...]:
        """What makes two plays the same play: type, core, natural ranks used, and the suit where
        it counts (a one-suit play, or a type compared by suit); in a variant where suits can
        matter later (``TypeInfo.every_set``), the cards themselves. Which physical cards of a
        rank (or which wild cards) are used does not count otherwise."""
        t = self.type
        if t.every_set:  # the cards themselves: which ones are kept can matter later
            return (*self.reading, tuple(sorted(self.cards, key=t.tables.sort_key)))
        return (t.index, self.groups, self.naturals, self.suit if t.suited else -1)

    @property
    def reading(self) -> tuple[object, ...]:
        """What the play reads as, whichever cards make it: type, core, natural ranks used and
        the suit where it counts (its ``identity`` less the cards, where those count too)."""
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
        return stood_for(rs, nat + list(self.stands_for))

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


def stood_for(tables: RankTables, cards: list[Card]) -> str:
    """Cards a play stands for, written in rank order: each is natural here, even a card of a
    wild rank (a drawn wild 5 standing for itself)."""
    index = tables.rank_index
    suit_rank = tables.suit_rank
    return format_cards(sorted(cards, key=lambda c: (index.get(c.rank, len(index)), suit_rank.get(c.suit, -1))))


def beats(play: Play, target: Play) -> bool:
    """Whether ``play`` may be played on ``target``: its type's ``also_beats`` names the
    target's type (and ranks); else a higher rung, or the same comparison class, equal
    required features, and a strictly greater key."""
    if play.type.also_beats and also_beats(play, target):
        return True
    if play.rung != target.rung:
        return play.rung > target.rung
    if play.type.cls != target.type.cls or play.same != target.same or not play.key > target.key:
        return False
    return not play.type.step or stepped(play, target)


def stepped(play: Play, target: Play) -> bool:
    """Whether ``play``, higher than ``target`` in their class, also meets its type's
    ``compare.step``: its top exactly that many ranks above, or every rank ``step_free``."""
    t = play.type
    if t.step_free and all(r in t.step_free for r, _ in play.groups):
        return True
    return bool(play.key[0] == target.key[0] + t.step)


def also_beats(play: Play, target: Play) -> bool:
    """Whether ``play``'s type beats ``target`` by its ``compare.also_beats`` (a chop)."""
    index = target.type.index
    for t, ranks, cards in play.type.also_beats:
        if (
            t == index
            and (ranks is None or all(r in ranks for r, _ in target.groups))
            and (cards is None or tuple(sorted(play.cards)) == cards)
        ):
            return True
    return False


WHY_WORDS: dict[str, dict[str, tuple[str, str, str]]] = {
    # feature → {lang: (what must match, when higher, when lower)}
    "length": {"en": ("length", "it is longer", "it is shorter"), "zh": ("张数", "张数更多", "张数更少")},
    "top": {"en": ("rank", "its rank is higher", "its rank is lower"), "zh": ("点数", "点数更大", "点数更小")},
    "groups": {"en": ("make-up", "its groups are bigger", "its groups are smaller"), "zh": ("组成", "组更大", "组更小")},
    "suit": {"en": ("suit", "its suit is higher", "its suit is lower"), "zh": ("花色", "花色更大", "花色更小")},
    "natural": {"en": ("kind (natural or wild)", "it is natural, with no wild card", "it is made with a wild card"),
                "zh": ("软硬", "是硬的（不带癞子）", "是软的（带癞子）")},
    "wild_alone": {"en": ("half rank", "it is a lone wild card, half a rank above", "the other is a lone wild card, half a rank above"),
                   "zh": ("半级", "是单张癞子，大半级", "对方是单张癞子，大半级")},
}
"""How a player names each comparison feature in ``why``; a feature without words is named by
its id (a new feature in ``paixing.hands.features`` should add its words here)."""


WHY_SAYS: dict[str, tuple[str, str]] = {
    # case → (zh, en); {a} the play's type, {b} the target's, {w} the feature words
    "also": ("{a}管{b}：{a}可以压{b}（牌型的特别规则）", "{a} beats {b}: its type may beat that play (a rule of the type)"),
    "higher": ("{a}比{b}大：在牌型阶梯上更高", "{a} beats {b}: it is higher on the ladder"),
    "lower": ("{a}管不住{b}：{b}在牌型阶梯上更高", "{a} cannot beat {b}: {b} is higher on the ladder"),
    "apart": ("{a}和{b}不能比较，谁也管不住谁", "{a} and {b} do not compare: neither beats the other"),
    "same": ("{a}只能管{w}相同的牌", "{a} only beats a play of the same {w}"),
    "no_key": ("{a}之间不分大小，先出为大", "One {a} never beats another: the first one stands"),
    "equal": ("{a}管不住{b}：一样大，先出为大", "{a} cannot beat {b}: they are equal, and the first one stands"),
    "greater": ("{a}管{b}：{w}", "{a} beats {b}: {w}"),
    "less": ("{a}管不住{b}：{w}", "{a} cannot beat {b}: {w}"),
    "step": ("{a}管不住{b}：只能大{w}点", "{a} cannot beat {b}: it must be exactly {w} rank(s) higher"),
}
"""The sentences of ``why``, in both languages."""


def why(play: Play, target: Play, lang: str = "en") -> str:
    """One sentence, as a player would say it, explaining ``beats(play, target)`` (``lang``: en
    or zh), naming the hand types by their names; for the CLI and the rulebook."""
    zh = lang == "zh"
    a, b = (play.type.name.zh, target.type.name.zh) if zh else (play.type.name.en, target.type.name.en)

    def words(feature: str) -> tuple[str, str, str]:
        return WHY_WORDS.get(feature, {}).get(lang, (feature, f"its {feature} is higher", f"its {feature} is lower"))

    def differing(features: tuple[str, ...], mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> list[str]:
        return [f for f, x, y in zip(features, mine, theirs, strict=False) if x != y]

    w = ""
    if play.type.also_beats and also_beats(play, target):
        case = "also"
    elif play.rung != target.rung:
        case = "higher" if play.rung > target.rung else "lower"
    elif play.cls != target.cls:
        case = "apart"
    elif play.same != target.same:
        case = "same"
        must = differing(play.type.same, play.same, target.same) or list(play.type.same)
        w = ("、" if zh else " and ").join(words(f)[0] for f in must)
    elif not play.type.key:
        case = "no_key"
    elif play.key == target.key:
        case = "equal"
    elif play.key > target.key and play.type.step and not stepped(play, target):
        case = "step"
        w = str(play.type.step)
    else:
        feature = differing(play.type.key, play.key, target.key)[0]
        case = "greater" if play.key > target.key else "less"
        w = words(feature)[1 if case == "greater" else 2]
    return WHY_SAYS[case][0 if zh else 1].format(a=a, b=b, w=w)
