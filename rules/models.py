"""The rule language as pydantic models: what a variant file may say, and what each key means.

Every field's docstring becomes its JSON Schema description (``paixing schema``) and the
rulebook's explanation of the option, so the docstrings are written for players, not coders.
Models are strict (``extra="forbid"``) and frozen: a variant is a value, not a mutable object.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BeforeValidator,
    Field,
    GetJsonSchemaHandler,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from .base import MAX_PLAYERS, Model, OneOf, Range, Text
from .cards import parse_cards
from .hand_rules import GameRules
from .shapes import SHAPES, Chain, Flush, Group, RankName, RankSet

__all__ = ["SHAPES", "Chain", "Flush", "Group", "RankName", "RankSet", "Range"]


SuitName = Literal["S", "H", "C", "D"]
ExtraName = Literal["FL", "MJ", "DOG", "PH", "DR"]
"""A card a variant may add to the deck (``rules.cards.EXTRAS``)."""


class Deck(Model):
    """Which cards are dealt."""

    packs: int = Field(1, ge=1, le=4)
    """How many standard 52-card packs are shuffled together."""
    jokers: bool = False
    """Whether each pack keeps its two jokers (BJ small/black, RJ big/red)."""
    remove: list[str] = []
    """Cards taken out of every pack before the deal, in card notation (e.g. ``2S``)."""
    extra: dict[ExtraName, int] = {}
    """Extra cards added once to the whole deck, each a suitless token of its own: ``FL`` is a
    flower card (花牌), which has no rank, suit or point value of its own and is usually wild;
    ``MJ`` (the Mah Jong, a 1), ``DOG`` (the Dog), ``PH`` (the Phoenix) and ``DR`` (the Dragon)
    are Tichu's special cards. An extra card is either a rank (listed in ``ranks.order``, and
    in ``ranks.sequence`` when it may stand in a straight, as the Mah Jong does) or a wild card
    (``wildcards.cards``)."""


def _chain_text(value: Any) -> Any:
    """YAML reads an unquoted 23456 as a number; a chain of ranks is meant."""
    if isinstance(value, list):
        return [str(x) if isinstance(x, int) and not isinstance(x, bool) else x for x in value]
    return value


ChainTexts = Annotated[list[str], BeforeValidator(_chain_text)]


class Windows(Model):
    """Where chains whose ranks are named here sit among the chains of their length, when the
    plain order (a chain is as high as the place of its last rank in ``sequence``) is not the
    game's."""

    top: ChainTexts = []
    """Chains moved above every other chain of their length, low to high, each written by its
    ranks (``A2345``, ``23456``)."""
    bottom: ChainTexts = []
    """Chains moved below every other chain of their length, low to high."""


def _window_ranks(text: str) -> list[str]:
    """A chain written by its ranks (``A2345``, ``10JQKA``) as rank names."""
    return [c.rank for c in parse_cards(text)]


