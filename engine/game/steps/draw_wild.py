"""Wild ranks drawn at random and shown to all (翻癞子): every card of a drawn rank is wild for
the rest of the hand. No player acts: the step runs when it starts.

The host draws (``StepHost.draw_wild_ranks``): it owns the random stream and the hand's
rules, which it re-specialises (``Ruleset.for_hand``) with the ranks drawn so far."""

from __future__ import annotations

from paixing.game.actions import Action
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.hands.compile import Ruleset
from paixing.rules.cards import SPECIALS
from paixing.rules.hand_rules import DrawWild, GameRules


def candidates(rs: Ruleset, body: DrawWild) -> list[str]:
    """The ranks this step may draw in a hand played with ``rs``, in ``ranks.order`` (ranks
    drawn before left out). The conformance vectors draw with it too."""
    v = rs.variant
    never = set(v.wildcards.never_as) if v.wildcards else set()
    pool = body.among or [r for r in v.ranks.order if r not in SPECIALS and r not in never]
    drawn = set(rs.hand.wild_ranks)
    return [r for r in pool if r not in drawn]


class DrawWildStep(StepRunner, kind="draw_wild"):
    """Draws the ranks as soon as it starts."""

    phrases = {
        "step.draw_wild": (
            "随机翻出{n}个点数，亮给所有人：这些点数的牌在本手中都是癞子。",
            "{n} rank(s) are drawn at random and shown to everyone: every card of a drawn rank is wild for the rest of the hand.",
        ),
        "step.draw_wild_among": ("只从这些点数中翻：{ranks}。", "The rank is drawn among {ranks}."),
        "step.draw_wild_named": ("翻出的点数叫{zh}。", "The rank drawn is called {en} ({zh})."),
    }
    body: DrawWild

    def start(self, host: StepHost) -> int:
        host.draw_wild_ranks(candidates(host.rs, self.body), self.body.ranks)
        return DONE

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        return []

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        raise AssertionError("a drawn wild rank takes no action")

    def copy(self) -> DrawWildStep:
        return DrawWildStep(self.body)

    @staticmethod
    def describe(body: DrawWild, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence (the drawn rank's name in both languages: each phrase keeps one)."""
        text = say("step.draw_wild", n=body.ranks)
        if body.among:
            text += say("w.space") + say("step.draw_wild_among", ranks=say("w.list").join(body.among))
        if body.name is not None:
            text += say("w.space") + say("step.draw_wild_named", zh=body.name.zh, en=body.name.en)
        return text
