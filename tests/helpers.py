"""What many test modules share: the places of the repository and of the test data.

Test modules sit one folder per layer (``tests/rules``, ``tests/hands``, ``tests/game``,
``tests/tools``, ``tests/peers``), so a path computed from a test's own ``__file__`` would
depend on its folder; every test reaches the repository and ``tests/data`` through these
constants instead.  Import them as ``from tests.helpers import DATA`` (pytest runs with
``--import-mode=importlib`` and the repository's root as its rootdir, so ``tests`` is a
namespace package).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner, Result

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root."""

DOCS = ROOT / "docs"
"""The documentation (docs/*.md, the conformance schema)."""

TESTS = ROOT / "tests"
"""The test tree."""

DATA = TESTS / "data"
"""Test variants, recorded peer answers and golden outputs (tests/data/README.md)."""

HANDS = TESTS / "fixtures" / "hands"
"""The scripted whole hands, one YAML file each (tests/game/test_scripted_hands.py)."""

LEVELS = str(DATA / "partners-levels.yaml")
"""The test variant with fixed sides, levels and tribute (a file name, as the loader takes)."""

SMALL = str(DATA / "ffa-small.yaml")
"""The small every-player-for-himself test variant."""


# ------------------------------------------------------------------------------ small variants
MINI_PARENT = """\
# A small parent, so that the tests extending it do not depend on the built-in files.
id: parent
name: {zh: 小, en: Mini}
players: 4
deck: {packs: 1, jokers: false}
ranks:
  order: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A, "2"]
  sequence: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]
hand_types:
  - id: single
    name: {zh: 单张, en: Single}
    group: {size: 1}
  - id: pair
    name: {zh: 对子, en: Pair}
    group: {size: 2}
  - id: straight
    name: {zh: 顺子, en: Straight}
    chain: {group: 1, length: {min: 3}}
    compare: {key: [top], same: [length]}
    description: {zh: 三张或以上连牌, en: Three or more consecutive ranks}
  - id: bomb
    name: {zh: 炸弹, en: Bomb}
    group: {size: 4}
  - id: odds
    name: {zh: 十三烂, en: Thirteen odds}
    distinct_ranks: 13
    playable: false
ladder:
  - [single, pair, straight]
  - [bomb]
notes:
  - id: a
    text: {zh: 甲, en: A}
  - id: b
    text: {zh: 乙, en: B}
examples:
  - {play: "3456789TJQKA2", classify: [odds]}
  - {play: "4444", beats: "345"}
"""
"""A parent variant of five hand types (``single pair straight | bomb``, and ``odds`` off the
ladder), two notes and two examples; its id says it is written as ``parent.yaml``."""


def child_text(parent: str, body: str = "", variant_id: str = "child") -> str:
    """A variant that ``extends:`` ``parent`` (an id, or a file beside it), then ``body``;
    ``extends`` is on line 3."""
    return f"id: {variant_id}\nname: {{zh: 子, en: Child}}\nextends: {parent}\n{body}"


def write(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path``; the path."""
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------ the command line
def run(*args: str, input: str | None = None) -> Result:  # noqa: A002 - typer's own name
    """``paixing ARGS`` in this process (typer's runner, stdout and stderr apart), with
    ``input`` as its stdin."""
    from paixing.cli import app

    return CliRunner().invoke(app, list(args), input=input)


def error_line(result: Result) -> str:
    """The single stderr line of a user error (no stdout, no traceback)."""
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ------------------------------------------------------------------------------ the terminal
def console(width: int = 120) -> tuple[Console, io.StringIO]:
    """A plain console ``width`` columns wide (no colour, no highlighting) and what it prints."""
    buf = io.StringIO()
    return Console(file=buf, width=width, highlight=False, color_system=None), buf


def feed(lines: Iterable[str]) -> Callable[[str], str]:
    """An input function that returns ``lines`` one by one, then raises EOFError."""
    it = iter(lines)

    def read(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def play_reading(variant: str, seed: int, read: Callable[[str], str | None]) -> tuple[int, str]:
    """Play a hand of ``variant`` at the terminal (seat 0) where ``read(output so far)`` gives
    the next line typed (None: input ends); the exit code and everything printed."""
    from paixing.terminal import play

    con, buf = console(200)

    def typed(prompt: str) -> str:
        line = read(buf.getvalue())
        if line is None:
            raise EOFError
        return line

    return play(variant, seat=0, seed=seed, input_fn=typed, console=con), buf.getvalue()
