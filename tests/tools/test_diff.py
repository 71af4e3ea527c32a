"""``paixing diff``: concrete differences, shortest first, grouped by the changed key."""

from __future__ import annotations

import json

import pytest
from paixing import ruleset
from paixing.cli import main
from paixing.conformance.diff import UNEXPLAINED, Diff, diff
from paixing.rulebook import render_rulebook
from paixing.rulebook.diff import diff_variants, path_doc


def _diff(a: str, b: str, **kw: object) -> Diff:
    ra, rb = ruleset(a), ruleset(b)
    return diff(ra, rb, [p for p, *_ in diff_variants(ra.variant, rb.variant)], path_doc, **kw)  # type: ignore[arg-type]


def test_server_rules_of_chibi_dagun() -> None:
    d = _diff("chibi-dagun", "chibi-dagun-server", size=2, hands=False)
    groups = {g.rule: g for g in d.groups}
    assert set(groups) == {"wildcards.alone_as", "ladder", "hand_types[joker_bomb].compare.key"}
    lone = groups["wildcards.alone_as"].cases[0]
    assert lone.kind == "classify" and lone.a == ["single as 3"] and lone.b == ["single as 2"]
    assert len(lone.question["cards"].split()) == 1  # shortest first
    ladder = groups["ladder"].cases[0]
    assert ladder.kind == "beats" and ladder.a is False and ladder.b is True
    assert all(c.kind == "beats" for c in groups["hand_types[joker_bomb].compare.key"].cases)
    for g in d.groups:
        sizes = [c.size for c in g.cases if c.kind == g.cases[0].kind]
        assert sizes == sorted(sizes)


def test_a_variant_against_itself_has_no_difference() -> None:
    assert _diff("doudizhu", "doudizhu", size=2).groups == []


def test_score_rows_that_differ_are_found_and_grouped_by_the_contract() -> None:
    d = _diff("banzipao", "guizhou-banzipao", size=1)
    rules = [g.rule for g in d.groups]
    # "game": a hand where a trick bonus was paid too (guizhou pays them in jiaopai hands only),
    # found since the bots choose among every set of cards (banzipao's called card: issue 23)
    assert rules[0] == "game.contracts[fanbao].score" and set(rules[1:]) <= {"game"}
    case = d.groups[0].cases[0]
    assert case.kind == "score" and case.a != case.b and case.contract == "fanbao"


def test_unrelated_variants_still_give_cases() -> None:
    d = _diff("banzipao", "doudizhu", size=1, hands=False)
    assert d.groups and all(g.cases for g in d.groups)


def test_cli_diff_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "doudizhu", "doudizhu-rlcard", "--no-hands", "--size", "2", "--json", "--show", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {g["rule"] for g in data["groups"]} == {
        "hand_types[four_two_singles].kickers.may_not_contain",
        "hand_types[plane_singles].kickers",
    }
    assert all(len(g["cases"]) == 1 and g["meaning"] for g in data["groups"])
    assert main(["diff", "doudizhu", "doudizhu", "--no-hands", "--size", "1"]) == 0
    assert "no difference" in capsys.readouterr().out
    assert main(["diff", "doudizhu", "nope"]) == 2


def test_cli_diff_text_lists_every_changed_rule_first(capsys: pytest.CaptureFixture[str]) -> None:
    """The text names every changed key (the JSON's ``changed``) with its meaning, and marks
    the ones no case was found for: a changed bonus or step is never silently left out."""
    assert main(["diff", "banzipao", "guizhou-banzipao", "--size", "1", "--show", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "changed rules (7):"
    assert lines[1].startswith("  game.steps[0].solo_bid.counter_by: Who may counter")
    assert lines[2] == "  game.contracts[fanbao].score[0].declarer: The declarer's score (with opponents, for uneven sides: 包牌 +9 / −3 each)."
    # whether a small search meets a hand that pays a bonus depends on the random hands (marked
    # "[no case found]" when it does not: test_cli_diff_marks_a_changed_rule_without_a_case)
    assert lines[7].startswith("  game.bonuses.contracts: Contracts in which they are paid; absent: all.")
    assert lines[8] == ""
    assert lines[9].startswith("game.contracts[fanbao].score  (")


def test_cli_diff_marks_a_changed_rule_without_a_case(capsys: pytest.CaptureFixture[str]) -> None:
    """Without whole hands no case can show a change of the game's scoring: each is marked."""
    assert main(["diff", "banzipao", "guizhou-banzipao", "--no-hands", "--size", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "changed rules (7):"
    assert lines[3] == "  game.contracts[fanbao].score[0].opponents: Each opponent's score.  [no case found]"
    assert lines[7] == "  game.bonuses.contracts: Contracts in which they are paid; absent: all.  [no case found]"


def test_the_rulebook_shows_computed_cases() -> None:
    text = render_rulebook("chibi-dagun-server", "en", "md")
    part = text[text.index("Computed by the engine") :]
    assert "`wildcards.alone_as`: what BJ is — Chibi Dagun: single as 3; This variant: single as 2" in part
    assert "`hand_types[joker_bomb].compare.key`" in part and UNEXPLAINED not in part
    assert "Computed by the engine" not in render_rulebook("chibi-dagun", "en", "md")
