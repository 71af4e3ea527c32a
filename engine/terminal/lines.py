"""One line (or a few) per game event, as the terminal prints the log while it grows.

``LINES`` maps each typed event class to the name of the method that words it (looked up on the
instance, so a subclass such as ``view.RecordView`` words an event its own way by overriding the
method); a new event kind gets one method here and one entry in ``LINES`` (an event without one
is printed as its JSON form).
"""

from __future__ import annotations

from paixing.game.events import (
    Announced,
    Bid,
    Bonus,
    Call,
    CallScored,
    CardsPassed,
    ContractMade,
    Deal,
    DealtRest,
    Declined,
    Drew,
    End,
    Event,
    Factor,
    InstantWin,
    Kitty,
    Lead,
    OrderFlipped,
    Out,
    OutOfTurn,
    PartnerRevealed,
    Pass,
    Played,
    Redeal,
    Reward,
    ShownCard,
    SidePublic,
    Tribute,
    TributeResisted,
    TributeReturned,
    Trick,
    TrickEffected,
    TrickGiven,
    WildsDrawn,
    Wished,
    WishMet,
)
from paixing.rules.cards import parse_cards
from rich.text import Text

from .base import TerminalHandBase, _names, card_text, cards_text

CALLS = {1: "报单", 2: "报双"}
"""What a player calls when a play leaves him this many cards (报单, 报双). The count is public
in every variant (``Observation.cards_left``), so the terminal says it as a table would hear it,
whatever the rules; where a ``warn`` obligation makes it bind, the player it binds is told at
his turn (``binding``)."""


