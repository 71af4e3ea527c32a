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

from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset

from .answers import answer
from .cards import card_cases
from .hands import MAX_GAMES, hand_cases

FORMAT = "paixing-vectors/1"
"""The header's ``format``: bumped when a case's fields change meaning."""
OPS = ("classify", "beats", "moves", "score")

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


def read(path: str | Path) -> Vectors:
    """A vectors file back (header first); ``VectorsError`` naming the bad line otherwise."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise VectorsError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise VectorsError(f"{path}:{number}: not JSON: {exc}") from None
        if not isinstance(row, dict):
            raise VectorsError(f"{path}:{number}: not a JSON object")
        rows.append(row)
    if not rows or rows[0].get("format") != FORMAT:
        raise VectorsError(f"{path}:1: the first line must be a header with format {FORMAT!r}")
    head = rows[0]
    out = Vectors(str(head.get("variant")), int(head.get("seed", 0)), int(head.get("random", 0)), rows[1:])
    out.unreached = [(u["contract"], u["row"]) for u in head.get("unreached_rows", [])]
    return out
