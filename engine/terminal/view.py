"""A recorded hand told as ``paixing play`` tells a hand: the same event lines and result table.

``RecordView`` is the terminal session's renderer (``EventLines`` for the log, ``Final`` for the
end) driven by a record's actions instead of a person and bots. A record hides nothing, so
where ``play`` shows one seat's cards the view shows every seat's: every hand at the deal, the
kitty taker's hand, who holds a called or shown card. Seats are named from a seat of the
viewer's choice (``You``, ``下家``, … as ``play`` names them) or, with no seat, ``Seat 0``,
``Seat 1`` …; ``pause`` is asked before each trick (and may stop the telling).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from paixing.game.events import Deal, DealtRest, Event, Kitty, Lead
from paixing.game.session import CARRIERS
from paixing.game.state import Game
from paixing.rules.cards import parse_cards
from rich.console import Console
from rich.text import Text

from .base import cards_text
from .final import Final
from .lines import EventLines
from .sides import match_rules, standing, winner_line

NOBODY = -1
"""The viewer's seat when the hand is seen from no seat."""

Pause = Callable[[str], bool]
"""Asked before the next part (``"trick 3"``); False stops the telling."""


class Stopped(Exception):
    """The viewer stopped before the end (``q``)."""


def _no_input(prompt: str) -> str:
    raise EOFError  # a view never asks for a move


class RecordView(EventLines, Final):
    """One recorded hand at the terminal, seen from ``seat`` (or ``NOBODY``)."""

    asks_moves = False

    def __init__(
        self,
        game: Game,
        seat: int,
        console: Console,
        pause: Pause | None = None,
        players: Sequence[str] = (),
        source: str = "",
    ) -> None:
        super().__init__(game, seat, {}, _no_input, console, False)
        self.source = source
        if seat == NOBODY:
            self.names = [f"Seat {s}" for s in range(game.n)]
        self.pause = pause
        self.players = list(players)

    @property
    def order(self) -> list[int]:
        """Every seat in playing order, from the viewer's (from seat 0 for nobody's)."""
        n = self.g.n
        start = 0 if self.seat == NOBODY else self.seat
        return [(start + i) % n for i in range(n)]

    def tell(self, actions: Sequence[str]) -> None:
        """Print the hand: the header, the events of the deal, then each action's events;
        the result table at the end. Raises ``Stopped`` when ``pause`` says stop."""
        g = self.g
        self.header()
        self.flush()
        for text in actions:
            action = g.parse_action(text)
            phase = g.phase
            self.current = action
            g.apply(action)
            self.flush(phase)
        if g.over:
            self.final()
            self.match_lines()

    def match_lines(self) -> None:
        """In a match: where it stands after this hand (each side's level or points, the next
        hand's level) and, after its last hand, who won it — from what the hand carries on
        (``session.CARRIERS``), as ``play`` says it between hands."""
        if match_rules(self.rs) is None:
            return
        carried = {name: carry(self.g) for name, carry in CARRIERS.items()}
        self.say(Text("Match: ", style="bold"), standing(self.rs, carried, self.names))
        won = winner_line(self.rs, carried, self.names)
        if won is not None:
            self.say(Text(won, style="bold"))

    def render(self, e: Event, phase: str) -> None:
        """Word one event, first asking ``pause`` before a trick is led."""
        if isinstance(e, Lead) and self.pause is not None:
            number = 1 + sum(1 for x in self.g.log[: self.shown - 1] if isinstance(x, Lead))
            if not self.pause(f"trick {number}"):
                raise Stopped
        super().render(e, phase)

    def header(self) -> None:
        v = self.rs.variant
        g = self.g
        level = f" · level {g.level}" if g.level else ""
        self.say(Text(f"{v.name.zh} {v.name.en}", style="bold"), f" · {g.n} players{level} · seed {g.seed}"
                 f" · hand {g.hand_number}")
        if self.source:
            self.console.print(Text(f"Record: {self.source}", style="dim"), soft_wrap=True)  # a path is never cut
        order = " → ".join(self.names[s] + self.who(s) for s in self.order)
        self.say("Seats in playing order: ", order)

    def who(self, seat: int) -> str:
        """What the header adds to a seat's name: its number (unless the name is it) and who
        played it when the record says (`` (seat 2, greedy)``, `` (random)``)."""
        parts = [] if self.seat == NOBODY else [f"seat {seat}"]
        if seat < len(self.players):
            parts.append(self.players[seat])
        return f" ({', '.join(parts)})" if parts else ""

    def hands_now(self) -> None:
        """Every seat's cards as they are now, one line each."""
        for s in self.order:
            hand = self.rs.sort_cards(self.g.hands[s])
            self.say(f"  {self.names[s]} ({len(hand)}): ", cards_text(hand, group=True))

    def _deal(self, e: Deal) -> None:
        self.say(Text("Deal. ", style="bold"), f"Dealer (庄家): {self.name(e.dealer)}.")
        self.hands_now()

    def _dealt_rest(self, e: DealtRest) -> None:
        self.say(Text("The rest of the deal. ", style="bold"), "Each player gets:")
        for s in self.order:
            rest = e.hands[s]
            if rest is not None:
                self.say(f"  {self.names[s]} (+{len(parse_cards(rest))}): ", cards_text(self.rs.sort_cards(parse_cards(rest)), group=True))

    def _kitty(self, e: Kitty) -> None:
        self.say(f"{self.does(e.seat, 'take', 'takes')} the kitty (底牌): ", cards_text(parse_cards(e.cards)))
        hand = self.rs.sort_cards(self.g.hands[e.seat])
        self.say(f"  {self.names[e.seat]} ({len(hand)}): ", cards_text(hand, group=True))

    def _you_are_partner(self, shower: int) -> None:
        partner = self.g.seats.partner
        if 0 <= partner < self.g.n and partner != shower:
            self.say(Text(f"  {self.does(partner, 'hold', 'holds')} it: the hidden partner.", style="dim"))

