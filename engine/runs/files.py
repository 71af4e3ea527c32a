"""The record files of a ``simulate`` run: written atomically, never mixed with another run's.

Each record is written to a temporary file beside it and renamed into place, so a full disk,
a signal or a killed process never leaves a half-written ``game-*.json`` (at worst a
``.tmp`` file, removed by the next run). A folder that already holds records is refused,
unless the caller resumes (each record there must be this run's game, and is replayed to count
it) or overwrites (the old records are removed first, so no stale one is left among new ones).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from paixing.game.records import replay
from paixing.game.state import Game
from paixing.hands.compile import Ruleset

Existing = Literal["refuse", "resume", "overwrite"]
"""What to do with records already in the output folder."""
EXISTING: tuple[str, ...] = ("refuse", "resume", "overwrite")

RECORD_GLOB = "game-*.json"
TEMP_SUFFIX = ".tmp"
TEMP_GLOB = f".*-*.json.*{TEMP_SUFFIX}"
"""``temp_path``'s names: ``.game-000001.json.PID.tmp`` (and ``session-``, ``match-``, ``hand-``)."""


class RunFilesError(RuntimeError):
    """The output folder or one of its records cannot be used; the message is one line."""


class OutDirError(RunFilesError):
    """The output folder cannot be used as asked (a usage error: nothing was played)."""


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def prepare_out(out_dir: Path, existing: Existing) -> None:
    """Create ``out_dir`` and apply ``existing`` to the records it already holds."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        os.listdir(out_dir)  # a folder that cannot be listed hides its records: said here, not later
        clean_temps(out_dir)
        old = sorted(out_dir.glob(RECORD_GLOB))
    except OSError as exc:
        raise OutDirError(f"--out: cannot use {out_dir}: {_why(exc)}") from None
    if not old or existing == "resume":
        return
    if existing == "refuse":
        raise OutDirError(
            f"--out: {out_dir} already holds {len(old)} records: pass --resume to keep them and play the rest, "
            "or --overwrite to replace them"
        )
    try:
        for path in old:
            path.unlink()
    except OSError as exc:
        raise OutDirError(f"--out: cannot remove the old records in {out_dir}: {_why(exc)}") from None


def clean_temps(out_dir: Path) -> None:
    """Remove the temporary files of records never renamed into place (a worker killed while
    writing one): called before a run and after it, when every worker is done."""
    for stale in out_dir.glob(TEMP_GLOB):
        stale.unlink(missing_ok=True)


def temp_path(path: Path) -> Path:
    """The temporary file ``write_record`` writes before renaming it to ``path``."""
    return path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")


def not_a_file(path: Path) -> bool:
    """Whether ``path`` exists as something other than a regular file (a folder, a device, a
    FIFO): a rename onto it would replace a device node, so a record is never written there.
    A symbolic link counts as what it points to."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    return not stat.S_ISREG(info.st_mode)


def write_record(path: Path, record: dict[str, Any]) -> None:
    """Write ``record`` as ``path`` atomically (temporary file, then rename); refused when
    ``path`` is there and is not a regular file."""
    temp = temp_path(path)
    text = json.dumps(record, ensure_ascii=False) + "\n"
    try:
        if not_a_file(path):
            raise RunFilesError(f"cannot write {path}: it is not a regular file")
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        raise RunFilesError(f"cannot write {path}: {_why(exc)}") from None


def run_tag(seed: int, index: int, bots: Sequence[str]) -> dict[str, Any]:
    """What a record of a run says about the run (so that a resume can tell its own records)."""
    return {"seed": seed, "index": index, "bots": list(bots)}


def resumed(path: Path, rs: Ruleset, tag: dict[str, Any]) -> Game | None:
    """The finished game of an existing record of this run, or None when there is no record;
    raises RunFilesError for a record of another run, variant or rules."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise RunFilesError(f"--resume: cannot read {path}: {exc}") from None
    try:
        record = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise RunFilesError(f"--resume: {path} is not a record (use --overwrite)") from None
    if not isinstance(record, dict) or record.get("run") != tag:
        raise RunFilesError(f"--resume: {path} is not this run's record (another seed, index or bots): use --overwrite")
    outcome = replay(record, rs)
    if not outcome.ok or outcome.game is None:
        raise RunFilesError(f"--resume: {path} does not replay: {outcome.error}")
    return outcome.game