class EventLines(TerminalHandBase):
    """Prints the game's log events."""

    def flush(self, phase: str | None = None) -> None:
        """Print the log events added since the last flush (``phase``: the phase the last
        action was taken in, to word a pass)."""
        log = self.g.log
        while self.shown < len(log):
            event = log[self.shown]
            self.shown += 1
            self.render(event, phase or self.g.phase)

    def render(self, e: Event, phase: str) -> None:
        """Word one event."""
        method = LINES.get(type(e))
        if method is None:
            self.say(Text(str(e.to_json()), style="dim"))
        elif isinstance(e, Pass):
            self.say(f"{self.name(e.seat)}: pass", style="dim" if phase == "play" else "")
        else:
            getattr(self, method)(e)

    def _deal(self, e: Deal) -> None:
        self.say(Text("Deal. ", style="bold"), f"Dealer (庄家): {self.name(e.dealer)}.")
        self.show_hand()

    def _dealt_rest(self, e: DealtRest) -> None:
        self.say(Text("The rest of the deal. ", style="bold"), "Every player now holds his whole hand.")
        self.show_hand()

    def _announced(self, e: Announced) -> None:
        self.say(Text("Call: ", style="bold"), f"{self.does(e.seat, 'call', 'calls')} {self.call_name(e.call)}.")

    def _call_scored(self, e: CallScored) -> None:
        result = "was made" if e.made else "failed"
        whose = self.whose(e.seat)
        side = "your side" if e.seat == self.seat else "his side"
        self.say(f"{whose[0].upper()}{whose[1:]} {self.call_name(e.call)} {result}: {e.points:+d} to {side}.")

    def _redeal(self, e: Redeal) -> None:
        self.say(Text("Nobody bid: the cards are dealt again.", style="bold"))

    def _reward(self, e: Reward) -> None:
        times = f" ×{e.times}" if e.times != 1 else ""
        self.say(f"{self.does(e.seat, 'hold', 'holds')} {self.event_name(e.event_id)}{times}: "
                 "a reward, paid by each other player.")

    def _instant_win(self, e: InstantWin) -> None:
        self.say(Text(f"{self.does(e.seat, 'hold', 'holds')} {self.event_name(e.event_id)}: "
                      "instant win, the hand ends.", style="bold"))
        dealt = self.g.dealt[e.seat]
        self.say(f"  {self.whose(e.seat).capitalize()} hand: ", cards_text(self.rs.sort_cards(dealt), group=True))

    def _you_are_partner(self, shower: int) -> None:
        if self.g.seats.partner == self.seat and self.seat != shower:
            self.say(Text("  You hold it: you are the partner (secret until you play it).", style="bold"))

    def _shown_card(self, e: ShownCard) -> None:
        card = parse_cards(e.card)[0]
        self.say(f"{self.does(e.seat, 'show', 'shows')} ", card_text(card), " (dealer): whoever holds "
                 "the other ", card_text(card), f" is {self.whose(e.seat)} hidden partner.")
        self._you_are_partner(e.seat)

    def _call(self, e: Call) -> None:
        card = parse_cards(e.card)[0]
        self.say(f"{self.does(e.seat, 'call', 'calls')} ", card_text(card),
                 ": its holder is the hidden partner until it is played.")
        self._you_are_partner(e.seat)

    def _side_public(self, e: SidePublic) -> None:
        cards = parse_cards(e.cards)
        verb = self.does(e.seat, "show", "shows") if e.shown else self.does(e.seat, "have", "has") + " played"
        line = Text(f"{verb} ")
        line.append_text(cards_text(cards))
        line.append(f": {self.whose(e.seat)} side is public")
        if self.g.seats.partner_known:
            line.append(" — every side is now known")
        self.say(line)

    def _bid(self, e: Bid) -> None:
        self.say(f"{self.name(e.seat)}: bid {e.value}")

    def _kitty(self, e: Kitty) -> None:
        self.say(f"{self.does(e.seat, 'take', 'takes')} the kitty (底牌): ", cards_text(parse_cards(e.cards)))
        if e.seat == self.seat:
            self.show_hand()

    def _drew(self, e: Drew) -> None:
        cards = "a card" if e.cards == 1 else f"{e.cards} cards"
        self.say(Text(f"{self.does(e.seat, 'draw', 'draws')} {cards} from the stock ({e.left} left).", style="dim"))

    def _lead(self, e: Lead) -> None:
        number = sum(1 for x in self.g.log[: self.shown] if isinstance(x, Lead))
        self.say(Text(f"— trick {number}: {self.does(e.seat, 'lead', 'leads')} —", style="dim"))

    def _played(self, e: Played) -> None:
        # One action is applied between flushes, so the play is that action's and the
        # player's hand is as it now is.
        act = self.current
        line = Text(f"{self.name(e.seat)}: ")
        if act is not None and act.play is not None and act.play.notation == e.cards:
            line.append_text(self.play_text(act.play))
        else:
            line.append(e.cards)
        left = len(self.g.hands[e.seat])
        if left:
            line.append(f"  ({left} left)", style="dim")
        self.console.print(line)
        if left in CALLS:
            self.say(Text(f"{self.does(e.seat, 'have', 'has')} {left} card{'s' if left > 1 else ''} left "
                          f"({CALLS[left]}).", style="bold"))

    def _partner_revealed(self, e: PartnerRevealed) -> None:
        mate = "You are" if e.seat == self.seat else f"{self.name(e.seat)} is"
        self.say(Text(f"{self.does(e.seat, 'played', 'played')} the called card: "
                      f"{mate} {self.whose(self.g.seats.declarer)} partner.", style="bold"))

    def _out(self, e: Out) -> None:
        self.say(Text(f"{self.does(e.seat, 'are', 'is')} out: place {e.place}.", style="bold"))

    def _trick(self, e: Trick) -> None:
        unit = self.capture_unit
        won = f" (+{e.captured} {unit.rstrip('s') if e.captured == 1 else unit})" if unit else ""
        self.say(f"{self.does(e.seat, 'win', 'wins')} the trick{won}.")
        if unit:
            self.say(Text("  Captured: " + self.captured_line(), style="dim"))

    def _bonus(self, e: Bonus) -> None:
        t = self.rs.type_by_id.get(e.hand_type)
        tname = _names(t.name) if t else e.hand_type
        self.say(f"{self.does(e.seat, 'win', 'wins')} the trick with {tname}: "
                 f"bonus {e.pay} from each other player.")

    def _factor(self, e: Factor) -> None:
        c = self.g.contract
        factor = next((f for f in c.multipliers.when if f.id == e.factor_id), None) if c else None
        name = _names(factor.name) if factor is not None else e.factor_id
        self.say(Text(f"{name}: the score is multiplied by {e.times}.", style="bold"))

    def _end(self, e: End) -> None:
        self.say(Text("The hand is over.", style="bold"))

    def _wilds_drawn(self, e: WildsDrawn) -> None:
        drawn = ", ".join(e.ranks)
        wild = ", ".join(e.all)
        self.say(Text(f"Wild rank drawn (癞子): {drawn}. ", style="bold"),
                 f"Every card of rank {wild} is wild from now on.")

    def _order_flip(self, e: OrderFlipped) -> None:
        if e.flipped:
            self.say(Text("Revolution! ", style="bold"), "The rank order is reversed from now on.")
        else:
            self.say(Text("Counter-revolution! ", style="bold"), "The rank order is back to normal.")

    def _trick_effect(self, e: TrickEffected) -> None:
        if e.effect == "ends_trick":
            self.say(f"That play ends the trick: {self.does(e.seat, 'lead', 'leads')} again.")
        elif e.effect == "lead_to_partner":
            self.say(f"That play ends the trick and passes the lead to {self.name(e.seat)}'s partner.")

    def _wished(self, e: Wished) -> None:
        if e.rank is None:
            self.say(f"{self.does(e.seat, 'make', 'makes')} no wish.")
        else:
            self.say(Text("Wish: ", style="bold"), f"{self.does(e.seat, 'wish', 'wishes')} for a {e.rank}: whoever can play one must.")

    def _out_of_turn(self, e: OutOfTurn) -> None:
        self.say(Text("Out of turn! ", style="bold"), f"{self.does(e.seat, 'interrupt', 'interrupts')} ahead of the turn order.")

    def _declined(self, e: Declined) -> None:
        self.say(f"{self.name(e.seat)}: no play out of turn", style="dim")

    def _wish_met(self, e: WishMet) -> None:
        self.say(f"{self.does(e.seat, 'play', 'plays')} the wished {e.rank}: the wish is fulfilled.")

    def _cards_passed(self, e: CardsPassed) -> None:
        self.say(f"The cards are passed: each of {e.seats} players gives and receives at once.")

    def _trick_given(self, e: TrickGiven) -> None:
        self.say(f"{self.does(e.seat, 'give', 'gives')} the trick ({e.captured} points) to {self.name(e.to)}.")

    def _contract(self, e: ContractMade) -> None:
        c = self.contract_of(e.contract)
        line = Text("Contract: ")
        line.append(_names(c.name), style="bold")
        if self.has_declarer:
            line.append(f" — declarer {self.name(e.declarer)}")
        if e.opponent is not None:
            line.append(f" against {self.name(e.opponent)}")
            out = [self.name(s) for s in range(self.g.n) if s not in (e.declarer, e.opponent)]
            line.append(f"; {', '.join(out)} sit out")
        self.console.print(line)

    def _tribute(self, e: Tribute) -> None:
        self.say(Text("Tribute: ", style="bold"), f"{self.does(e.seat, 'give', 'gives')} ", card_text(parse_cards(e.card)[0]),
                 f" to {self.name(e.to)}")
        if e.to == self.seat and self.g.phase == "contract" and self.asks_moves:
            self.say(Text("Give a card back: type `give 10S` (? lists the cards you may give).", style="dim"))

    def _tribute_back(self, e: TributeReturned) -> None:
        self.say(Text("Return: ", style="bold"), f"{self.does(e.seat, 'give', 'gives')} ", card_text(parse_cards(e.card)[0]),
                 f" back to {self.name(e.to)}")

    def _resisted(self, e: TributeResisted) -> None:
        who = " and ".join(self.name(s) for s in e.seats)
        self.say(Text("No tribute: ", style="bold"), f"{who} hold {e.cards} (抗贡).")


