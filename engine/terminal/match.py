"""A whole match at the terminal (``paixing play VARIANT`` for a variant with ``game.session``):
hand after hand of a session, tribute included, until a side wins the match.

Each hand is the one-hand terminal ``Session``; between hands this prints where the match
stands (each side's level and failed attempts, or its points) and the level the next hand is
played at. The tribute's events are worded here (added to ``lines.LINES``): the cards given,
the card given back (the human types ``give 10S``, or ``?`` for the choices), 抗贡.
Hand ``k`` is dealt from ``game_seed(seed, k)``: a match is reproducible from (variant, seat,
seed, bots) and the lines typed, like a hand.
"""

from __future__ import annotations

from collections.abc import Callable

from paixing.agents.play import game_seed
from paixing.game.events import Tribute, TributeResisted, TributeReturned
from paixing.game.session import Session as MatchSession
from paixing.game.teams import fixed_sides
from paixing.hands.compile import Ruleset
from paixing.rules.cards import Card, parse_cards
from rich.console import Console
from rich.text import Text

from .base import EXIT_OK, Chooser, card_text, seat_names
from .lines import LINES, EventLines
from .session import Session

MAX_HANDS = 1000
"""Most hands a match at the terminal plays (the same cap as ``simulate --matches``)."""


def _tribute(self: EventLines, e: Tribute) -> None:
    self.say(Text("Tribute: ", style="bold"), f"{self.does(e.seat, 'give', 'gives')} ", card_text(_card(e.card)),
             f" to {self.name(e.to)}")
    if e.to == self.seat and self.g.phase == "contract":
        self.say(Text("Give a card back: type `give 10S` (? lists the cards you may give).", style="dim"))


def _tribute_back(self: EventLines, e: TributeReturned) -> None:
    self.say(Text("Return: ", style="bold"), f"{self.does(e.seat, 'give', 'gives')} ", card_text(_card(e.card)),
             f" back to {self.name(e.to)}")


def _resisted(self: EventLines, e: TributeResisted) -> None:
    who = " and ".join(self.name(s) for s in e.seats)
    self.say(Text("No tribute: ", style="bold"), f"{who} hold {e.cards} (抗贡).")


def _card(text: str) -> Card:
    return parse_cards(text)[0]


for _event, _method in ((Tribute, _tribute), (TributeReturned, _tribute_back), (TributeResisted, _resisted)):
    # the tribute's lines join the terminal's: LINES names a method of EventLines per event
    setattr(EventLines, _method.__name__, _method)
    LINES[_event] = _method.__name__


def side_names(rs: Ruleset, you: int) -> list[str]:
    """Each side's seats, named from where you sit (``You & 对家``)."""
    game = rs.variant.game
    assert game is not None
    names = seat_names(rs.variant.players, you)
    contract = next(c for c in game.contracts if c.teams == "fixed")
    sides = fixed_sides(contract, rs.variant.players)
    return [" & ".join(names[s] for s in range(rs.variant.players) if sides[s] == k) for k in range(2)]


def standing(rs: Ruleset, carried: dict[str, object], you: int) -> str:
    """Where the match stands, in one line: each side's level (attempts) or points."""
    state = carried.get("match")
    game = rs.variant.game
    if not isinstance(state, dict) or game is None or game.session is None:
        return ""
    parts = []
    for k, who in enumerate(side_names(rs, you)):
        if game.session.levels is not None:
            parts.append(f"{who}: level {state['levels'][k]} ({state['attempts'][k]} failed at the top)")
        else:
            parts.append(f"{who}: {state['points'][k]} points")
    level = carried.get("level")
    return "; ".join(parts) + (f". Next hand at level {level}." if level else ".")


def play_match(
    rs: Ruleset, seat: int, seed: int, choosers: dict[int, Chooser],
    input_fn: Callable[[str], str], console: Console, echo: bool,
) -> int:
    """Play hands of a match from ``seat`` until a side wins it; the exit code of a hand that
    was abandoned, else 0."""
    match = MatchSession.start(rs)
    for k in range(MAX_HANDS):
        console.print(Text(f"══ Hand {k + 1} of the match ══", style="bold magenta"))
        game = match.next_game(game_seed(seed, k))
        code = Session(game, seat, choosers, input_fn, console, echo).run()
        if code != EXIT_OK:
            return code
        match.finish(game)
        console.print(Text("Match: ", style="bold") + Text(standing(rs, match.carried, seat)))
        if match.winner is not None:
            who = side_names(rs, seat)[match.winner]
            console.print(Text(f"The match is won by {who} after {k + 1} hands.", style="bold green"))
            return EXIT_OK
    console.print(f"The match did not end in {MAX_HANDS} hands.")
    return 1
