"""What a hand is dealt with and the rules it starts from: ``HandSetup``, fixed for the whole
hand, one object that every copy of a ``Game`` shares (``Game.copy`` copies only what changes).

Besides the hand's place (its seed, its number in a match, the match state carried to it, a
dealer or a deal it was told) it holds the per-hand parameters of the hand layer: the level
rank (a session carries it; ``ranks.level`` otherwise) and the wild ranks a hand was told.
``Game`` plays with ``game.rs``, the variant compiled for this hand (``Ruleset.for_hand``):
``hand_rs`` at first, then ``rules_with`` the drawn ranks each time ``draw_wild`` steps draw
some; a redeal forgets them. A hand told its wild ranks (a scripted hand, the replay of a
fixed deal) announces those, still drawing from the random stream so that the rest of the
hand stays in step with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paixing.game.match import MatchState, hand_level, start_state
from paixing.game.obligations import Obligations, compile_rules
from paixing.hands.compile import Ruleset
from paixing.rules.hand_rules import GameRules, TrickBonus, TrickEffect


class HandSetup:
    """A hand's fixed part: set here once, never changed (copies of the hand share it)."""

    def __init__(
        self,
        rs: Ruleset,
        seed: int = 0,
        *,
        fixed_deal: bool = False,
        dealer: int | None = None,
        hand_number: int = 1,
        previous_first_out: int | None = None,
        level: str | None = None,
        match: dict[str, Any] | None = None,
        wild_ranks: Sequence[str] | None = None,
        previous_places: Sequence[int] | None = None,
    ) -> None:
        if rs.variant.game is None:
            raise ValueError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
        rules = rs.variant.game
        self.rules: GameRules = rules
        self.n: int = rs.variant.players
        self.seed = seed
        self.fixed_deal = fixed_deal
        """Whether the hand was dealt the hands it was given rather than shuffled from ``seed``."""
        self.dealer = dealer
        """The dealer the hand was told (None: the variant's ``dealer`` rule finds him)."""
        self.hand_number = hand_number
        self.previous_first_out = previous_first_out
        self.match = match
        """The match state this hand was dealt with (``match.MatchState`` JSON), None alone."""
        self.previous_places: tuple[int, ...] | None = tuple(previous_places) if previous_places is not None else None
        """The seats of the hand before by place, the first out first (a session carries them
        where a step exchanges cards by places), None alone."""
        self.match_state: MatchState = start_state(rules.session, match)
        self.level: str | None = level if level is not None else hand_level(rules.session, self.match_state)
        """The hand's level (a match's level; None: the variant's ``ranks.level``)."""
        self.told_wild_ranks: tuple[str, ...] | None = tuple(wild_ranks) if wild_ranks else None
        """Wild ranks the hand was told: the ``draw_wild`` steps announce these."""
        self.rules_level = self.level if rs.variant.ranks.level is not None else None
        """The level rank the hand's rules are compiled for: only a variant with ``ranks.level``
        has a level rank (elsewhere a match's levels only say how far each side has gone up)."""
        self.hand_rs: Ruleset = rs.for_hand(level=self.rules_level)
        """The rules of this hand before any wild rank is drawn."""
        self.obligations: Obligations | None = compile_rules(self.hand_rs, hand_number)
        """The play obligations of ``hand_rs``."""
        self.won_bonuses: tuple[TrickBonus, ...] = tuple(b for b in rules.bonuses.tricks if b.when == "won")
        """The trick bonuses paid when the play wins its trick, in list order."""
        self.played_bonuses: tuple[TrickBonus, ...] = tuple(b for b in rules.bonuses.tricks if b.when == "played")
        """The ``when: played`` trick bonuses, in list order (paid as the play is made)."""
        self._read_play(rules)

    def _read_play(self, rules: GameRules) -> None:
        """The trick play pieces the state machine asks about at every play, read once."""
        flip = rules.play.order_flip
        self.flip_types: frozenset[str] = frozenset(flip.types) if flip is not None else frozenset()
        """The hand types whose plays reverse the rank order (``play.order_flip``)."""
        self.trick_effects: list[TrickEffect] = list(rules.play.trick_effects)
        """What plays do to their trick (``play.trick_effects``), in list order."""
        first = rules.steps[0].announce if rules.steps else None
        self.first_cards: int | None = first.cards_seen if first is not None else None
        """Cards each seat is dealt before the rest (a first ``announce`` step with
        ``cards_seen``): the rest is held back until that step ends."""
        self.play_calls: tuple[str, ...] = tuple(c.id for c in rules.calls if c.when == "before_first_play")
        """The calls offered at a player's turns in trick play until he has played a card."""
        out_of_turn = rules.play.out_of_turn
        self.out_of_turn: frozenset[str] = frozenset(out_of_turn.types) if out_of_turn is not None else frozenset()
        """The hand types whose plays may be made out of turn (``play.out_of_turn``; empty: none)."""

    def rules_with(self, wild_ranks: tuple[str, ...]) -> Ruleset:
        """The hand's rules once ``wild_ranks`` are drawn (compiled once, cached by the ruleset)."""
        return self.hand_rs.for_hand(level=self.rules_level, wild_ranks=wild_ranks)

    def announced(self, drawn: tuple[str, ...], before: int) -> tuple[str, ...]:
        """The wild ranks a draw announces: ``drawn``, or as many of the told ranks, after the
        ``before`` already announced."""
        told = self.told_wild_ranks
        return drawn if told is None else told[before : before + len(drawn)]
