"""The observation boundary: exactly what one seat may know about a hand.

``Game.observation(seat)`` copies out of the game what the seat can see at the table: its own
hand, the public history (deal events show only its own hand; the kitty appears once it is
shown), how many cards each seat holds, the called or shown card (public once shown or called),
the partner only once revealed (or to the partner himself), the contract, scores so far, the
current trick, and, on its turn, its legal actions. Nothing in an ``Observation`` refers back
to the game, so a bot given one cannot reach another seat's cards. ``rs`` is the compiled rule
set: rules only, no cards of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from paixing.game.actions import Action
from paixing.game.events import Deal, Event
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import Card
from paixing.rules.hand_rules import Contract


@dataclass(slots=True)
class Observation:
    """What ``seat`` knows now: a snapshot (changing it changes nothing in the game; not frozen
    only because it is built for every decision and a frozen init costs several times more)."""

    rs: Ruleset
    """The rules (no cards of this hand)."""
    seat: int
    phase: str
    """``contract``, ``play`` or ``over``."""
    dealer: int
    turn: int
    """The seat to act (-1 when the hand is over)."""
    hand: tuple[Card, ...]
    """This seat's cards."""
    cards_left: tuple[int, ...]
    """How many cards each seat holds."""
    history: tuple[Event, ...]
    """The public log of the hand (other seats' dealt hands hidden)."""
    contract: Contract | None
    declarer: int
    """-1 before a contract is made."""
    partner: int | None
    """The declarer's partner, once this seat may know him."""
    mates: frozenset[int]
    """Seats this seat knows to be on its side."""
    active: tuple[int, ...]
    """Seats taking part in trick play (empty before play)."""
    role: str | None
    """This seat's role in the contract."""
    called: Card | None
    """The called or shown partner card (public once shown or called)."""
    kitty: tuple[Card, ...] | None
    """The kitty, once shown (None while it is face down)."""
    trick: tuple[tuple[int, Play | None], ...]
    """The current trick: (seat, play or None for a pass)."""
    last: tuple[int, Play] | None
    """The play to beat and who made it."""
    finish: tuple[int, ...]
    captured: tuple[int, ...]
    scores: tuple[int, ...]
    legal: list[Action]
    """This seat's legal actions on its turn (empty otherwise)."""

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act."""
        return bool(self.legal)


def hidden_deal(event: Deal, seat: int) -> Deal:
    """``event`` as ``seat`` saw it: other seats' hands hidden (None)."""
    return replace(event, hands=tuple(h if s == seat else None for s, h in enumerate(event.hands)))
