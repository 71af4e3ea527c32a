"""A round of calls (``game.calls`` with ``when: announce``): each player in turn from the
dealer makes one of the step's calls (``announce <id>``) or none (``pass``).

With ``cards_seen`` the round is played on the first cards of the deal: the state machine deals
only those (``Game._hold_back``: the rest is held back, out of every hand, observation and
search world) and this step hands out the rest when the last player has spoken
(``CallHost.deal_rest``, one ``dealt_rest`` event each seat sees its own part of).
"""

from __future__ import annotations

from typing import Protocol, cast

from paixing.game.actions import PASS, Action, IllegalAction, Meaning
from paixing.game.events import Pass
from paixing.game.steps.base import DONE, Name, Say, StepHost, StepRunner
from paixing.rules.hand_rules import Announce, GameRules


class CallHost(StepHost, Protocol):
    """What a round of calls needs beyond ``StepHost``: who called, and the rest of the deal."""

    def announce(self, seat: int, call: str) -> None:
        """``seat`` makes the call ``call`` (recorded, scored at the end of the hand)."""
        ...

    def callable(self, seat: int, offered: list[str]) -> list[str]:
        """Which of ``offered`` ``seat`` may still make (a player makes one call a hand)."""
        ...

    def deal_rest(self) -> None:
        """Hand out the cards held back for a round on the first cards (nothing when none)."""
        ...


class AnnounceStep(StepRunner, kind="announce"):
    """The players yet to speak, in order."""

    usage = {"announce": "call"}
    phrases = {
        "step.announce": ("从庄家起，每人依次可以叫{zh}，或者不叫。", "In turn from the dealer, each player may make a call ({en}) or none."),
        "step.announce.seen": (
            "此时每人只看得到自己先发的{n}张牌；都表态后才发其余的牌。",
            "Each player sees only the first {n} cards dealt to him until everyone has spoken; then he gets the rest.",
        ),
    }
    body: Announce

    def __init__(self, body: Announce, speakers: list[int] | None = None) -> None:
        super().__init__(body)
        self.speakers: list[int] = list(speakers or [])

    def start(self, host: StepHost) -> int:
        self.speakers = host.order_from(host.dealer)
        return self.speakers[0]

    def actions(self, host: StepHost, seat: int) -> list[Action]:
        """A call of the step's the seat may still make, or none (``pass``)."""
        offered = cast(CallHost, host).callable(seat, self.body.calls)
        return [PASS, *(Action("announce", call=c, meaning=Meaning()) for c in offered)]

    def apply(self, host: StepHost, seat: int, action: Action) -> int:
        self.speakers.pop(0)
        calls = cast(CallHost, host)
        if action.kind == "announce":
            assert action.call is not None
            calls.announce(seat, action.call)
        else:
            host.record(Pass(seat))
        if self.speakers:
            return self.speakers[0]
        calls.deal_rest()
        return DONE

    def copy(self) -> AnnounceStep:
        return AnnounceStep(self.body, self.speakers)

    @staticmethod
    def parse(head: str, args: list[str]) -> Action | None:
        """``announce <call id>``."""
        if head != "announce":
            return None
        if not args[0].replace("_", "").replace("-", "").isalnum():
            raise IllegalAction(f"announce: {args[0]!r} is not a call's id")
        return Action("announce", call=args[0])

    @staticmethod
    def describe(body: Announce, say: Say, name: Name, rules: GameRules) -> str:
        """The rulebook sentence: the calls by name (in both languages: each phrase keeps one),
        and the cards seen."""
        names = {c.id: c.name for c in rules.calls}
        zh = "、".join(f"「{names[c].zh}」" if c in names else c for c in body.calls)
        en = ", ".join(f"“{names[c].en}”" if c in names else c for c in body.calls)
        parts = [say("step.announce", zh=zh, en=en)]
        if body.cards_seen is not None:
            parts.append(say("step.announce.seen", n=body.cards_seen))
        return " ".join(parts)
