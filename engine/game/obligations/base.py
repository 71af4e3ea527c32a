"""What every play obligation is: a subclass of ``Rule``, and the turn it looks at.

Subclassing is registration: ``class BeatWhenAble(Rule, kind="must_beat")`` adds the class to
``OBLIGATIONS`` under ``kind``, which must be the field name of its model in
``paixing.rules.obligations.Obligation`` (``tests/rules/test_registries.py`` checks that the two lists
of kinds agree; a kind given twice is refused). The class provides the classmethod
``compile(spec, rs, hand_number)`` (its rule for one hand, or None where it does not apply) and
overrides ``restrict`` (and ``allows``, ``leader`` or ``message`` where the default does not
fit); mypy checks them against the signatures below.

An obligation narrows the plays ``legal_plays`` found (and may take away the pass); it never
adds one, so ``beats`` and the hand-type layer stay as they are. ``Turn`` is all an obligation
may read: the hand, the play to beat, whether this is the hand's first play, how many
cards the next player still in holds, and the plays of the trick so far.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import Card
from paixing.rules.registry import Registry


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
    trick: tuple[Play, ...] = ()
    """The plays of the trick so far, in order (passes left out)."""
    wish: str | None = None
    """The rank wished and not yet played (``wish`` obligation), or None."""


class Rule(ABC):
    """One compiled obligation. A subclass is one obligation kind (``kind=`` in its class line
    registers it in ``OBLIGATIONS``): it provides ``compile`` and overrides ``restrict`` (and
    ``leader`` or ``allows`` where the default does not fit)."""

    kind: ClassVar[str] = ""
    """The obligation's kind: its key in ``OBLIGATIONS`` and its field on ``Obligation``."""
    message: str = "that play breaks a play obligation"
    """Why an action that breaks the rule is refused (one line a player can read)."""

    def __init_subclass__(cls, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        OBLIGATIONS.add(kind, cls)

    @classmethod
    @abstractmethod
    def compile(cls, spec: Any, rs: Ruleset, hand_number: int) -> Rule | None:
        """The rule for hand ``hand_number`` of a variant compiled as ``rs``, from the kind's
        model ``spec``; None when it does not apply to this hand."""

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        """The plays (and whether passing) still allowed under this rule."""
        return plays, can_pass

    def allows(self, turn: Turn, play: Play | None, plays: list[Play], can_pass: bool) -> bool:
        """Whether a typed action meets the rule, given what was allowed before it applied. A
        play counts by what it reads as: where suits can matter (a one-suit type), the move
        generator offers one set of cards per reading (the one keeping the hand's one-suit
        sets), and a typed play of other cards of the same reading is as allowed."""
        kept, pass_ok = self.restrict(turn, plays, can_pass)
        if play is None:
            return pass_ok
        return play in kept or play.reading in {p.reading for p in kept}

    def leader(self, hands: Sequence[Sequence[Card]]) -> int | None:
        """The seat this rule makes lead the first trick (None: the contract says)."""
        return None


OBLIGATIONS: Registry[type[Rule]] = Registry("play obligation")
"""Obligation kind → its rule class, filled by subclassing ``Rule``."""
