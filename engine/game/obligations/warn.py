"""``warn`` (报单/报双): when the next player is nearly out, a play of a listed type must be the
highest play of that type the player can make (the highest single, the highest pair)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paixing.game.obligations.base import Rule, Turn
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play

if TYPE_CHECKING:
    from paixing.rules.obligations import Warn


class Highest(Rule, kind="warn"):
    """Plays of ``types`` below the highest of their type are taken away."""

    def __init__(self, next_left: int, types: frozenset[str]) -> None:
        self.next_left = next_left
        self.types = types
        self.message = f"the next player has {next_left} card(s) or fewer: play your highest {'/'.join(sorted(types))}"

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        if turn.next_left > self.next_left:
            return plays, can_pass
        top: dict[str, tuple[object, ...]] = {}
        for p in plays:
            tid = p.type.id
            if tid in self.types:
                rank = (p.rung, p.key)
                if tid not in top or rank > top[tid]:
                    top[tid] = rank
        if not top:
            return plays, can_pass
        return [p for p in plays if p.type.id not in top or (p.rung, p.key) == top[p.type.id]], can_pass

    @classmethod
    def compile(cls, spec: Warn, rs: Ruleset, hand_number: int) -> Rule | None:
        """The rule (the same in every hand)."""
        return Highest(spec.next_left, frozenset(spec.hand_types))
