"""``paixing show RECORD``: a game record stepped through trick by trick, as ``play`` prints a hand.

A record file is read as ``paixing replay`` reads it (``replay_many.read_records``: one JSON
record, a session record of several hands, or JSON lines of records, as ``simulate --out`` and
``play --out`` write them), and every hand in it is replayed and checked first
(``records.replay``, ``session.replay_session``): a record that does not replay is refused
before anything is shown, so what is shown is what the rules made of the recorded actions.
Then each hand is told by ``view.RecordView`` — the renderer ``play`` uses — pausing before each
trick (Enter goes on, ``q`` stops) or all at once; ``--json`` prints the hand's events instead.

Exit codes: 0 shown (or stopped with ``q``); 1 Ctrl-C; 2 a record file that cannot be read, is
not JSON, is not a game record or does not replay, or a seat out of range — one line naming the
file (and the line of a JSON-lines file) and what is wrong.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paixing.game.record_checks import printable
from paixing.game.records import game_from_record, replay
from paixing.game.session import replay_session
from paixing.replay_many import read_records
from rich.console import Console
from rich.text import Text

from .base import EXIT_ABANDONED, EXIT_OK, EXIT_USAGE
from .record_file import person_seat
from .view import NOBODY, RecordView, Stopped

MAX_LABEL = 40
"""The longest name of a player shown from a record (the rest is cut)."""
STOP_WORDS = ("q", "quit", "exit")
"""What stops the telling at a pause (Enter, or anything else, goes on)."""


class ShowError(ValueError):
    """A record file that cannot be shown; the message is one line naming the file."""


@dataclass(frozen=True)
class Hand:
    """One replayed hand of a record file."""

    where: str
    """The file (``file:line`` for a line of JSON lines, ``file hand k`` in a session)."""
    record: dict[str, Any]
    folder: Path
    """Where the record file lies (where a variant file it names may be found)."""
    seats: int
    events: list[dict[str, Any]]
    """The hand's log as the replay made it: the record's ``events`` when it has them."""


def load_hands(file: str) -> list[Hand]:
    """Every hand of ``file``, each replayed and checked; ``ShowError`` (one line) otherwise."""
    hands: list[Hand] = []
    try:
        for number, record in read_records(file):
            where = printable(f"{file}:{number}" if number else file)
            hands += _hands_of(where, record, Path(file).parent)
    except ValueError as exc:
        raise ShowError(str(exc)) from None
    except RecursionError:
        raise ShowError(f"{file}: not a game record: nested too deeply") from None
    return hands


def _hands_of(where: str, record: object, folder: Path) -> list[Hand]:
    """The hands of one record (a session record holds several), replayed."""
    if not isinstance(record, dict):
        raise ShowError(f"{where}: not a game record (a JSON object)")
    if not record.get("session"):
        return [_replayed(where, record, folder)]
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise ShowError(f"{where}: not a session record: it has no hands")
    checked = replay_session(record)
    if not checked.ok:
        raise ShowError(f"{where}: {checked.error}")
    return [_replayed(f"{where} hand {k}", hand, folder) for k, hand in enumerate(hands, start=1)]


def _replayed(where: str, record: Any, folder: Path) -> Hand:
    if not isinstance(record, dict):
        raise ShowError(f"{where}: not a game record (a JSON object)")
    result = replay(record, None, folder)
    if not result.ok or result.game is None:
        raise ShowError(f"{where}: {result.error}")
    game = result.game
    return Hand(where, record, folder, game.n, [event.to_json() for event in game.log])


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
    game = game_from_record(hand.record, None, hand.folder)
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
) -> int:
    """Show the record(s) in ``file``; return the exit code (see the module's docstring).

    ``seat``: name the seats from this one (``You``, ``下家`` …; default: the seat a person
    played in a ``play --out`` record, else ``Seat 0`` …). ``step``: pause before each trick
    and each further hand, reading Enter or ``q`` with ``input_fn``; otherwise print it all.
    ``as_json``: print the events instead (``events_json``).
    """
    try:
        hands = load_hands(file)
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
