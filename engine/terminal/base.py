"""The terminal session's shared state and output helpers: seat names, cards, phrases."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from paixing.game.state import Action, Game
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import SUIT_SYMBOLS, Card, format_cards
from paixing.rules.hand_rules import Contract
from rich.console import Console
from rich.text import Text

from .sides import side_names, side_seats

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
    ("?", "your legal options, numbered"),
    ("#N", "take option N of the last numbered list (a bare N is a card or a bid)"),
    ("play 55", "cards (the same as 55)"),
    ("hand", "reprint your hand"),
    ("status", "contract, levels, wild cards, trick, cards left, captures, scores"),
    ("hint", "what the greedy bot would do in your seat (#1 then takes it)"),
    ("tracker", "turn the played-cards tracker (记牌器) on or off: cards of each rank still out"),
    ("help", "this list"),
    ("quit", "abandon the hand, after you confirm with yes (exit code 1)"),
)

STEP_LINES_AT = 4
"""Where in ``COMMANDS`` the lines of the variant's contract steps go (after ``pass``)."""
STEP_WORDS = {
    "bid": ("bid X | X", "declare contract X (id or 中文 name); bid value X"),
    "call": ("call AS | AS", "call a card you do not hold: its holder is your partner"),
    "give": ("give 10S | 10S", "give back a card, for the tribute you received (? lists the cards you may give)"),
}
"""The help line of each typed word of a contract step (``steps.USAGES``), shown only for a
variant whose steps read it."""


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


WILD_MARK = "*"
"""Marks a wild card in a hand (``2♥*``)."""


def cards_text(cards: Sequence[Card], group: bool = False, wild: Callable[[Card], bool] | None = None) -> Text:
    """Cards separated by spaces (two spaces between ranks with ``group``); with ``wild``, each
    card it says is wild is marked with ``WILD_MARK``."""
    out = Text()
    prev: str | None = None
    for i, card in enumerate(cards):
        if i:
            out.append("  " if group and card.rank != prev else " ")
        out.append_text(card_text(card))
        if wild is not None and wild(card):
            out.append(WILD_MARK, style="bold")
        prev = card.rank
    return out


def _names(text: Any) -> str:
    """``中文 English`` from a Text model."""
    return f"{text.zh} {text.en}"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


