"""Play one hand against bots in a terminal, by typing only.

``play_hand`` deals a hand of a variant, lets bots play every seat but yours, prints what each
of them does as it happens (one line per action), and reads your moves as text: card notation
(``55``, ``7S 7H``, ``333 BJ``), ``pass``/``p``, ``bid …``/``call …`` (or just the contract's
name, the value, the card), ``?`` for your numbered legal options (a number then plays that
option), ``hand`` to reprint your hand, ``status`` for the table, ``quit``. A refused move prints
the engine's one-line reason and asks again. At the end: the score table and the result reason.

Seats are named from where you sit, in playing order: **You**, **下家** (plays after you),
**对家** (across, four players), **上家** (plays before you); other seats of larger tables are
``Seat N``. ``docs/play.md`` has the commands and a transcript.

Bots come from ``paixing.agents.bots`` (its ``BOTS`` registry, one bot per seat seeded with
``seed * 1009 + seat``) when that module exists; otherwise a small local fallback plays
uniformly at random among the legal actions from a ``random.Random`` seeded the same way. Either
way a hand is reproducible from ``(variant, seat, seed, bots)`` and the lines typed.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from paixing.game.state import Action, Game, IllegalAction, new_game
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import SUIT_SYMBOLS, Card, CardError, parse_cards
from paixing.rules.hand_rules import Contract, ScoreRow
from paixing.rules.loader import VariantError
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

EXIT_OK = 0
"""The hand was played to its end."""
EXIT_ABANDONED = 1
"""Input ended (EOF), ``quit``, or the engine could not go on (no bid in 100 deals)."""
EXIT_USAGE = 2
"""Unknown variant, a variant without a ``game:`` section, a bad seat, unknown bots."""

Chooser = Callable[[Game, int], "Action | str"]
"""A bot: (game, seat) → the action it takes (an Action, or action text)."""

FALLBACK_BOTS = ("random", "greedy")
"""Names the local fallback accepts while ``paixing.agents.bots`` does not exist (both play at random)."""

RED_SUITS = frozenset({"H", "D"})
COMMANDS = (
    ("55 | 7S 7H | 333 BJ", "play cards (rank-only: suits picked from your hand)"),
    ("55 BJ = 555", "say what wild cards stand for, when it is ambiguous"),
    ("pass | p", "pass: decline a bid, or do not beat the play"),
    ("bid X | X", "declare contract X (id or 中文 name); bid value X"),
    ("call AS | AS", "call a card you do not hold: its holder is your partner"),
    ("?", "your legal options, numbered"),
    ("N | #N", "take option N (a bare N right after ?)"),
    ("play 55", "cards, even right after ?"),
    ("hand", "reprint your hand"),
    ("status", "contract, trick, cards left, captures, scores"),
    ("help", "this list"),
    ("quit", "abandon the hand (exit code 1)"),
)


class _Abandon(Exception):
    """The human stopped (EOF or quit); the message is one line."""


class _BotError(Exception):
    """A bot chose an action the engine refused (a bug in the bot)."""


# bots ---------------------------------------------------------------------------------------


def _bots_module() -> Any | None:
    """``paixing.agents.bots`` when it is installed, else None (checked at run time)."""
    try:
        return importlib.import_module("paixing.agents.bots")
    except ModuleNotFoundError as exc:
        if exc.name != "paixing.agents.bots":
            raise  # the module exists but is broken: say so rather than play at random
        return None


def bot_names() -> list[str]:
    """The bot kinds ``play_hand(bots=…)`` accepts right now."""
    module = _bots_module()
    registry = getattr(module, "BOTS", None) if module is not None else None
    if registry:
        return sorted(registry)
    return list(FALLBACK_BOTS)


def _instantiate(factory: Any, seed: int) -> Any:
    """A bot object from a registry entry: an instance, or a class/factory that may take a
    ``seed`` (or ``rng``)."""
    if hasattr(factory, "choose") and not isinstance(factory, type):
        return factory
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    if "seed" in params:
        return factory(seed=seed)
    if "rng" in params:
        return factory(rng=random.Random(seed))
    return factory()


def make_bots(name: str, seed: int, seats: Sequence[int]) -> dict[int, Chooser]:
    """One deterministic bot per seat: ``paixing.agents.bots.BOTS[name]`` when that module exists,
    else the local fallback (uniform random over ``legal_actions()``). Raises ``KeyError`` with
    a one-line message for an unknown name."""
    module = _bots_module()
    registry = getattr(module, "BOTS", None) if module is not None else None
    choosers: dict[int, Chooser] = {}
    if registry:
        if name not in registry:
            raise KeyError(f"unknown bots {name!r}; available: {', '.join(sorted(registry))}")
        for s in seats:
            bot = _instantiate(registry[name], seed * 1009 + s)
            choosers[s] = bot.choose
        return choosers
    if name not in FALLBACK_BOTS:
        raise KeyError(f"unknown bots {name!r}; available: {', '.join(FALLBACK_BOTS)}")
    for s in seats:
        choosers[s] = _random_chooser(random.Random(seed * 1009 + s))
    return choosers


def _random_chooser(rng: random.Random) -> Chooser:
    def choose(game: Game, seat: int) -> Action:
        return rng.choice(game.legal_actions())

    return choose


# how things look ----------------------------------------------------------------------------


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


# the session --------------------------------------------------------------------------------


class _Session:
    """One hand at the terminal: renders the log as it grows and reads the human's moves."""

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

    # the header ----------------------------------------------------------------------------
    def header(self) -> None:
        v = self.rs.variant
        g = self.g
        self.say(Text(f"{v.name.zh} {v.name.en}", style="bold"), f" · {g.n} players · seed {g.seed}")
        order = " → ".join(f"{self.names[s]} (seat {s})" for s in self.order)
        self.say("Seats in playing order: ", order)
        jokers = " Jokers: BJ = 小王 small, RJ = 大王 big" if v.deck.jokers else ""
        wild = f" ({' and '.join(v.wildcards.cards)} wild)" if v.wildcards else ""
        self.say(Text(f"Suits: ♠ S, ♥ H, ♣ C, ♦ D.{jokers}{wild}{'.' if jokers else ''}", style="dim"))
        self.say(Text("Type ? for your options and the commands.", style="dim"))

    # events --------------------------------------------------------------------------------
    def flush(self, phase: str | None = None) -> None:
        """Print the log events added since the last flush (``phase``: the phase the last
        action was taken in, to word a pass)."""
        log = self.g.log
        while self.shown < len(log):
            event = log[self.shown]
            self.shown += 1
            self.render(event, phase or self.g.phase)

    def render(self, e: dict[str, Any], phase: str) -> None:
        g = self.g
        kind = e["event"]
        who = self.name(e.get("seat", -1))
        if kind == "deal":
            self.say(Text("Deal. ", style="bold"), f"Dealer (庄家): {self.name(e['dealer'])}.")
            self.show_hand()
        elif kind == "redeal":
            self.say(Text("Nobody bid: the cards are dealt again.", style="bold"))
        elif kind == "reward":
            times = f" ×{e['times']}" if e.get("times", 1) != 1 else ""
            self.say(f"{self.does(e['seat'], 'hold', 'holds')} {self.event_name(e['id'])}{times}: "
                     "a reward, paid by each other player.")
        elif kind == "instant_win":
            self.say(Text(f"{self.does(e['seat'], 'hold', 'holds')} {self.event_name(e['id'])}: "
                          "instant win, the hand ends.", style="bold"))
            dealt = g.dealt[e["seat"]]
            self.say(f"  {self.whose(e['seat']).capitalize()} hand: ", cards_text(self.rs.sort_cards(dealt), group=True))
        elif kind == "contract":
            self.render_contract(e)
        elif kind == "shown_card":
            card = parse_cards(e["card"])[0]
            self.say(f"{self.does(e['seat'], 'show', 'shows')} ", card_text(card), " (dealer): whoever holds "
                     "the other ", card_text(card), f" is {self.whose(e['seat'])} hidden partner.")
            if g.seats.partner == self.seat and self.seat != e["seat"]:
                self.say(Text("  You hold it: you are the partner (secret until you play it).", style="bold"))
        elif kind == "call":
            card = parse_cards(e["card"])[0]
            self.say(f"{self.does(e['seat'], 'call', 'calls')} ", card_text(card),
                     ": its holder is the hidden partner until it is played.")
            if g.seats.partner == self.seat and self.seat != e["seat"]:
                self.say(Text("  You hold it: you are the partner (secret until you play it).", style="bold"))
        elif kind == "bid":
            self.say(f"{who}: bid {e['value']}")
        elif kind == "pass":
            self.say(f"{who}: pass", style="dim" if phase == "play" else "")
        elif kind == "kitty":
            cards = parse_cards(e["cards"])
            self.say(f"{self.does(e['seat'], 'take', 'takes')} the kitty (底牌): ", cards_text(cards))
            if e["seat"] == self.seat:
                self.show_hand()
        elif kind == "lead":
            number = sum(1 for x in g.log[: self.shown] if x["event"] == "lead")
            self.say(Text(f"— trick {number}: {self.does(e['seat'], 'lead', 'leads')} —", style="dim"))
        elif kind == "play":
            # One action is applied between flushes, so the play is that action's and the
            # player's hand is as it now is.
            act = self.current
            line = Text(f"{who}: ")
            if act is not None and act.play is not None and act.play.notation == e["cards"]:
                line.append_text(self.play_text(act.play))
            else:
                line.append(e["cards"])
            left = len(g.hands[e["seat"]])
            if left:
                line.append(f"  ({left} left)", style="dim")
            self.console.print(line)
        elif kind == "partner_revealed":
            mate = "You are" if e["seat"] == self.seat else f"{who} is"
            self.say(Text(f"{self.does(e['seat'], 'played', 'played')} the called card: "
                          f"{mate} {self.whose(g.seats.declarer)} partner.", style="bold"))
        elif kind == "out":
            self.say(Text(f"{self.does(e['seat'], 'are', 'is')} out: place {e['place']}.", style="bold"))
        elif kind == "trick":
            unit = self.capture_unit
            won = f" (+{e['captured']} {unit.rstrip('s') if e['captured'] == 1 else unit})" if unit else ""
            self.say(f"{self.does(e['seat'], 'win', 'wins')} the trick{won}.")
            if unit:
                self.say(Text("  Captured: " + self.captured_line(), style="dim"))
        elif kind == "bonus":
            t = self.rs.type_by_id.get(e["type"])
            tname = _names(t.name) if t else e["type"]
            self.say(f"{self.does(e['seat'], 'win', 'wins')} the trick with {tname}: "
                     f"bonus {e['pay']} from each other player.")
        elif kind == "spring":
            self.say(Text("Spring (春天): the score is multiplied.", style="bold"))
        elif kind == "end":
            self.say(Text("The hand is over.", style="bold"))
        else:
            self.say(Text(str(e), style="dim"))

    def render_contract(self, e: dict[str, Any]) -> None:
        c = self.contract_of(e["id"])
        line = Text("Contract: ")
        line.append(_names(c.name), style="bold")
        line.append(f" — declarer {self.name(e['declarer'])}")
        if "opponent" in e:
            line.append(f" against {self.name(e['opponent'])}")
            out = [self.name(s) for s in range(self.g.n) if s not in (e["declarer"], e["opponent"])]
            line.append(f"; {', '.join(out)} sit out")
        self.console.print(line)

    def captured_line(self) -> str:
        g = self.g
        return " · ".join(f"{self.names[s]} {g.captured[s]}" for s in self.order)

    def show_hand(self) -> None:
        hand = self.rs.sort_cards(self.g.hands[self.seat])
        self.say(Text(f"Your hand ({len(hand)}): ", style="bold"), cards_text(hand, group=True))

    # the state at your turn ----------------------------------------------------------------
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
            if e["event"] == "deal":
                high = 0
            elif e["event"] == "bid":
                high = e["value"]
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

    # input -----------------------------------------------------------------------------------
    def ask(self) -> str:
        self.console.print(Text("> ", style="bold"), end="")
        try:
            line = self.input_fn("")
        except EOFError:
            self.console.print()
            raise _Abandon("Input ended (EOF): the hand is abandoned.") from None
        except KeyboardInterrupt:
            self.console.print()
            raise _Abandon("Interrupted: the hand is abandoned.") from None
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line

    def human_turn(self) -> None:
        g = self.g
        acts = g.legal_actions()
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
        if low in ("quit", "exit", "q"):
            raise _Abandon("You left the hand.")
        m = re.fullmatch(r"(#)?\s*(\d+)", text)
        if m and (m.group(1) or self.listed is not None):
            k = int(m.group(2))
            if not 1 <= k <= len(acts):
                hint = ""
                if g.phase == "play" and not m.group(1):
                    try:
                        parse_cards(m.group(2))
                        hint = f"; to play these cards write `play {m.group(2)}`"
                    except CardError:
                        pass
                self.say(Text(f"✗ no option {k}: the options are 1–{len(acts)}{hint}", style="red"))
                return False
            return self.try_apply(acts[k - 1])
        if low.startswith("play "):
            text = text[5:].strip()
        elif g.phase == "contract":
            text = self.contract_text(text, acts)
        return self.try_apply(text)

    def contract_text(self, text: str, acts: list[Action]) -> str:
        """Shorthands in the contract phase: a contract's id or name, a bare value, a bare card."""
        low = text.lower()
        for a in acts:
            if a.kind == "bid" and a.contract is not None:
                c = self.contract_of(a.contract)
                if low in (c.id.lower(), c.name.zh, c.name.en.lower()):
                    return f"bid {c.id}"
        if text.isdigit() and any(a.kind == "value" for a in acts):
            return f"bid {text}"
        if any(a.kind == "call" for a in acts) and not low.startswith(("call", "bid", "pass", "p")):
            return f"call {text}"
        return text

    def try_apply(self, action: Action | str) -> bool:
        g = self.g
        try:
            if isinstance(action, str):
                action = g.parse_action(action)
            card = action.card if action.kind == "call" else None
            if card is not None and card.suit is None and not card.is_special:
                raise IllegalAction(f"call one card with its suit, such as {card}S")
            if card is not None and card in g.hands[self.seat]:
                raise IllegalAction(f"you hold {card}: call a card you do not hold")
            self.current = action
            g.apply(action)
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

    # the end -------------------------------------------------------------------------------
    def final(self) -> None:
        g = self.g
        result = g.result
        assert result is not None
        c = g.contract
        facts = result.facts
        totals = facts.get("totals")
        title = f"Result: {_names(c.name)}" if c is not None else "Result"
        table = Table(title=title)
        table.add_column("seat")
        table.add_column("role")
        table.add_column("place", justify="right")
        table.add_column("captured", justify="right")
        if totals is not None:
            table.add_column("after transfers", justify="right")
        table.add_column("score", justify="right")
        for s in self.order:
            row = [f"{self.names[s]} ({s})", self.role(s),
                   str(g.finish.index(s) + 1) if s in g.finish else "—",
                   str(g.captured[s]) if c is not None and self.capture_unit else "—"]
            if totals is not None:
                row.append(str(totals[s]))
            row.append(_signed(g.scores[s]))
            table.add_row(*row)
        self.console.print(table)
        self.say(Text("Result: ", style="bold"), self.reason())
        winners = ", ".join(self.names[s] for s in result.winners) or "nobody"
        self.say(f"Winners: {winners}.")
        paid = self.score_row()
        mult = facts.get("multiplier", 1)
        if paid is not None and paid.note is not None:
            times = f" (×{mult}: {self.multiplier_parts()})" if mult != 1 else ""
            self.say(Text(f"Score row: {paid.note.en}{times}", style="dim"))
        if any(e["event"] in ("reward", "bonus") for e in g.log):
            self.say(Text("Scores include dealt-hand rewards and trick bonuses.", style="dim"))

    def multiplier_parts(self) -> str:
        """What the score was multiplied by: the bid, each bomb-like play, a spring."""
        g = self.g
        assert g.contract is not None
        m = g.contract.multipliers
        parts: list[str] = []
        if m.bid and g.auction_value:
            parts.append(f"bid {g.auction_value}")
        for tid, factor in m.per_play.items():
            count = g.type_counts.get(tid, 0)
            t = self.rs.type_by_id.get(tid)
            name = _names(t.name) if t is not None else tid
            parts += [f"{name} ×{factor}"] * count
        result = g.result
        factors = {f.id: f for f in m.when}
        for name, factor in result.multiplier_parts if result is not None else []:
            if name in factors:
                parts.append(f"{factors[name].name.en} ({factors[name].name.zh}) ×{factor}")
        return ", ".join(parts)

    def role(self, s: int) -> str:
        g = self.g
        if g.contract is None:
            return "—"
        seats = g.seats
        if s == seats.declarer:
            return "declarer"
        if s == seats.partner:
            return "partner"
        if s in seats.bystanders:
            return "sits out"
        return "opponent"

    def reason(self) -> str:
        g = self.g
        result = g.result
        assert result is not None
        facts = result.facts
        reason = result.reason
        if reason == "first_out":
            return f"first out — {self.name(g.finish[0])} went out first."
        if reason == "double_out":
            a, b = g.finish[0], g.finish[1]
            return f"double out — {self.name(a)} and {self.name(b)}, one side, went out first and second."
        if reason == "captures":
            sides = facts.get("side_totals", [0, 0])
            c = g.contract
            assert c is not None
            rule = f"more than {c.end.win_above} wins" if c.end.win_above is not None else "more wins"
            return (f"captures ({self.capture_unit}, after transfers) — declarer's side {sides[0]}, "
                    f"opponents {sides[1]}; {rule}, a tie goes to the first player out's side.")
        if g.contract is None:
            return f"instant win — {self.event_name(reason)}."
        return reason

    def score_row(self) -> ScoreRow | None:
        g = self.g
        c = g.contract
        result = g.result
        if c is None or result is None:
            return None
        return c.score[result.row] if 0 <= result.row < len(c.score) else None

    # the loop ----------------------------------------------------------------------------
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
        except RuntimeError as exc:  # the engine cannot go on (no bid in 100 deals)
            self.console.print(f"The hand cannot go on: {exc}", markup=False, highlight=False)
            return EXIT_ABANDONED
        self.final()
        return EXIT_OK


