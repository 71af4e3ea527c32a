"""The rule language for a match: hands played one after another by fixed sides, with levels,
running points, the end of the match, and the exchange of cards between hands (tribute).

A match is data like everything else: ``session:`` says what a finished hand passes on to the
next one (each side's level, its running points, the places it took), how a side goes up a
level (by the places its players took, written as conditions), what the next hand is played
at (the level of the side that won the last hand), and when the match is won (a side at the
last level passes it under the variant's own conditions; a side reaches a number of points).
The tribute step (``steps: [{tribute: …}]``) is the exchange at the start of a later hand.
Every docstring is the rulebook's explanation of the key.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from .base import Model
from .conditions import check_condition

Conditions = list[Annotated[str, AfterValidator(check_condition)]]
"""Conditions on the finished hand (all must hold; empty: always)."""


class Promotion(Model):
    """One row of the promotion table: the side that won the hand goes up ``up`` levels when
    the conditions hold (the first row that holds counts)."""

    conditions: Conditions = Field(alias="if")
    """Conditions on the finished hand, e.g. ``["place(1).partner_place == 2"]`` (the first out's
    partner came second: 头游 and 二游)."""
    up: int = Field(ge=0, le=100)
    """Levels the winning side goes up (never past the last level)."""


class TopLevel(Model):
    """The last level: a side there must pass it to win the match."""

    passes_if: Conditions = []
    """Conditions on a hand the side wins while the hand is played at its own last level (it
    won the hand before): when they all hold, it wins the match, e.g.
    ``["place(1).partner_place != 4"]`` (头游, partner not last). A win that misses them, or a
    loss, is a failed attempt."""
    attempts: int | None = Field(None, ge=1, le=100)
    """After this many failed attempts at its last level the side goes back to the first level
    (absent: it may try for ever)."""
    must_lead_level: bool = True
    """An attempt counts only in a hand played at the side's own level (it won the hand before);
    ``false``: any hand the side plays while at its last level is an attempt."""


class Levels(Model):
    """Each side's level (升级): both start at the first, the winner of a hand goes up by the
    promotion table, and a hand is played at the level of the side that won the hand before."""

    ranks: list[str] = Field(min_length=2, max_length=30)
    """The levels, lowest first (``["2", "3", …, K, A]``): ranks of the variant."""
    promote: list[Promotion] = Field(min_length=1)
    """How far the hand's winning side goes up, by the places its players took (first row that
    holds; none: it stays)."""
    hand_level: Literal["last_winner"] = "last_winner"
    """The level a hand is played at: ``last_winner``, the level of the side that won the hand
    before (the first hand: the first level)."""
    top: TopLevel = TopLevel()
    """What a side at the last level must do to win the match."""


class Points(Model):
    """Running points per side: each hand adds each side's points; a side that reaches the
    target wins the match."""

    counts: Literal["side_totals", "scores"] = "side_totals"
    """What a hand adds: ``side_totals``, each side's captures after the end-of-hand transfers
    (a ``captures`` end rule); ``scores``, the sum of its players' scores for the hand."""
    target: int = Field(ge=1)
    """The match ends after the hand in which a side reaches this; the side with more wins (equal
    points: play on)."""


class MatchRules(Model):
    """A match of several hands between fixed sides (a ``teams: fixed`` contract): what is
    carried from hand to hand and when the match is won."""

    levels: Levels | None = None
    """Levels per side (升级), promotion, and the last level's rule."""
    points: Points | None = None
    """Running points per side to a target."""

    @model_validator(mode="after")
    def _some_end(self) -> MatchRules:
        if self.levels is None and self.points is None:
            raise ValueError("a session needs levels or points: something that ends the match")
        return self


class ReturnTribute(Model):
    """还贡: each player who received a tribute gives one card of his choice back to the giver."""

    max_rank: str | None = None
    """The card given back is at most this rank in the natural order (``ranks.order``, before a
    level rank moves up: ``"10"`` means 10 or below); absent: any card. A player without such a
    card gives his lowest."""
    level_high: bool = False
    """The hand's level rank counts above ``max_rank`` wherever it sits in the natural order,
    as it ranks above the ace in play: its cards are not given back under the cap (掼蛋 at level
    7: no 7, the level heart included). A player with nothing else under the cap gives his
    lowest card."""


class Exchange(Model):
    """One pair of a card exchange by places: the player at place ``giver`` of the hand before
    gives his ``cards`` highest cards to the player at place ``receiver``, who gives as many
    back, of his choice."""

    giver: int = Field(ge=-10, le=10)
    """The giver's place: 1 the first out, 2 the second …; -1 the last, -2 the one before."""
    receiver: int = Field(ge=-10, le=10)
    """The receiver's place, counted the same way."""
    cards: int = Field(1, ge=1, le=10)
    """How many cards pass each way."""


class Tribute(Model):
    """进贡: at the start of every hand after the first, the last player out of the hand before
    gives his highest card (never a wild card) to the first out; when the first two out were
    partners (双下), both losers give and the higher tribute goes to the first out. It makes the
    contract (the fixed sides); in the first hand it only makes the contract."""

    contract: str
    """The contract this makes (``teams: fixed``)."""
    single_from: Literal["last", "last_opponent"] = "last_opponent"
    """Who gives a single tribute: ``last_opponent``, the lower-placed player of the other side
    (the last player, or the third when the first out's partner came last); ``last``, the last
    player out, whoever's partner he is."""
    double: bool = True
    """双下: when the first two out of the hand before were partners, both other players give;
    the higher card goes to the first out, the lower to the second (equal cards: the first out
    takes the one from the giver after him in playing order)."""
    resist_with: str | None = None
    """抗贡: when the player(s) who would give hold these cards between them (``RJ RJ``: both big
    jokers), nobody gives (the holding is shown to all) and the first out leads."""
    back: ReturnTribute | None = ReturnTribute()
    """还贡: the card given back (absent: none)."""
    exchange: list[Exchange] = []
    """An exchange by places instead of the tribute between sides (大富豪: the last gives his
    two highest cards to the first, the one before last his highest to the second, each
    receiver gives as many back of his choice); the pairs in this order. Empty: ``single_from``
    and ``double`` say who gives."""
    give_wilds: bool = False
    """Wild cards count among the highest cards given (a joker must be given). False: a wild
    card is never given."""
    leader: Literal["giver", "first_out"] = "giver"
    """Who leads after a tribute: ``giver``, the player whose tribute went to the first out (the
    higher one); ``first_out``, the first out of the hand before. Without a tribute (抗贡, or the
    first hand) the dealer rule decides."""
