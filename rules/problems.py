"""What a variant file's problems look like: ``VariantError`` and its ``file:line:col`` lines.

Every loader module reports through these, so every message has the same form:
``file:line:col: path.to.key: what was expected (did you mean …?)``.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

Pos = tuple[str, int, int]
"""(file, line, column), 1-based."""


def printable(text: str) -> str:
    """``text`` with every control or unprintable character written as its escape (``\\x1b``):
    a key or value read from a file is echoed in a problem line, and a terminal would act on
    an escape sequence (colours, clearing the screen) or a bell instead of showing it."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or unicodedata.category(c) == "Zs" else repr(c)[1:-1] for c in text)


class VariantError(ValueError):
    """One or more problems in a variant file, each on its own line with file:line:col (and no
    control character: each line is made printable here, whatever built it)."""

    def __init__(self, problems: list[str]):
        problems = [printable(p) for p in problems]
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class Located:
    """A semantic problem found after validation, with the key path it concerns."""

    loc: tuple[int | str, ...]
    message: str


def where(pos: Pos | None, file: str) -> str:
    """``file:line:col`` when the position is known, else the file alone."""
    return f"{pos[0]}:{pos[1]}:{pos[2]}" if pos else file


def closest(word: str, options: Iterable[str]) -> str | None:
    """The option closest to ``word`` (a likely typo of it), or None when none is close."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest option, or nothing when none is close."""
    close = closest(word, options)
    return f" (did you mean {close!r}?)" if close is not None else ""


def dotted(loc: tuple[int | str, ...]) -> str:
    """A key path as the messages print it: ``hand_types[2].chain.length``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{printable(part)}" if out else printable(str(part)))
    return out or "(top level)"
