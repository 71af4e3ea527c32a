"""What the terminal shows at the human's turn: the table, the trick, the contract step's
prompt, the numbered options and the commands."""

from __future__ import annotations

from paixing.game.events import Bid, Deal
from paixing.game.state import Action
from paixing.rules.hand_rules import Contract
from rich.cells import cell_len
from rich.text import Text

from .base import COMMANDS, SessionBase, _names, _signed, card_text, cards_text


class Prompts(SessionBase):
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
        g = self.g
        kinds = {a.kind for a in acts}
        if "call" in kinds:
            call = g.rules.steps[g.step_index].call_card
            assert call is not None
            c = self.contract_of(call.contract)
            self.say(Text("Call a card you do not hold", style="bold"),
                     f": its holder becomes your hidden partner for {_names(c.name)}.")
            self.say(Text("Type `call AS` or just `AS` (? lists every card you may call).", style="dim"))
            self.score_notes(c)
            return
        if "value" in kinds:
            auction = g.rules.steps[g.step_index].auction
            assert auction is not None
            c = self.contract_of(auction.contract)
            high = self.current_bid()
            self.say(Text(f"Auction for {_names(c.name)}", style="bold"),
                     f": bid one of {', '.join(str(v) for v in auction.values)}, higher than the current "
                     f"{high or '(no bid yet)'}; the highest bidder declares.")
            if c.multipliers.bid:
                self.say(Text("  The score is multiplied by the winning bid.", style="dim"))
            self.score_notes(c)
            choices = [f"bid {a.value}" for a in acts if a.kind == "value"] + ["pass"]
            self.say("Choices: ", Text(" · ".join(choices), style="bold"), "  (a bare number is a bid)")
            return
        bid = next(a for a in acts if a.kind == "bid")
        assert bid.contract is not None
        c = self.contract_of(bid.contract)
        self.say(Text(f"Declare {_names(c.name)}?", style="bold"))
        self.score_notes(c)
        self.say("Choices: ", Text(f"bid {c.id}", style="bold"), f" (or {c.id} / {c.name.zh}) · ",
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
            if a.kind == "play" and a.play is not None:
                label = _names(a.play.type.name)
            elif a.kind == "call":
                label = "call a card you do not hold"
            elif a.kind == "pass":
                label = "pass"
            else:
                label = "bid"
            shown = str(a.card) if a.kind == "call" else str(a)
            groups.setdefault(label, []).append(f"{i}) {shown}")
        self.say(Text(f"Your {len(acts)} legal option{'s' if len(acts) != 1 else ''}:", style="bold"))
        for label, items in groups.items():
            inline = f"  {label}: " + "   ".join(items)
            if cell_len(inline) <= self.console.width:
                self.say(Text(f"  {label}: ", style="bold"), "   ".join(items))
                continue
            self.say(Text(f"  {label}:", style="bold"))
            self.columns(items, indent=4)
        self.say(Text("Type a number to take that option, or the move itself; `help` lists the commands.",
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
