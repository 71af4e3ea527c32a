"""A whole match at the terminal (``paixing play VARIANT`` for a variant with ``game.session``):
hand after hand of a session, tribute included, until a side wins the match.

Each hand is the one-hand ``TerminalHand``; between hands this prints where the match
stands (each side's level and failed attempts, or its points) and the level the next hand is
played at (the tribute's events are worded with the others, in ``lines.EventLines``).
Hand ``k`` is dealt from ``game_seed(seed, k)``: a match is reproducible from (variant, seat,
seed, bots) and the lines typed, like a hand.
"""

from __future__ import annotations

from collections.abc import Callable

from paixing.agents.play import game_seed
from paixing.game.session import Session
from paixing.hands.compile import Ruleset
from rich.console import Console
from rich.text import Text

from .base import EXIT_OK, Chooser, seat_names
from .hand import TerminalHand
from .sides import standing, winner_line

MAX_HANDS = 1000
"""Most hands a match at the terminal plays (the same cap as ``simulate --matches``)."""


def run_match(
    rs: Ruleset, seat: int, seed: int, choosers: dict[int, Chooser],
    input_fn: Callable[[str], str], console: Console, echo: bool, match: Session | None = None,
) -> int:
    """Play hands of a match from ``seat`` until a side wins it; the exit code of a hand that
    was abandoned, else 0. ``match``: the session to play in (the caller keeps it, to save
    the hands played: ``play --out``); a new one by default."""
    match = match if match is not None else Session.start(rs)
    names = seat_names(rs.variant.players, seat)
    tracking = False
    for k in range(MAX_HANDS):
        console.print(Text(f"══ Hand {k + 1} of the match ══", style="bold magenta"))
        game = match.next_game(game_seed(seed, k))
        hand = TerminalHand(game, seat, choosers, input_fn, console, echo)
        hand.seed_label = f"{seed}, hand {k + 1}"  # the seed typed; the hand's deal seed derives from it
        hand.tracking = tracking
        code = hand.run()
        tracking = hand.tracking
        if code != EXIT_OK:
            return code
        match.finish(game)
        console.print(Text("Match: ", style="bold") + Text(standing(rs, match.carried, names)))
        won = winner_line(rs, match.carried, names)
        if won is not None:
            console.print(Text(won, style="bold green"))
            return EXIT_OK
    console.print(f"The match did not end in {MAX_HANDS} hands.")
    return 1
