"""What a command does when the reader of its output goes away (``paixing moves … | head``)."""

from __future__ import annotations

import contextlib
import io
import os
import sys


def quiet_stdout() -> None:
    """What is still buffered for stdout goes nowhere, instead of a ``BrokenPipeError`` when
    Python flushes stdout at exit (the ``signal`` module's documented remedy; click wraps the
    stream for the same reason). Harmless where stdout has no file descriptor."""
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
