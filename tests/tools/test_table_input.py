"""Terminal input that is not a move (issue 23): a Ctrl-C while the command line loads, and a
line far longer than any move (``paixing.terminal.line_input``)."""

from __future__ import annotations

import builtins
import io
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator

import paixing.__main__ as entry
import pytest
from paixing.terminal import play
from paixing.terminal.line_input import MAX_LINE, LineTooLong, read_line
from rich.console import Console

HUGE = "5" * 10_000_000
"""The 10 MB line of the issue (34–44 s and up to 848 MB before the bound)."""
TOO_LONG = "✗ that line is over 4096 characters: it is ignored"


def feed(lines: Iterable[str]) -> Callable[[str], str]:
    it: Iterator[str] = iter(lines)

    def read(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_ctrl_c_while_the_command_line_loads(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real_import = builtins.__import__

    def interrupted(name: str, *args: object, **kwargs: object) -> object:
        if name == "paixing.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert entry.main(["play", "guandan"]) == 1
    assert capsys.readouterr().err == "Interrupted: the hand is abandoned.\n"
    assert entry.main(["--version"]) == 130
    assert entry.main(["simulate", "guandan"]) == 130
    assert capsys.readouterr().err == "Interrupted.\nInterrupted.\n"


def test_ctrl_c_while_the_command_module_loads(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import paixing.cli as cli

    def interrupted(command: str | None = None) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "register", interrupted)
    assert entry.main(["play", "--seed", "3", "guandan"]) == 1
    assert capsys.readouterr().err == "Interrupted: the hand is abandoned.\n"


def test_the_console_script_runs_the_guarded_main() -> None:
    proc = subprocess.run([sys.executable, "-m", "paixing", "--version"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("paixing ")


def test_a_10_mb_line_is_refused_in_one_line_at_once() -> None:
    buf = io.StringIO()
    con = Console(file=buf, width=120, highlight=False, color_system=None)
    start = time.monotonic()
    code = play("doudizhu", seed=0, input_fn=feed([HUGE, "bid 3"]), console=con)
    took = time.monotonic() - start
    out = buf.getvalue()
    assert code == 1
    assert f"Choices: bid 2 · bid 3 · pass  (a bare number is a bid)\n> \n{TOO_LONG}\n> bid 3\nYou: bid 3\n" in out
    assert len(out) < 20_000 and took < 10, took  # neither echoed nor parsed (34–44 s before)


def test_read_line_bounds_a_piped_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(HUGE + "\n" + "x" * MAX_LINE + "\n55\r\n" + "y" * (MAX_LINE + 1)))
    with pytest.raises(LineTooLong):
        read_line()
    assert read_line() == "x" * MAX_LINE  # the longest line read
    assert read_line() == "55"
    with pytest.raises(LineTooLong):
        read_line()
    with pytest.raises(EOFError):
        read_line()


def test_a_piped_10_mb_line_at_the_command_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "paixing", "play", "doudizhu", "--seed", "0"],
        input=HUGE + "\nbid 3\n", capture_output=True, text=True, timeout=120, encoding="utf-8",
    )
    assert proc.returncode == 1, proc.stderr
    assert f"> \n{TOO_LONG}\n> bid 3\nYou: bid 3\n" in proc.stdout
