"""``first_play``: the hand's first play must contain a named card, and its holder leads it.

A generated play picks its physical cards only when asked, so a play of the card's rank that
happens to pick another suit is re-picked with the named card when suits do not count for its
type; a type compared by suit keeps only the plays that already hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from paixing.game.obligations.base import Rule, Turn
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import Card, parse_cards

if TYPE_CHECKING:
    from paixing.rules.obligations import FirstPlay


class HoldsCard(Rule, kind="first_play"):
    """The first play holds ``card``; its holder leads."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.message = f"the first play of the hand must contain {card}"

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        if not turn.first_play or self.card not in turn.hand:
            return plays, can_pass
        kept = [q for q in (self._with_card(p) for p in plays) if q is not None]
        return kept, can_pass

    def allows(self, turn: Turn, play: Play | None, plays: list[Play], can_pass: bool) -> bool:
        if not turn.first_play or self.card not in turn.hand:
            return True
        return play is not None and self.card in play.cards

    def leader(self, hands: Sequence[Sequence[Card]]) -> int | None:
        return next((seat for seat, hand in enumerate(hands) if self.card in hand), None)

    def _with_card(self, play: Play) -> Play | None:
        """``play`` made with the named card, or None when it cannot hold it."""
        cards = play.cards
        if self.card in cards:
            return play
        if play.type.suited:
            return None
        rank = self.card.rank
        tables = play.type.tables
        for i, c in enumerate(cards):
            if c.rank == rank and not tables.is_wild(c):
                picked = tuple(tables.sort_cards([*cards[:i], self.card, *cards[i + 1 :]]))
                return Play(play.type, picked, play.groups, play.naturals, play.wild_as, play.suit)
        return None

    @classmethod
    def compile(cls, spec: FirstPlay, rs: Ruleset, hand_number: int) -> Rule | None:
        """The rule for this hand (none in later hands of a session with ``hands: first``)."""
        if spec.hands == "first" and hand_number > 1:
            return None
        (card,) = parse_cards(spec.card)
        return HoldsCard(card)
