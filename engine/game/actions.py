"""What a player does: the typed actions of a hand, and the error for a refused one.

An ``Action`` is data: its text form (``str(action)``) is what records store and what
``Game.parse_action`` reads back, so a record replays through the same checks a typed move
goes through. Contract-step actions carry a ``Meaning`` (ignored by equality) that says what
the action does in neutral terms, so a bot can weigh it without knowing the step's kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from paixing.game.frozen import fast_init
from paixing.hands.play import Play
from paixing.rules.cards import Card


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is one line a player can read."""


@dataclass(frozen=True)
class Meaning:
    """What a contract-step action does, in words every step kind shares."""

    declares: str | None = None
    """The contract this action makes its player declare (None: it declares nothing)."""
    counters: bool = False
    """The declaration is made against an earlier declarer (a counter-declaration)."""
    level: int | None = None
    """Position of this action on the step's ladder of values (0: the lowest), if it has one."""
    ladder: int = 0
    """How many rungs that ladder has."""


@fast_init  # one Action per legal play of every decision: see paixing.game.frozen
@dataclass(frozen=True)
class Action:
    """What a player does: play cards, pass, declare a contract, call a card, bid a value."""

    kind: str
    """``play``, ``pass``, ``bid`` (a contract id), ``call`` (a partner card), ``value`` or
    ``give`` (a card handed to another player: the return of a tribute)."""
    play: Play | None = None
    contract: str | None = None
    card: Card | None = None
    value: int | None = None
    meaning: Meaning | None = field(default=None, compare=False, repr=False)
    """What the action does (contract steps); not part of the action's identity."""

    def __str__(self) -> str:
        if self.kind == "play":
            assert self.play is not None
            p = self.play
            return f"{p.notation} = {p.reads_as}" if p.wild_as else p.notation
        if self.kind == "bid":
            return f"bid {self.contract}"
        if self.kind == "call":
            return f"call {self.card}"
        if self.kind == "value":
            return f"bid {self.value}"
        if self.kind == "give":
            return f"give {self.card}"
        return "pass"


def play_action(play: Play) -> Action:
    """``Action("play", play)``, built for the move list of every decision: only the two fields
    that differ from their defaults go into the instance (the others read the class defaults
    the dataclass keeps), so it equals, hashes and prints like the other form."""
    action = _new(Action)
    fields = action.__dict__
    fields["kind"] = "play"
    fields["play"] = play
    return action


_new = object.__new__

PASS = Action("pass")
"""Declining: pass a declaration, or do not beat the play on the table."""
