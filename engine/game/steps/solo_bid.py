"""Solo declarations (包牌, 硬牌): in turn from the dealer each may declare the step's contract
or pass; the first declaration ends the round, optionally followed by a counter-declaration
(反包) by the declarer's next player or by every later player who has not spoken."""

from __future__ import annotations

from paixing.game.actions import PASS, Action, Meaning
from paixing.game.events import Pass
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.hand_rules import GameRules, SoloBid


class SoloBidStep(StepRunner, kind="solo_bid"):
    """Speakers in turn; after a declaration, the counter round (if the step has one)."""

    usage = {"bid": "contract"}
    phrases = {
        "step.solo_bid": ("从庄家起，每人依次可以宣布「{contract}」。", "In turn from the dealer, each player may declare “{contract}”."),
        "step.counter_next": ("宣布者的下家可以反叫「{counter}」。", "The declarer's next player may counter with “{counter}”."),
        "step.counter_any": (
            "之后还没有表态的玩家依次可以反叫「{counter}」，先叫者得。",
            "Every later player who has not spoken may counter with “{counter}”, in turn; the first to counter takes it.",
        ),
    }
    body: SoloBid

    def __init__(self, body: SoloBid) -> None:
        super().__init__(body)
        self.speakers: list[int] = []
        self.countering = False
        self.bidder = -1

    def start(self, host: StepHost) -> int:
        self.speakers = host.order_from(host.dealer)
        return self.speakers[0]

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        if self.countering:
            assert self.body.counter is not None
            return [Action("bid", contract=self.body.counter, meaning=Meaning(declares=self.body.counter, counters=True)), PASS]
        return [Action("bid", contract=self.body.contract, meaning=Meaning(declares=self.body.contract)), PASS]

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        self.speakers.pop(0)
        if action.kind != "bid":
            host.record(Pass(seat))
            return self.speakers[0] if self.speakers else DONE
        if self.countering:
            assert self.body.counter is not None
            host.set_contract(self.body.counter, declarer=seat, opponent=self.bidder)
            return DONE
        self.bidder = seat
        host.set_contract(self.body.contract, declarer=seat)
        if self.body.counter is None:
            return DONE
        if self.body.counter_by == "next_player":
            self.speakers = [(seat + 1) % host.n]
        # any_later: the later players who have not spoken keep their turns
        self.countering = True
        return self.speakers[0] if self.speakers else DONE

    def copy(self) -> SoloBidStep:
        other = SoloBidStep(self.body)
        other.speakers = list(self.speakers)
        other.countering = self.countering
        other.bidder = self.bidder
        return other

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``bid <contract id>``."""
        if head == "bid" and len(args) == 1 and not args[0].isdigit():
            return Action("bid", contract=args[0])
        return None

    @staticmethod
    def describe(body: SoloBid, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        text = say("step.solo_bid", contract=name(body.contract))
        if body.counter is not None:
            key = "step.counter_next" if body.counter_by == "next_player" else "step.counter_any"
            text += say("w.space") + say(key, counter=name(body.counter))
        return text