class Ranks(Model):
    """How ranks are ordered for groups and for sequences, and how suits rank."""

    order: list[RankName]
    """Ranks from lowest to highest for comparing groups. Jokers listed here are ordinary ranks
    (as in 斗地主); jokers that are wild cards are not listed."""
    sequence: list[RankName]
    """Ranks that may form a sequence (straights, consecutive pairs, chains), in sequence order.
    A rank left out (such as 2) never appears in a chain. No wrap-around, except that one rank
    may sit at both ends (``[A, 2, 3, …, K, A]``: both A2345 and 10JQKA are straights); no
    chain then holds that rank twice."""
    windows: Windows = Windows()
    """Chains that rank out of their plain order (A2345 the highest straight, say). By default a
    chain ranks by the place of its last rank in ``sequence``: with A at both ends, A2345 is the
    lowest straight and 10JQKA the highest."""
    suits: list[SuitName] = ["D", "C", "H", "S"]
    """Suits from lowest to highest, used only where a hand type compares by suit."""
    single_only: list[RankName] = []
    """Ranks played only as a single card (Tichu's Dog and Dragon): never in a group of two or
    more, a chain or a kicker, and no wild card stands for them. Each must be dealt once and
    stay out of ``sequence``; its place in ``order`` ranks it as a single (the Dragon above the
    ace, the Dog below every card: it beats nothing)."""
    level: RankName | None = None
    """The level rank (级牌) of a hand that is not given one (the first hand of a session); a
    session gives each hand its own level. The level rank ranks just below the jokers (above
    every other rank; at the top where jokers are not ranks) in every comparison, except in
    sequences, where it keeps its place in ``sequence``. Absent: no level rank."""

    @model_validator(mode="after")
    def _sequence_within_order(self) -> Ranks:
        if self.level is not None and self.level not in self.order:
            raise ValueError(f"level rank {self.level!r} is not in order")
        missing = [r for r in self.sequence if r not in self.order]
        if missing:
            raise ValueError(f"sequence ranks {missing} are not in order")
        if len(set(self.order)) != len(self.order):
            raise ValueError("order lists a rank twice")
        seq = self.sequence
        body = seq[:-1] if len(seq) > 2 and seq[0] == seq[-1] else seq
        twice = sorted({r for r in body if body.count(r) > 1}, key=seq.index)
        if twice:
            raise ValueError(
                f"sequence lists {', '.join(twice)} twice: a rank may appear twice only as the first "
                "and the last element (A at both ends: [A, 2, 3, …, K, A])"
            )
        for where in ("top", "bottom"):
            for text in getattr(self.windows, where):
                ranks = _window_ranks(text)
                if not any(seq[p : p + len(ranks)] == ranks for p in range(len(seq))):
                    raise ValueError(f"windows.{where}: {text} is not a run of consecutive ranks of sequence")
        return self


WildName = Literal["BJ", "RJ", "FL", "PH", "level_heart", "drawn"]
"""A wild card: a joker, a flower card, the Phoenix, the heart of the level rank, or a drawn rank."""


class Wildcards(Model):
    """Wild cards (癞子): cards that may stand for a natural card."""

    cards: list[WildName] = Field(min_length=1)
    """Which cards are wild: jokers (BJ, RJ), flower cards (FL, where the deck adds them),
    ``level_heart`` (the heart of the hand's level rank, 逢人配: one copy per pack) and
    ``drawn`` (every card of the ranks a ``draw_wild`` step draws when the hand starts,
    announced to all). A wild card never stands in for another special card: four jokers are
    four jokers. A natural card that is wild (a level heart, a drawn rank) may also be played as
    itself, its own rank and suit; played only with wild cards (纯癞子) such cards read as their
    own rank, not ``alone_as`` (a lone level heart is the level card; two wild 5s are a pair of
    5s; a 5 and a 9 both wild are a pair of 5s or of 9s)."""
    alone_as: RankName = "3"
    """The rank wild cards count as when played only with other wild cards (a lone joker is a 3;
    two jokers are a pair of that rank). A hand type made of exact cards (such as four jokers)
    takes precedence over this reading."""
    half_above: bool = False
    """A single wild card played alone (Tichu's Phoenix) reads half a rank above the single it
    answers: it beats that card and loses to any higher rank, and it never answers a card of
    ``ranks.single_only`` (the Dragon). Led, it reads half a rank above ``alone_as`` (the
    Phoenix led is 1½: the 2 beats it, the Mah Jong does not); ``never_as`` does not hold for
    this reading. The single type compares by ``[top, wild_alone]``: ``wild_alone`` is the half."""
    never_as: list[RankName] = ["BJ", "RJ"]
    """Ranks a wild card never stands for. By default the jokers: where jokers are ordinary
    ranks and a flower card is wild, BJ + FL is not a pair of black jokers."""


