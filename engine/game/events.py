"""Typed game events: the log of a hand is a list of these frozen dataclasses.

Each event has a ``kind`` (its JSON ``event`` key) and ``to_json()`` gives the dict form
records and fixtures use (``{"event": "play", "seat": 0, "cards": "55"}``); ``from_json``
reads one back. A new event is one frozen dataclass here, a subclass of ``Event`` with its
``kind``: subclassing registers it in ``EVENTS`` (a ``Registry``), and ``fast_init`` gives it
the cheap constructor every per-action value uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from paixing.game.frozen import fast_init
from paixing.rules.base import MAX_PLAYERS
from paixing.rules.registry import Registry

_OMIT_NONE = {"omit_none": True}


EVENTS: Registry[type[Event]] = Registry("event")
"""Event kind → its class: every subclass of ``Event`` registers itself under its ``kind``."""


@dataclass(frozen=True)
class Event:
    """Base of every log event. Subclassing is registration: a subclass's ``kind`` (a class
    attribute of its body) is its key in ``EVENTS``, and a kind given twice is refused."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        EVENTS.add(cls.kind, cls)

    def to_json(self) -> dict[str, Any]:
        """The dict form: ``event`` first, then the fields (tuples as lists; a field marked
        ``omit_none`` is left out while it is None; ``reads_as`` is written ``as``)."""
        out: dict[str, Any] = {"event": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.metadata.get("omit_none"):
                continue
            out[_JSON_NAMES.get(f.name, f.name)] = list(value) if isinstance(value, tuple) else value
        return out


_JSON_NAMES = {"reads_as": "as", "contract": "id", "event_id": "id", "factor_id": "id", "hand_type": "type"}


@dataclass(frozen=True)
class Deal(Event):
    """The cards are dealt (``hands`` in notation; None where a hand is hidden from a seat)."""

    kind: ClassVar[str] = "deal"
    dealer: int
    hands: tuple[str | None, ...]


@dataclass(frozen=True)
class Redeal(Event):
    """Nobody bid: the cards are dealt again."""

    kind: ClassVar[str] = "redeal"


@dataclass(frozen=True)
class InstantWin(Event):
    """A dealt-hand event ends the hand at once."""

    kind: ClassVar[str] = "instant_win"
    event_id: str
    seat: int


@dataclass(frozen=True)
class Reward(Event):
    """A holding reward is paid to ``seat`` (``times`` over)."""

    kind: ClassVar[str] = "reward"
    event_id: str
    seat: int
    times: int


@dataclass(frozen=True)
class ShownCard(Event):
    """The dealer shows a card; its twin's holder is his hidden partner."""

    kind: ClassVar[str] = "shown_card"
    seat: int
    card: str


@dataclass(frozen=True)
class Call(Event):
    """A player calls a partner card."""

    kind: ClassVar[str] = "call"
    seat: int
    card: str


@dataclass(frozen=True)
class Bid(Event):
    """An auction bid."""

    kind: ClassVar[str] = "bid"
    seat: int
    value: int


@dataclass(frozen=True)
class Pass(Event):
    """A pass, in a contract step or in a trick."""

    kind: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True)
class ContractMade(Event):
    """A contract is made (``opponent``: the countered declarer of a duel)."""

    kind: ClassVar[str] = "contract"
    contract: str
    declarer: int
    opponent: int | None = field(default=None, metadata=_OMIT_NONE)


@dataclass(frozen=True)
class Kitty(Event):
    """The kitty is shown and taken by ``seat``."""

    kind: ClassVar[str] = "kitty"
    seat: int
    cards: str


@dataclass(frozen=True)
class Lead(Event):
    """``seat`` leads a new trick."""

    kind: ClassVar[str] = "lead"
    seat: int


@dataclass(frozen=True)
class Drew(Event):
    """``seat`` draws ``cards`` cards from the stock, ``left`` staying in it. Which cards is his
    alone to know (his hand shows them); the game record's stock says it for a replay."""

    kind: ClassVar[str] = "draw"
    seat: int
    cards: int
    left: int


@dataclass(frozen=True)
class Played(Event):
    """``seat`` plays ``cards`` as a ``hand_type`` (wild cards read ``reads_as``)."""

    kind: ClassVar[str] = "play"
    seat: int
    cards: str
    hand_type: str
    reads_as: str | None = field(default=None, metadata=_OMIT_NONE)


@dataclass(frozen=True)
class PartnerRevealed(Event):
    """The hidden partner played the called or shown card."""

    kind: ClassVar[str] = "partner_revealed"
    seat: int


@dataclass(frozen=True)
class SidePublic(Event):
    """``seat`` played or showed ``cards``, cards that make the sides (``held_cards``): his
    side is public from now on."""

    kind: ClassVar[str] = "side_public"
    seat: int
    cards: str
    shown: bool = False
    """True when he showed them before play (亮), False when he played them."""


@dataclass(frozen=True)
class Out(Event):
    """``seat`` went out, at ``place`` (1: first)."""

    kind: ClassVar[str] = "out"
    seat: int
    place: int


@dataclass(frozen=True)
class Trick(Event):
    """``seat`` won a trick, capturing ``captured``."""

    kind: ClassVar[str] = "trick"
    seat: int
    captured: int


@dataclass(frozen=True)
class Bonus(Event):
    """A trick bonus paid to ``seat`` for winning with a ``hand_type``."""

    kind: ClassVar[str] = "bonus"
    seat: int
    hand_type: str
    pay: int


