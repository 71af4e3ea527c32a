"""Cards passed after the deal, all at once in effect (e.g. one to each other player).

Each player in turn from the dealer chooses one card for each receiver (``give <card>``, one
decision per card): the card leaves his hand at once, set aside face down for its receiver (so
his own observation shows what he has left to choose from, and everyone sees how many cards
each hand holds); when the last player has chosen, every card set aside reaches its receiver at
once and one ``cards_passed`` event (naming no card: each player sees his own hand) is
recorded. With ``leader_card`` the holder of that card after the exchange leads the first trick
(``StepHost.lead_by``). A record replays the choices from its actions.
"""

from __future__ import annotations

from typing import Protocol, cast

from paixing.game.actions import Action, Meaning
from paixing.game.events import CardsPassed
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.game.steps.tribute import TributeStep
from paixing.rules.cards import Card, format_cards, parse_cards
from paixing.rules.hand_rules import GameRules, PassCards


class PassHost(StepHost, Protocol):
    """What the pass sets beyond ``StepHost``: who leads the first trick."""

    lead_by: int | None


class PassCardsStep(StepRunner, kind="pass_cards"):
    """Each player's choices, kept until the last one has chosen."""

    usage = {"give": "card"}
    phrases = {
        "step.pass_cards": (
            "发牌后每人同时各传出{n}张牌：{to}；所传的牌只有收到的人看得见。",
            "After the deal every player passes {n} card(s) at once: {to}; only the receiver sees a card passed.",
        ),
        "step.pass_cards.to": ("给后面第{k}家一张", "one to the player {k} place(s) after him"),
        "step.pass_cards.leader": ("传牌后持有{card}的人先出。", "After the pass the holder of {card} leads."),
    }
    body: PassCards

    def __init__(self, body: PassCards, chosen: list[list[Card]] | None = None, order: list[int] | None = None) -> None:
        super().__init__(body)
        self.chosen: list[list[Card]] = [list(c) for c in chosen] if chosen is not None else []
        """Per seat, the cards chosen so far (set aside, in no hand), in the order of ``body.to``."""
        self.order: list[int] = list(order or [])
        """The seats in the order they choose."""

    def start(self, host: StepHost) -> int:
        self.order = host.order_from(host.dealer)
        self.chosen = [[] for _ in range(host.n)]
        return self.order[0]

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        left = host.hands[seat]  # the cards chosen so far are set aside already
        k = len(self.chosen[seat])
        meaning = Meaning(to=self._receiver(host, seat, self.body.to[k])) if k < len(self.body.to) else Meaning()
        return [Action("give", card=c, meaning=meaning) for c in dict.fromkeys(host.rs.sort_cards(left))]

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        assert action.card is not None
        host.hands[seat].remove(action.card)  # set aside for its receiver
        self.chosen[seat].append(action.card)
        if len(self.chosen[seat]) < len(self.body.to):
            return seat
        at = self.order.index(seat)
        if at + 1 < len(self.order):
            return self.order[at + 1]
        self._exchange(host)
        return DONE

    def _exchange(self, host: StepHost) -> None:
        """Every chosen card to its receiver at once; the leader by ``leader_card``."""
        n = host.n
        for seat, cards in enumerate(self.chosen):
            for k, card in zip(self.body.to, cards, strict=True):
                host.hands[self._receiver(host, seat, k)].append(card)
        for hand in host.hands:
            hand[:] = host.rs.sort_cards(hand)
        host.record(CardsPassed(n))
        if self.body.leader_card is not None:
            (card,) = parse_cards(self.body.leader_card)
            holder = next((s for s in range(n) if card in host.hands[s]), None)
            if holder is not None:
                cast(PassHost, host).lead_by = holder

    @staticmethod
    def _receiver(host: StepHost, seat: int, k: int) -> int:
        """The player ``k`` places after ``seat`` in playing order (seats are numbered so)."""
        return (seat + k) % host.n

    def copy(self) -> PassCardsStep:
        return PassCardsStep(self.body, self.chosen, self.order)

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``give <card>`` (read as the tribute reads it)."""
        return TributeStep.parse(head, args)

    @staticmethod
    def describe(body: PassCards, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence."""
        to = "; ".join(say("step.pass_cards.to", k=k) for k in body.to)
        parts = [say("step.pass_cards", n=len(body.to), to=to)]
        if body.leader_card is not None:
            parts.append(say("step.pass_cards.leader", card=format_cards(parse_cards(body.leader_card))))
        return " ".join(parts)

