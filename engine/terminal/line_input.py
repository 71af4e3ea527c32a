"""Reading one typed line, bounded: ``read_line`` is ``play``'s default input function.

``input()`` reads a whole line however long it is: a 10 MB line piped in (or pasted) was read,
echoed, split and parsed as card notation, which took 34–44 s and up to 848 MB. No move, bid
or command is longer than a few dozen characters, so a line is read up to ``MAX_LINE``
characters; the rest of a longer line is read and thrown away in pieces of that size (the
memory a line costs stays bounded), and the line is refused in one line (``TOO_LONG``) by the
session, which asks again. A line from a terminal is read by ``input()`` (line editing and
history): the terminal itself bounds it (4095 characters on Linux); the session refuses one
over ``MAX_LINE`` from any input function, so a caller's own ``input_fn`` is bounded too.
"""

from __future__ import annotations

import sys
from typing import TextIO

MAX_LINE = 4096
"""The longest line read, in characters."""
TOO_LONG = f"✗ that line is over {MAX_LINE} characters: it is ignored"
"""What the session says of a longer line."""


class LineTooLong(Exception):
    """A line longer than ``MAX_LINE`` was read (and the rest of it skipped)."""


def read_line(prompt: str = "") -> str:
    """One line of standard input without its end of line, at most ``MAX_LINE`` characters;
    ``EOFError`` at the end of input, ``LineTooLong`` for a longer line (read to its end)."""
    stdin = sys.stdin
    if stdin is None:
        raise EOFError
    if stdin.isatty():
        return input(prompt)
    if prompt:
        sys.stdout.write(prompt)
        sys.stdout.flush()
    line = stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    if line.endswith("\n"):
        line = line[:-1]
    elif len(line) > MAX_LINE:
        _skip_rest(stdin)
        raise LineTooLong
    return line.removesuffix("\r")


def _skip_rest(stream: TextIO) -> None:
    """Read the rest of the current line in pieces of ``MAX_LINE``, keeping none of it."""
    while True:
        piece = stream.readline(MAX_LINE)
        if not piece or piece.endswith("\n"):
            return
