"""The quick reader (libyaml, no positions) agrees with the careful one (ruamel, positions) on
every YAML file in the repository, and gives up — never guesses — where they could differ."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from paixing.rules.fast_yaml import read_plain
from paixing.rules.loader import VariantError, load_variant
from paixing.rules.positions import read_yaml

from tests.helpers import ROOT

FILES = sorted(
    p for folder in ("variants", "tests", "examples", "docs") for p in (ROOT / folder).rglob("*.y*ml")
)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _careful(path: Path) -> Any:
    try:
        return _plain(read_yaml(path))
    except VariantError:
        return None


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_both_readers_agree_on_every_file(path: Path) -> None:
    quick = read_plain(path)
    if quick is None:
        return  # it gave up; the careful reader decides alone
    careful = _careful(path)
    assert careful is not None, "the quick reader accepted a file the careful one refuses"
    assert repr(_plain(quick)) == repr(careful)  # repr: True and 1 must not pass as equal


def test_the_built_in_files_read_quickly() -> None:
    assert all(read_plain(p) is not None for p in (ROOT / "variants").glob("*.yaml"))


@pytest.mark.parametrize(
    "text, value",
    [("yes", "yes"), ("no", "no"), ("on", "on"), ("017", 17), ("-3", -3), ("1.5", 1.5), (".5", 0.5),
     ("~", None), ("", None), ("True", True), ("10:30", "10:30"), ("55667788", 55667788), ("TTJJQQ", "TTJJQQ")],
)
def test_scalars_read_as_yaml_1_2(tmp_path: Path, text: str, value: Any) -> None:
    f = tmp_path / "v.yaml"
    f.write_text(f"a: {text}\n", encoding="utf-8")
    assert repr(read_plain(f)["a"]) == repr(value) == repr(_careful(f)["a"])  # type: ignore[index]


@pytest.mark.parametrize(
    "text", ["a: 1_000", "a: 0x1F", "a: 0o17", "a: 1e3", "a: .inf", "a: 2024-01-01", "a: 0b101",
             "a: 1\na: 2", "a:\t4", "x: &m {b: 1}\na:\n  <<: *m", "a: !!python/name:os.system x", "a: [1, 2"],
)
def test_it_gives_up_where_the_readers_could_differ(tmp_path: Path, text: str) -> None:
    f = tmp_path / "v.yaml"
    f.write_text(text + "\n", encoding="utf-8")
    assert read_plain(f) is None


def test_a_problem_is_still_reported_at_its_line(tmp_path: Path) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text("extends: doudizhu\nid: mine\nname: {zh: 我的, en: Mine}\nplayers: 0\n", encoding="utf-8")
    with pytest.raises(VariantError) as err:
        load_variant(f)
    assert str(err.value).startswith(f"{f}:4:")