LINES: dict[type[Event], str] = {
    Deal: "_deal",
    DealtRest: "_dealt_rest",
    Announced: "_announced",
    CallScored: "_call_scored",
    Redeal: "_redeal",
    Reward: "_reward",
    InstantWin: "_instant_win",
    ContractMade: "_contract",
    ShownCard: "_shown_card",
    SidePublic: "_side_public",
    Call: "_call",
    Bid: "_bid",
    Pass: "render",
    Kitty: "_kitty",
    Lead: "_lead",
    Drew: "_drew",
    Played: "_played",
    PartnerRevealed: "_partner_revealed",
    Out: "_out",
    Trick: "_trick",
    Bonus: "_bonus",
    Factor: "_factor",
    End: "_end",
    WildsDrawn: "_wilds_drawn",
    OrderFlipped: "_order_flip",
    TrickEffected: "_trick_effect",
    TrickGiven: "_trick_given",
    CardsPassed: "_cards_passed",
    Wished: "_wished",
    WishMet: "_wish_met",
    OutOfTurn: "_out_of_turn",
    Declined: "_declined",
    Tribute: "_tribute",
    TributeReturned: "_tribute_back",
    TributeResisted: "_resisted",
}
"""Event class → the name of the method that prints it (a pass is worded by ``render``: it needs the phase)."""