def play_hand(
    variant: str,
    seat: int = 0,
    seed: int = 0,
    bots: str = "greedy",
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
) -> int:
    """Play one hand of ``variant`` from ``seat`` against bots; return an exit code.

    0 when the hand was played to its end; 1 when input ended (EOF), on ``quit``, or when the
    engine could not go on; 2 for an unknown variant, a variant without a ``game:`` section, a
    seat out of range or unknown bots (one line on stderr). ``input_fn`` reads one line (like
    ``input``); everything else is printed on ``console`` (default: a new rich Console on
    stdout). Lines typed are echoed on the console unless they come from ``input`` on a terminal.

    The command line calls this as ``paixing play VARIANT [--seat N] [--seed S] [--bots NAME]``
    (``engine/cli.py``).
    """
    try:
        rs = ruleset(variant)
    except VariantError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_USAGE
    if rs.variant.game is None:
        print(f"{rs.id} defines hand types only, no game (it has no 'game:' section)", file=sys.stderr)
        return EXIT_USAGE
    n = rs.variant.players
    if not 0 <= seat < n:
        print(f"seat {seat} is out of range: {rs.id} has seats 0–{n - 1}", file=sys.stderr)
        return EXIT_USAGE
    try:
        choosers = make_bots(bots, seed, [s for s in range(n) if s != seat])
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return EXIT_USAGE
    if console is None:
        console = Console(highlight=False)
    echo = not (input_fn is input and sys.stdin.isatty())
    session = _Session(new_game(rs, seed), seat, choosers, input_fn, console, echo)
    return session.run()
