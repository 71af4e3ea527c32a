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
a pass, a trick won or a lead (``PublicViews``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, overload

from paixing.game.actions import NO_ACTIONS, Action, LegalActions
from paixing.game.events import Bonus, Deal, Event, Kitty, Lead, Out, Pass, Played, Trick
from paixing.game.seats import Seats, known_mates
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

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act."""
        return bool(self.legal)


def hidden_deal(event: Deal, seat: int) -> Deal:
    """``event`` as ``seat`` saw it: other seats' hands hidden (None)."""
    return Deal(event.dealer, tuple(h if s == seat else None for s, h in enumerate(event.hands)))


class Observed(Protocol):
    """What an observation is copied from (``Game`` provides it)."""

    rs: Ruleset
    phase: str
    dealer: int
    turn: int
    hands: list[list[Card]]
    log: list[Event]
    contract: Contract | None
    seats: Seats
    active: list[int]
    called: Card | None
    kitty: list[Card]
    trick: list[tuple[int, Play | None]]
    last: tuple[int, Play] | None
    finish: list[int]
    captured: list[int]
    scores: list[int]
    views: PublicViews

    def legal_actions(self) -> LegalActions:
        """The legal actions of the seat to act."""
        ...


MOVE_EVENTS = frozenset({Played, Pass})
"""The events of a play or a pass: they change nothing an observation caches."""
_TRICK_EVENTS = frozenset({Played, Pass, Trick, Lead, Bonus, Out})
"""Trick play's events: they change no contract, seats, partner knowledge, called card or kitty
(play's start, which sets the active seats, calls ``forget`` itself)."""

SeatParts = tuple[
    Contract | None, int, int | None, frozenset[int], tuple[int, ...], str | None, Card | None, tuple[Card, ...] | None
]
"""The fields of an ``Observation`` from ``contract`` to ``kitty``, in field order."""


class PublicViews:
    """Each seat's view of the one log of a hand, and the cached parts of its observation.

    The game shows it every recorded event (``recorded``): a deal (its hidden copies and where
    it is in the log), the kitty shown, and what each kind of event may change, which drops
    the cached parts; and, with ``forget``, the start of play (the active seats). Everything
    a cached part reads changes only together with one of these."""

    __slots__ = ("deal_marks", "kitty_shown", "parts", "seen_upto", "histories", "totals")

    def __init__(self, n: int) -> None:
        self.deal_marks: list[int] = []
        """Where the log's deal events are."""
        self.kitty_shown = False
        self.seen_upto = [0] * n
        """Per seat, how much of the log its cached history covers."""
        self.histories: list[list[Event]] = [[] for _ in range(n)]
        """Per seat, its history so far: the log up to ``seen_upto``, deals hidden. Extended
        when asked; a deal is added at once (hidden), so the log past ``seen_upto`` holds none."""
        self.parts: list[SeatParts | None] = [None] * n
        """Per seat, the cached contract-to-kitty fields of its observation (None: recompute)."""
        self.totals: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        """The finish, captured and scores fields, the same for every seat (None: recompute);
        the game drops them with every event but a play or a pass."""

    def recorded(self, event: Event, log: list[Event]) -> None:
        """``event`` was just appended to ``log``: drop what it may have changed. A play or a
        pass changes nothing cached; trick play's other events may change places, captures
        and scores; any other event may change a contract, the seats, the partner's
        knowledge, the called card or the kitty (whatever changes those comes with one)."""
        kind = event.__class__
        if kind in MOVE_EVENTS:
            return
        self.totals = None
        if kind not in _TRICK_EVENTS:
            self._seen(event, log)

    def _seen(self, event: Event, log: list[Event]) -> None:
        self.forget()
        if isinstance(event, Deal):
            index = len(log) - 1
            self.deal_marks.append(index)
            for seat in range(len(self.parts)):
                history = self.histories[seat]
                history += log[self.seen_upto[seat] : index]
                history.append(hidden_deal(event, seat))
                self.seen_upto[seat] = index + 1
        elif isinstance(event, Kitty):
            self.kitty_shown = True

    def forget(self) -> None:
        """Drop every cached part: the contract, seats, partner, called card or kitty changed."""
        self.parts = [None] * len(self.parts)
        self.totals = None

    def copy(self) -> PublicViews:
        """An independent copy (for ``Game.clone``); the cached parts are immutable, so shared."""
        other = PublicViews(0)
        other.deal_marks = list(self.deal_marks)
        other.seen_upto = list(self.seen_upto)
        other.histories = [list(h) for h in self.histories]
        other.kitty_shown = self.kitty_shown
        other.parts = list(self.parts)
        other.totals = self.totals
        return other

    def seat_parts(self, game: Observed, seat: int) -> SeatParts:
        """The cached contract-to-kitty fields of ``seat``'s observation, computed."""
        seats = game.seats
        contract = game.contract
        partner = seats.partner if seats.partner >= 0 and (seats.partner_known or seat == seats.partner) else None
        return (
            contract,
            seats.declarer,
            partner,
            known_mates(contract, seats, game.active, seat),
            tuple(game.active),
            seats.role(seat) if contract is not None else None,
            game.called,
            tuple(game.kitty) if self.kitty_shown else None,
        )


def observe(game: Observed, seat: int) -> Observation:
    """``Game.observation``: what ``seat`` may know of ``game`` now. Built for every decision,
    so a plain function that ``Game`` takes as its method (no second call through the views),
    with locals and no intermediate lists; the views keep what can be kept (``PublicViews``)."""
    views = game.views
    parts = views.parts[seat]
    if parts is None:
        parts = views.parts[seat] = views.seat_parts(game, seat)
    totals = views.totals
    if totals is None:
        totals = views.totals = (tuple(game.finish), tuple(game.captured), tuple(game.scores))
    # the seat's history: its cached one, extended by the events since (no deal among them)
    log = game.log
    n = len(log)
    history = views.histories[seat]
    upto = views.seen_upto
    if upto[seat] != n:
        history += log[upto[seat] :]
        upto[seat] = n
    phase = game.phase
    turn = game.turn
    hands = game.hands
    contract, declarer, partner, mates, active, role, called, kitty = parts
    return Observation(
        game.rs,
        seat,
        phase,
        game.dealer,
        turn,
        tuple(hands[seat]),
        tuple(map(len, hands)),
        History(history, n),
        contract,
        declarer,
        partner,
        mates,
        active,
        role,
        called,
        kitty,
        tuple(game.trick),
        game.last,
        totals[0],
        totals[1],
        totals[2],
        game.legal_actions() if seat == turn and phase != "over" else NO_ACTIONS,
    )
