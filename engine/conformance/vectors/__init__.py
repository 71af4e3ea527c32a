"""Conformance vectors: test cases generated from a variant file alone, for any implementation.

``vectors(ref)`` returns the cases of a variant: classify, beats and legal-play cases covering
every hand type, length, ladder rung, wild-card limit, comparison key and class and every
example of the file (``cards``), seeded random cases, and whole hands with their scores, one
per score row (``hands``). ``write``/``read`` store them as JSON lines: a header line, then one
case a line (docs/conformance.md, docs/conformance.schema.json). The same variant file and
seed always give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paixing.game.record_format import printable, read_file
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset

from .answers import answer
from .cards import card_cases
from .check import FORMAT, OPS, case_problem, header_problem
from .hands import MAX_GAMES, hand_cases

__all__ = ["FORMAT", "MAX_RANDOM", "OPS", "Vectors", "answer", "read", "vectors", "write"]


@dataclass
class Vectors:
    """A variant's cases and what the header line says of them."""

    variant: str
    seed: int
    random: int
    cases: list[dict[str, Any]] = field(default_factory=list)
    unreached: list[tuple[str, int]] = field(default_factory=list)
    """Score rows no whole hand reached (contract id, row index)."""

    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "variant": self.variant,
            "seed": self.seed,
            "random": self.random,
            "cases": len(self.cases),
            "unreached_rows": [{"contract": c, "row": r} for c, r in self.unreached],
        }


MAX_RANDOM = 100_000
"""The most seeded random card cases one run makes (a few minutes' work; a conformance run
needs far fewer: docs/conformance.md)."""


def vectors(
    ref: str | Ruleset,
    random: int = 0,
    seed: int = 0,
    hands: bool = True,
    max_games: int = MAX_GAMES,
    ops: Iterable[str] = OPS,
) -> Vectors:
    """Every case of the variant ``ref`` (a built-in id, a file or a compiled ruleset):
    ``random`` seeded random card cases, whole hands when ``hands``; only the ``ops`` asked."""
    if not 0 <= random <= MAX_RANDOM:
        raise ValueError(f"random: between 0 and {MAX_RANDOM:,} cases, not {random:,}")
    rs = ruleset(ref) if isinstance(ref, str) else ref
    wanted = set(ops)
    out = Vectors(rs.id, seed, random)
    cases = [c for c in card_cases(rs, random, seed) if c["op"] in wanted]
    if hands and "score" in wanted:
        found = hand_cases(rs, seed, max_games)
        cases += found.cases
        out.unreached = found.unreached
    width = len(str(len(cases)))
    out.cases = [{"id": f"{rs.id}:{i:0{width}d}", **c} for i, c in enumerate(cases, start=1)]
    return out


def dumps(v: Vectors) -> str:
    """The JSON-lines text: the header, then one case a line (keys in a fixed order)."""
    lines = [json.dumps(v.header(), ensure_ascii=False)]
    lines += [json.dumps(c, ensure_ascii=False) for c in v.cases]
    return "\n".join(lines) + "\n"


def write(v: Vectors, path: str | Path) -> None:
    Path(path).write_text(dumps(v), encoding="utf-8")


class VectorsError(ValueError):
    """A vectors file that cannot be read: the message names the line."""


MAX_FILE_BYTES = 512 * 2**20
"""The largest vectors file read (it is read whole)."""


def _row(path: str | Path, number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except RecursionError:
        raise VectorsError(f"{path}:{number}: not JSON: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or an integer past Python's digit limit
        raise VectorsError(f"{path}:{number}: not JSON: {printable(str(exc))}") from None


def read(path: str | Path) -> Vectors:
    """A vectors file back (header first), every line checked against the schema
    (``check``); ``VectorsError`` naming the bad line and field otherwise."""
    try:
        text = read_file(path, MAX_FILE_BYTES)
    except ValueError as exc:
        raise VectorsError(printable(str(exc))) from None
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        row = _row(path, number, line)
        problem = header_problem(row) if not rows else case_problem(row)
        if problem is not None:
            raise VectorsError(f"{path}:{number}: {printable(problem)}")
        rows.append(row)
    if not rows:
        raise VectorsError(f"{path}:1: the first line must be a header with format {FORMAT!r}")
    head = rows[0]
    out = Vectors(head["variant"], head["seed"], head["random"], rows[1:])
    out.unreached = [(u["contract"], u["row"]) for u in head["unreached_rows"]]
    return out