class Kickers(Model):
    """Attachments (带牌) played with the core of a hand type, such as 三带一 or 飞机带翅膀."""

    count: int | Literal["per_group"] = "per_group"
    """How many kicker units: a fixed number, or ``per_group`` units per group of the core."""
    per_group: int = Field(1, ge=1)
    """With ``count: per_group``: kicker units per group of the core (跑得快 planes: two single
    cards per trio)."""
    fewer: bool = False
    """The play holds fewer kicker units than ``count`` says, none included (跑得快: a trio with
    one kicker or none, a plane short of wings); usually with ``last_play_only``."""
    size: Literal[1, 2] = 1
    """Each kicker unit is a single card (1) or a pair (2)."""
    other_ranks: bool = True
    """Kickers must be of ranks not used by the core."""
    distinct_ranks: bool = False
    """Every kicker unit must be of a different rank (two pairs may not be four of a kind)."""
    may_not_contain: list[str] = []
    """Hand type ids the kickers taken together may not contain (e.g. ``bomb``, ``rocket``)."""
    no_longer_chain: bool = False
    """Kickers may not hold a full group of a sequence rank next to the core chain, which
    would make the core a longer chain (RLCard's rule for plane wings)."""
    wilds: Literal["no", "complete", "any"] = "no"
    """Wild cards in the kickers: no, complete (beside one natural card) or any (docs/rule-language.md)."""

    @model_validator(mode="after")
    def _per_group_needs_count(self) -> Kickers:
        if self.per_group != 1 and self.count != "per_group":
            raise ValueError("per_group needs count: per_group")
        return self


Feature = Literal["length", "top", "groups", "suit", "natural", "ranks", "category", "wild_alone"]
"""Comparison features: ``length`` cards in the play (capped by ``length_cap``); ``top`` the
highest rank of the core (for one group, its rank); ``groups`` the core's groups largest first,
each by size then rank; ``suit`` the suit of the play's highest card (a one-suit play: its suit;
n of a kind: the highest suit among its cards; a chain: the suit of its top card), by
``ranks.suits``; ``natural`` 1 without wild cards; ``ranks`` every rank of the core, high to
low (flush against flush); ``category`` the type's ``compare.category``; ``wild_alone`` 1 for a play of wild cards alone
(after ``top``: a lone Phoenix half a rank above the card it answers, ``wildcards.half_above``)."""


class AlsoBeats(Model):
    """Plays of another hand type that this type beats whatever the ladder and the classes say
    (Tiến Lên's chops: four of a kind beats a single 2)."""

    type: str
    """The hand type beaten (its id)."""
    ranks: list[str] | None = None
    """Only plays of that type whose every rank is one of these (`["2"]`: a single 2, a pair
    of 2s); absent: every play of that type."""
    cards: list[str] | None = None
    """Only a play of this type made of exactly these cards beats them (`["3S"]`: the ♠3 alone
    beats a lone joker, スペ3返し); absent: every play of this type."""


