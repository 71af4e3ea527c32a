"""The observation boundary: exactly what one seat may know about a hand.

``Game.observation(seat)`` copies out of the game what the seat can see at the table: its own
hand, the public history (deal events show only its own hand; the kitty appears once it is
shown), how many cards each seat holds, the called or shown card (public once shown or called),
the partner only once revealed (or to the partner himself), the contract, scores so far, the
current trick, and, on its turn, its legal actions. Nothing in an ``Observation`` refers back
to the game, so a bot given one cannot reach another seat's cards. ``rs`` is the compiled rule
set: rules only, no cards of the hand.

An observation is built for every decision of every bot, so ``PublicViews`` keeps what makes
it cheap: the game keeps one log, and a seat's history is that log with the deal events
swapped for the seat's hidden copies (made once per deal, not once per event per seat); the
parts of a seat's view that only contract events change (contract, partner, mates, role, the
called card, the kitty) are computed once and kept until the next event that is not a play or
a pass, a trick won or a lead (``seat_views.PublicViews``; ``Game.observation`` builds the
observation, compiled with the game in the compiled core).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from paixing.game.actions import Action
from paixing.game.events import Deal, DealtRest, Event
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import Card
from paixing.rules.hand_rules import Contract


class History(Sequence[Event]):
    """A seat's public history as it stood when observed: the first ``len`` events of the
    seat's own record of the hand (deal events already hidden). The record only grows, so
    sharing it costs nothing per decision (a tuple copy of the whole history per decision made
    every hand quadratic); equal to any sequence of the same events."""

    __slots__ = ("_events", "_n")

    def __init__(self, events: list[Event], n: int) -> None:
        self._events = events
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, i: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(i, slice):
            return tuple(self._events[: self._n][i])
        if not -self._n <= i < self._n:
            raise IndexError("history index out of range")
        return self._events[i % self._n]

    def __iter__(self) -> Iterator[Event]:
        events = self._events
        return (events[i] for i in range(self._n))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | tuple | list):
            return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


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
    history: History
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
    legal: Sequence[Action]
    """This seat's legal actions on its turn (empty otherwise): a ``LegalActions``, whose play
    actions are made as they are read."""
    stock: int = 0
    """Cards left in the stock (``deal.stock``; 0 without one): how many, never which."""
    out_of_turn: bool = False
    """Whether ``turn`` is asked out of turn (a priority window of ``play.out_of_turn``): its
    legal actions are then only the plays that may interrupt, and ``pass`` (decline)."""

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act."""
        return bool(self.legal)

    @property
    def order_flipped(self) -> bool:
        """Whether the rank order is reversed now (``play.order_flip``, 革命): ``rs`` is then the
        rules compiled with the reversed order, which every comparison reads."""
        return self.rs.hand.flipped


def hidden_deal(event: Deal, seat: int) -> Deal:
    """``event`` as ``seat`` saw it: other seats' hands hidden (None)."""
    return Deal(event.dealer, tuple(h if s == seat else None for s, h in enumerate(event.hands)))


def hidden_rest(event: DealtRest, seat: int) -> DealtRest:
    """``event`` (the rest of a deal) as ``seat`` saw it: other seats' cards hidden (None)."""
    return DealtRest(tuple(h if s == seat else None for s, h in enumerate(event.hands)))
