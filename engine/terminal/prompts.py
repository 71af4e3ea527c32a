"""What the terminal shows at the human's turn: the table, the trick, the contract step's
prompt, the numbered options and the commands."""

from __future__ import annotations

from paixing.game import steps
from paixing.game.actions import PASS
from paixing.game.entry import record_text
from paixing.game.events import Bid, Deal
from paixing.game.state import Action, Game
from paixing.rules.hand_rules import Contract
from rich.cells import cell_len
from rich.text import Text

from .base import (
    COMMANDS,
    STEP_LINES_AT,
    STEP_WORDS,
    TerminalHandBase,
    _names,
    _signed,
    card_text,
    cards_text,
)
from .binding import binding
from .contract import Offer, head_of
from .sides import levels_line


class Prompts(TerminalHandBase):
    """The state at the human's turn, and the options he has."""

    def status(self) -> None:
        g = self.g
        self.contract_line()
        for extra in (levels_line(g, self.names), self.wild_line()):
            if extra is not None:
                self.say(Text(extra, style="bold"))
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

    def _hidden_sides(self, line: Text) -> None:
        """Secret sides (``teams: holders``): who this seat knows to be with it, and whether
        every side is known yet."""
        mates = sorted(self.g.observation(self.seat).mates, key=self.order.index)
        line.append(" · with you: ")
        line.append(", ".join(self.name(s) for s in mates) if mates else "nobody known")
        if not self.g.seats.partner_known:
            line.append(" (sides secret until the cards that make them are played or shown)", style="dim")

    def contract_line(self) -> None:
        """The contract, its declarer (where it has one), the called card and the partner."""
        g = self.g
        c = g.contract
        if c is not None:
            line = Text("Contract: ")
            line.append(_names(c.name), style="bold")
            if self.has_declarer:
                line.append(f" · declarer {self.name(g.seats.declarer)}")
            if g.seats.hidden:
                self._hidden_sides(line)
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

    def trick_line(self) -> None:
        g = self.g
        duties = binding(g, self.seat)
        if g.last is None:
            self.say(f"You lead: {'; '.join(duties)}." if duties else "You lead: play anything.")
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
        line.append(f" by {self.name(seat)}")
        if PASS in g.legal_actions():
            line.append(" — or pass")
        self.console.print(line)
        if g.window is not None:
            self.say(Text("Out of turn: ", style="bold"), self.out_of_turn_line(g.window[0]))
        for duty in duties:
            self.say(Text(f"Rule: {duty}.", style="bold"))

    def out_of_turn_line(self, whose: int) -> str:
        """What a seat asked in a priority window (``play.out_of_turn``) may do, before the
        turn of ``whose``."""
        types = self.g.setup.out_of_turn
        names = " or ".join(_names(t.name) for t in self.rs.types if t.id in types)
        return (f"before {self.whose(whose)} turn you may interrupt with a {names} that beats it, "
                "or pass (the turn then goes on).")

    def contract_prompt(self, acts: list[Action]) -> None:
        """Word the running step's question from what its legal actions do (their
        ``Meaning``): a partner card to call, a rung of a ladder to bid, or a declaration."""
        offer = Offer.of(acts)
        cid = offer.contract_id
        if cid is None:
            if offer.calls:  # a card the step moves (a card given back), no contract declared
                head, card = head_of(offer.calls[0]), offer.calls[0].card
                meaning = offer.calls[0].meaning
                to = f" to {self.name(meaning.to)}" if meaning is not None and meaning.to is not None else ""
                self.say(Text(f"{card_label(offer.calls[0]).capitalize()}{to}", style="bold"),
                         f": type `{head} {card}` or just `{card}` (? lists the {len(offer.calls)} you may {head}).")
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
                label = card_label(a)
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
        """The commands, with the contract steps' typed words of this variant only (``bid``,
        ``call``, ``give`` … as its steps read them: ``step_commands``)."""
        self.say(Text("Commands:", style="bold"))
        commands = [*COMMANDS[:STEP_LINES_AT], *step_commands(self.g), *COMMANDS[STEP_LINES_AT:]]
        width = max(len(cmd) for cmd, _ in commands) + 2
        for cmd, what in commands:
            self.say("  ", Text(cmd.ljust(width), style="bold"), what)


def card_label(action: Action) -> str:
    """How the options list heads a contract action naming a card: a partner card to call
    (its ``Meaning`` declares a contract), or a card the step moves (``give`` a card back)."""
    meaning = action.meaning
    if meaning is not None and meaning.declares is not None:
        return "call a card you do not hold"
    return f"{head_of(action)} a card"


def step_commands(game: Game) -> list[tuple[str, str]]:
    """The help lines of the typed words of the variant's contract steps (each step class's
    ``usage``), each once, in the order of the steps; a word without its own line is shown
    with its argument kind."""
    rules = game.rules
    seen: dict[str, tuple[str, str]] = {}
    for step in rules.steps:
        for head, arg in steps.STEPS[step.kind].usage.items():
            seen.setdefault(head, STEP_WORDS.get(head, (f"{head} <{arg}>", f"{head}: the step's {arg}")))
    return list(seen.values())
