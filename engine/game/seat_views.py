"""Each seat's view of the hand's one log (``PublicViews``) and the cached parts of its
observation, which ``Game.observation`` keeps between decisions (the snapshot classes are
``paixing.game.observation``'s).

These live apart from the snapshot classes so that the compiled core can compile them with
``Game``: an observation is built for every decision of every bot.
"""

from __future__ import annotations

from paixing.game.events import (
    Bonus,
    Deal,
    DealtRest,
    Declined,
    Drew,
    Event,
    Kitty,
    Lead,
    Out,
    OutOfTurn,
    Pass,
    Played,
    Trick,
)
from paixing.game.observation import hidden_deal, hidden_rest
from paixing.game.seats import Seats, known_mates
from paixing.rules.cards import Card
from paixing.rules.hand_rules import Contract

MOVE_EVENTS = frozenset({Played, Pass, OutOfTurn, Declined})
"""The events of a play or a pass (out of turn, or declined): they change nothing an
observation caches."""
_TRICK_EVENTS = frozenset({Played, Pass, OutOfTurn, Declined, Trick, Lead, Bonus, Out, Drew})
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
        when asked; a deal (or the rest of one) is added at once (hidden), so the log past
        ``seen_upto`` holds none."""
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
        if isinstance(event, Deal | DealtRest):  # each seat sees its own cards of a deal (or its rest)
            index = len(log) - 1
            if isinstance(event, Deal):
                self.deal_marks.append(index)
            for seat in range(len(self.parts)):
                history = self.histories[seat]
                history += log[self.seen_upto[seat] : index]
                history.append(hidden_deal(event, seat) if isinstance(event, Deal) else hidden_rest(event, seat))
                self.seen_upto[seat] = index + 1
        elif isinstance(event, Kitty):
            self.kitty_shown = True

    def forget(self) -> None:
        """Drop every cached part: the contract, seats, partner, called card or kitty changed."""
        self.parts = [None] * len(self.parts)
        self.totals = None

    def copy(self) -> PublicViews:
        """An independent copy (for ``Game.copy``); the cached parts are immutable, so shared."""
        other = PublicViews(0)
        other.deal_marks = list(self.deal_marks)
        other.seen_upto = list(self.seen_upto)
        other.histories = [list(h) for h in self.histories]
        other.kitty_shown = self.kitty_shown
        other.parts = list(self.parts)
        other.totals = self.totals
        return other

    def seat_parts(
        self, contract: Contract | None, seats: Seats, active: list[int], called: Card | None, kitty: list[Card], seat: int
    ) -> SeatParts:
        """The contract-to-kitty fields of ``seat``'s observation, computed from the game's
        (the kitty only once shown)."""
        partner = seats.partner if seats.partner >= 0 and (seats.partner_known or seat == seats.partner) else None
        declarer = seats.declarer
        if seats.hidden and not seats.partner_known and seat != declarer:
            declarer = -1  # secret sides: who declared is known once every side is public
        return (
            contract,
            declarer,
            partner,
            known_mates(contract, seats, active, seat),
            tuple(active),
            seats.role(seat) if contract is not None else None,
            called,
            tuple(kitty) if self.kitty_shown else None,
        )
