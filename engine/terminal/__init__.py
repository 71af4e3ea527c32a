"""Play one hand against bots in a terminal, by typing only.

``play`` deals a hand of a variant, lets bots play every seat but yours, prints what each
of them does as it happens (one line per action), and reads your moves as text: card notation
(``55``, ``7S 7H``, ``333 BJ``), ``pass``/``p``, ``bid …``/``call …`` (or just the contract's
name, the value, the card), ``give …`` (a card given back for a tribute), ``?`` for your
numbered legal options (``#N`` then takes that option), ``hand`` to reprint your hand,
``status`` for the table, ``hint`` (the greedy bot's choice from your observation),
``tracker`` (记牌器, the cards of each rank still out), ``quit``. A refused move prints
the engine's one-line reason and asks again. At the end: the score table and the result reason.

Seats are named from where you sit, in playing order: **You**, **下家** (plays after you),
**对家** (across, four players), **上家** (plays before you); other seats of larger tables are
``Seat N``. ``docs/play.md`` has the commands and a transcript.

Bots come from ``paixing.agents.bots`` (its ``BOTS`` registry), one per seat, seeded as
``paixing simulate`` seeds the bots of its first game (``paixing.agents.play.bot_seed(seed, 0,
seat)``) and shown only their seat's observation. A hand is reproducible from ``(variant, seat,
seed, bots)`` and the lines typed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from paixing.agents.bots import BOTS, Bot, make_bot
from paixing.agents.play import bot_seed
from paixing.game.session import Session
from paixing.game.state import Action, Game, new_game
from paixing.hands.cache import ruleset
from paixing.rules.loader import VariantError
from rich.console import Console

from .base import EXIT_ABANDONED, EXIT_OK, EXIT_USAGE, Chooser, card_text, cards_text, seat_names
from .hand import INTERRUPTED, TerminalHand
from .line_input import read_line
from .match import run_match
from .record_file import out_problem, players, saved, saved_match
from .show import show_file

__all__ = [
    "EXIT_ABANDONED", "EXIT_OK", "EXIT_USAGE", "Chooser", "bot_names", "card_text", "cards_text", "make_bots",
    "play", "seat_names", "show_file",
]


def bot_names() -> list[str]:
    """The bot kinds ``play(bots=…)`` accepts."""
    return sorted(BOTS)


def make_bots(name: str, seed: int, seats: Sequence[int]) -> dict[int, Chooser]:
    """One bot per seat from ``BOTS[name]``, seeded as simulate seeds game 0 of a run seeded
    ``seed`` (``bot_seed``); each sees only its seat's observation. ``KeyError`` with a
    one-line message for an unknown name."""
    if name not in BOTS:
        raise KeyError(f"unknown bots {name!r}; available: {', '.join(sorted(BOTS))}")
    return {s: _chooser(make_bot(name, bot_seed(seed, 0, s))) for s in seats}


def _chooser(bot: Bot) -> Chooser:
    """The session's view of a bot: it is shown only the observation of the seat to act."""

    def choose(game: Game, seat: int) -> Action:
        return bot.choose(game.observation(seat))

    return choose


def play(
    variant: str,
    seat: int = 0,
    seed: int = 0,
    bots: str = "greedy",
    input_fn: Callable[[str], str] = read_line,
    console: Console | None = None,
    out: str | Path | None = None,
    overwrite: bool = False,
) -> int:
    """Play one hand of ``variant`` from ``seat`` against bots; return an exit code.

    0 when the hand was played to its end; 1 when input ended (EOF), on ``quit``, or when the
    engine could not go on; 2 for an unknown variant, a variant without a ``game:`` section, a
    seat out of range or unknown bots (one line on stderr). ``input_fn`` reads one line (like
    ``input``; the default, ``line_input.read_line``, reads at most 4096 characters of it, and
    a longer line from any input function is refused in one line); everything else is printed on ``console`` (default: a new rich Console on
    stdout). Lines typed are echoed on the console unless they come from ``input`` on a terminal.

    ``out``: write the hand's game record there when it is played to its end (``record_file``:
    the format ``simulate --out`` writes and ``replay``/``show`` read); an unfinished hand
    writes nothing and says so in one line on stderr. A variant that plays a match writes the
    session record of the hands finished (``{"session": true, …, "hands": [...]}``, as
    ``simulate --matches --out``), the whole match once it is won. A file that already exists (unless
    ``overwrite``), a folder, or a missing folder is refused before the deal (exit 2); a
    record that cannot be written after the hand is one line and exit 1.

    The command line calls this as ``paixing play VARIANT [--seat N] [--seed S] [--bots NAME]
    [--out FILE [--overwrite]]`` (``paixing.cli``). Ctrl-C at any point (start-up, a prompt, the
    bots' moves) prints one line and returns 1.
    """
    try:
        return _play_hand(variant, seat, seed, bots, input_fn, console, (out, overwrite))
    except KeyboardInterrupt:  # during start-up: the session handles its own
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_ABANDONED


def _play_hand(
    variant: str,
    seat: int,
    seed: int,
    bots: str,
    input_fn: Callable[[str], str],
    console: Console | None,
    record: tuple[str | Path | None, bool],
) -> int:
    """``play`` without the start-up Ctrl-C guard (``record``: ``out`` and ``overwrite``)."""
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
    out = None if record[0] is None else Path(record[0])
    refused = None if out is None else out_problem(out, record[1])
    if refused is not None:
        print(refused, file=sys.stderr)
        return EXIT_USAGE
    if console is None:
        console = Console(highlight=False)
    echo = not (input_fn in (input, read_line) and sys.stdin.isatty())
    if rs.variant.game.session is not None:  # a whole match: terminal/match.py
        match = Session.start(rs)
        code = run_match(rs, seat, seed, choosers, input_fn, console, echo, match)
        return code if out is None else saved_match(match, seed, code, out, players(n, seat, bots), console)
    session = TerminalHand(new_game(rs, seed), seat, choosers, input_fn, console, echo)
    code = session.run()
    return code if out is None else saved(session.g, code, out, players(n, seat, bots), console)
