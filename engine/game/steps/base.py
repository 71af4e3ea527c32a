"""What every contract step shares: the host interface it drives and the runner base class.

A step kind is one module of this package. It provides:

- ``KIND``: its key, equal to the field name of its model in ``paixing.rules.hand_rules.Step``;
- a ``Runner`` subclass of ``StepRunner`` that holds the step's state while it runs and
  answers ``start`` (what happens when the step begins), ``actions`` (the legal actions while
  it runs, each with a ``Meaning`` a bot can weigh), ``apply`` (one action) and ``copy``;
- ``parse(head, args)``: the typed action a player writes for it (``bid …``, ``call …``), and
  ``USAGE``: head → the argument named in the one-line usage message;
- ``describe(body, say, name, rules)``: its rulebook sentence, from the phrase keys it names.

Steps drive the hand only through ``StepHost`` (implemented by ``Game``), so they never import
the state machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from paixing.game.actions import Action
from paixing.game.events import Event
from paixing.hands.compile import Ruleset
from paixing.rules.cards import Card
from paixing.rules.hand_rules import Contract

DONE = -1
"""``start``/``apply`` result: the step is over, go on to the next one."""
HANDLED = -2
"""``apply`` result: the step changed the hand's course itself (a redeal); touch nothing."""

Say = Callable[..., str]
"""A phrase by key, formatted: ``say("step.solo_bid", contract="…")``."""
Name = Callable[[str], str]
"""A contract's display name from its id."""


class StepHost(Protocol):
    """What a step may read and do to the hand (``Game`` provides it)."""

    rs: Ruleset
    dealer: int
    rng: random.Random
    hands: list[list[Card]]
    dealt: list[list[Card]]
    kitty: list[Card]
    contract: Contract | None
    called: Card | None
    auction_value: int

    @property
    def n(self) -> int: ...

    @property
    def hand_number(self) -> int: ...

    def record(self, event: Event) -> None:
        """Append an event to the log."""
        ...

    def order_from(self, seat: int) -> list[int]:
        """Every seat in playing order, starting with ``seat``."""
        ...

    def set_contract(self, cid: str, declarer: int, partner: int = -1, opponent: int = -1) -> None:
        """Make contract ``cid`` with these seats."""
        ...

    def redeal(self) -> None:
        """Deal again and restart the contract phase."""
        ...

    def draw_wild_ranks(self, candidates: list[str], n: int) -> tuple[str, ...]:
        """Draw ``n`` wild ranks among ``candidates`` (from the hand's random stream, or as
        the hand was told), make them wild and announce them; the ranks drawn."""
        ...


class StepRunner:
    """One running contract step. Subclasses keep their state in plain attributes that
    ``copy`` duplicates (a clone of the game must not share it)."""

    kind: ClassVar[str] = ""

    def __init__(self, body: Any) -> None:
        self.body = body

    def start(self, host: StepHost) -> int:
        """Begin the step: the seat to act first, or ``DONE`` when it needs no action."""
        raise NotImplementedError

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        """The legal actions of ``seat``, the seat to act."""
        raise NotImplementedError

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        """Apply one legal action: the next seat to act, ``DONE`` or ``HANDLED``."""
        raise NotImplementedError

    def copy(self) -> StepRunner:
        """An independent copy of this running step."""
        raise NotImplementedError

