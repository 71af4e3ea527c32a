"""Secret sides by who holds named cards: the holder of the first card declares, the holder of
the second is his partner; one player holding both plays alone. Nobody is told: a holder's side
is public once he plays (or shows) such a card. No player acts: the step runs when it starts."""

from __future__ import annotations

from paixing.game.actions import Action
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.cards import Card, parse_cards
from paixing.rules.hand_rules import GameRules, HeldCards


def marker_cards(body: HeldCards) -> tuple[Card, ...]:
    """The step's cards, parsed (the loader checked them)."""
    return tuple(c for text in body.cards for c in parse_cards(text))


class HeldCardsStep(StepRunner, kind="held_cards"):
    """Finds the holders and makes the contract, telling nobody."""

    phrases = {
        "step.held_cards": (
            "拿到{first}的人和拿到{second}的人是一方，对其余的人；一人同时拿到两张则一人对其余所有人。谁拿着这两张牌不公开，打出（或亮出）时才公开：「{contract}」。",
            "Whoever holds {first} and whoever holds {second} play together against the rest; a player dealt both plays alone against all the others. "
            "Nobody is told who holds them: a holder's side is public once he plays (or shows) one: “{contract}”.",
        ),
    }
    body: HeldCards

    def start(self, host: StepHost) -> int:
        cards = marker_cards(self.body)
        holders = [next((s for s in range(host.n) if c in host.hands[s]), -1) for c in cards]
        declarer = holders[0] if holders[0] >= 0 else holders[1]
        partner = holders[1] if holders[1] >= 0 else declarer
        host.markers = tuple(c for c, s in zip(cards, holders, strict=True) if s >= 0)
        host.set_contract(self.body.contract, declarer=max(declarer, 0), partner=max(partner, 0))
        return DONE

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        return []

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        raise AssertionError("held cards take no action")

    def copy(self) -> HeldCardsStep:
        return HeldCardsStep(self.body)

    @staticmethod
    def describe(body: HeldCards, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        first, second = body.cards
        return say("step.held_cards", first=first, second=second, contract=name(body.contract))
