"""The per-hand parameters of the hand layer, as the game holds them: the level rank (a session
carries it; ``ranks.level`` otherwise) and the wild ranks ``draw_wild`` steps draw.

``Game`` plays with ``rs``, the variant compiled for this hand (``Ruleset.for_hand``): first
for its level, then again each time wild ranks are drawn. A redeal forgets the drawn ranks.
A hand may be told its wild ranks (a scripted hand, the replay of a fixed deal): the steps then
announce those, still drawing from the random stream so that the rest of the hand stays in
step with it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from paixing.game.action_log import ActionLog
from paixing.game.events import Event, WildsDrawn
from paixing.game.obligations import Obligations, compile_rules
from paixing.game.seat_views import Table
from paixing.hands.compile import Ruleset


class HandRules(Table):
    """In ``Game``'s class chain (``Table`` ← ``HandRules`` ← ``TrickPlay`` ← ``Game``): the
    hand's rules and the parameters they were compiled for."""

    rng: random.Random
    hand_number: int
    obligations: Obligations | None
    actions: ActionLog

    def record(self, event: Event) -> None:
        raise NotImplementedError

    def _set_hand_params(self, rs: Ruleset, level: str | None, wild_ranks: Sequence[str] | None) -> None:
        self.level = level
        """The hand's level (a match's level; None: the variant's ``ranks.level``)."""
        self.preset_wild_ranks = tuple(wild_ranks) if wild_ranks else None
        """Wild ranks the hand was told: the ``draw_wild`` steps announce these."""
        self.rules_level = level if rs.variant.ranks.level is not None else None
        """The level rank the hand's rules are compiled for: only a variant with ``ranks.level``
        has a level rank (elsewhere a match's levels only say how far each side has gone up)."""
        self.hand_rs = rs.for_hand(level=self.rules_level)
        """The rules of this hand before any wild rank is drawn."""
        self.wild_ranks: tuple[str, ...] = ()
        """The wild ranks drawn so far."""
        self.rs = self.hand_rs

    def _forget_draws(self) -> None:
        """A redeal after a draw: the ranks are drawn again."""
        if self.wild_ranks:
            self.wild_ranks = ()
            self._use_rules(self.hand_rs)

    def _use_rules(self, rs: Ruleset) -> None:
        """Play on with ``rs`` (the hand's rules once wild ranks are drawn)."""
        self.rs = rs
        self.obligations = compile_rules(rs, self.hand_number)
        self.actions.use_rules(rs)

    def draw_wild_ranks(self, candidates: list[str], n: int) -> tuple[str, ...]:
        """Draw ``n`` wild ranks among ``candidates`` (a step calls this), make them wild and
        announce them."""
        drawn = tuple(self.rng.sample(candidates, n))
        done = len(self.wild_ranks)
        if self.preset_wild_ranks is not None:
            drawn = self.preset_wild_ranks[done : done + n]
        self.wild_ranks += drawn
        self._use_rules(self.hand_rs.for_hand(level=self.rules_level, wild_ranks=self.wild_ranks))
        self.record(WildsDrawn(drawn, self.wild_ranks))
        return drawn
