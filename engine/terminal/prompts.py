"""What the terminal shows at the human's turn: the table, the trick, the contract step's
prompt, the numbered options and the commands."""

from __future__ import annotations

from paixing.game.actions import PASS
from paixing.game.entry import record_text
from paixing.game.events import Bid, Deal
from paixing.game.state import Action
from paixing.rules.hand_rules import Contract
from rich.cells import cell_len
from rich.text import Text

from .base import COMMANDS, TerminalHandBase, _names, _signed, card_text, cards_text
from .contract import Offer, head_of


class Prompts(TerminalHandBase):
    """The state at the human's turn, and the options he has."""

    def status(self) -> None:
        g = self.g
        c = g.contract
        if c is not None:
            line = Text("Contract: ")
            line.append(_names(c.name), style="bold")
            line.append(f" · declarer {self.name(g.seats.declarer)}")
            if c.teams == "partners":
                if g.called is not None:
                    line.append(" · called ")
                    line.append_text(card_text(g.called))
                line.append(" · partner ")
                if g.seats.partner_known:
                    line.append(self.name(g.seats.partner))
                elif g.seats.partner == self.seat and g.seats.declarer != self.seat:
                    line.append("You (secret)")
                else:
                    line.append("hidden")
            self.console.print(line)
        if g.phase == "play":
            counts = " · ".join(
                f"{self.names[s]} {len(g.hands[s])}" for s in self.order if s != self.seat and s in g.active
            )
            self.say(Text(f"Cards left: {counts}", style="dim"))
            if self.capture_unit:
                self.say(Text(f"Captured ({self.capture_unit}): {self.captured_line()}", style="dim"))
        if any(g.scores):
            scores = " · ".join(f"{self.names[s]} {_signed(g.scores[s])}" for s in self.order)
            self.say(Text(f"Scores so far (rewards, bonuses): {scores}", style="dim"))

    def trick_line(self) -> None:
        g = self.g
        if g.last is None:
            self.say("You lead: play anything.")
            return
        shown = Text("Trick: ")
        entries = g.trick
        if len(entries) > 2 * g.n:
            shown.append("… ")
            entries = entries[-2 * g.n :]
        for i, (seat, play) in enumerate(entries):
            if i:
                shown.append(" · ")
            shown.append(f"{self.name(seat)} ")
            if play is None:
                shown.append("pass", style="dim")
            else:
                shown.append_text(cards_text(play.cards))
        self.console.print(shown)
        seat, play = g.last
        line = Text("To beat: ")
        line.append_text(self.play_text(play))
        line.append(f" by {self.name(seat)} — or pass")
        self.console.print(line)

    def contract_prompt(self, acts: list[Action]) -> None:
        """Word the running step's question from what its legal actions do (their
        ``Meaning``): a partner card to call, a rung of a ladder to bid, or a declaration."""
        offer = Offer.of(acts)
        cid = offer.contract_id
        if cid is None:
            return
        c = self.contract_of(cid)
        if offer.calls:
            self.call_prompt(c, head_of(offer.calls[0]))
        elif offer.rungs:
            self.ladder_prompt(c, offer)
        else:
            self.declare_prompt(c, offer.declares[0])

    def call_prompt(self, c: Contract, head: str) -> None:
        self.say(Text("Call a card you do not hold", style="bold"),
                 f": its holder becomes your hidden partner for {_names(c.name)}.")
        self.say(Text(f"Type `{head} AS` or just `AS` (? lists every card you may call).", style="dim"))
        self.score_notes(c)

    def ladder_prompt(self, c: Contract, offer: Offer) -> None:
        high = self.current_bid()
        open_values = [str(a.value) for a in offer.rungs]  # the rungs still open, lowest first
        values = open_values[0] if len(open_values) == 1 else "one of " + ", ".join(open_values)
        self.say(Text(f"Auction for {_names(c.name)}", style="bold"),
                 f": bid {values}, higher than the current "
                 f"{high or '(no bid yet)'}; the highest bidder declares.")
        if c.multipliers.bid:
            self.say(Text("  The score is multiplied by the winning bid.", style="dim"))
        self.score_notes(c)
        choices = [str(a) for a in offer.rungs] + (["pass"] if offer.can_pass else [])
        self.say("Choices: ", Text(" · ".join(choices), style="bold"), "  (a bare number is a bid)")

    def declare_prompt(self, c: Contract, declare: Action) -> None:
        self.say(Text(f"Declare {_names(c.name)}?", style="bold"))
        self.score_notes(c)
        self.say("Choices: ", Text(str(declare), style="bold"), f" (or {c.id} / {c.name.zh}) · ",
                 Text("pass", style="bold"), " (do not declare)")

    def score_notes(self, c: Contract) -> None:
        for row in c.score:
            if row.note is not None:
                self.say(Text(f"  {row.note.en}", style="dim"))

    def current_bid(self) -> int:
        high = 0
        for e in self.g.log:
            if isinstance(e, Deal):
                high = 0
            elif isinstance(e, Bid):
                high = e.value
        return high

    def list_options(self, acts: list[Action]) -> None:
        """Number the legal actions (grouped by hand type in play) and the commands."""
        self.listed = acts
        if not acts:
            self.say("No options.")
            return
        groups: dict[str, list[str]] = {}
        for i, a in enumerate(acts, start=1):
            if a.play is not None:
                label = _names(a.play.type.name)
            elif a.card is not None:
                label = "call a card you do not hold"
            elif a == PASS:
                label = "pass"
            else:
                label = "bid"
            # a play as a record writes it: with its reading where its cards read several ways
            shown = str(a.card) if a.card is not None else record_text(self.rs, a)
            groups.setdefault(label, []).append(f"#{i} {shown}")
        self.say(Text(f"Your {len(acts)} legal option{'s' if len(acts) != 1 else ''}:", style="bold"))
        for label, items in groups.items():
            inline = f"  {label}: " + "   ".join(items)
            if cell_len(inline) <= self.console.width:
                self.say(Text(f"  {label}: ", style="bold"), "   ".join(items))
                continue
            self.say(Text(f"  {label}:", style="bold"))
            self.columns(items, indent=4)
        self.say(Text("Type #N to take option N, or the move itself; `help` lists the commands.",
                      style="dim"))

    def columns(self, items: list[str], indent: int) -> None:
        """Items in columns across the console, no line longer than it and none padded."""
        width = max(cell_len(item) for item in items) + 3
        per_line = max(1, (self.console.width - indent) // width)
        for start in range(0, len(items), per_line):
            row = items[start : start + per_line]
            line = " " * indent + "".join(item + " " * (width - cell_len(item)) for item in row[:-1]) + row[-1]
            self.console.print(line, markup=False, highlight=False, no_wrap=True, overflow="ignore")

    def help(self) -> None:
        self.say(Text("Commands:", style="bold"))
        width = max(len(cmd) for cmd, _ in COMMANDS) + 2
        for cmd, what in COMMANDS:
            self.say("  ", Text(cmd.ljust(width), style="bold"), what)
