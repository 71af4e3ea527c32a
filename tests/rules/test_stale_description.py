"""Issue 10: an ``extends:`` child that changes a hand type's shape but not its description
keeps prose written for the parent's shape ("Three or more consecutive ranks" under
``length: {min: 5}``). ``validate`` warns (one line at the shape key, naming the type; exit 0);
writing the type's own ``description`` (or ``description: null``) in that file silences it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paixing.cli import app
from paixing.rules.checks import stale_descriptions
from paixing.rules.loader import builtin_ids, source_path
from typer.testing import CliRunner

from tests.helpers import child_text

runner = CliRunner()


def child(tmp_path: Path, body: str, name: str = "child", parent: str = "banzipao") -> Path:
    path = tmp_path / f"{name}.yaml"
    # the parent's examples are about the old shapes: the child gives its own (none)
    path.write_text(child_text(parent, body + "examples: []\n", name), encoding="utf-8")
    return path


LONGER = "hand_types:\n  - id: straight\n    chain: {length: {min: 5}}\n"


def test_changed_shape_keeps_stale_description_warns(tmp_path: Path) -> None:
    path = child(tmp_path, LONGER)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{path}: ok")
    [line] = result.stderr.splitlines()
    assert line.startswith(f"{path}:6:5: warning: hand_types[")
    assert ".chain: changes the shape of 'straight'" in line and "Three or more consecutive ranks" in line


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("hand_types:\n  - id: banzipao\n    chain: {group: 3}\n", "chain"),  # another chain key
        ("hand_types:\n  - id: pair\n    group: {size: {min: 2, max: 3}}\n    description: {zh: 对, en: Two}\n"
         "  - id: straight\n    chain: {length: {min: 4}}\n", "chain"),
    ],
)
def test_any_shape_key(tmp_path: Path, body: str, key: str) -> None:
    [line] = stale_descriptions(child(tmp_path, body))
    assert f".{key}: changes the shape of" in line


def test_group_size_change(tmp_path: Path) -> None:
    """A group type: the warning follows ``group.size`` as it follows ``chain.length``."""
    parent = tmp_path / "parent.yaml"
    parent.write_text(
        (Path(str(source_path("banzipao")))).read_text(encoding="utf-8").replace(
            "    group: {size: 4}\n", "    group: {size: 4}\n    description: {zh: 四张, en: Four of a rank.}\n", 1
        ),
        encoding="utf-8",
    )
    [line] = stale_descriptions(child(tmp_path, "hand_types:\n  - id: dou\n    group: {size: 5}\n", parent="parent"))
    assert ".group: changes the shape of 'dou'" in line and "Four of a rank." in line


@pytest.mark.parametrize(
    "extra",
    [
        "    description: {zh: 五张或以上连牌。, en: Five or more consecutive ranks.}\n",
        "    description: null\n",
    ],
)
def test_own_description_silences_it(tmp_path: Path, extra: str) -> None:
    path = child(tmp_path, LONGER + extra)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and result.stderr == ""


def test_same_shape_or_other_keys_do_not_warn(tmp_path: Path) -> None:
    body = "hand_types:\n  - id: straight\n    chain: {length: {min: 3}}\n    compare: {key: [top]}\n"
    assert stale_descriptions(child(tmp_path, body)) == []


def test_grandchild_inherits_the_warning_until_it_writes_the_description(tmp_path: Path) -> None:
    child(tmp_path, LONGER, name="mid")
    grand = child(tmp_path, "players: 4\n", name="grand", parent="mid")
    [line] = stale_descriptions(grand)
    assert line.startswith(f"{tmp_path / 'mid.yaml'}:6:5: warning:")
    fixed = child(tmp_path, "hand_types:\n  - id: straight\n    description: {zh: 五连, en: Five in a row.}\n", name="fixed", parent="mid")
    assert stale_descriptions(fixed) == []


def test_json_lists_warnings(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(child(tmp_path, LONGER)), "--json"])
    assert result.exit_code == 0
    [entry] = json.loads(result.stdout)["files"]
    assert entry["ok"] is True and len(entry["warnings"]) == 1


@pytest.mark.parametrize("vid", builtin_ids())
def test_builtins_have_no_stale_description(vid: str) -> None:
    assert stale_descriptions(source_path(vid)) == []
