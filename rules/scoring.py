"""The rule language for the end of a hand: end rules, transfers, score rows, multipliers, bonuses.

Every game-specific rule here is written with the condition language of ``conditions`` (strings
such as ``"losers.captured == 0"``), so a game says its own rule in its YAML instead of naming an
enum value. The engine (``paixing.game.ends``, ``transfers``, ``settle``) binds each kind named
here to one function. Every docstring is the rulebook's explanation of the key.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, Field, model_validator

from .base import Model, OneOf, Text
from .conditions import check_before_outcome, check_condition

Conditions = list[Annotated[str, AfterValidator(check_condition)]]
"""Conditions that must all hold (empty: always); see ``rules/conditions.py`` for the grammar."""

EndConditions = list[Annotated[str, AfterValidator(check_before_outcome)]]
"""Conditions on the hand in progress: no winners, losers or totals (they are not known yet)."""

_PLACE = re.compile(r"^place\((-?[1-9]\d*)\)$")
_SIDE = re.compile(r"^side\((declarer|opponents|own|other)\)$")


def _place(text: str) -> str:
    if not _PLACE.match(text):
        raise ValueError(f"{text!r}: expected place(k) (1 the first out, -1 the last)")
    return text


def _target(text: str) -> str:
    if text == "void" or _PLACE.match(text) or _SIDE.match(text):
        return text
    raise ValueError(f"{text!r}: expected place(k), side(declarer), side(opponents) or void")


class FixedPoints(Model):
    """Fixed points for each side of a hand, whatever their captures are worth."""

    winners: int
    """The winning side's points."""
    losers: int = 0
    """The other side's points."""


class EndRule(Model):
    """One way a hand ends: checked after every player who goes out, first match decides."""

    when: EndConditions
    """Conditions that end the hand (all must hold), e.g. ``["place(1).side == place(2).side"]``
    (the first two out are partners) or ``["in_play <= 1"]`` (one player left with cards)."""
    winner: Literal["first_out", "captures"] = "first_out"
    """How the winning side is found: ``first_out``: the first player out's side; ``captures``:
    compare what each side holds after the transfers."""
    reason: str | None = None
    """The name the game record gives this ending (default: the ``winner`` kind)."""
    points: FixedPoints | None = None
    """The sides' points for the hand when this rule ends it, instead of what their captures
    are worth (the first two out partners: ``{winners: 200, losers: 0}``); calls are still
    added. Absent: the captures after the transfers (a ``captures`` end), else none."""


class Transfer(Model):
    """Moving captures at the end of a hand, before sides are compared (only between places that
    are decided)."""

    what: Literal["captured", "hand"]
    """What moves: what the player captured (his total becomes 0), or what the cards left in his
    hand are worth."""
    source: Annotated[str, AfterValidator(_place)] = Field("place(-1)", alias="from")
    """From whom: ``place(k)`` (``place(-1)``: the last player)."""
    to: Annotated[str, AfterValidator(_target)]
    """To whom: ``place(k)``, ``side(declarer)``, ``side(opponents)``, ``side(own)`` (the source's
    side), ``side(other)`` (the source's opponents: 五十K's cards left to the other side), or
    ``void`` (counts for nobody)."""


FIRST_OUT_ENDS = [EndRule(when=["out >= 1"])]
"""The default: the hand ends as soon as anyone goes out, and his side wins."""


class End(Model):
    """When the hand ends and who wins it."""

    rules: list[EndRule] = FIRST_OUT_ENDS
    """Ways the hand ends, in order (default: the first player out ends it and his side wins)."""
    transfers: list[Transfer] = []
    """End-of-hand transfers for ``captures`` (末游's captures to 一游; cards left in his hand to
    三游 or void), in order."""
    win_above: int | None = None
    """With ``captures``: a side wins with more than this; absent: the larger side wins."""
    tie: Literal["first_out_side"] = "first_out_side"
    """Equal captures (or exactly ``win_above``) go to the first player out's side."""


