"""A value auction (叫分): in turn from the dealer each may bid a higher value or pass; the top
value ends it at once. If nobody bids: deal again, or the dealer plays at the lowest value.
The winner may take the kitty."""

from __future__ import annotations

from paixing.game.actions import PASS, Action, IllegalAction, Meaning
from paixing.game.events import Bid, Kitty, Pass
from paixing.game.steps.base import DONE, HANDLED, Name, Say, StepHost, StepRunner
from paixing.rules.cards import format_cards
from paixing.rules.hand_rules import Auction, GameRules


class AuctionStep(StepRunner, kind="auction"):
    """Speakers in turn from the dealer; the highest bid so far and its bidder."""

    usage = {"bid": "value"}
    phrases = {
        "step.auction": (
            "从庄家起依次叫分，可以叫 {values} 中比当前更高的分，或者不叫；叫到最高分立即结束。叫得最高者做「{contract}」。",
            "In turn from the dealer, each may bid a higher value of {values} or pass; the top value ends it at once. The highest bidder plays “{contract}”.",
        ),
        "step.redeal": ("都不叫时重新发牌。", "If nobody bids, the cards are dealt again."),
        "step.dealer_plays": ("都不叫时庄家以最低分做。", "If nobody bids, the dealer plays at the lowest value."),
        "step.kitty": ("叫得者拿走底牌。", "The winner takes the kitty into his hand."),
    }
    body: Auction

    def __init__(self, body: Auction) -> None:
        super().__init__(body)
        self.speakers: list[int] = []
        self.high = 0
        self.high_seat = -1
        self.bids: list[Action] = []
        """Every bid action, low to high, made on the first turn (actions never change)."""

    def start(self, host: StepHost) -> int:
        self.speakers = host.order_from(host.dealer)
        return self.speakers[0]

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        bids = self.bids
        if not bids:
            values = self.body.values
            ladder = len(values)
            bids += [
                Action("value", value=v, meaning=Meaning(declares=self.body.contract, level=i, ladder=ladder))
                for i, v in enumerate(values)
            ]
        high = self.high
        return [a for a in bids if a.value is not None and a.value > high] + [PASS]

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        self.speakers.pop(0)
        body = self.body
        if action.kind == "value":
            assert action.value is not None
            self.high, self.high_seat = action.value, seat
            host.record(Bid(seat, action.value))
        else:
            host.record(Pass(seat))
        if self.high != max(body.values) and self.speakers:
            return self.speakers[0]
        if self.high_seat < 0:
            if body.all_pass == "redeal":
                host.redeal()
                return HANDLED
            self.high, self.high_seat = min(body.values), host.dealer
        host.auction_value = self.high
        winner = self.high_seat
        if body.kitty_to_winner and host.kitty:
            host.hands[winner].extend(host.kitty)
            host.record(Kitty(winner, format_cards(host.rs.sort_cards(host.kitty))))
        host.set_contract(body.contract, declarer=winner)
        return DONE

    def copy(self) -> AuctionStep:
        other = AuctionStep(self.body)
        other.speakers = list(self.speakers)
        other.high, other.high_seat = self.high, self.high_seat
        other.bids = self.bids
        return other

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``bid <value>``."""
        if head == "bid" and len(args) == 1 and args[0].isdigit():
            if not (args[0].isascii() and len(args[0]) <= 9):  # ² is a digit to isdigit, not to int
                raise IllegalAction(f"bid a whole number written with 0–9, such as bid 3, not {args[0][:12]!r}")
            return Action("value", value=int(args[0]))
        return None

    @staticmethod
    def describe(body: Auction, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence (the kitty is mentioned only when the variant has one)."""
        text = say("step.auction", values=" ".join(str(x) for x in body.values), contract=name(body.contract))
        text += say("w.space") + say("step.redeal" if body.all_pass == "redeal" else "step.dealer_plays")
        if body.kitty_to_winner and rules.deal.kitty:
            text += say("w.space") + say("step.kitty")
        return text