@dataclass(frozen=True)
class Factor(Event):
    """A conditional multiplier of the contract applied (``factor_id`` from the file's
    ``multipliers.when``), multiplying the score by ``times``."""

    kind: ClassVar[str] = "factor"
    factor_id: str
    times: int


@dataclass(frozen=True)
class End(Event):
    """The hand is over: final scores, winners and the reason."""

    kind: ClassVar[str] = "end"
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class Tribute(Event):
    """进贡: ``seat`` gives ``card`` (his highest that is not wild) to ``to``, shown to all."""

    kind: ClassVar[str] = "tribute"
    seat: int
    to: int
    card: str


@dataclass(frozen=True)
class TributeReturned(Event):
    """还贡: ``seat`` gives ``card`` back to ``to``, who gave him a tribute."""

    kind: ClassVar[str] = "tribute_back"
    seat: int
    to: int
    card: str


@dataclass(frozen=True)
class TributeResisted(Event):
    """抗贡: the players who would give (``seats``) hold ``cards`` between them: nobody gives."""

    kind: ClassVar[str] = "tribute_resisted"
    seats: tuple[int, ...]
    cards: str


@dataclass(frozen=True)
class WildsDrawn(Event):
    """Wild ranks are drawn and shown to all (every card of these ranks is wild from now on;
    ``all``: every rank drawn in the hand so far)."""

    kind: ClassVar[str] = "wilds_drawn"
    ranks: tuple[str, ...]
    all: tuple[str, ...]


@dataclass(frozen=True)
class OrderFlipped(Event):
    """``seat``'s play changed the rank order (``play.order_flip``, 革命): ``flipped`` says
    whether it is now reversed (false: a second change put it back)."""

    kind: ClassVar[str] = "order_flip"
    seat: int
    flipped: bool


@dataclass(frozen=True)
class TrickEffected(Event):
    """``seat``'s play had a trick effect (``play.trick_effects``): ``effect`` is its kind
    (``ends_trick``: the trick ended at once)."""

    kind: ClassVar[str] = "trick_effect"
    seat: int
    effect: str


@dataclass(frozen=True)
class TrickGiven(Event):
    """``seat`` won a trick that is given away (``trick_effects: give_trick``)
    and gave it to ``to``: its ``captured`` moves from ``seat`` to ``to``."""

    kind: ClassVar[str] = "trick_given"
    seat: int
    to: int
    captured: int


@dataclass(frozen=True)
class CardsPassed(Event):
    """Every player has chosen the cards he passes (``pass_cards``), and they changed hands; which
    cards is no public fact (each player sees his own hand), so the event names none."""

    kind: ClassVar[str] = "cards_passed"
    seats: int


@dataclass(frozen=True)
class Wished(Event):
    """``seat`` played the card of a ``wish`` obligation and named ``rank`` (None: no wish)."""

    kind: ClassVar[str] = "wished"
    seat: int
    rank: str | None


@dataclass(frozen=True)
class WishMet(Event):
    """``seat`` played a card of the wished ``rank``: the wish is fulfilled."""

    kind: ClassVar[str] = "wish_met"
    seat: int
    rank: str


@dataclass(frozen=True)
class Announced(Event):
    """``seat`` made the call ``call`` (``game.calls``), told to every player."""

    kind: ClassVar[str] = "announced"
    seat: int
    call: str


@dataclass(frozen=True)
class CallScored(Event):
    """At the end of the hand, ``seat``'s call ``call`` was ``made`` (or failed): his side
    scores ``points`` (negative when it failed)."""

    kind: ClassVar[str] = "call_scored"
    seat: int
    call: str
    made: bool
    points: int


@dataclass(frozen=True)
class DealtRest(Event):
    """The rest of the deal, after a round of calls on the first cards (``announce`` with
    ``cards_seen``): ``hands`` in notation, None where a hand is hidden from a seat."""

    kind: ClassVar[str] = "dealt_rest"
    hands: tuple[str | None, ...]


@dataclass(frozen=True)
class OutOfTurn(Event):
    """``seat`` plays out of turn (``play.out_of_turn``): the play event that follows is his,
    made in the priority window after the last play."""

    kind: ClassVar[str] = "out_of_turn"
    seat: int


@dataclass(frozen=True)
class Declined(Event):
    """``seat``, asked in a priority window (``play.out_of_turn``), does not play out of turn."""

    kind: ClassVar[str] = "declined"
    seat: int


for _event_class in EVENTS.values():
    fast_init(_event_class)  # an event is built on every action: see paixing.game.frozen

MAX_SEATS = MAX_PLAYERS
"""The most seats a variant has (``players`` in rules.models.Variant)."""
PASSES = tuple(Pass(seat) for seat in range(MAX_SEATS))
"""Each seat's pass event, made once: events never change, and a trick is mostly passes."""
LEADS = tuple(Lead(seat) for seat in range(MAX_SEATS))
"""Each seat's lead event, made once (see ``PASSES``)."""


def from_json(data: dict[str, Any]) -> Event:
    """The event a ``to_json()`` dict stands for; ``ValueError`` for an unknown kind."""
    try:
        cls = EVENTS[data["event"]]
    except KeyError:
        raise ValueError(f"unknown event {data.get('event')!r}") from None
    back = {v: k for k, v in _JSON_NAMES.items() if k in {f.name for f in fields(cls)}}
    kwargs = {back.get(k, k): tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "event"}
    return cls(**kwargs)