class TerminalHandBase:
    """One hand at the terminal: the game, the human's seat, the bots and the console."""

    asks_moves = True
    """Whether a person types the moves (``play``), so a line may tell him what to type; a
    record told by ``show`` has nobody to tell."""

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
        self.seat = seat
        self.bots = bots
        self.input_fn = input_fn
        self.console = console
        self.echo = echo
        self.names = seat_names(game.n, seat)
        self.shown = 0
        self.listed: list[Action] | None = None
        self.current: Action | None = None
        self.seed_label = str(game.seed)
        """The seed the header names: the one typed (a match's hand says which hand it is)."""

    @property
    def rs(self) -> Ruleset:
        """The hand's rules as they now stand (a drawn wild rank changes them mid-hand)."""
        return self.g.rs

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
            t.append(" as ", style="dim")
            t.append_text(reading_text(play))
        return t

    @property
    def has_declarer(self) -> bool:
        """Whether the contract has a declarer (a solo or partnership contract); free-for-all and
        fixed sides have none, so the terminal names none."""
        return "declarer" in self.g.roles()

    def contract_of(self, cid: str) -> Contract:
        return next(c for c in self.g.rules.contracts if c.id == cid)

    def call_name(self, cid: str) -> str:
        """A call's name in both languages (its id when the rules have no such call)."""
        return next((_names(c.name) for c in self.g.rules.calls if c.id == cid), cid)

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
        self.say(Text(f"{v.name.zh} {v.name.en}", style="bold"), f" · {g.n} players{level} · seed {self.seed_label}")
        order = " → ".join(f"{self.names[s]} (seat {s})" for s in self.order)
        self.say("Seats in playing order: ", order)
        jokers = " Jokers: BJ = 小王 small, RJ = 大王 big" if v.deck.jokers else ""
        wild = f" ({' and '.join(_wild_words(v.wildcards.cards, g))} wild)" if v.wildcards else ""
        self.say(Text(f"Suits: ♠ S, ♥ H, ♣ C, ♦ D.{jokers}{wild}{'.' if jokers else ''}", style="dim"))
        self.say(Text("Type ? for your options and the commands.", style="dim"))

    def captured_line(self) -> str:
        """What each seat has captured, then each side where the sides are fixed."""
        g = self.g
        return " · ".join(f"{self.names[s]} {g.captured[s]}" for s in self.order) + self.side_totals()

    def side_totals(self) -> str:
        """What each side has captured so far, where the sides are fixed (known to all):
        `` — sides: You & 对家 25 · 下家 & 上家 40``; empty elsewhere."""
        c = self.g.contract
        if c is None or c.teams != "fixed":
            return ""
        totals = [sum(self.g.captured[s] for s in seats) for seats in side_seats(self.rs)]
        who = side_names(self.rs, self.names)
        return " — sides: " + " · ".join(f"{who[k]} {totals[k]}" for k in range(2))


    def show_hand(self) -> None:
        self.say(Text(f"Your hand ({len(self.g.hands[self.seat])}): ", style="bold"), self.hand_text(self.seat))

    def hand_text(self, seat: int) -> Text:
        """``seat``'s cards sorted as the hand's rules sort them, grouped by rank, its wild cards
        marked (by the rules in force: a drawn rank once drawn), with the mark's legend."""
        rs = self.g.rs
        hand = rs.sort_cards(self.g.hands[seat])
        text = cards_text(hand, group=True, wild=rs.is_wild)
        if any(rs.is_wild(c) for c in hand):
            text.append(f"  ({WILD_MARK} wild)", style="dim")
        return text

    def wild_line(self) -> str | None:
        """The hand's level rank and wild cards as the rules now stand (``Level rank (级牌): 5 ·
        wild: 5♥``; a drawn rank once drawn: ``wild (癞子): every 7``) and the rank order once a
        play reversed it, or None without any of these."""
        g = self.g
        tables = g.rs.tables
        parts = [f"Level rank (级牌): {tables.level}"] if tables.level is not None else []
        wilds = [f"{c.rank}{SUIT_SYMBOLS[c.suit]}" if c.suit else c.rank for c in g.rs.sort_cards(list(tables.wild_cards))]
        drawn = [r for r in g.wild_ranks if r in tables.wild_names]
        order = {r: i for i, r in enumerate(self.rs.variant.ranks.order)}
        wilds += sorted((r for r in tables.wild_names if r not in drawn), key=lambda r: (order.get(r, len(order)), r))
        if wilds:
            parts.append(f"wild: {' '.join(wilds)}")
        if drawn:
            parts.append(f"wild (癞子, drawn): every {' and every '.join(drawn)}")
        if g.rs.hand.flipped:
            parts.append("rank order reversed (革命): " + " < ".join(tables.ranks))
        line = " · ".join(parts)
        return line[:1].upper() + line[1:] if line else None


def reading_text(play: Play) -> Text:
    """What a play with wild cards is read as, as a player reads it: the cards it stands for in
    the order of its reading (a chain in sequence order, ``A♣ 2♣ 3♣ 4♣ 5♣``), with suit symbols
    where the reading keeps suits, by rank alone where suits play no part (``7777``)."""
    tables = play.type.tables
    natural = [c for c in play.cards if not tables.is_wild(c)]
    cards = natural + list(play.stands_for)
    place = {rank: i for i, (rank, _) in enumerate(play.groups)}
    index = tables.rank_index
    cards.sort(key=lambda c: (place.get(index.get(c.rank, -1), len(place)), index.get(c.rank, len(index)),
                              tables.suit_rank.get(c.suit, -1)))
    if not play.type.suited:
        return Text(format_cards([Card(c.rank) for c in cards]))
    return cards_text(cards)


def _wild_words(kinds: Sequence[str], g: Game) -> list[str]:
    """The wild cards as a player reads them: the level's hearts as cards (``7H``), a drawn
    rank as "the drawn rank" (it is announced when drawn), other kinds as written."""
    level = g.level
    words = {"level_heart": f"{level}♥" if level else "the level's hearts", "drawn": "the drawn rank"}
    return [words.get(k, k) for k in kinds]
