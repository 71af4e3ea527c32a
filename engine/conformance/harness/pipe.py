"""A program spoken to in JSON lines, with every wait bounded: the pipes of ``paixing conform``'s
program under test and of the arena's outside agents (``paixing.arena.external``).

A program may never answer, answer without a newline, write a line of hundreds of megabytes or
stop reading its input (a write then blocks on the full pipe). So ``Child`` starts it in a
process group of its own, makes both pipes non-blocking and waits on them with ``select`` in
short slices: a read or a write past its deadline raises ``PipeTimeout``, a line longer than
``max_line`` bytes raises ``LineTooLong`` (the line is never held whole), and between two
slices ``stopped()`` is asked, so a run that is told to stop (Ctrl-C) never waits on a
program. Its stderr, when kept, is read in chunks and only its last ``TAIL_BYTES`` are kept.
``end`` closes its input, lets it exit, then kills its whole process group (what the program
started itself too).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence

from paixing.game.record_format import printable

SLICE = 0.1
"""Seconds between two looks at ``stopped()`` while waiting on a pipe."""
CHUNK = 65536
TAIL_BYTES = 2000
"""The end of the program's stderr kept for a message."""


class PipeError(RuntimeError):
    """A program that could not be spoken to; the message says what it did."""


class PipeTimeout(PipeError):
    """No line (or no room to write) before the deadline."""


class PipeClosed(PipeError):
    """The program closed its input (it stopped reading, or exited)."""


class LineTooLong(PipeError):
    """A line longer than the program may write."""


class Interrupted(PipeError):
    """``stopped()`` said the run is stopping while a program was waited on."""


def _never() -> bool:
    return False


class Child:
    """A started program: ``write`` and ``read_line`` with deadlines, ``end`` to finish it.

    Raises ``OSError`` when it cannot be started."""

    def __init__(self, argv: Sequence[str], max_line: int, keep_stderr: bool = True) -> None:
        self.max_line = max_line
        self.proc = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if keep_stderr else None, start_new_session=True, bufsize=0,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.buffer = bytearray()
        self.eof = False
        self.tail = bytearray()
        self.tail_lock = threading.Lock()
        self.stderr_reader: threading.Thread | None = None
        if keep_stderr:
            self.stderr_reader = threading.Thread(target=self._keep_tail, daemon=True)
            self.stderr_reader.start()

    def _keep_tail(self) -> None:
        """Read stderr in chunks, keeping its last ``TAIL_BYTES`` (a line of any length never
        grows the memory)."""
        stream = self.proc.stderr
        assert stream is not None
        try:
            while chunk := stream.read(CHUNK):  # unbuffered: one read, whatever is there
                with self.tail_lock:
                    self.tail += chunk
                    del self.tail[:-TAIL_BYTES]
        except (OSError, ValueError):
            return

    def stderr_tail(self, lines: int = 5) -> str:
        """The last ``lines`` lines of the program's stderr, joined by `` | ``, escaped."""
        if self.stderr_reader is not None:
            self.stderr_reader.join(timeout=1)
        with self.tail_lock:
            text = self.tail.decode("utf-8", errors="replace")
        kept = [line for line in text.splitlines() if line.strip()][-lines:]
        return " | ".join(printable(line) for line in kept)

    def _wait(self, fd: int, writing: bool, deadline: float, stopped: Callable[[], bool]) -> None:
        """Until ``fd`` is ready (or the deadline, or a stop)."""
        while True:
            if stopped():
                raise Interrupted("the run is stopping")
            left = deadline - time.monotonic()
            if left <= 0:
                raise PipeTimeout("timed out")
            ready = select.select([], [fd], [], min(left, SLICE)) if writing else select.select([fd], [], [], min(left, SLICE))
            if ready[1] or ready[0]:
                return

    def write(self, data: bytes, deadline: float, stopped: Callable[[], bool] = _never) -> None:
        """Write all of ``data`` to the program's input before ``deadline`` (``time.monotonic``)."""
        assert self.proc.stdin is not None
        fd = self.proc.stdin.fileno()
        view = memoryview(data)
        while view:
            self._wait(fd, True, deadline, stopped)
            try:
                sent = os.write(fd, view)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise PipeClosed("the program stopped reading its input") from None
            view = view[sent:]

    def ready_lines(self) -> list[bytes]:
        """The complete lines the program has written so far, taken without waiting."""
        self._fill(blocking=False)
        lines = []
        while (end := self.buffer.find(b"\n")) >= 0:
            lines.append(bytes(self.buffer[:end]))
            del self.buffer[: end + 1]
        return lines

    def _fill(self, blocking: bool) -> None:
        """Read what the program has written (once, when ``blocking``: the caller waited)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while not self.eof and len(self.buffer) <= self.max_line:
            try:
                chunk = os.read(fd, CHUNK)
            except BlockingIOError:
                return
            if not chunk:
                self.eof = True
                return
            self.buffer += chunk
            if blocking:
                return

    def read_line(self, deadline: float, stopped: Callable[[], bool] = _never) -> bytes | None:
        """The program's next line (without its newline) before ``deadline``; None at the end
        of its output (a last line without a newline is returned first)."""
        assert self.proc.stdout is not None
        while True:
            end = self.buffer.find(b"\n", 0, self.max_line + 1)
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                return line
            if len(self.buffer) > self.max_line:
                raise LineTooLong(f"a line longer than {self.max_line:,} bytes")
            if self.eof:
                line, self.buffer = bytes(self.buffer), bytearray()
                return line or None
            self._wait(self.proc.stdout.fileno(), False, deadline, stopped)
            self._fill(blocking=True)

    def exit_code(self, wait: float) -> int | None:
        """The program's exit code, waiting up to ``wait`` seconds; None if it still runs."""
        try:
            return self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def end(self, wait: float) -> None:
        """Close the program's input, give it ``wait`` seconds to exit, then kill its process
        group (whatever it started too)."""
        end_program(self.proc, wait)


def end_program(proc: subprocess.Popen[bytes] | subprocess.Popen[str], wait: float) -> None:
    """Close a program's input and let it exit within ``wait`` seconds, then kill what is left
    of its process group (it was started with ``start_new_session``) and reap it."""
    with contextlib.suppress(OSError):
        if proc.stdin is not None:
            proc.stdin.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(wait)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