class Factor(Model):
    """A factor applied when its conditions hold (春天, 反春)."""

    id: str
    """Identifier; the game record logs it as an event when the factor applies."""
    name: Text
    """Name in both languages."""
    conditions: Conditions = Field(alias="if")
    """When it applies (all must hold), e.g. ``[declarer_won, "opponents.plays == 0"]``."""
    factor: int = Field(ge=1)
    """The factor."""


class CardStep(Model):
    """A step of a per-card score: from this many cards left, each card counts ``times``."""

    at: int = Field(ge=1)
    """Cards left from which the step applies (the highest step reached counts)."""
    times: int = Field(ge=1)
    """What each card left counts for from there (2: doubled)."""


class ScoreRow(OneOf):
    """A settlement row: the first row whose ``when`` holds pays. Amounts are per player. A row
    has one form: ``winners``; ``declarer`` with ``opponents``; ``per_card``; ``places``; or
    ``margin``."""

    one_of: ClassVar[tuple[str, ...]] = ("winners", "declarer", "per_card", "places", "margin")
    one_of_error: ClassVar[str] = "a score row gives exactly one of"

    when: Conditions = []
    """Conditions (all must hold; empty = always), e.g. ``[declarer_won]`` or
    ``["place(1).side == place(2).side", "losers.captured == 0"]``."""
    winners: int | None = None
    """Each winner receives this and each loser pays it (番 per player); with ``teams: each``
    each loser pays it to the winner, who collects from every loser."""
    declarer: int | None = None
    """The declarer's score (with ``opponents``, for uneven sides: 包牌 +9 / −3 each)."""
    opponents: int | None = None
    """Each opponent's score."""
    partner: int | None = None
    """The declarer's partner's score."""
    bystanders: int = 0
    """Each player sitting out (反包)."""
    per_card: int | None = Field(None, ge=1)
    """Scoring by cards left: each loser pays each winner this much per card still in his hand
    (times ``steps``, at most ``cap``, times his ``loser_factors`` and the contract's
    multipliers); the winner collects from each loser."""
    steps: list[CardStep] = []
    """With ``per_card``: what a card counts for once a loser holds many (×2 from 10 cards, ×3
    at 13: ``[{at: 10, times: 2}, {at: 13, times: 3}]``)."""
    cap: int | None = Field(None, ge=1)
    """With ``per_card``: the most one loser pays for his cards (before his factors and the
    contract's multipliers)."""
    loser_factors: list[Factor] = []
    """With ``per_card``: factors on one loser's payment only, each when its conditions hold for
    that loser (``this`` is the loser: 春天 ``["this.plays == 0"]``)."""
    places: list[int] | None = None
    """Scores by finishing place, one per player (``[2, 0, -2]``: the first out +2, the last −2);
    every place must be decided when the hand ends."""
    margin: int | None = Field(None, ge=1)
    """Scoring two sides by their points for the hand (their captures after the transfers, or
    an end rule's fixed ``points``, plus or minus their calls): each player scores his side's
    points minus the other side's, times this (so the scores add up to zero, while a match
    with ``counts: side_totals`` adds each side's own points)."""
    note: Text | None = None
    """What the row means, for the rulebook."""

    @model_validator(mode="after")
    def _form(self) -> ScoreRow:
        if self.declarer is not None and self.opponents is None:
            raise ValueError("a score row with declarer also needs opponents")
        if self.per_card is None and (self.steps or self.cap is not None or self.loser_factors):
            raise ValueError("steps, cap and loser_factors belong to a per_card row")
        return self


class Multipliers(Model):
    """Factors applied to a contract's score (斗地主)."""

    bid: bool = False
    """Multiply by the auction value."""
    per_play: dict[str, int] = {}
    """Hand type id → factor applied once for every such play made in the hand (bomb, rocket: 2)."""
    when: list[Factor] = []
    """Conditional factors, each applied when its conditions hold."""


