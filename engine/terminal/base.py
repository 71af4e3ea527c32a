"""The terminal session's shared state and output helpers: seat names, cards, phrases."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from paixing.game.state import Action, Game
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import SUIT_SYMBOLS, Card
from paixing.rules.hand_rules import Contract
from rich.console import Console
from rich.text import Text

EXIT_OK = 0
"""The hand was played to its end."""
EXIT_ABANDONED = 1
"""Input ended (EOF), ``quit``, or the engine could not go on (no bid in 100 deals)."""
EXIT_USAGE = 2
"""Unknown variant, a variant without a ``game:`` section, a bad seat, unknown bots."""

Chooser = Callable[[Game, int], "Action | str"]
"""A bot: (game, seat) → the action it takes (an Action, or action text)."""

RED_SUITS = frozenset({"H", "D"})
COMMANDS = (
    ("55 | 7S 7H | 333 BJ", "play cards (rank-only: suits picked from your hand)"),
    ("55 BJ = 555", "say what wild cards stand for, when it is ambiguous"),
    ("333444555666 = plane", "choose a reading by hand type (or core cards) when cards read several ways"),
    ("pass | p", "pass: decline a bid, or do not beat the play"),
    ("bid X | X", "declare contract X (id or 中文 name); bid value X"),
    ("call AS | AS", "call a card you do not hold: its holder is your partner"),
    ("?", "your legal options, numbered"),
    ("#N", "take option N of the last numbered list (a bare N is a card or a bid)"),
    ("play 55", "cards (the same as 55)"),
    ("hand", "reprint your hand"),
    ("status", "contract, trick, cards left, captures, scores"),
    ("help", "this list"),
    ("quit", "abandon the hand, after you confirm with yes (exit code 1)"),
)


class _Abandon(Exception):
    """The human stopped (EOF or quit); the message is one line."""


class _BotError(Exception):
    """A bot chose an action the engine refused (a bug in the bot)."""


def seat_names(n: int, you: int) -> list[str]:
    """Seat names relative to ``you``, in playing order: You, 下家, 对家 (four players), 上家."""
    names: list[str] = []
    for s in range(n):
        offset = (s - you) % n
        if offset == 0:
            names.append("You")
        elif offset == 1:
            names.append("下家")
        elif offset == n - 1:
            names.append("上家")
        elif n == 4 and offset == 2:
            names.append("对家")
        else:
            names.append(f"Seat {s}")
    return names


def card_text(card: Card) -> Text:
    """One card with its suit symbol; hearts, diamonds and the big joker in red."""
    if card.rank == "RJ":
        return Text("RJ", style="bold red")
    if card.rank == "BJ":
        return Text("BJ", style="bold")
    if card.suit is None:
        return Text(str(card))
    return Text(f"{card.rank}{SUIT_SYMBOLS[card.suit]}", style="red" if card.suit in RED_SUITS else "")


def cards_text(cards: Sequence[Card], group: bool = False) -> Text:
    """Cards separated by spaces (two spaces between ranks with ``group``)."""
    out = Text()
    prev: str | None = None
    for i, card in enumerate(cards):
        if i:
            out.append("  " if group and card.rank != prev else " ")
        out.append_text(card_text(card))
        prev = card.rank
    return out


def _names(text: Any) -> str:
    """``中文 English`` from a Text model."""
    return f"{text.zh} {text.en}"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


class TerminalHandBase:
    """One hand at the terminal: the game, the human's seat, the bots and the console."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: dict[int, Chooser],
        input_fn: Callable[[str], str],
        console: Console,
        echo: bool,
    ) -> None:
        self.g = game
        self.rs: Ruleset = game.rs
        self.seat = seat
        self.bots = bots
        self.input_fn = input_fn
        self.console = console
        self.echo = echo
        self.names = seat_names(game.n, seat)
        self.shown = 0
        self.listed: list[Action] | None = None
        self.current: Action | None = None

    # output helpers ----------------------------------------------------------------------
    def say(self, *parts: str | Text, style: str = "") -> None:
        text = Text(style=style)
        for p in parts:
            text.append_text(p) if isinstance(p, Text) else text.append(p)
        self.console.print(text)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

    def does(self, seat: int, you: str, other: str) -> str:
        """``You call`` / ``下家 calls``: the subject and the verb agreeing."""
        return f"You {you}" if seat == self.seat else f"{self.name(seat)} {other}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.seat else f"{self.name(seat)}'s"

    @property
    def order(self) -> list[int]:
        """Every seat in playing order, starting with yours."""
        n = self.g.n
        return [(self.seat + i) % n for i in range(n)]

    def play_text(self, play: Play) -> Text:
        t = cards_text(play.cards)
        t.append(f"  {play.type.name.zh} {play.type.name.en}", style="dim")
        if play.wild_as:
            t.append(f" as {play.reads_as}", style="dim")
        return t

    def contract_of(self, cid: str) -> Contract:
        return next(c for c in self.g.rules.contracts if c.id == cid)

    def event_name(self, eid: str) -> str:
        for e in self.g.rules.dealt_events:
            if e.id == eid:
                return _names(e.name)
        return eid

    @property
    def capture_unit(self) -> str:
        return {"cards": "cards", "points": "points"}.get(self.g.rules.play.capture, "")

    def header(self) -> None:
        v = self.rs.variant
        g = self.g
        level = f" · level {g.level}" if g.level else ""
        self.say(Text(f"{v.name.zh} {v.name.en}", style="bold"), f" · {g.n} players{level} · seed {g.seed}")
        order = " → ".join(f"{self.names[s]} (seat {s})" for s in self.order)
        self.say("Seats in playing order: ", order)
        jokers = " Jokers: BJ = 小王 small, RJ = 大王 big" if v.deck.jokers else ""
        wild = f" ({' and '.join(_wild_words(v.wildcards.cards, g))} wild)" if v.wildcards else ""
        self.say(Text(f"Suits: ♠ S, ♥ H, ♣ C, ♦ D.{jokers}{wild}{'.' if jokers else ''}", style="dim"))
        self.say(Text("Type ? for your options and the commands.", style="dim"))

    def captured_line(self) -> str:
        g = self.g
        return " · ".join(f"{self.names[s]} {g.captured[s]}" for s in self.order)

    def show_hand(self) -> None:
        hand = self.rs.sort_cards(self.g.hands[self.seat])
        self.say(Text(f"Your hand ({len(hand)}): ", style="bold"), cards_text(hand, group=True))


def _wild_words(kinds: Sequence[str], g: Game) -> list[str]:
    """The wild cards as a player reads them: the level's hearts as cards (``7H``), a drawn
    rank as "the drawn rank" (it is announced when drawn), other kinds as written."""
    level = g.level
    words = {"level_heart": f"{level}H" if level else "the level's hearts", "drawn": "the drawn rank"}
    return [words.get(k, k) for k in kinds]
