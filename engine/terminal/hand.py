"""The terminal session: reads the human's moves, lets the bots move, and prints it all."""

from __future__ import annotations

import re
from functools import cached_property

from paixing.agents.bots import Bot
from paixing.game import steps
from paixing.game.entry import AmbiguousPlay, record_text
from paixing.game.readings import reading_text
from paixing.game.state import Action, IllegalAction
from paixing.hands.play import Play
from paixing.rules.cards import CardError, parse_cards
from rich.text import Text

from .aids import HINT_BOT, hint, hint_bot, tracker_text
from .base import EXIT_ABANDONED, EXIT_OK, _Abandon, _BotError
from .contract import running_step, shorthand
from .final import Final
from .line_input import MAX_LINE, TOO_LONG, LineTooLong
from .lines import EventLines
from .prompts import Prompts

INTERRUPTED = "Interrupted: the hand is abandoned."
"""The one line Ctrl-C prints, wherever it comes (a prompt, the bots' moves, start-up)."""
QUIT_WORDS = ("quit", "exit", "退出")
"""Words that leave the hand (after a confirmation); never a single letter, which may be a rank."""
MAX_OPTION_DIGITS = 6
"""``#`` with more digits than this names no option (and is never converted to an integer)."""


WORDS = {
    "?": "_options", "？": "_options", "options": "_options",
    "help": "_help", "h": "_help",
    "hand": "_hand",
    "status": "_status", "table": "_status",
    "hint": "_hint", "提示": "_hint",
    "tracker": "_tracker", "记牌器": "_tracker",
}
"""Commands (a whole line, any case) → the method that answers it; none is a card's notation."""


class TerminalHand(EventLines, Prompts, Final):
    """One hand at the terminal: renders the log as it grows and reads the human's moves."""

    tracking = False
    """Whether the played-cards tracker is shown at each turn (``tracker`` toggles it; a
    match's next hand keeps it: ``run_match`` passes it on)."""

    @cached_property
    def hinter(self) -> Bot:
        """The bot whose choice ``hint`` shows (made at the first ``hint``)."""
        return hint_bot()

    def ask(self) -> str:
        """One line typed at the ``>`` prompt; a line longer than ``MAX_LINE`` (from any input
        function) is refused in one line and asked again, never echoed or parsed."""
        line = self._read()
        while line is None or len(line) > MAX_LINE:
            if line is not None:
                self.console.print()  # the prompt's line ends, as after a line read and refused
            self.say(Text(TOO_LONG, style="red"))
            line = self._read()
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line

    def _read(self) -> str | None:
        """The prompt and the line read (None: ``read_line`` found it too long)."""
        self.console.print(Text("> ", style="bold"), end="")
        try:
            return self.input_fn("")
        except LineTooLong:
            self.console.print()
            return None
        except EOFError:
            self.console.print()
            raise _Abandon("Input ended (EOF): the hand is abandoned.") from None
        except KeyboardInterrupt:
            self.console.print()
            raise _Abandon(INTERRUPTED) from None

    def human_turn(self) -> None:
        g = self.g
        acts = list(g.legal_actions())
        self.listed = None
        self.say(Text(f"── Your turn ({g.phase}) ──", style="bold cyan"))
        self.status()
        self.show_hand()
        if self.tracking:
            self.show_tracker()
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
        command = WORDS.get(low)
        if command is not None:
            getattr(self, command)(acts)
            return False
        if low in QUIT_WORDS:  # the full word only: a rank (Q, K …) is never a command
            return self.confirm_quit()
        m = re.fullmatch(r"#\s*(\d+)", text)
        if m:
            return self.take_option(m.group(1), acts)
        if low.startswith("play "):
            text = text[5:].strip()
        elif g.phase == "contract":
            same_rank = self.cards_of_rank(text, acts)
            if same_rank:
                return self.try_apply(same_rank[0]) if len(same_rank) == 1 else self.choose_suit(same_rank)
            text = self.contract_text(text, acts)
        return self.try_apply(text)

    def cards_of_rank(self, text: str, acts: list[Action]) -> list[Action]:
        """A card typed by rank alone (``10``, ``give J``) where a step moves one card of your
        choice (a card given back): the legal actions moving a card of that rank, one per suit
        (empty for anything else; a partner card to call is always typed with its suit)."""
        words = text.split()
        if len(words) == 2 and words[0].lower() in steps.USAGES:
            words = words[1:]
        if len(words) != 1:
            return []
        try:
            cards = parse_cards(words[0])
        except (CardError, ValueError):
            return []
        if len(cards) != 1 or cards[0].suit is not None or cards[0].is_special:
            return []
        rank = cards[0].rank
        return [a for a in acts if a.card is not None and a.card.rank == rank
                and (a.meaning is None or a.meaning.declares is None)]

    def choose_suit(self, options: list[Action]) -> bool:
        """Several cards of the rank typed: number them, so the suit is yours to choose."""
        self.listed = options
        choices = " · ".join(f"#{i} {a}" for i, a in enumerate(options, start=1))
        self.say(Text(f"✗ which {options[0].card.rank if options[0].card else ''}? {choices}", style="red"),
                 Text("  (type one, or #N)", style="dim"))
        return False

    # the commands of ``WORDS``, each given the legal actions ---------------------------------
    def _options(self, acts: list[Action]) -> None:
        self.list_options(acts)

    def _help(self, acts: list[Action]) -> None:
        self.help()
        self.list_options(acts)

    def _hand(self, acts: list[Action]) -> None:
        self.show_hand()

    def _status(self, acts: list[Action]) -> None:
        self.status()
        if self.tracking:
            self.show_tracker()
        if self.g.phase == "play":
            self.trick_line()

    def _hint(self, acts: list[Action]) -> None:
        """What the greedy bot would do from your seat's observation; ``#1`` takes it."""
        action = hint(self.hinter, self.g.observation(self.seat))
        self.listed = [action]
        line = Text(f"Hint ({HINT_BOT} bot): ", style="bold")
        if action.play is not None:
            line.append_text(self.play_text(action.play))
            line.append(f" — type {record_text(self.rs, action)} or #1")
        else:
            line.append(f"{action} — type it or #1")
        self.console.print(line)

    def _tracker(self, acts: list[Action]) -> None:
        """Turn the played-cards tracker (记牌器) on or off; on, it is shown at once."""
        self.tracking = not self.tracking
        if self.tracking:
            self.say(Text("Tracker on: shown at each of your turns (`tracker` turns it off).", style="dim"))
            self.show_tracker()
        else:
            self.say(Text("Tracker off.", style="dim"))

    def show_tracker(self) -> None:
        self.say(Text(tracker_text(self.g.observation(self.seat)), style="dim"))

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
