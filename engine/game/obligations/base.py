"""What every play obligation shares: the turn it looks at and the rule it compiles to.

An obligation narrows the plays ``legal_plays`` found (and may take away the pass); it never
adds one, so ``beats`` and the hand-type layer stay as they are. ``Turn`` is all an obligation
may read: the hand, the play to beat, whether this is the hand's first play, and how many
cards the next player still in holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paixing.hands.play import Play
from paixing.rules.cards import Card


@dataclass(frozen=True)
class Turn:
    """The state an obligation needs about the player to act."""

    hand: Sequence[Card]
    """His cards."""
    target: Play | None
    """The play to beat (None: he leads)."""
    first_play: bool = False
    """No play has been made in the hand yet."""
    next_left: int = 99
    """Cards held by the next player still in (a large number when nobody else is)."""


class Rule:
    """One compiled obligation. Subclasses override ``restrict`` (and ``leader`` or ``allows``
    where the default does not fit)."""

    message: str = "that play breaks a play obligation"
    """Why an action that breaks the rule is refused (one line a player can read)."""

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        """The plays (and whether passing) still allowed under this rule."""
        return plays, can_pass

    def allows(self, turn: Turn, play: Play | None, plays: list[Play], can_pass: bool) -> bool:
        """Whether a typed action meets the rule, given what was allowed before it applied."""
        kept, pass_ok = self.restrict(turn, plays, can_pass)
        return pass_ok if play is None else play in kept

    def leader(self, hands: Sequence[Sequence[Card]]) -> int | None:
        """The seat this rule makes lead the first trick (None: the contract says)."""
        return None
