"""``paixing play --out FILE``: the hand a person played, saved as a game record.

The record is ``Game.to_record()`` — the format ``simulate --out`` writes, ``paixing replay``
checks and ``paixing show`` steps through — plus ``players``: who played each seat
(``"person"`` for the human, the bot kind for the others), which ``show`` uses to tell the
story from the person's seat. ``replay`` ignores ``players`` (it is not an outcome field).

A match (a variant with ``game.session``) is written as the session record of its finished
hands (``Session.to_record``: ``{"session": true, "variant", "seed", "hands", "totals"}``, the
format of ``simulate --matches --out``), ``players`` on the record and on each hand; ``replay``
checks it hand by hand and ``show`` tells each hand with the match's progress.

Only a finished hand is written (of a match left part way, the hands it finished). A hand left unfinished (``quit``, end of input, Ctrl-C) has no
result to check, and ``replay`` refuses a record that ends before its hand does, so nothing is
written and one line says so. The file is checked before the deal (so a person never plays a
whole hand into a file that cannot be written) and written atomically (``write_record``: a
temporary file renamed into place).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from paixing.game.record_format import printable
from paixing.game.session import Session
from paixing.game.state import Game
from paixing.runs.files import RunFilesError, not_a_file, temp_path, write_record
from rich.console import Console

from .base import EXIT_ABANDONED

PERSON = "person"
"""The ``players`` entry of the seat a person played."""


def out_problem(out: Path, overwrite: bool) -> str | None:
    """Why ``out`` cannot take the record (one line), or None when it can. Checked before
    the deal: a folder, something that is not a regular file (``--overwrite`` would rename the
    record over a device node), a name the file system refuses (too long) or a folder not
    writable are said before a person plays a whole hand for nothing."""
    try:
        if out.is_dir():
            return f"--out: {out} is a folder: give a file name"
        if not_a_file(out):
            return f"--out: {out} exists and is not a regular file"
        if out.exists() and not overwrite:
            return f"--out: {out} already exists: pass --overwrite to replace it"
        folder = out.parent if str(out.parent) else Path(".")
        if not folder.is_dir():
            return f"--out: no folder {folder} to write {out.name} in"
        if not os.access(folder, os.W_OK):
            return f"--out: cannot write in {folder}"
        probe = temp_path(out)  # the file write_record writes first: its name must be allowed too
        probe.open("x").close()
        probe.unlink()
    except OSError as exc:
        return f"--out: cannot write {printable(str(out))}: {exc.strerror or type(exc).__name__}"
    return None


def players(n: int, seat: int, bots: str) -> list[str]:
    """Who played each seat: ``person`` at ``seat``, the bot kind everywhere else."""
    return [PERSON if s == seat else bots for s in range(n)]


def save(game: Game, out: Path, played_by: Sequence[str]) -> str | None:
    """Write the record of the finished ``game``; the error line when it cannot be written."""
    if not game.over:
        return f"No record written to {out}: the hand was not finished (only a finished hand is recorded)."
    try:
        write_record(out, {**game.to_record(), "players": list(played_by)})
    except RunFilesError as exc:
        return str(exc)
    return None


def saved(game: Game, code: int, out: Path, played_by: Sequence[str], console: Console) -> int:
    """After the hand: write its record and say so on ``console``, or say on stderr why not;
    the exit code (``code``, or 1 when a finished hand's record could not be written)."""
    problem = save(game, out, played_by)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_ABANDONED
    console.print(f"Record written to {out} (paixing show {out} steps through it).",
                  markup=False, highlight=False, soft_wrap=True)  # a path is never cut
    return code


def person_seat(record: dict[str, object]) -> int | None:
    """The seat a person played, from a record's ``players`` (None when it names none, or
    is not a list of names)."""
    played_by = record.get("players")
    if not isinstance(played_by, list) or not all(isinstance(p, str) for p in played_by):
        return None
    seats = [s for s, who in enumerate(played_by) if who == PERSON]
    return seats[0] if len(seats) == 1 else None


def save_match(match: Session, seed: int, out: Path, played_by: Sequence[str]) -> str | None:
    """Write the session record of the match's finished hands (each hand's record and the
    record itself say who played each seat); the error line when there is none or it cannot be
    written."""
    if not match.records:
        return f"No record written to {out}: no hand of the match was finished (only finished hands are recorded)."
    who = list(played_by)
    record = match.to_record(seed)
    record["hands"] = [{**hand, "players": who} for hand in record["hands"]]
    try:
        write_record(out, {**record, "players": who})
    except RunFilesError as exc:
        return str(exc)
    return None


def saved_match(match: Session, seed: int, code: int, out: Path, played_by: Sequence[str], console: Console) -> int:
    """After a match (won, or left part way): write the hands finished and say so, as ``saved``
    does for a hand; a match left part way is saved with the hands it finished."""
    problem = save_match(match, seed, out, played_by)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_ABANDONED
    hands = len(match.records)
    done = "the match" if match.winner is not None else f"{hands} hand{'s' if hands != 1 else ''} (the match was not finished)"
    console.print(f"Record written to {out}: {done} (paixing show {out} steps through it).",
                  markup=False, highlight=False, soft_wrap=True)
    return code
