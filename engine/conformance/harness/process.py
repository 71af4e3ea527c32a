"""The program under test: started once, fed one JSON line per request, read one JSON line per
answer, with a time limit per answer and per request written.

Whatever the program does is turned into a ``Reply``: an answer, a time-out, a crash (it
exited or closed its output; the tail of its stderr is kept) or a malformed line (not JSON,
nested too deeply, a number too long to read, longer than ``MAX_LINE`` bytes, more than
``MAX_PLAYS`` plays). After a time-out, a crash or a line too long the program is ended (its
whole process group) and started again for the next case, so one bad case never hides the
others; after ``MAX_RESTARTS`` failures in a row it is not started again. The pipes are
``pipe.Child``'s: no wait is unbounded and no line is held whole past ``MAX_LINE``.
"""

from __future__ import annotations

import json
import shlex
import time
from dataclasses import dataclass
from typing import Any

from paixing.game.record_format import printable

from .pipe import Child, LineTooLong, PipeClosed, PipeTimeout, end_program

__all__ = ["MAX_LINE", "MAX_PLAYS", "MAX_RESTARTS", "CommandError", "Program", "Reply", "end_program", "split_command"]

MAX_RESTARTS = 3
"""Consecutive crashes or time-outs after which the remaining cases are not sent."""
MAX_LINE = 16 * 2**20
"""The longest answer line read (bytes): a longer one is malformed, and never held whole."""
MAX_PLAYS = 100_000
"""The most plays an answer may list (a legal-plays answer of a vectors case has far fewer)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects an answer may have (the protocol's answers are
four deep): a deeper one is malformed before anything recurses into it."""
SHOWN = 120
"""Characters of a malformed line quoted in its report."""


class CommandError(ValueError):
    """A ``--cmd`` that names no program (empty, or not split as a shell would split it)."""


def split_command(cmd: str) -> list[str]:
    """``cmd`` split as a shell would split it; ``CommandError`` for an empty or unbalanced one."""
    try:
        argv = shlex.split(cmd)
    except ValueError as exc:
        raise CommandError(f"cannot split {printable(cmd)!r}: {exc}") from None
    if not argv:
        raise CommandError("no program given")
    return argv


@dataclass
class Reply:
    """What came back for one request."""

    status: str
    """``answer``, ``timeout``, ``crash`` or ``malformed``."""
    data: dict[str, Any] | None = None
    detail: str = ""


class Program:
    """An external implementation speaking the JSON-lines protocol (docs/conformance.md)."""

    def __init__(self, cmd: str, timeout: float) -> None:
        self.argv = split_command(cmd)
        self.timeout = timeout
        self.child: Child | None = None
        self.failures = 0

    def _start(self) -> str | None:
        """Start the program; the reason when it cannot be started."""
        try:
            self.child = Child(self.argv, MAX_LINE)
        except OSError as exc:
            self.child = None
            return f"cannot start {printable(self.argv[0])}: {exc.strerror or exc}"
        return None

    def stop(self) -> None:
        """Close the program's input and end it (its process group killed after a second)."""
        child, self.child = self.child, None
        if child is not None:
            child.end(1)

    def _failed(self, status: str, what: str) -> Reply:
        """The program timed out, closed its output or wrote too long a line: end it (after a
        moment for its exit code and last words) and count the failure."""
        child = self.child
        code = child.exit_code(1) if child is not None and status == "crash" else None
        tail = child.stderr_tail() if child is not None and status == "crash" else ""
        self.stop()
        self.failures += 1
        detail = what + (f" (exit code {code})" if code is not None else "") + (f"; stderr: {tail}" if tail else "")
        return Reply(status, detail=detail)

    def ask(self, request: dict[str, Any]) -> Reply:
        """Send one request and wait for its answer line."""
        if self.failures >= MAX_RESTARTS:
            return Reply("crash", detail=f"not sent: the program failed {MAX_RESTARTS} times in a row")
        if self.child is None:
            problem = self._start()
            if problem is not None:
                self.failures = MAX_RESTARTS
                return Reply("crash", detail=problem)
        assert self.child is not None
        deadline = time.monotonic() + self.timeout
        try:
            self.child.write((json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8"), deadline)
            line = self.child.read_line(deadline)
        except PipeTimeout:
            return self._failed("timeout", f"no answer within {self.timeout:g} s")
        except PipeClosed:
            return self._failed("crash", "the program stopped reading its input")
        except LineTooLong:
            return self._failed("malformed", f"an answer line longer than {MAX_LINE:,} bytes")
        if line is None:
            return self._failed("crash", "the program exited")
        self.failures = 0
        return parse_answer(line.decode("utf-8", errors="replace"), request["id"])


def parse_answer(line: str, wanted: str) -> Reply:
    """The answer in ``line``, or why it is malformed (not JSON, nested too deeply, a number
    too long, not an object, another id, too many plays); quoted lines are escaped."""
    quoted = printable(line.strip()[:SHOWN])
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return Reply("malformed", detail=f"not JSON ({exc.msg}): {quoted}")
    except RecursionError:
        return Reply("malformed", detail=f"not JSON (nested too deeply): {quoted}")
    except ValueError as exc:  # an integer past Python's digit limit
        return Reply("malformed", detail=f"not JSON ({printable(str(exc))}): {quoted}")
    if not isinstance(data, dict):
        return Reply("malformed", detail=f"not a JSON object: {quoted}")
    if depth(data) > MAX_DEPTH:
        return Reply("malformed", detail=f"nested more than {MAX_DEPTH} deep: {quoted}")
    if data.get("id") != wanted:
        return Reply("malformed", data, f"answer for id {printable(repr(data.get('id'))[:SHOWN])}, expected {wanted!r}")
    plays = data.get("plays")
    if isinstance(plays, list) and len(plays) > MAX_PLAYS:
        return Reply("malformed", None, f"{len(plays):,} plays, more than {MAX_PLAYS:,}")
    return Reply("answer", data)


def depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (without recursion: any depth is measured)."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, level = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        todo.extend((child, level + 1) for child in children)
    return deepest
