"""``suit_lock`` (縛り): once ``after`` plays in a row of a trick were made in the same suits,
every later play of the trick must be made in those suits.

The suits of a play are the suits of its natural cards, as a multiset (♥♠ for a pair of a
heart and a spade). A play holding a wild card does not start a lock; under a lock, a wild card
fits any suit (its natural cards must be among the locked suits), and the answer to a play of
wild cards alone (a lone joker, which has no suit) is not bound by it. Where suits can decide a later
comparison the generator makes every set of cards (``TypeInfo.every_set``), so the plays of the
right suits are among those ``restrict`` is handed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from paixing.game.obligations.base import Rule, Turn
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play

if TYPE_CHECKING:
    from paixing.rules.obligations import SuitLock


def suits_of(play: Play) -> Counter[str] | None:
    """The suits of ``play``'s natural cards, or None when it holds a wild card."""
    tables = play.type.tables
    cards = play.cards
    if any(tables.is_wild(c) for c in cards):
        return None
    return Counter(c.suit or "" for c in cards)


def fits(play: Play, suits: Counter[str]) -> bool:
    """Whether ``play``'s natural cards are among ``suits`` (its wild cards fit any)."""
    tables = play.type.tables
    have = Counter(c.suit or "" for c in play.cards if not tables.is_wild(c))
    return all(suits[s] >= k for s, k in have.items())


class LockedSuits(Rule, kind="suit_lock"):
    """Plays in the locked suits, once ``after`` plays in a row were in the same suits."""

    message = "the trick is locked to its suits (縛り): play in those suits"

    def __init__(self, after: int) -> None:
        self.after = after

    def locked(self, trick: tuple[Play, ...]) -> Counter[str] | None:
        """The suits the trick is locked to, or None while it is not."""
        run: list[Counter[str] | None] = []
        for play in trick:
            run.append(suits_of(play))
            last = run[-self.after :]
            if len(last) == self.after and last[0] is not None and all(s == last[0] for s in last):
                return last[0]
        return None

    def binding(self, turn: Turn) -> Counter[str] | None:
        """The suits that bind this turn's play: the lock's, unless the play to beat is made of
        wild cards alone."""
        target = turn.target
        if len(turn.trick) < self.after or target is None:
            return None
        tables = target.type.tables
        if all(tables.is_wild(c) for c in target.cards):
            return None
        return self.locked(turn.trick)

    def restrict(self, turn: Turn, plays: list[Play], can_pass: bool) -> tuple[list[Play], bool]:
        suits = self.binding(turn)
        if suits is None:
            return plays, can_pass
        return [p for p in plays if fits(p, suits)], can_pass

    def allows(self, turn: Turn, play: Play | None, plays: list[Play], can_pass: bool) -> bool:
        if play is None:
            return True
        suits = self.binding(turn)
        return suits is None or fits(play, suits)

    @classmethod
    def compile(cls, spec: SuitLock, rs: Ruleset, hand_number: int) -> Rule | None:
        return LockedSuits(spec.after)
