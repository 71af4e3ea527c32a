"""`paixing check`, `paixing rulebook` and `paixing play` through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run


def test_check_builtin_passes_with_json() -> None:
    result = run("check", "banzipao", "--games", "5", "--hands", "5", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True
    (entry,) = report["files"]
    assert entry["file"] == "banzipao"
    assert [c["name"] for c in entry["checks"]] == [
        "loads and validates",
        "examples",
        "legal plays = brute force",
        "beats is a strict order",
        "random games",
        "rulebook renders",
    ]
    assert all(c["ok"] and c["problems"] == [] for c in entry["checks"])


BROKEN_LADDER = """\
id: broken
extends: banzipao
name: {zh: 坏, en: Broken}
ladder:
  - [single, pair, straight]
  - [bomb, dou]
  - [banzipao]
  - [dou]
  - [guntong]
  - [gunlong]
"""


def test_check_catches_a_ladder_that_lets_two_types_beat_each_other(tmp_path: Path) -> None:
    """豆 on two rungs would both beat and lose to 板子炮: the check names the rung."""
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN_LADDER, encoding="utf-8")
    result = run("check", str(path), "--games", "2", "--hands", "2")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}: loads and validates: {path}:8:6: ladder[3][0]: hand type 'dou' is on the ladder twice for the same lengths"
    ]


WRONG_EXAMPLE = """\
id: wrong
extends: banzipao
name: {zh: 错例, en: Wrong example}
examples:
  - {play: "JJQQKK", beats: "55667788"}
"""


def test_check_catches_a_false_example(tmp_path: Path) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG_EXAMPLE, encoding="utf-8")
    result = run("check", str(path), "--games", "2", "--hands", "2", "--json")
    assert result.exit_code == 1
    checks = {c["name"]: c for c in json.loads(result.stdout)["files"][0]["checks"]}
    assert checks["examples"]["problems"] == ["examples[0]: expected JJQQKK beats 55667788, found beats=False"]
    assert not checks["rulebook renders"]["ok"]  # a book cannot show a false example
    assert checks["legal plays = brute force"]["ok"]


NOT_ZERO_SUM = """\
id: lopsided
extends: banzipao
name: {zh: 不平, en: Lopsided}
game:
  contracts:
    - id: baopai
      score:
        - {when: [declarer_won], declarer: 9, opponents: -1}
        - {when: [not declarer_won], declarer: -9, opponents: 3}
"""


def test_check_catches_scores_that_do_not_sum_to_zero(tmp_path: Path) -> None:
    path = tmp_path / "lopsided.yaml"
    path.write_text(NOT_ZERO_SUM, encoding="utf-8")
    result = run("check", str(path), "--games", "60", "--hands", "2", "--json")
    assert result.exit_code == 1
    checks = {c["name"]: c for c in json.loads(result.stdout)["files"][0]["checks"]}
    games = checks["random games"]
    assert not games["ok"]
    assert any("do not sum to zero" in p for p in games["problems"]), games["problems"]


def test_check_unknown_variant_is_usage() -> None:
    result = run("check", "banzipa")
    assert result.exit_code == 2
    assert result.stderr.startswith("unknown variant 'banzipa'; built in: banzipao, ")


def test_rulebook_to_file(tmp_path: Path) -> None:
    out = tmp_path / "book.html"
    result = run("rulebook", "chibi-dagun", "--lang", "en", "--format", "html", "-o", str(out))
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") or html.lower().startswith("<!doctype html>")
    assert "Chibi Dagun" in html


def test_rulebook_markdown_to_stdout() -> None:
    result = run("rulebook", "banzipao", "--lang", "zh")
    assert result.exit_code == 0
    assert "板子炮" in result.stdout


@pytest.mark.parametrize("args", [["--lang", "fr"], ["--format", "pdf"]])
def test_rulebook_bad_option_is_usage(args: list[str]) -> None:
    result = run("rulebook", "banzipao", *args)
    assert result.exit_code == 2
    assert result.stderr.strip() == "--lang is one of zh, en; --format one of md, html"


def test_play_command_plays_a_hand_from_typed_input() -> None:
    # Always take the first listed option: the hand must end with the score table.
    lines = "\n".join(["?", "#1"] * 200) + "\n"
    result = run("play", "doudizhu", "--seed", "3", "--bots", "random", input=lines)
    assert result.exit_code == 0, result.output[-2000:]
    assert "score" in result.stdout.lower()
