"""A called partner card: if no contract was made yet, the dealer calls a card he does not
hold; its holder is his hidden partner until that card is played."""

from __future__ import annotations

from paixing.game.actions import Action, IllegalAction, Meaning
from paixing.game.events import Call
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.cards import CardError, parse_cards
from paixing.rules.hand_rules import CallCard, GameRules


class CallCardStep(StepRunner, kind="call_card"):
    """The dealer's one call (skipped when an earlier step made a contract)."""

    usage = {"call": "card"}
    phrases = {
        "step.call_card": (
            "如果还没有定约，庄家叫一张自己没有的牌，拿着这张牌的人是他暗中的搭档，直到这张牌打出为止：「{contract}」。",
            "If no contract was made, the dealer calls a card he does not hold; its holder is his hidden partner until that card is played: “{contract}”.",
        ),
    }
    body: CallCard

    def start(self, host: StepHost) -> int:
        return DONE if host.contract is not None else host.dealer

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        """Every card another player holds (never one of his own, nor one lying in a kitty:
        nobody would be his partner)."""
        own = set(host.hands[host.dealer])
        held = {c for s in range(host.n) if s != host.dealer for c in host.hands[s]}
        seen: list[Action] = []
        meaning = Meaning(declares=self.body.contract)
        for c in dict.fromkeys(host.rs.deck()):
            if c not in own and c in held:
                seen.append(Action("call", card=c, meaning=meaning))
        return seen

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        assert action.card is not None
        partner = next((s for s in range(host.n) if s != seat and action.card in host.hands[s]), None)
        if partner is None:
            raise IllegalAction(f"nobody else holds {action.card}: call a card another player holds")
        host.called = action.card
        host.record(Call(seat, str(action.card)))
        host.set_contract(self.body.contract, declarer=seat, partner=partner)
        return DONE

    def copy(self) -> CallCardStep:
        return CallCardStep(self.body)

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``call <card>``."""
        if head != "call" or len(args) != 1:
            return None
        try:
            (card,) = parse_cards(args[0])
        except (CardError, ValueError) as exc:
            raise IllegalAction(f"call needs one card: {exc}") from None
        return Action("call", card=card)

    @staticmethod
    def describe(body: CallCard, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        return say("step.call_card", contract=name(body.contract))
