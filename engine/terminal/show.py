"""``paixing show RECORD``: a game record stepped through trick by trick, as ``play`` prints a hand.

Every hand of the file is read and replayed first (``record_hands``: records of ``play --out``
and ``simulate --out``, session records, JSON lines of records, the whole-hand cases of a
vectors file): a hand that does not replay is refused before anything is shown, so what is
shown is what the rules made of the recorded actions. Then each hand is told by
``view.RecordView`` — the renderer ``play`` uses — pausing before each trick (Enter goes on,
``q`` stops) or all at once; ``--json`` prints the hand's events instead.

Exit codes: 0 shown (or stopped with ``q``); 1 Ctrl-C; 2 a record file that cannot be read, is
not JSON, is not a game record or does not replay, or a seat out of range — one line naming the
file (and the line of a JSON-lines file) and what is wrong.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from paixing.game.record_format import printable
from paixing.game.records import game_from_record
from rich.console import Console
from rich.text import Text

from .base import EXIT_ABANDONED, EXIT_OK, EXIT_USAGE
from .record_file import person_seat
from .record_hands import Hand, ShowError, load_hands
from .view import NOBODY, RecordView, Stopped

MAX_LABEL = 40
"""The longest name of a player shown from a record (the rest is cut)."""
STOP_WORDS = ("q", "quit", "exit")
"""What stops the telling at a pause (Enter, or anything else, goes on)."""


def events_json(hands: list[Hand]) -> str:
    """``--json``: the event list of a one-hand file; a list of event lists for several."""
    data: Any = hands[0].events if len(hands) == 1 else [hand.events for hand in hands]
    return json.dumps(data, ensure_ascii=False, indent=2)


def prompt_pause(console: Console, input_fn: Callable[[str], str]) -> Callable[[str], bool]:
    """A pause that asks at the terminal: Enter goes on to ``what``, ``q`` (or end of input)
    stops."""

    def pause(what: str) -> bool:
        console.print(Text(f"Enter: {what} · q: quit ", style="dim"), end="")
        try:
            line = input_fn("")
        except EOFError:
            console.print()
            return False
        return line.strip().lower() not in STOP_WORDS

    return pause


def tell(hand: Hand, seat: int | None, console: Console, pause: Callable[[str], bool] | None) -> None:
    """Print one hand; raises ``Stopped`` when ``pause`` says stop."""
    game = game_from_record(hand.record, hand.rules, hand.folder)
    view_seat = seat if seat is not None else person_seat(hand.record)
    view = RecordView(game, NOBODY if view_seat is None else view_seat, console, pause,
                      played_by(hand.record), hand.where)
    view.tell(hand.record.get("actions", []))


def played_by(record: dict[str, Any]) -> list[str]:
    """Who played each seat, when the record says: ``players`` (``play --out``) or the bots of
    a ``simulate --out`` run (``run.bots``); empty otherwise."""
    run = record.get("run")
    for names in (record.get("players"), run.get("bots") if isinstance(run, dict) else None):
        if isinstance(names, list) and all(isinstance(name, str) for name in names):
            return [printable(name[:MAX_LABEL]) for name in names]  # a record's text may hold escapes
    return []


def show_file(
    file: str,
    seat: int | None = None,
    step: bool = True,
    as_json: bool = False,
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
    variant: str | None = None,
) -> int:
    """Show the record(s) in ``file``; return the exit code (see the module's docstring).

    ``seat``: name the seats from this one (``You``, ``下家`` …; default: the seat a person
    played in a ``play --out`` record, else ``Seat 0`` …). ``step``: pause before each trick
    and each further hand, reading Enter or ``q`` with ``input_fn``; otherwise print it all.
    ``as_json``: print the events instead (``events_json``). ``variant``: the rules to read
    the records by instead of the ones they name (``replay --variant``).
    """
    try:
        hands = load_hands(file, variant)
        _check_seat(hands, seat)
    except ShowError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    console = console or Console(highlight=False)
    if as_json:
        console.print(events_json(hands), markup=False, highlight=False, emoji=False, soft_wrap=True)
        return EXIT_OK
    pause = prompt_pause(console, input_fn) if step else None
    try:
        for k, hand in enumerate(hands):
            if k and pause is not None and not pause(f"hand {k + 1} of {len(hands)}"):
                break
            tell(hand, seat, console, pause)
    except Stopped:
        pass
    except KeyboardInterrupt:
        console.print()
        console.print("Interrupted.", markup=False, highlight=False)
        return EXIT_ABANDONED
    return EXIT_OK


def _check_seat(hands: list[Hand], seat: int | None) -> None:
    """A ``--seat`` every hand of the file has."""
    if seat is None:
        return
    for hand in hands:
        if not 0 <= seat < hand.seats:
            raise ShowError(f"--seat {seat} is out of range: {hand.where} has seats 0–{hand.seats - 1}")
