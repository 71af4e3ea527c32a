"""Replaying many game records at once: files and directories, in worker processes.

``paixing replay`` takes any number of record files (one JSON record, or JSON lines of records)
and directories (every ``*.json`` and ``*.jsonl`` below them). Starting Python and compiling a
variant costs far more than replaying a hand, so the records are replayed by a few worker
processes (one per core by default), each taking whole files and keeping its compiled
variants: 200 records are a few seconds, not 200 process starts. ``replay_many`` reports each
finished file through ``progress``, so the command can draw a progress bar.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paixing.game.record_format import RulesRefused, read_file, rules_for
from paixing.game.records import Replay, replay
from paixing.game.session import replay_session

RECORD_SUFFIXES = (".json", ".jsonl")
"""The files a directory argument contributes."""
NOT_RECORDS = ("arena.json",)
"""Files of a run folder that hold no game record (``arena --out``'s summary): a directory
argument skips them (named as a file argument, one is read and refused as any other file)."""
MAX_FILE_BYTES = 512 * 2**20
"""The largest record file read (it is read whole): a bigger one is refused, not read into
memory (split JSON lines into several files)."""


def read_text(file: str) -> str:
    """The text of a record file (``record_format.read_file``, at most ``MAX_FILE_BYTES``)."""
    return read_file(file, MAX_FILE_BYTES)


@dataclass(frozen=True)
class ReplayResult:
    """One record's replay (or why a file or line is not a record at all)."""

    file: str
    line: int
    """The line of a JSON-lines file (0: the file is one record, or is not one at all)."""
    ok: bool
    scores: tuple[int, ...]
    error: str | None
    bad_input: bool = False
    """The file cannot be read or is not JSON: a bad argument (exit 2), as against a record that
    is refused (malformed, tampered or against its rules: exit 1). ``error`` then names the file."""

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "ok": self.ok, "scores": list(self.scores), "error": self.error}


def record_files(paths: Sequence[str]) -> list[str]:
    """``paths`` with each directory replaced by the record files below it (sorted); files are
    kept as given, even with another suffix, so a bad name is reported where it is read."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(
                str(f) for f in path.rglob("*") if f.suffix in RECORD_SUFFIXES and f.name not in NOT_RECORDS and f.is_file()
            )
        else:
            out.append(p)
    return out


def read_records(file: str) -> Iterator[tuple[int, object]]:
    """The records in ``file``: one JSON document (line 0), or JSON lines with their numbers.
    ``ValueError`` with one line for a file that cannot be read or is not JSON."""
    text = read_text(file)
    try:
        yield 0, json.loads(text)
        return
    except json.JSONDecodeError as whole:
        first = whole
    found = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{file}:{number}: not JSON: {exc}" if found else f"{file}: not JSON: {first}") from None
        found = True
        yield number, record
    if not found:
        raise ValueError(f"{file}: no record in the file")


def replay_file(file: str, variant: str | None = None) -> list[ReplayResult]:
    """Replay every record in ``file``; a malformed record is a refused one (like a tampered
    one: the run exits 1), a file that cannot be read or is not JSON gives one bad-input outcome
    (exit 2; the records before it keep theirs). ``variant``: the rules to replay by instead of
    the file each record names (``replay --variant``)."""
    out: list[ReplayResult] = []
    try:
        for number, record in read_records(file):
            if not isinstance(record, dict):
                out.append(ReplayResult(file, number, False, (), "not a game record (a JSON object)"))
                continue
            folder = Path(file).parent
            result = _session(record, variant, folder) if record.get("session") else replay(record, variant, folder)
            out.append(ReplayResult(file, number, result.ok, tuple(result.scores), result.error))
    except ValueError as exc:
        out.append(ReplayResult(file, 0, False, (), str(exc), True))
    except RecursionError:
        out.append(ReplayResult(file, 0, False, (), "not a game record: nested too deeply"))
    return out


def _session(record: dict[str, Any], variant: str | None, folder: Path) -> Replay:
    """A session (or match) record replayed hand by hand, by the rules ``variant`` names when
    given (read as ``replay --variant`` reads them for a single hand: its digest must match);
    ``folder``: where the record lies, where the variant file its hands name may be found."""
    if variant is None:
        return replay_session(record, None, folder)
    hands = record.get("hands")
    first = hands[0] if isinstance(hands, list) and hands and isinstance(hands[0], dict) else {}
    try:
        rs = rules_for({"variant": first.get("variant"), **first}, variant)
    except RulesRefused as exc:
        return Replay(False, [], str(exc), None, refused=True)
    return replay_session(record, rs, folder)


def default_jobs(files: int) -> int:
    """Worker processes for ``files`` files: one per core, never more than there are files."""
    return max(1, min(files, os.cpu_count() or 1))


def replay_many(
    files: Sequence[str],
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    variant: str | None = None,
) -> list[ReplayResult]:
    """Replay every record of ``files`` (already expanded: ``record_files``), in ``jobs`` worker
    processes (default ``default_jobs``; 1 replays here). Outcomes come in the order of
    ``files``, whatever order the workers finish in; ``progress(done, total)`` after each file."""
    jobs = default_jobs(len(files)) if jobs is None else max(1, jobs)
    results: list[list[ReplayResult]] = [[] for _ in files]
    if jobs == 1 or len(files) == 1:
        for i, file in enumerate(files):
            results[i] = replay_file(file, variant)
            if progress is not None:
                progress(i + 1, len(files))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(replay_file, file, variant): i for i, file in enumerate(files)}
            for done, future in enumerate(as_completed(futures), start=1):
                results[futures[future]] = future.result()
                if progress is not None:
                    progress(done, len(files))
    return [outcome for per_file in results for outcome in per_file]
