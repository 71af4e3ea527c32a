"""The terminal session: reads the human's moves, lets the bots move, and prints it all."""

from __future__ import annotations

import re

from paixing.game.entry import AmbiguousPlay
from paixing.game.readings import reading_text
from paixing.game.state import Action, IllegalAction
from paixing.hands.play import Play
from paixing.rules.cards import CardError
from rich.text import Text

from .base import EXIT_ABANDONED, EXIT_OK, _Abandon, _BotError
from .contract import running_step, shorthand
from .final import Final
from .lines import EventLines
from .prompts import Prompts

INTERRUPTED = "Interrupted: the hand is abandoned."
"""The one line Ctrl-C prints, wherever it comes (a prompt, the bots' moves, start-up)."""
QUIT_WORDS = ("quit", "exit", "退出")
"""Words that leave the hand (after a confirmation); never a single letter, which may be a rank."""
MAX_OPTION_DIGITS = 6
"""``#`` with more digits than this names no option (and is never converted to an integer)."""


class TerminalHand(EventLines, Prompts, Final):
    """One hand at the terminal: renders the log as it grows and reads the human's moves."""

    def ask(self) -> str:
        self.console.print(Text("> ", style="bold"), end="")
        try:
            line = self.input_fn("")
        except EOFError:
            self.console.print()
            raise _Abandon("Input ended (EOF): the hand is abandoned.") from None
        except KeyboardInterrupt:
            self.console.print()
            raise _Abandon(INTERRUPTED) from None
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line

    def human_turn(self) -> None:
        g = self.g
        acts = list(g.legal_actions())
        self.listed = None
        self.say(Text(f"── Your turn ({g.phase}) ──", style="bold cyan"))
        self.status()
        self.show_hand()
        if g.phase == "contract":
            self.contract_prompt(acts)
        else:
            self.trick_line()
        while True:
            line = self.ask()
            phase = g.phase
            if self.handle(line, acts):
                self.flush(phase)
                return

    def handle(self, line: str, acts: list[Action]) -> bool:
        """Act on one line; True when an action was applied."""
        g = self.g
        text = line.strip()
        low = text.lower()
        if not text:
            self.say(Text("Type a move, or ? for your options.", style="dim"))
            return False
        if low in ("?", "？", "options"):
            self.list_options(acts)
            return False
        if low in ("help", "h"):
            self.help()
            self.list_options(acts)
            return False
        if low == "hand":
            self.show_hand()
            return False
        if low in ("status", "table"):
            self.status()
            if g.phase == "play":
                self.trick_line()
            return False
        if low in QUIT_WORDS:  # the full word only: a rank (Q, K …) is never a command
            return self.confirm_quit()
        m = re.fullmatch(r"#\s*(\d+)", text)
        if m:
            return self.take_option(m.group(1), acts)
        if low.startswith("play "):
            text = text[5:].strip()
        elif g.phase == "contract":
            text = self.contract_text(text, acts)
        return self.try_apply(text)

    def confirm_quit(self) -> bool:
        """Leave the hand only after a second ``yes``: a stray word never ends a game."""
        self.say(Text("Leave the hand? Type yes to leave, anything else to go on.", style="bold"))
        if self.ask().strip().lower() in ("yes", "y", "是"):
            raise _Abandon("You left the hand.")
        self.say(Text("You stay in the hand.", style="dim"))
        return False

    def take_option(self, digits: str, acts: list[Action]) -> bool:
        """``#N``: take option N of the last numbered list (``?``, or the readings of an
        ambiguous play), else of ``acts``; a number out of range is refused in one line."""
        options = self.listed if self.listed is not None else acts
        k = int(digits) if len(digits) <= MAX_OPTION_DIGITS else 0
        if not 1 <= k <= len(options):
            shown = digits if len(digits) <= MAX_OPTION_DIGITS else digits[:MAX_OPTION_DIGITS] + "…"
            self.say(Text(f"✗ no option #{shown}: the options are #1–#{len(options)}", style="red"))
            return False
        return self.try_apply(options[k - 1])

    def choose_reading(self, plays: list[Play]) -> None:
        """Cards that read several ways: number the readings, so ``#N`` (or the typed form
        shown) makes the play as one of them."""
        self.listed = [Action("play", play=p) for p in plays]
        self.say(Text(f"✗ {plays[0].notation} reads {len(plays)} ways; choose one:", style="red"))
        for i, p in enumerate(plays, start=1):
            self.say(f"  #{i} ", Text(reading_text(p, plays), style="bold"), f"  {p.type.name.zh} {p.type.name.en}")

    def contract_text(self, text: str, acts: list[Action]) -> str:
        """Shorthands in the contract phase (a contract's id or name, a bare value or card),
        read by the running step's own parser (``contract.shorthand``)."""
        return shorthand(text, acts, running_step(self.g), self.contract_of)

    def try_apply(self, action: Action | str) -> bool:
        g = self.g
        try:
            if isinstance(action, str):
                action = g.parse_action(action)
            card = action.card if action.kind == "call" else None  # a partner card to call
            if card is not None and card.suit is None and not card.is_special:
                raise IllegalAction(f"call one card with its suit, such as {card}S")
            if card is not None and card in g.hands[self.seat]:
                raise IllegalAction(f"you hold {card}: call a card you do not hold")
            self.current = action
            g.apply(action)
        except AmbiguousPlay as exc:
            self.choose_reading(exc.plays)
            return False
        except IllegalAction as exc:
            self.say(Text(f"✗ {exc}", style="red"))
            return False
        except CardError as exc:  # defensive: parse_action already wraps these
            self.say(Text(f"✗ {exc}", style="red"))
            return False
        return True

    # bots ----------------------------------------------------------------------------------
    def bot_turn(self) -> None:
        g = self.g
        seat = g.turn
        chosen = self.bots[seat](g, seat)
        action = g.parse_action(chosen) if isinstance(chosen, str) else chosen
        phase = g.phase
        self.current = action
        try:
            g.apply(action)
        except IllegalAction as exc:
            raise _BotError(f"the bot at {self.name(seat)} (seat {seat}) chose {action}: {exc}") from None
        self.flush(phase)

    def run(self) -> int:
        g = self.g
        self.header()
        try:
            self.flush()
            told_out = False
            while not g.over:
                if g.turn == self.seat:
                    self.human_turn()
                else:
                    if not told_out and g.phase == "play" and self.seat not in g.active:
                        self.say(Text("You sit out this hand; the others play it out.", style="bold"))
                        told_out = True
                    self.bot_turn()
            self.flush()
        except _Abandon as exc:
            self.console.print(str(exc), markup=False, highlight=False)
            return EXIT_ABANDONED
        except _BotError as exc:
            self.console.print(str(exc), markup=False, highlight=False)
            return EXIT_ABANDONED
        except KeyboardInterrupt:  # Ctrl-C while the bots move (at a prompt, ``ask`` says it)
            self.console.print()
            self.console.print(INTERRUPTED, markup=False, highlight=False)
            return EXIT_ABANDONED
        except RuntimeError as exc:  # the engine cannot go on (no bid in 100 deals)
            self.console.print(f"The hand cannot go on: {exc}", markup=False, highlight=False)
            return EXIT_ABANDONED
        self.final()
        return EXIT_OK
