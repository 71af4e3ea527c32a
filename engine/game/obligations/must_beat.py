"""``must_beat`` (有大必压): no pass while a legal play beats the play on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paixing.game.obligations.base import Rule, Turn
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play

if TYPE_CHECKING:
    from paixing.rules.obligations import MustBeat


class BeatWhenAble(Rule, kind="must_beat"):
    """Passing is taken away whenever some play is legal on a play to beat."""

    message = "you must beat when you can"

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        if turn.target is not None and plays:
            return plays, False
        return plays, can_pass

    @classmethod
    def compile(cls, spec: MustBeat, rs: Ruleset, hand_number: int) -> Rule | None:
        """The rule (the same in every hand)."""
        return BeatWhenAble()
