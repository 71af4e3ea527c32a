"""What every contract step is: a subclass of ``StepRunner``, and the host interface it drives.

Subclassing is registration: ``class AuctionStep(StepRunner, kind="auction")`` adds the class to
``STEPS`` under ``kind``, which must be the field name of its model in
``paixing.rules.hand_rules.Step`` (``tests/rules/test_registries.py`` checks that the two lists of
kinds agree; a kind given twice is refused). The class provides, and mypy checks against the
signatures below:

- ``start`` (what happens when the step begins), ``actions`` (the legal actions while it runs,
  each with a ``Meaning`` a bot can weigh), ``apply`` (one action) and ``copy`` (a clone of the
  game must not share its state), on an instance holding the step's model as ``body``;
- ``parse(head, args)``: the typed action a player writes for it (``bid …``, ``call …``; the
  default reads none), and ``usage``: head → the argument named in the one-line usage message;
- ``describe(body, say, name, rules)``: its rulebook sentence, from the phrase keys it names,
  and ``phrases``: those keys' ``(zh, en)`` texts (the rulebook merges them, as it merges a
  shape's).

Steps drive the hand only through ``StepHost`` (implemented by ``Game``), so they never import
the state machine.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from paixing.game.actions import Action
from paixing.game.events import Event
from paixing.game.seats import Seats
from paixing.hands.compile import Ruleset
from paixing.rules.cards import Card
from paixing.rules.hand_rules import Contract, GameRules
from paixing.rules.registry import Registry

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
    markers: tuple[Card, ...]
    seats: Seats
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

    def reveal(self, seat: int, cards: Sequence[Card], shown: bool = False) -> None:
        """``seat`` showed (or played) ``cards``: a card that makes hidden sides makes his side public."""
        ...

    def redeal(self) -> None:
        """Deal again and restart the contract phase."""
        ...

    def draw_wild_ranks(self, candidates: list[str], n: int) -> tuple[str, ...]:
        """Draw ``n`` wild ranks among ``candidates`` (from the hand's random stream, or as
        the hand was told), make them wild and announce them; the ranks drawn."""
        ...


class StepRunner(ABC):
    """One running contract step. A subclass is one step kind (``kind=`` in its class line
    registers it in ``STEPS``); it keeps its state in plain attributes that ``copy``
    duplicates (a clone of the game must not share it)."""

    kind: ClassVar[str] = ""
    """The step's kind: its key in ``STEPS`` and its field on ``Step``."""
    usage: ClassVar[dict[str, str]] = {}
    """Typed head (``bid``) → the argument the usage message names (``contract``)."""
    phrases: ClassVar[dict[str, tuple[str, str]]] = {}
    """The ``step.*`` phrases ``describe`` uses, ``key -> (zh, en)``."""

    def __init_subclass__(cls, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        STEPS.add(kind, cls)

    def __init__(self, body: Any) -> None:
        self.body = body

    @abstractmethod
    def start(self, host: StepHost) -> int:
        """Begin the step: the seat to act first, or ``DONE`` when it needs no action."""

    @abstractmethod
    def actions(self, host: StepHost, seat: int) -> list[Action]:
        """The legal actions of ``seat``, the seat to act."""

    @abstractmethod
    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        """Apply one legal action: the next seat to act, ``DONE`` or ``HANDLED``."""

    @abstractmethod
    def copy(self) -> StepRunner:
        """An independent copy of this running step."""

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """The action typed as ``head args`` if it is this step's (None: not this step's);
        ``IllegalAction`` for this step's head with a wrong argument."""
        return None

    @staticmethod
    @abstractmethod
    def describe(body: Any, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence for a step with model ``body``."""


STEPS: Registry[type[StepRunner]] = Registry("contract step")
"""Step kind → its runner class, filled by subclassing ``StepRunner``."""
