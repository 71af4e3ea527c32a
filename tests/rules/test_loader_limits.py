"""Variant files the loader must refuse in one located line, quickly (issue 23, item 18):
control characters in keys, files of megabytes, deep nesting, bad cards in ``deck.remove``
and in an example's ``plays:``; and ``vectors``/``diff`` load through ``validate`` first."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest
from paixing.cli import app
from paixing.rules.loader import VariantError, builtin_dir, load_variant
from typer.testing import CliRunner

runner = CliRunner()


def variant_text(builtin: str, new_id: str, old: str = "", new: str = "") -> str:
    text = (builtin_dir() / f"{builtin}.yaml").read_text("utf-8").replace(f"id: {builtin}\n", f"id: {new_id}\n", 1)
    assert old in text
    return text.replace(old, new, 1)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, "utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(VariantError) as info:
        load_variant(path)
    return info.value.problems


def one_line(*args: str, code: int = 1) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_control_characters_in_a_key_are_escaped(tmp_path: Path) -> None:
    """A key is echoed in the key path and in "unknown key": its escape sequences reached the
    terminal (a colour, a cleared screen: the path read ``deck.packs``), a bell rang."""
    path = write(tmp_path, "ctl", variant_text("doudizhu", "ctl", "deck: {", 'deck: {"pa\\e[2Jcks\\a": 1, '))
    assert problems(path) == [
        f"{path}:11:8: deck.pa\\x1b[2Jcks\\x07: unknown key 'pa\\x1b[2Jcks\\x07' (did you mean 'packs'?)"
    ]


def test_a_file_of_megabytes_is_refused_without_reading_it(tmp_path: Path) -> None:
    """10 MB took more than 30 s and 540 MB before; now one line, reading at most 1 MB."""
    path = write(tmp_path, "big", "id: big\n" + ("x: " + "y" * 100 + "\n") * 100_000)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    assert problems(path) == [f"{path}: more than 1,000,000 bytes: a variant file is a few kilobytes"]
    assert time.process_time() - start < 1.0
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # kB


@pytest.mark.parametrize(
    ("body", "where"),
    [("name: " + "[" * 1000 + "]" * 1000, "2:70"), ("name:\n" + "- " * 1000 + "x", "3:127")],
    ids=["flow", "block"],
)
def test_deep_nesting_is_refused_before_parsing(tmp_path: Path, body: str, where: str) -> None:
    """2 kB nested 1,000 deep took 3 s of CPU before "nested too deeply"; now the line and
    column where it passes 64 levels, in milliseconds."""
    path = write(tmp_path, "deep", f"id: deep\n{body}\n")
    start = time.process_time()
    assert problems(path) == [f"{path}:{where}: nested more than 64 levels deep"]
    assert time.process_time() - start < 0.5


def test_a_bad_card_in_deck_remove_is_located(tmp_path: Path) -> None:
    """``2X`` kept the deck's arithmetic (it counted as a card removed): ``validate`` printed a
    line without line:col, and classify, moves, simulate and the rulebook a CardError traceback."""
    path = write(tmp_path, "rm", variant_text("paodekuai", "rm", "remove: [2H,", "remove: [2X,"))
    line = f"{path}:16:12: deck.remove[0]: bad card token '2X' at position 1: expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"
    assert problems(path) == [line]
    assert one_line("validate", str(path)) == line
    assert one_line("moves", str(path), "--hand", "3S") == line


def test_deck_remove_names_a_suit(tmp_path: Path) -> None:
    path = write(tmp_path, "rm", variant_text("paodekuai", "rm", "remove: [2H,", "remove: [2C 2,"))
    assert problems(path) == [f"{path}:16:12: deck.remove[0]: '2C 2' names no suit: write the card to remove, e.g. 2S"]


def test_an_example_play_the_deck_lacks_is_located(tmp_path: Path) -> None:
    """``plays: [..., "BJ"]`` in a jokerless variant was a KeyError traceback in validate."""
    path = write(tmp_path, "ex", variant_text("banzipao", "ex", 'plays: ["3", "4", "33"]', 'plays: ["3", "4", "BJ"]'))
    line = f"{path}:94:47: examples[16].plays[2]: BJ is not a card of this deck"
    assert problems(path) == [line]
    assert one_line("validate", str(path)) == line


def test_vectors_and_diff_load_through_validate(tmp_path: Path) -> None:
    """A file whose example fails ``validate`` is refused by ``vectors`` and ``diff`` with the
    same line (they ran on it: tracebacks, or minutes and gigabytes on worse files)."""
    path = write(tmp_path, "wrong", variant_text("doudizhu", "wrong", '{play: "3333", beats: "TJQKA"}', '{play: "TJQKA", beats: "3333"}'))
    line = one_line("validate", str(path))
    assert line.startswith(f"{path}:") and "examples[" in line
    assert one_line("vectors", str(path)) == line
    assert one_line("diff", "doudizhu", str(path)) == line


@pytest.mark.parametrize("n", ["100001", "-1"])
def test_vectors_random_is_bounded(n: str) -> None:
    assert one_line("vectors", "doudizhu", "--random", n, code=2) == f"--random: between 0 and 100,000 cases, not {int(n):,}"
