"""The facts of a finished (or finishing) hand: everything settlement and end rules may read.

The state machine (``state``) builds a ``HandFacts`` from its own bookkeeping; end rules,
score conditions, transfers and settlement are pure functions of it. Nothing here refers back
to ``Game``, so scoring can be tested, reused and reasoned about without a state machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

DECLARER_SIDE = 0
"""Side index of the declarer and his partner."""
OPPONENT_SIDE = 1
"""Side index of the declarer's opponents."""
NO_SIDE = -1
"""Side index of a player who sits out (a bystander)."""
OWN_SIDES = 2
"""With every player for himself (``teams: each``), seat ``s`` is alone on side ``OWN_SIDES + s``."""


def own_side(seat: int) -> int:
    """The side of ``seat`` when every player plays for himself."""
    return OWN_SIDES + seat


@dataclass(frozen=True)
class HandFacts:
    """What is known about a hand when it is settled (or asked whether it has ended)."""

    players: int
    """Number of seats."""
    declarer: int
    """The declarer's seat (-1 when no contract names one)."""
    partner: int
    """The declarer's partner (-1 when he has none)."""
    sides: tuple[int, ...]
    """Per seat: DECLARER_SIDE, OPPONENT_SIDE or NO_SIDE."""
    active: tuple[int, ...]
    """Seats taking part in play (bystanders left out), in seat order."""
    finish: tuple[int, ...]
    """Seats in the order they went out (place 1 first)."""
    captured: tuple[int, ...]
    """Per seat: what he captured in tricks (cards or points, as the variant counts)."""
    hand_values: tuple[int, ...]
    """Per seat: what the cards still in his hand are worth, counted like captures."""
    cards_left: tuple[int, ...]
    """Per seat: how many cards he still holds."""
    plays_made: tuple[int, ...]
    """Per seat: how many plays (not passes) he made."""
    type_counts: Mapping[str, int] = field(default_factory=dict)
    """Hand type id → how many plays of it were made in the hand."""
    auction_value: int = 0
    """The winning auction value (0 without an auction)."""
    calls: tuple[tuple[int, str], ...] = ()
    """Each call made in the hand, in order: (caller, call id of ``game.calls``)."""

    def side(self, seat: int) -> int:
        """The side of ``seat``."""
        return self.sides[seat]

    @property
    def in_play(self) -> tuple[int, ...]:
        """Active seats that still hold cards."""
        return tuple(s for s in self.active if self.cards_left[s])
