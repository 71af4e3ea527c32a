"""A shown partner card (needs two packs): the dealer shows one of his cards and the holder of
its twin is his hidden partner. No player acts: the step runs when it starts.

``unmatched`` says what happens when the shown card has no twin in another hand (the dealer
holds both copies, or the twin was not dealt): ``keep`` shows it anyway (the dealer plays
without a partner), ``next_dealt_with_twin_elsewhere`` walks on through the cards dealt to the
dealer, from just after the last copy of that card, and shows the first one whose twin another
player holds."""

from __future__ import annotations

from paixing.game.actions import Action
from paixing.game.events import ShownCard as Shown
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.cards import Card
from paixing.rules.hand_rules import GameRules, ShownCard


def shown(host: StepHost, body: ShownCard) -> Card:
    """The card the dealer shows."""
    own = host.dealt[host.dealer]
    way = body.first_hand if host.hand_number == 1 else body.later_hands
    index = host.rng.randrange(len(own)) if way == "random_own_card" else 0
    card = own[index]
    others = host.order_from(host.dealer)[1:]

    def twin_elsewhere(c: Card) -> bool:
        return own.count(c) == 1 and any(c in host.hands[s] for s in others)

    if body.unmatched == "next_dealt_with_twin_elsewhere" and not twin_elsewhere(card):
        start = max(i for i, c in enumerate(own) if c == card)
        for offset in range(1, len(own) + 1):
            candidate = own[(start + offset) % len(own)]
            if twin_elsewhere(candidate):
                return candidate
    return card


class ShownCardStep(StepRunner, kind="shown_card"):
    """Shows the card and makes the contract as soon as it starts."""

    phrases = {
        "step.shown_card": (
            "庄家亮出一张牌（第一局：{first}；以后各局：{later}），拿着另一张同样牌的人是他暗中的搭档，打出这张牌时公开：「{contract}」。后面的步骤可以改变定约。",
            "The dealer shows a card (first hand: {first}; later hands: {later}); whoever holds its twin is his hidden partner, revealed when he plays it: “{contract}”. Later steps may replace this contract.",
        ),
        "step.random_own_card": ("随机一张自己的牌", "a random card of his own"),
        "step.first_dealt": ("发给他的第一张牌", "the first card dealt to him"),
        "step.next_dealt_with_twin_elsewhere": (
            "如果两张都在庄家手里，改亮第二张之后发给他的下一张牌（依此类推）。",
            "If he holds both copies, the call is the next card dealt to him after the second copy (and so on).",
        ),
    }
    body: ShownCard

    def start(self, host: StepHost) -> int:
        card = shown(host, self.body)
        host.called = card
        partner = next((s for s in host.order_from(host.dealer)[1:] if card in host.hands[s]), host.dealer)
        host.record(Shown(host.dealer, str(card)))
        host.set_contract(self.body.contract, declarer=host.dealer, partner=partner)
        return DONE

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        return []

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        raise AssertionError("a shown card takes no action")

    def copy(self) -> ShownCardStep:
        return ShownCardStep(self.body)

    @staticmethod
    def describe(body: ShownCard, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        text = say(
            "step.shown_card",
            first=say(f"step.{body.first_hand}"),
            later=say(f"step.{body.later_hands}"),
            contract=name(body.contract),
        )
        if body.unmatched == "next_dealt_with_twin_elsewhere":
            text += say("w.space") + say("step.next_dealt_with_twin_elsewhere")
        return text
