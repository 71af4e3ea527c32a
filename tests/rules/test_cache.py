"""The caches key on the whole ``extends:`` chain: editing a parent is seen by its children.

Each test writes a parent and a child to ``tmp_path``, builds from the child, edits the parent
(bumping its modification time explicitly, since two writes can share one timestamp), and
builds again.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from paixing.hands.cache import ruleset
from paixing.rulebook import render_rulebook
from paixing.rules.loader import VariantError, source_files
from paixing.rules.source_cache import cached_by_source, source_key

from tests.helpers import MINI_PARENT, child_text

TYPES = ["single", "pair", "straight", "bomb", "odds"]
CHILD = child_text("parent", 'examples:\n  - {play: "44", classify: [pair]}\n')


def write(path: Path, text: str, bump: int = 0) -> Path:
    """Write ``text`` and set the modification time ``bump`` seconds after the previous one."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    if bump:
        stamp = before + bump * 1_000_000_000
        os.utime(path, ns=(stamp, stamp))
    return path


@pytest.fixture
def chain(tmp_path: Path) -> tuple[Path, Path]:
    parent = write(tmp_path / "parent.yaml", MINI_PARENT)
    child = write(tmp_path / "child.yaml", CHILD)
    return parent, child


def test_source_files_is_the_extends_chain(chain: tuple[Path, Path]) -> None:
    parent, child = chain
    assert source_files(str(child)) == [child, parent]
    assert source_files(parent) == [parent]


def test_child_sees_an_edited_parent(chain: tuple[Path, Path]) -> None:
    parent, child = chain
    before = ruleset(str(child))
    assert [t.id for t in before.types] == TYPES
    assert ruleset(str(child)) is before  # cached while nothing changes
    bigger = MINI_PARENT.replace(
        "ladder:", "  - id: six\n    name: {zh: 六张, en: Six}\n    group: {size: 6}\nladder:"
    ).replace("  - [bomb]\n", "  - [bomb]\n  - [six]\n")
    write(parent, bigger, bump=2)
    after = ruleset(str(child))
    assert after is not before
    assert [t.id for t in after.types] == [*TYPES, "six"]


def test_parent_that_breaks_the_child_raises(chain: tuple[Path, Path]) -> None:
    """The child's example classifies a pair; a parent without pairs makes the child invalid."""
    parent, child = chain
    ruleset(str(child))
    no_pairs = MINI_PARENT.replace("  - [single, pair, straight]\n", "  - [single, straight]\n").replace(
        "  - id: pair\n    name: {zh: 对子, en: Pair}\n    group: {size: 2}\n", ""
    )
    write(parent, no_pairs, bump=2)
    with pytest.raises(VariantError) as info:
        ruleset(str(child))
    assert info.value.problems == [f"{child}:5:29: examples[0].classify[0]: unknown hand type 'pair'"]


def test_parent_removing_a_laddered_type_raises(chain: tuple[Path, Path]) -> None:
    parent, child = chain
    ruleset(str(child))
    write(parent, MINI_PARENT.replace("  - [single, pair, straight]\n", "  - [single, pear, straight]\n"), bump=2)
    with pytest.raises(VariantError) as info:
        ruleset(str(child))
    assert f"{parent}:" in str(info.value) and "unknown hand type 'pear'" in str(info.value)


def test_rulebook_sees_an_edited_parent(chain: tuple[Path, Path]) -> None:
    parent, child = chain
    before = render_rulebook(str(child), "en")
    write(parent, MINI_PARENT.replace("en: Pair}", "en: Twin}"), bump=2)
    after = render_rulebook(str(child), "en")
    assert "Twin" in after and "Twin" not in before


def test_source_key_changes_with_any_file_of_the_chain(chain: tuple[Path, Path]) -> None:
    parent, child = chain
    first = source_key(str(child))
    assert [stamp[0] for stamp in first] == [str(child), str(parent)]
    assert source_key(str(child)) == first
    write(parent, MINI_PARENT + "\n", bump=2)
    assert source_key(str(child)) != first


def test_cached_by_source_builds_once_per_version(chain: tuple[Path, Path]) -> None:
    parent, child = chain
    built: list[str] = []

    @cached_by_source(maxsize=4)
    def build(ref: str, extra: int) -> int:
        built.append(ref)
        return len(built)

    assert build(str(child), 1) == build(str(child), 1) == 1
    assert build(str(child), 2) == 2
    write(parent, MINI_PARENT + "\n", bump=2)
    assert build(str(child), 1) == 3


def test_errors_are_not_cached(tmp_path: Path) -> None:
    child = write(tmp_path / "child.yaml", CHILD)
    with pytest.raises(VariantError):
        ruleset(str(child))  # no parent yet
    write(tmp_path / "parent.yaml", MINI_PARENT)
    assert [t.id for t in ruleset(str(child)).types] == TYPES