class Compare(Model):
    """How two plays of the same comparison class are ordered."""

    key: list[Feature] = ["top"]
    """Features compared in turn; the first difference decides. An empty key means equal plays
    of the class never beat each other (the first one played stands). Defaults to ``[top]``,
    and to ``[]`` for a ``cards:`` type."""
    same: list[Feature] = []
    """Features that must be equal for two plays to be compared at all (e.g. ``length`` for
    straights); otherwise neither beats the other."""
    class_: str | None = Field(None, alias="class")
    """Comparison class shared with other hand types; by default each type is its own class."""
    length_cap: int | None = None
    """Lengths above this count as this value in the ``length`` feature (摇摆: 10+ alike)."""
    category: int = 0
    """The type's place among the types of its class, for the ``category`` feature (five-card
    hands: straight 1 < flush 2 < full house 3 < four + 1 4 < straight flush 5)."""
    also_beats: list[AlsoBeats] = []
    """Plays of other types this type beats besides those the ladder and its class let it beat:
    any play of this type (made of the listed cards) beats any play of a listed type (of the
    listed ranks), e.g. `[{type: single, ranks: ["2"]}, {type: pairs3}]`, or
    `[{type: joker, cards: [3S]}]`. Plays of the listed type do not beat this type back unless
    they say so too."""
    step: int | None = Field(None, ge=1)
    """A play of this type beats a play of its class only when its top rank is exactly this
    many ranks above the target's (干瞪眼: 1, a 6 on a 5, 7-8-9 on 6-7-8); the key must start with
    ``top``. Absent: any higher play beats. Other rungs and ``also_beats`` are not affected."""
    step_free: list[RankName] = []
    """With ``step``: plays whose every rank is one of these beat any lower play of the class,
    however many ranks above it (干瞪眼: a 2 on any single, a pair of 2s on any pair)."""

    @model_validator(mode="after")
    def _step_needs_top(self) -> Compare:
        if self.step is not None and (not self.key or self.key[0] != "top"):
            raise ValueError("compare.step needs a key that starts with top")
        if self.step_free and self.step is None:
            raise ValueError("compare.step_free needs compare.step")
        return self


class Wilds(Model):
    """Limits on wild cards in one hand type."""

    max: int | None = None
    """At most this many wild cards (0 = natural cards only)."""
    min: int = 0
    """At least this many wild cards."""
    min_natural: int = 0
    """At least this many natural cards."""


class HandType(OneOf):
    """A hand type (牌型): exactly one shape, optional kickers, wild limits and comparison."""

    one_of_error: ClassVar[str] = "a hand type needs exactly one shape:"

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    """Identifier used by the ladder, examples and the CLI."""
    name: Text
    """The type's name in both languages."""
    # The shapes: one field per key of rules.shapes.SHAPES, in that order.
    group: Group | None = None
    """Shape: n of a kind."""
    chain: Chain | None = None
    """Shape: consecutive groups."""
    set: RankSet | None = None
    """Shape: named ranks once each."""
    cards: list[str] | None = None
    """Shape: exactly these cards (rocket BJ RJ; 天炸 BJ BJ RJ RJ)."""
    distinct_ranks: int | None = None
    """Shape: this many cards, all of different ranks (十三烂); used for dealt hands."""
    flush: Flush | None = None
    """Shape: n cards of one suit (同花)."""
    kickers: Kickers | None = None
    """Attachments played with the core."""
    wilds: Wilds = Wilds()
    """Limits on wild cards in this type."""
    compare: Compare = Compare()
    """How plays of this type compare with each other."""
    playable: bool = True
    """False for dealt-hand patterns that are never played as one play (十三烂)."""
    last_play_only: bool = False
    """A play of this type is legal only when it is the player's last cards (跑得快: a bare trio
    or a plane short of wings may end a hand). It still beats and is beaten as usual."""
    description: Text | None = None
    """What the rulebook says about this type beyond its shape."""

    @model_validator(mode="before")
    @classmethod
    def _exact_cards_have_no_key(cls, value: Any) -> Any:
        # An exact-card type has one play only: there is no rank to compare, so unless the
        # file says otherwise two of them are equal (and never beat each other).
        if isinstance(value, dict) and value.get("cards") is not None and "compare" not in value:
            return {**value, "compare": {"key": []}}
        return value

    @classmethod
    def alternatives(cls) -> tuple[str, ...]:
        """The shapes (``rules.shapes.SHAPES``, read when asked: a new shape is one entry there)."""
        return tuple(SHAPES)

    @property
    def shape(self) -> str:
        """The key of the type's one shape (see rules.shapes.SHAPES)."""
        return self.kind


