"""The program under test: started once, fed one JSON line per request, read one JSON line per
answer, with a time limit per answer.

Whatever the program does is turned into a ``Reply``: an answer, a time-out, a crash (it
exited or closed its output; the tail of its stderr is kept) or a malformed line. After a
time-out or a crash the program is started again for the next case, so one bad case never
hides the others; after ``MAX_RESTARTS`` failures in a row it is not started again.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from collections import deque
from dataclasses import dataclass
from typing import IO, Any

MAX_RESTARTS = 3
"""Consecutive crashes or time-outs after which the remaining cases are not sent."""


@dataclass
class Reply:
    """What came back for one request."""

    status: str
    """``answer``, ``timeout``, ``crash`` or ``malformed``."""
    data: dict[str, Any] | None = None
    detail: str = ""


def _pump(stream: IO[str], into: queue.Queue[str | None]) -> None:
    for line in stream:
        into.put(line)
    into.put(None)


def _keep_tail(stream: IO[str], tail: deque[str]) -> None:
    for line in stream:
        tail.append(line.rstrip("\n"))


class Program:
    """An external implementation speaking the JSON-lines protocol (docs/conformance.md)."""

    def __init__(self, cmd: str, timeout: float) -> None:
        self.argv = shlex.split(cmd)
        self.timeout = timeout
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=5)
        self.stderr_reader: threading.Thread | None = None
        self.failures = 0

    def _start(self) -> str | None:
        """Start the program; the reason when it cannot be started."""
        self.lines = queue.Queue()
        self.stderr = deque(maxlen=5)
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
            )
        except OSError as exc:
            self.proc = None
            return f"cannot start {self.argv[0] if self.argv else '(empty command)'}: {exc.strerror or exc}"
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=_pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        self.stderr_reader = threading.Thread(target=_keep_tail, args=(self.proc.stderr, self.stderr), daemon=True)
        self.stderr_reader.start()
        return None

    def stop(self) -> None:
        """Close the program's input and end it (killed if it does not exit within a second)."""
        proc, self.proc = self.proc, None
        if proc is not None:
            end_program(proc, 1)

    def _crashed(self, what: str) -> Reply:
        """The program closed its output: wait a moment for its exit code and last words."""
        proc = self.proc
        code: int | None = None
        if proc is not None:
            try:
                code = proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
        if self.stderr_reader is not None:
            self.stderr_reader.join(timeout=1)
        self.stop()
        self.failures += 1
        tail = " | ".join(self.stderr)
        detail = what + (f" (exit code {code})" if code is not None else "") + (f"; stderr: {tail}" if tail else "")
        return Reply("crash", detail=detail)

    def ask(self, request: dict[str, Any]) -> Reply:
        """Send one request and wait for its answer line."""
        if self.failures >= MAX_RESTARTS:
            return Reply("crash", detail=f"not sent: the program failed {MAX_RESTARTS} times in a row")
        if self.proc is None:
            problem = self._start()
            if problem is not None:
                self.failures = MAX_RESTARTS
                return Reply("crash", detail=problem)
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
        except OSError:
            return self._crashed("the program stopped reading its input")
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            self.stop()
            self.failures += 1
            return Reply("timeout", detail=f"no answer within {self.timeout:g} s")
        if line is None:
            return self._crashed("the program exited")
        self.failures = 0
        return _parse(line, request["id"])


def _parse(line: str, wanted: str) -> Reply:
    """The answer in ``line``, or why it is malformed (not JSON, not an object, another id)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return Reply("malformed", detail=f"not JSON ({exc.msg}): {line.strip()[:120]}")
    if not isinstance(data, dict):
        return Reply("malformed", detail=f"not a JSON object: {line.strip()[:120]}")
    if data.get("id") != wanted:
        return Reply("malformed", data, f"answer for id {data.get('id')!r}, expected {wanted!r}")
    return Reply("answer", data)


def end_program(proc: subprocess.Popen[str], wait: float) -> None:
    """Close a program's input and let it exit, killed if it has not within ``wait`` seconds
    (the conformance runner's and the arena's external agents' one way to end a program)."""
    try:
        if proc.stdin is not None:
            proc.stdin.close()
        proc.wait(wait)
    except (OSError, subprocess.TimeoutExpired):
        proc.kill()
        proc.wait()
