"""Bad variant files give one line naming the file (and line:col where there is one), never a
traceback, and never make the loader read a file outside the variant's folder or the built-ins.

The files live in ``tests/data/bad-inputs/`` (each reproduced a traceback or a huge memory peak
before the loader refused it); the rest are written here because they need a temporary folder.
"""

from __future__ import annotations

import resource
from pathlib import Path

import pytest
from paixing.cli import app
from paixing.rules.loader import VariantError, builtin_dir, load_variant
from typer.testing import CliRunner

from tests.helpers import DATA, child_text

BAD = DATA / "bad-inputs"
runner = CliRunner()

EXPECTED = {
    "alias-bomb.yaml": "too many values once aliases are expanded",
    "not-utf8.yaml": "not UTF-8 text",
    "nul-byte.yaml": "character '\\x00' is not allowed",
    "deep-nesting.yaml": "nested",
    "bad-int-tag.yaml": "invalid YAML value",
    "long-extends.yaml": "extends: no variant",
    "extends-outside.yaml": "is outside this file's folder and the built-ins",
    "empty-auction.yaml": "auction.values: List should have at least 1 item",
    "dealer-two-cards.yaml": "game.dealer.card: one card, not 2",
    "negative-cards-each.yaml": "game.deal.cards_each: Input should be greater than or equal to 1",
    "huge-score.yaml": "is too large (at most 1,000,000 in size)",
    "id-is-a-list.yaml": "hand_types[0].id: Input should be a valid string",
    "control-chars.yaml": "name.en: control character '\\x1b' in text",
    "flower-child.yaml": "deck.extra: a flower card FL has no rank",
    "flower-no-wild.yaml": "deck.extra: a flower card FL has no rank",
    "python-object.yaml": "unsupported YAML tag tag:yaml.org,2002:python/object",
}
INHERITED = {
    "alone-as-removed.yaml": "wildcards.alone_as: rank '3' is not in ranks.order",
    "bad-group-child.yaml": "is not a valid play in bad-group-child",
}


def one_problem(path: Path) -> str:
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert all("\n" not in p for p in info.value.problems)
    return info.value.problems[0]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_is_one_line(name: str) -> None:
    problem = one_problem(BAD / name)
    assert problem.startswith(str(BAD / name))
    assert EXPECTED[name] in problem


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_exits_1_with_no_traceback(name: str) -> None:
    result = runner.invoke(app, ["validate", str(BAD / name)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_alias_bomb_is_refused_with_little_memory() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    one_problem(BAD / "alias-bomb.yaml")
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 200_000


def test_foreign_tag_constructs_nothing(tmp_path: Path) -> None:
    path = tmp_path / "tagged.yaml"
    path.write_text("id: tagged\nplayers: !!python/object/apply:os.system ['echo hi']\n", encoding="utf-8")
    problem = one_problem(path)
    assert problem.startswith(f"{path}:2:")
    assert "unsupported YAML" in problem


def test_extends_through_a_link_out_of_the_folder(tmp_path: Path) -> None:
    secret = tmp_path / "elsewhere" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text("players: p@ssw0rd\n", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    (home / "parent.yaml").symlink_to(secret)
    child = home / "child.yaml"
    child.write_text(child_text("parent"), encoding="utf-8")
    problem = one_problem(child)
    assert "outside this file's folder" in problem
    assert "p@ssw0rd" not in problem


def test_built_ins_laid_out_as_links_extend_each_other(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A strict editable install lays the built-in folder out as links to the sources: a
    built-in's ``extends:`` reaches its parent through such a link. A link in a user's folder
    out of it is still refused (the test above)."""
    links = tmp_path / "variants"
    links.mkdir()
    for name in ("chudadi.yaml", "big-two-taiwan.yaml"):
        (links / name).symlink_to(builtin_dir() / name)
    import paixing.rules.extends as extends

    monkeypatch.setattr(extends, "builtin_dir", lambda: links)
    assert load_variant(links / "big-two-taiwan.yaml").id == "big-two-taiwan"
    assert not extends.confined(links / ".." / "variants" / "chudadi.yaml", tmp_path / "home")


def test_a_rulebook_names_a_linked_built_in_by_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The book's "generated from" line says ``variants/…`` for a built-in laid out as a link."""
    links = tmp_path / "variants"
    links.mkdir()
    (links / "doudizhu.yaml").symlink_to(builtin_dir() / "doudizhu.yaml")
    import paixing.rules.extends as extends
    from paixing.rulebook import shown

    monkeypatch.setattr(extends, "builtin_dir", lambda: links)
    monkeypatch.setattr(shown, "builtin_dir", lambda: links)
    assert shown._source_name(str(links / "doudizhu.yaml")) == "variants/doudizhu.yaml"


def test_extends_beside_and_builtin_still_work(tmp_path: Path) -> None:
    (tmp_path / "mid.yaml").write_text(child_text("banzipao", variant_id="mid"), encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text(child_text("mid"), encoding="utf-8")
    assert load_variant(child).id == "child"


@pytest.mark.parametrize("name", sorted(INHERITED))
def test_inherited_problem_names_both_files(name: str) -> None:
    """A child's problem found in a parent's lines names the parent (line:col) and the child."""
    result = runner.invoke(app, ["validate", str(BAD / name)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    inherited = [line for line in lines if f"(in {BAD / name}, which extends it)" in line]
    assert inherited and all(line.startswith(str(builtin_dir())) for line in inherited)
    assert all(line.startswith(str(BAD / name)) for line in lines if line not in inherited)
    assert any(INHERITED[name] in line for line in inherited)


def test_control_characters_never_reach_the_terminal() -> None:
    result = runner.invoke(app, ["validate", str(BAD / "control-chars.yaml")])
    assert "\x1b" not in result.output


def test_rulebook_inherited_example_failure_names_both_files() -> None:
    """``rulebook CHILD`` reports a failing inherited example as ``validate`` does: at the
    parent's line:col and naming the child, one line per failing example, exit 1."""
    child = str(BAD / "bad-group-child.yaml")
    checked = runner.invoke(app, ["validate", child])
    book = runner.invoke(app, ["rulebook", child, "--lang", "en"])
    assert book.exit_code == 1
    assert "Traceback" not in book.output
    assert book.stdout == ""
    assert book.stderr.splitlines() == checked.stderr.splitlines()
    assert all(f"(in {child}, which extends it)" in line for line in book.stderr.splitlines())