class RungEntry(Model):
    """A hand type on a ladder rung, optionally only for some lengths."""

    type: str
    """Hand type id."""
    length: Range | None = None
    """Only plays of this type with this many cards sit on this rung."""

    @model_validator(mode="before")
    @classmethod
    def _bare_id(cls, value: Any) -> Any:
        return {"type": value} if isinstance(value, str) else value

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        # A bare hand-type id is the usual way to write a rung entry.
        full = handler.resolve_ref_schema(handler(schema))
        return {"anyOf": [{"type": "string"}, full]}


class Example(Model):
    """An executable fact about the variant; the tests run it and the rulebook prints it."""

    play: str | None = None
    """The play under test, in card notation."""
    beats: str | None = None
    """``play`` beats this play."""
    does_not_beat: str | None = None
    """``play`` does not beat this play."""
    classify: list[str] | None = None
    """``play`` reads as exactly these hand types (ids, one per reading, sorted)."""
    reads_as: list[str] | None = None
    """The readings of ``play``, each written as the cards it stands for."""
    hand: str | None = None
    """A hand, for a legal-plays fact."""
    last: str | None = None
    """The play to beat (absent on a free lead)."""
    count: int | None = None
    """``hand`` has exactly this many legal plays against ``last``."""
    plays: list[str] | None = None
    """``hand`` has exactly these legal plays against ``last``."""
    order: list[str] | None = None
    """Plays from low to high: each beats every earlier one and none beats a later one."""
    note: Text | None = None
    """Why this example matters."""
    wild_ranks: list[RankName] = []
    """The wild ranks drawn for this example's hand (a variant whose ``draw_wild`` step draws
    them); the rulebook prints them before the example and marks the wild cards."""
    level: RankName | None = None
    """The level rank of this example's hand (default: ``ranks.level``)."""

    @model_validator(mode="after")
    def _kind(self) -> Example:
        kinds = [k for k in ("beats", "does_not_beat", "classify", "reads_as", "plays", "count", "order") if getattr(self, k) is not None]
        if not kinds:
            raise ValueError("an example needs one of beats, does_not_beat, classify, reads_as, plays, count, order")
        if (self.beats is not None or self.does_not_beat is not None or self.classify is not None or self.reads_as is not None) and self.play is None:
            raise ValueError("this example needs play")
        if (self.plays is not None or self.count is not None) and self.hand is None:
            raise ValueError("this example needs hand")
        return self


class Note(Model):
    """A ruling or remark the rulebook prints."""

    id: str
    """Short identifier (e.g. the ruling number it records)."""
    text: Text
    """The note."""




class Variant(Model):
    """One game variant: everything the engine plays and the rulebook explains."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    """Identifier, the file's name without ``.yaml``."""
    name: Text
    """The variant's name."""
    extends: str | None = None
    """Id of the variant this one overrides (merged before validation)."""
    description: Text | None = None
    """One paragraph introducing the game."""
    players: int = Field(4, ge=2, le=MAX_PLAYERS)
    """Number of seats."""
    deck: Deck = Deck()
    """The cards."""
    ranks: Ranks
    """Rank and suit orders."""
    wildcards: Wildcards | None = None
    """Wild cards, if any."""
    hand_types: list[HandType]
    """Every hand type (牌型)."""
    ladder: list[list[RungEntry]]
    """Rungs from low to high. A play on a higher rung beats every play on a lower rung; on the
    same rung, only plays of one comparison class compare (by ``compare``)."""
    game: GameRules | None = None
    """Deal, contracts, trick play and scoring: what makes the hand types a game."""
    examples: list[Example] = []
    """Executable facts."""
    notes: list[Note] = []
    """Rulings and remarks."""

    @field_validator("hand_types")
    @classmethod
    def _unique_ids(cls, types: list[HandType]) -> list[HandType]:
        seen: set[str] = set()
        for t in types:
            if t.id in seen:
                raise ValueError(f"hand type id {t.id!r} is used twice")
            seen.add(t.id)
        return types

    def hand_type(self, type_id: str) -> HandType:
        for t in self.hand_types:
            if t.id == type_id:
                return t
        raise KeyError(type_id)
