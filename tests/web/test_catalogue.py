"""The catalogue of the web pages: every built-in and user variant with its facts, file names
confined to the user's folder, saves that never touch a built-in or anything outside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from paixing.rules.loader import builtin_ids
from paixing.web.catalogue import TEXT_MAX, Catalogue, CatalogueError, check_name

CHILD = "id: {id}\nextends: banzipao\nname: {{zh: 我的, en: Mine}}\nplayers: 4\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_builtin_entries_have_their_facts() -> None:
    entries = {e.id: e for e in Catalogue(None).entries()}
    assert sorted(entries) == builtin_ids()
    bz = entries["banzipao"]
    assert (bz.name_zh, bz.name_en, bz.players, bz.packs, bz.jokers, bz.cards, bz.types) == (
        "板子炮", "Banzipao", 4, 1, False, 52, 9)
    assert (bz.family, bz.extends, bz.builtin, bz.problem) == ("banzipao", None, True, None)
    gz = entries["guizhou-banzipao"]
    assert (gz.family, gz.extends) == ("banzipao", "banzipao")
    assert entries["chibi-dagun"].cards == 108 and entries["chibi-dagun-flowers"].cards == 110
    assert entries["paodekuai"].cards == 48  # jokers and three 2s and an ace taken out
    assert bz.to_json()["deck"] == {"packs": 1, "jokers": False, "cards": 52}


def test_user_folder_lists_only_its_own_well_named_files(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    write(mine, "my-rules.yaml", CHILD.format(id="my-rules"))
    write(mine, "Bad_Name.yaml", CHILD.format(id="Bad_Name"))
    write(mine, "notes.txt", "not a variant")
    outside = write(tmp_path, "elsewhere.yaml", CHILD.format(id="elsewhere"))
    os.symlink(outside, mine / "linked.yaml")
    write(mine, "broken.yaml", "id: broken\nextends: banzipao\nname: {zh: 坏, en: Broken}\nplayerz: 4\n")
    cat = Catalogue(mine)
    users = [e for e in cat.entries() if not e.builtin]
    assert [e.id for e in users] == ["broken", "my-rules"]
    broken, rules = users
    assert broken.problem == "broken.yaml:4:1: playerz: unknown key 'playerz' (did you mean 'players'?)"
    assert (rules.name_en, rules.family, rules.extends, rules.problem) == ("Mine", "banzipao", "banzipao", None)
    assert cat.path("my-rules") == mine / "my-rules.yaml"
    assert cat.text("my-rules") == CHILD.format(id="my-rules")
    with pytest.raises(CatalogueError, match="^no variant 'linked'$") as err:
        cat.path("linked")
    assert err.value.status == 404


def test_a_file_named_like_a_builtin_is_not_listed(tmp_path: Path) -> None:
    """It is not offered, nor saved by the site; put there by hand it still shadows the built-in
    for its siblings (the loader looks beside a file first), and the gallery says what the
    loader says."""
    write(tmp_path, "banzipao.yaml", CHILD.format(id="banzipao"))
    write(tmp_path, "my-rules.yaml", CHILD.format(id="my-rules"))
    users = [e for e in Catalogue(tmp_path).entries() if not e.builtin]
    assert [e.id for e in users] == ["my-rules"]
    assert users[0].problem == "banzipao.yaml:2:1: extends: 'banzipao' extends this file again (a cycle)"


@pytest.mark.parametrize(
    ("name", "status", "message"),
    [
        ("", 400, "the file name is empty"),
        (".yaml", 400, "the file name is empty"),
        ("../etc/passwd", 400, "the file name '../etc/passwd' is a path: give a name only (letters, digits, hyphens)"),
        ("a/b", 400, "the file name 'a/b' is a path: give a name only (letters, digits, hyphens)"),
        ("..", 400, "the file name '..' is a path: give a name only (letters, digits, hyphens)"),
        ("a\\b", 400, "the file name 'a\\\\b' is a path: give a name only (letters, digits, hyphens)"),
        (".hidden", 400, "the file name '.hidden' may hold only lower-case letters, digits and single hyphens (like my-rules)"),
        ("My_Rules", 400, "the file name 'My_Rules' may hold only lower-case letters, digits and single hyphens (like my-rules)"),
        ("a--b", 400, "the file name 'a--b' may hold only lower-case letters, digits and single hyphens (like my-rules)"),
        ("x" * 65, 400, "the file name is 65 characters long; at most 64"),
        ("banzipao", 409, "'banzipao' is a built-in variant: choose another name"),
        ("doudizhu.yaml", 409, "'doudizhu' is a built-in variant: choose another name"),
    ],
)
def test_check_name_refuses_paths_and_builtins(name: str, status: int, message: str) -> None:
    with pytest.raises(CatalogueError) as err:
        check_name(name)
    assert (err.value.status, err.value.message) == (status, message)


def test_check_name_accepts_a_plain_name() -> None:
    assert check_name("my-rules") == "my-rules"
    assert check_name("my-rules.yaml") == "my-rules"
    assert check_name("x" * 64) == "x" * 64


def test_save_writes_only_into_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "vars"
    cat = Catalogue(folder)
    path = cat.save("my-rules", CHILD.format(id="my-rules"))
    assert path == folder / "my-rules.yaml" and path.read_text() == CHILD.format(id="my-rules")
    with pytest.raises(CatalogueError) as err:
        cat.save("my-rules", "id: my-rules\n")
    assert (err.value.status, err.value.message) == (409, "my-rules.yaml exists: save with overwrite to replace it")
    cat.save("my-rules", "id: my-rules\n", overwrite=True)
    assert path.read_text() == "id: my-rules\n"
    with pytest.raises(CatalogueError) as err:
        cat.save("../outside", "id: outside\n")
    assert err.value.status == 400
    with pytest.raises(CatalogueError) as err:
        cat.save("guandan", "id: guandan\n", overwrite=True)
    assert (err.value.status, err.value.message) == (409, "'guandan' is a built-in variant: choose another name")
    with pytest.raises(CatalogueError) as err:
        cat.save("big", "#" * (TEXT_MAX + 1))
    assert (err.value.status, err.value.message) == (413, f"the text is {TEXT_MAX + 1} bytes; at most {TEXT_MAX}")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["my-rules.yaml", "vars"]


def test_save_leaves_a_link_alone(tmp_path: Path) -> None:
    target = write(tmp_path, "target.yaml", "precious\n")
    folder = tmp_path / "vars"
    folder.mkdir()
    os.symlink(target, folder / "my-link.yaml")
    with pytest.raises(CatalogueError) as err:
        Catalogue(folder).save("my-link", "id: my-link\n", overwrite=True)
    assert (err.value.status, err.value.message) == (409, "my-link.yaml in the variants folder is not a plain file: it is left alone")
    assert target.read_text() == "precious\n"


def test_no_folder_saves_nothing() -> None:
    with pytest.raises(CatalogueError) as err:
        Catalogue(None).save("my-rules", "id: my-rules\n")
    assert (err.value.status, err.value.message) == (
        403, "this server has no --variants folder: nothing can be saved (download the YAML instead)")
    assert Catalogue(None).user_paths() == []
