"""Play obligations: a registry of constraints a legal play must meet (docs/architecture.md).

One module per kind, holding a subclass of ``Rule`` (``base`` says what it provides):
subclassing registers it in ``OBLIGATIONS``, and this package imports every module it contains,
so nothing here is edited to add a kind. The kinds are the fields of
``paixing.rules.obligations.Obligation`` (``tests/rules/test_registries.py`` checks the keys agree). ``compile_rules``
binds a variant's obligations once per hand, so move generation calls bound methods and never
dispatches on a kind; ``Obligations.apply`` narrows legal plays, ``refusal`` explains why a
typed action breaks a rule, and ``leader`` names who must lead the first trick.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence

from paixing.game.obligations.base import OBLIGATIONS, Rule, Turn
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import Card

__all__ = ["OBLIGATIONS", "Obligations", "Rule", "Turn", "compile_rules"]

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")


class Obligations:
    """A hand's compiled obligations, applied in the file's order."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = tuple(rules)

    def apply(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        """The legal plays and whether passing is allowed, once every rule has narrowed them."""
        for rule in self.rules:
            plays, can_pass = rule.restrict(turn, plays, can_pass)
        return plays, can_pass

    def refusal(self, turn: Turn, play: Play | None, plays: list[Play], can_pass: bool) -> str | None:
        """Why ``play`` (None: a pass) breaks a rule, or None when every rule allows it."""
        for rule in self.rules:
            if not rule.allows(turn, play, plays, can_pass):
                return rule.message
            plays, can_pass = rule.restrict(turn, plays, can_pass)
        return None

    def leader(self, hands: Sequence[Sequence[Card]]) -> int | None:
        """The seat a rule makes lead the first trick, if any."""
        for rule in self.rules:
            seat = rule.leader(hands)
            if seat is not None:
                return seat
        return None


def compile_rules(rs: Ruleset, hand_number: int = 1) -> Obligations | None:
    """The variant's obligations bound for hand ``hand_number`` (None when it has none)."""
    game = rs.variant.game
    if game is None or not game.play.obligations:
        return None
    rules = [OBLIGATIONS[o.kind].compile(o.body, rs, hand_number) for o in game.play.obligations]
    kept = [r for r in rules if r is not None]
    return Obligations(kept) if kept else None