class Contract(Model):
    """A contract: who plays with whom, who leads, when the hand ends, and the score table."""

    id: str
    """Identifier (referred to by the contract steps)."""
    name: Text
    """Name in both languages."""
    teams: Literal["solo", "duel", "partners", "each", "fixed", "holders"]
    """``solo``: the declarer against all others; ``duel``: the counter-declarer against the
    declarer he countered, the others sit out; ``partners``: the declarer and his partner
    against the others; ``each``: every player for himself (the first out wins, the others
    lose; places 1…n are kept); ``fixed``: two sides fixed by seat (``sides``), known to all,
    the same in every hand of a match (掼蛋, 五十K); ``holders``: the holders of the cards a
    ``held_cards`` step names against the rest (one player holding them all plays alone),
    each side secret until its holder plays or shows such a card (红十)."""
    sides: list[list[Annotated[int, Field(ge=0, le=99)]]] | None = None
    """With ``teams: fixed``: the seats of each of the two sides, the first side first (absent:
    alternate seats, ``[[0, 2], [1, 3]]`` with four players: partners sit opposite)."""
    leader: Literal["declarer", "opponent", "dealer"] = "declarer"
    """Who leads the first trick (in a duel, ``opponent`` is the player who was countered)."""
    end: End = End()
    """When the hand ends and who wins."""
    score: list[ScoreRow] = Field(min_length=1)
    """Settlement rows, first match pays."""
    multipliers: Multipliers = Multipliers()
    """Score factors."""
    titles: list[Text] = []
    """The title each finishing place earns, first to last (大富豪, 富豪, 貧民, 大貧民): one per
    player; the rulebook names the places by them and a hand's result shows them. Empty: places
    are numbered only."""


class TrickBonus(Model):
    """A bonus for winning a trick with a hand type (豆, 2222, 滚筒): paid by each other player."""

    hand_type: str
    """The type of the play that wins the trick."""
    ranks: list[str] | None = None
    """Only plays of these ranks (2222); absent: any."""
    pay: int = Field(ge=0)
    """Paid by each other player to the trick winner (or to the player, with ``when: played``)."""
    when: Literal["won", "played"] = "won"
    """``won``: paid when the play wins its trick; ``played``: paid at once when it is played,
    whether or not it is beaten."""
    into: Literal["scores", "captures"] = "scores"
    """``scores``: each other player pays ``pay`` to the player; ``captures``: ``pay`` is added to
    the player's captures (points his side counts with the cards it took: 五十K's bomb bonus)."""


class Bonuses(Model):
    """Per-trick bonuses; the first matching bonus in the list applies."""

    tricks: list[TrickBonus] = []
    """The bonuses."""
    contracts: list[str] | None = None
    """Contracts in which they are paid; absent: all."""
    on_hand_ending_play: bool = True
    """Whether the play that ends the hand (and so closes its trick) earns its bonus."""


class Call(Model):
    """A call (an announcement) a player may make before or during play: he says he will meet
    its conditions (go out first); his side scores its ``points`` when he does and loses them
    when he does not, added to the side's points for the hand whatever else happens."""

    id: str
    """Identifier: the action is ``announce <id>``; the game record names it."""
    name: Text
    """Name in both languages."""
    points: int = Field(ge=1, le=100000)
    """What the call is worth: won by the caller's side when it is made, lost when it fails."""
    made: Conditions = Field(min_length=1)
    """When the call is made (all must hold, on the finished hand; ``caller`` is the player who
    called), e.g. ``["caller.place == 1"]``: he went out first."""
    when: Literal["before_first_play", "announce"] = "before_first_play"
    """When it may be called: ``before_first_play``, at any of the player's turns in trick play
    until he has played a card (calling does not end his turn); ``announce``, only in an
    ``announce`` contract step that names it (each player in turn, perhaps before he has seen
    his whole hand). A player makes at most one call in a hand."""
