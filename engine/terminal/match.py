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
from paixing.game.teams import fixed_sides
from paixing.hands.compile import Ruleset
from rich.console import Console
from rich.text import Text

from .base import EXIT_OK, Chooser, seat_names
from .hand import TerminalHand

MAX_HANDS = 1000
"""Most hands a match at the terminal plays (the same cap as ``simulate --matches``)."""


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


def run_match(
    rs: Ruleset, seat: int, seed: int, choosers: dict[int, Chooser],
    input_fn: Callable[[str], str], console: Console, echo: bool,
) -> int:
    """Play hands of a match from ``seat`` until a side wins it; the exit code of a hand that
    was abandoned, else 0."""
    match = Session.start(rs)
    for k in range(MAX_HANDS):
        console.print(Text(f"══ Hand {k + 1} of the match ══", style="bold magenta"))
        game = match.next_game(game_seed(seed, k))
        code = TerminalHand(game, seat, choosers, input_fn, console, echo).run()
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
