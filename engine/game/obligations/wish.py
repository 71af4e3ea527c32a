"""``wish``: the player of a card names a rank; the next players able to play
a natural card of it must, until one is played.

The rank named is hand state (``Game.wish``, public: events ``wished`` and ``wish_met``), read
by the rule through ``Turn.wish``; naming it is a decision right after the play of the card
(``wish <rank>`` or ``wish none``, ``Game.wishing``), offered as legal actions like a play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from paixing.game.events import Event, Wished, WishMet
from paixing.game.obligations.base import Rule, Turn
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import parse_cards

if TYPE_CHECKING:
    from paixing.rules.obligations import Wish


class WishRule(Rule, kind="wish"):
    """Plays holding the wished rank, where there are any, are the only ones allowed."""

    message = "a wish is open: you must play a card of the wished rank when you can"

    def __init__(self, card: str, ranks: tuple[str, ...]) -> None:
        self.card = card
        self.ranks = ranks
        """The ranks that may be wished, in the file's order."""

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        if turn.wish is None:
            return plays, can_pass
        kept = [p for p in plays if holds(p, turn.wish)]
        return (kept, False) if kept else (plays, can_pass)

    def triggers(self, play: Play) -> bool:
        """Whether ``play`` lets its player wish (it holds the card)."""
        return any(str(c) == self.card for c in play.cards)

    @classmethod
    def compile(cls, spec: Wish, rs: Ruleset, hand_number: int) -> Rule | None:
        """The rule (the same in every hand)."""
        (card,) = parse_cards(spec.card)
        return WishRule(str(card), tuple(spec.ranks))


def holds(play: Play, rank: str) -> bool:
    """Whether ``play`` holds a natural card of ``rank`` (a wild card standing for it does not
    count)."""
    tables = play.type.tables
    return any(c.rank == rank and not tables.is_wild(c) for c in play.cards)


def open_wish(history: Sequence[Event]) -> str | None:
    """The rank wished and not yet played, read off a hand's events (an observation's)."""
    wish: str | None = None
    for event in history:
        if isinstance(event, Wished):
            wish = event.rank
        elif isinstance(event, WishMet):
            wish = None
    return wish
