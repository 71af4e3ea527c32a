"""Showing the cards that make secret sides (亮): before play, each holder of such a card, in
turn from the dealer, may show the ones he holds or pass. A show makes his side public and the
contract the step's (the same sides; its multipliers say what a show is worth)."""

from __future__ import annotations

from paixing.game.actions import PASS, Action, Meaning
from paixing.game.events import Pass
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.hand_rules import GameRules, ShowCards


class ShowCardsStep(StepRunner, kind="show_cards"):
    """The holders in turn; a show is a ``bid`` of the step's contract."""

    usage = {"bid": "contract"}
    phrases = {
        "step.show_cards": (
            "出牌前，从庄家起，拿着这些牌的人依次可以亮出手里的这些牌（亮），公开自己的一方，定约改为「{contract}」。",
            "Before play, in turn from the dealer, each holder of those cards may show the ones he holds, making his side public; the contract becomes “{contract}”.",
        ),
    }
    body: ShowCards

    def __init__(self, body: ShowCards) -> None:
        super().__init__(body)
        self.speakers: list[int] = []

    def start(self, host: StepHost) -> int:
        self.speakers = [s for s in host.order_from(host.dealer) if any(c in host.hands[s] for c in host.markers)]
        return self.speakers[0] if self.speakers else DONE

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        return [Action("bid", contract=self.body.contract, meaning=Meaning(declares=self.body.contract)), PASS]

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        self.speakers.pop(0)
        if action.kind != "bid":
            host.record(Pass(seat))
        else:
            seats = host.seats
            if host.contract is None or host.contract.id != self.body.contract:
                mate = seats.partner if seats.partner >= 0 else seats.declarer
                host.set_contract(self.body.contract, declarer=seats.declarer, partner=mate)
            host.reveal(seat, [c for c in host.markers if c in host.hands[seat]], shown=True)
        return self.speakers[0] if self.speakers else DONE

    def copy(self) -> ShowCardsStep:
        other = ShowCardsStep(self.body)
        other.speakers = list(self.speakers)
        return other

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``bid <contract id>``."""
        if head == "bid" and len(args) == 1 and not args[0].isdigit():
            return Action("bid", contract=args[0])
        return None

    @staticmethod
    def describe(body: ShowCards, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        return say("step.show_cards", contract=name(body.contract))
