"""Loader errors: a broken variant file gives exact ``file:line:col: path.to.key: message`` lines.

Each test copies a built-in variant into ``tmp_path``, corrupts one thing, and compares the
``VariantError.problems`` of ``load_variant`` with the exact lines expected. Positions are
computed from the written text (the built-in files change), so the tests pin the messages and
that the position is the corrupted key's, not the line numbers of today's files.

Also here: the ``extends:`` merge rules (maps key by key, id lists by id, ``remove: true``,
other lists replaced) on small children of a copied parent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paixing.rules.loader import VariantError, builtin_dir, builtin_ids, load_variant
from paixing.rules.models import Variant

BASE = "banzipao"
FILE = f"{BASE}.yaml"
"""A corrupted copy keeps the base's file name: a variant's id is its file's name."""
CHILD_NAME = "name: {zh: 子, en: Child}\n"


# ------------------------------------------------------------------------------ helpers
def builtin_text(variant_id: str = BASE) -> str:
    return (builtin_dir() / f"{variant_id}.yaml").read_text(encoding="utf-8")


def builtin(variant_id: str = BASE) -> Variant:
    return load_variant(variant_id)


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    """The problem lines ``load_variant`` reports; fails if the file loads."""
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert str(info.value) == "\n".join(info.value.problems)
    return info.value.problems


def locate(text: str, needle: str, start: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the first ``needle`` at or after offset ``start``."""
    at = text.index(needle, start)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col


def replace_after(text: str, anchor: str, old: str, new: str) -> tuple[str, int]:
    """Replace the first ``old`` after ``anchor``; returns the text and the offset of ``new``."""
    a = text.index(anchor)
    at = text.index(old, a)
    return text[:at] + new + text[at + len(old) :], at


def first_key(text: str) -> tuple[int, int]:
    """Position of the top-level mapping: its first key."""
    m = re.search(r"^[a-z_]+:", text, re.M)
    assert m is not None
    return locate(text, m.group(0))


def top_level(text: str, key: str) -> tuple[int, int]:
    m = re.search(rf"^{key}:", text, re.M)
    assert m is not None, f"no top-level {key}: in the base file"
    return locate(text, m.group(0), m.start())


def hand_type_index(type_id: str, variant_id: str = BASE) -> int:
    return [t.id for t in builtin(variant_id).hand_types].index(type_id)


@pytest.fixture
def base() -> str:
    return builtin_text(BASE)


# ------------------------------------------------------------------------------ unknown keys
def test_unknown_top_level_key_suggests(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^hand_types:", "hand_type:", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = top_level(text, "hand_type")
    top = first_key(text)
    assert problems(path) == [
        f"{path}:{top[0]}:{top[1]}: hand_types: required key is missing",
        f"{path}:{line}:{col}: hand_type: unknown key 'hand_type' (did you mean 'hand_types'?)",
    ]


def test_unknown_key_in_hand_type_suggests(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "- id: pair\n", "group:", "grop:")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "grop:", at)
    i = hand_type_index("pair")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[{i}].grop: unknown key 'grop' (did you mean 'group'?)"
    ]


def test_unknown_key_without_a_close_match(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players: 4\nzzz: 1", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = top_level(text, "zzz")
    assert problems(path) == [f"{path}:{line}:{col}: zzz: unknown key 'zzz'"]


def test_unknown_key_in_compare_suggests_alias(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "- id: straight\n", "compare: {", "compare: {clas: x, ")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "clas:", at)
    i = hand_type_index("straight")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[{i}].compare.clas: unknown key 'clas' (did you mean 'class'?)"
    ]


def test_unknown_key_in_range_suggests(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "- id: pair\n", "group: {size: 2}", "group: {size: {mn: 2}}")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "mn:", at)
    i = hand_type_index("pair")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[{i}].group.size.mn: unknown key 'mn' (did you mean 'min'?)"
    ]


# ------------------------------------------------------------------------------ wrong values
def test_wrong_type(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players: four", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = top_level(text, "players")
    assert problems(path) == [
        f"{path}:{line}:{col}: players: Input should be a valid integer, got 'four'"
    ]


def test_out_of_range(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players: 1", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = top_level(text, "players")
    assert problems(path) == [
        f"{path}:{line}:{col}: players: Input should be greater than or equal to 2"
    ]


def test_boolean_is_not_a_number(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players: true", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = top_level(text, "players")
    assert problems(path) == [
        f"{path}:{line}:{col}: players: Input should be a valid integer, got True"
    ]


def test_bad_rank_name(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "ranks:\n", 'order: ["3"', 'order: ["X"')
    path = write(tmp_path, FILE, text)
    line, col = locate(text, '"X"', at)
    assert problems(path) == [
        f"{path}:{line}:{col}: ranks.order[0]: expected a rank (3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ), got 'X'"
    ]


def test_bad_literal(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "- id: straight\n", "key: [top]", "key: [tops]")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "tops", at)
    i = hand_type_index("straight")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[{i}].compare.key[0]: expected 'length', 'top', 'groups', 'suit', 'natural', 'ranks' or 'category', got 'tops'"
    ]


def test_two_shapes(tmp_path: Path, base: str) -> None:
    text, _ = replace_after(
        base,
        "- id: pair\n",
        "group: {size: 2}\n",
        "group: {size: 2}\n    chain: {group: 1, length: 3}\n",
    )
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "- id: pair")
    i = hand_type_index("pair")
    assert problems(path) == [
        f"{path}:{line}:{col + 2}: hand_types[{i}]: a hand type needs exactly one shape: group, chain, set, cards, distinct_ranks or flush (found group, chain)"
    ]


def test_range_max_below_min(tmp_path: Path, base: str) -> None:
    text, at = replace_after(
        base, "- id: pair\n", "group: {size: 2}", "group: {size: {min: 3, max: 2}}"
    )
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "size:", at)
    i = hand_type_index("pair")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[{i}].group.size: max (2) is smaller than min (3)"
    ]


# ------------------------------------------------------------------------------ examples
def test_bad_card_in_example(tmp_path: Path, base: str) -> None:
    examples = builtin().examples
    j = next(k for k, ex in enumerate(examples) if ex.play is not None and ex.beats is not None)
    old = examples[j].play
    assert old is not None
    anchor = base.index("\nexamples:")
    at = base.index(f'play: "{old}"', anchor)
    text = base[:at] + 'play: "55 6X 77"' + base[at + len(f'play: "{old}"') :]
    path = write(tmp_path, FILE, text)
    line, col = locate(text, 'play: "55 6X 77"')
    assert problems(path) == [
        f"{path}:{line}:{col}: examples[{j}].play: bad card token '6X' at position 2: "
        "expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"
    ]


def test_unknown_hand_type_in_example(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "\nexamples:", "classify: [straight]", "classify: [straigth]")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "straigth", at)
    j = next(k for k, ex in enumerate(builtin().examples) if ex.classify == ["straight"])
    assert problems(path) == [
        f"{path}:{line}:{col}: examples[{j}].classify[0]: unknown hand type 'straigth' (did you mean 'straight'?)"
    ]


def test_unknown_key_in_example_suggests(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "\nexamples:", "does_not_beat:", "doesnt_beat:")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "doesnt_beat:", at)
    j = next(k for k, ex in enumerate(builtin().examples) if ex.does_not_beat is not None)
    assert problems(path) == [
        f"{path}:{line}:{col}: examples[{j}].doesnt_beat: unknown key 'doesnt_beat' (did you mean 'does_not_beat'?)"
    ]


# ------------------------------------------------------------------------------ ladder
def test_ladder_names_unknown_type(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "\nladder:", "- [dou]", "- [dou, duo]")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "duo", at)
    rung = next(
        r for r, entries in enumerate(builtin().ladder) if [e.type for e in entries] == ["dou"]
    )
    assert problems(path) == [
        f"{path}:{line}:{col}: ladder[{rung}][1]: unknown hand type 'duo' (did you mean 'dou'?)"
    ]


def test_type_missing_from_ladder(tmp_path: Path, base: str) -> None:
    text, _ = replace_after(base, "\nladder:", "  - [dou]\n", "")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "id: dou")
    i = hand_type_index("dou")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[{i}].id: hand type 'dou' is not on the ladder"
    ]


def test_type_twice_on_ladder(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "\nladder:", "- [dou]", "- [dou, dou]")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "dou]", at)
    rung = next(
        r for r, entries in enumerate(builtin().ladder) if [e.type for e in entries] == ["dou"]
    )
    assert problems(path) == [
        f"{path}:{line}:{col}: ladder[{rung}][1]: hand type 'dou' is on the ladder twice for the same lengths"
    ]


def test_rung_that_is_not_a_list(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "\nladder:", "- [bomb]", "- bomb")
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "bomb", at)
    rung = next(
        r for r, entries in enumerate(builtin().ladder) if [e.type for e in entries] == ["bomb"]
    )
    assert problems(path) == [
        f"{path}:{line}:{col}: ladder[{rung}]: Input should be a valid list, got 'bomb'"
    ]


# ------------------------------------------------------------------------------ YAML syntax
def test_invalid_yaml_tab(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players:\t4", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "\t4")
    assert problems(path) == [
        f"{path}:{line}:{col}: invalid YAML: found character '\\t' that cannot start any token"
    ]


def test_invalid_yaml_duplicate_key(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players: 4\nplayers: 5", base, count=1, flags=re.M)
    path = write(tmp_path, FILE, text)
    line, col = locate(text, "players: 5")
    assert problems(path) == [
        f'{path}:{line}:{col}: invalid YAML: found duplicate key "players" with value "5" (original value: "4")'
    ]


def test_invalid_yaml_unclosed_flow(tmp_path: Path) -> None:
    path = write(tmp_path, FILE, "id: x\nplayers: [4\nname: y\n")
    assert problems(path) == [f"{path}:3:5: invalid YAML: expected ',' or ']', but got ':'"]


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "just words\n"])
def test_not_a_mapping(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, FILE, text)
    assert problems(path) == [
        f"{path}:1:1: a variant file must be a mapping of keys (id, name, ranks, …)"
    ]


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    assert problems(path) == [f"{path}: no such file"]


def test_unknown_builtin_id_suggests() -> None:
    with pytest.raises(VariantError) as info:
        load_variant("banzipoa")
    assert info.value.problems == [
        f"unknown variant 'banzipoa' (did you mean 'banzipao'?); built in: {', '.join(builtin_ids())}"
    ]


# ------------------------------------------------------------------------------ extends: errors
def child(tmp_path: Path, body: str, name: str = "child.yaml", parent: str = "parent") -> Path:
    return write(tmp_path, name, f"id: {Path(name).stem}\n{CHILD_NAME}extends: {parent}\n{body}")


def test_extends_unknown_parent_suggests(tmp_path: Path) -> None:
    path = child(tmp_path, "", parent="banzipoa")
    assert problems(path) == [
        f"{path}:3:1: extends: no variant 'banzipoa' beside this file or built in (did you mean 'banzipao'?)"
    ]


def test_extends_unknown_parent_without_match(tmp_path: Path) -> None:
    path = child(tmp_path, "", parent="nothing-like-it")
    assert problems(path) == [
        f"{path}:3:1: extends: no variant 'nothing-like-it' beside this file or built in"
    ]


def test_extends_unknown_parent_suggests_file_beside(tmp_path: Path, base: str) -> None:
    write(tmp_path, "myparent.yaml", base)
    path = child(tmp_path, "", parent="myparnet")
    assert problems(path) == [
        f"{path}:3:1: extends: no variant 'myparnet' beside this file or built in (did you mean 'myparent'?)"
    ]


def test_extends_not_a_string(tmp_path: Path) -> None:
    path = child(tmp_path, "", parent="[banzipao]")
    assert problems(path) == [f"{path}:3:1: extends: expected the id or file of another variant"]


def test_extends_cycle(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", f"id: a\n{CHILD_NAME}extends: b\n")
    b = write(tmp_path, "b.yaml", f"id: b\n{CHILD_NAME}extends: a\n")
    assert problems(b) == [
        f"{tmp_path / 'a.yaml'}:3:1: extends: 'b' extends this file again (a cycle)"
    ]


def test_extends_itself(tmp_path: Path) -> None:
    path = child(tmp_path, "", parent="child")
    assert problems(path) == [f"{path}:3:1: extends: 'child' extends this file again (a cycle)"]


def test_error_in_inherited_key_points_to_parent(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "- id: pair\n", "group:", "grop:")
    parent = write(tmp_path, "parent.yaml", text)
    line, col = locate(text, "grop:", at)
    path = child(tmp_path, "players: 4\n")
    i = hand_type_index("pair")
    assert problems(path) == [
        f"{parent}:{line}:{col}: hand_types[{i}].grop: unknown key 'grop' (did you mean 'group'?)"
        f" (in {path}, which extends it)"  # issue 10: an inherited problem names both files
    ]


def test_error_in_inherited_key_of_merged_item_points_to_parent(tmp_path: Path, base: str) -> None:
    text, at = replace_after(base, "- id: pair\n", "group:", "grop:")
    parent = write(tmp_path, "parent.yaml", text)
    line, col = locate(text, "grop:", at)
    path = child(tmp_path, "hand_types:\n  - id: pair\n    name: {zh: 一对, en: A pair}\n")
    i = hand_type_index("pair")
    assert problems(path) == [
        f"{parent}:{line}:{col}: hand_types[{i}].grop: unknown key 'grop' (did you mean 'group'?)"
        f" (in {path}, which extends it)"
    ]


def test_error_in_child_key_points_to_child(tmp_path: Path) -> None:
    write(tmp_path, "parent.yaml", MINI)
    path = child(tmp_path, "hand_types:\n  - {id: pair, grop: {size: 2}}\n")
    assert problems(path) == [
        f"{path}:5:16: hand_types[1].grop: unknown key 'grop' (did you mean 'group'?)"
    ]


def test_remove_unknown_id_says_so(tmp_path: Path) -> None:
    write(tmp_path, "parent.yaml", MINI)
    path = child(tmp_path, "hand_types:\n  - {id: nosuch, remove: true}\n")
    found = problems(path)
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:5:"), found
    assert "'nosuch'" in found[0] and "remove" in found[0], found
    assert "required key is missing" not in found[0], found


def test_child_must_give_id_and_name(tmp_path: Path) -> None:
    write(tmp_path, "parent.yaml", MINI)
    path = write(tmp_path, "child.yaml", "extends: parent\nplayers: 4\n")
    assert problems(path) == [
        f"{path}:1:1: id: required key is missing",
        f"{path}:1:1: name: required key is missing",
    ]


# ------------------------------------------------------------------------------ extends: merging
MINI = """\
# A small parent, written here so that merge tests do not depend on the built-in files.
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


@pytest.fixture
def parent(tmp_path: Path) -> Variant:
    write(tmp_path, "parent.yaml", MINI)
    return load_variant(tmp_path / "parent.yaml")


def ladder_ids(v: Variant) -> list[list[str]]:
    return [[e.type for e in rung] for rung in v.ladder]


def test_mini_parent_loads(parent: Variant) -> None:
    assert parent.id == "parent" and parent.extends is None
    assert [t.id for t in parent.hand_types] == ["single", "pair", "straight", "bomb", "odds"]


def test_child_of_builtin_and_of_file(tmp_path: Path, parent: Variant) -> None:
    builtin_parent = builtin(BASE)
    by_id = load_variant(child(tmp_path, "", name="c1.yaml", parent=BASE))
    by_file = load_variant(child(tmp_path, "", name="c2.yaml", parent="parent.yaml"))
    by_name = load_variant(child(tmp_path, "", name="c3.yaml", parent="parent"))
    assert by_id.hand_types == builtin_parent.hand_types and by_id.ladder == builtin_parent.ladder
    for v in (by_file, by_name):
        assert v.hand_types == parent.hand_types
        assert (
            v.ladder == parent.ladder and v.examples == parent.examples and v.notes == parent.notes
        )
    for v, vid in ((by_id, "c1"), (by_file, "c2"), (by_name, "c3")):
        assert v.id == vid and v.name.en == "Child"
    assert (by_id.extends, by_file.extends, by_name.extends) == (BASE, "parent.yaml", "parent")


def test_extends_is_not_inherited(tmp_path: Path, parent: Variant) -> None:
    write(
        tmp_path,
        "middle.yaml",
        "id: middle\nname: {zh: 中, en: Middle}\nextends: parent\nplayers: 5\n",
    )
    v = load_variant(child(tmp_path, "", parent="middle"))
    assert v.extends == "middle"
    assert v.players == 5
    assert v.hand_types == parent.hand_types


def test_maps_merge_key_by_key(tmp_path: Path, parent: Variant) -> None:
    v = load_variant(child(tmp_path, "deck: {packs: 2}\nranks: {suits: [S, H, C, D]}\n"))
    assert v.deck.packs == 2
    assert v.deck.jokers == parent.deck.jokers
    assert v.ranks.suits == ["S", "H", "C", "D"]
    assert v.ranks.order == parent.ranks.order and v.ranks.sequence == parent.ranks.sequence


def test_id_lists_merge_by_id(tmp_path: Path, parent: Variant) -> None:
    body = "hand_types:\n  - id: straight\n    chain: {length: {min: 5}}\n"
    v = load_variant(child(tmp_path, body))
    old = parent.hand_type("straight")
    new = v.hand_type("straight")
    assert [t.id for t in v.hand_types] == [t.id for t in parent.hand_types]
    assert new.chain is not None and old.chain is not None
    assert new.chain.length.min == 5 and new.chain.length.max is None
    assert new.chain.group == old.chain.group
    assert (
        new.name == old.name and new.compare == old.compare and new.description == old.description
    )
    for t in parent.hand_types:
        if t.id != "straight":
            assert v.hand_type(t.id) == t


def test_new_id_is_appended(tmp_path: Path, parent: Variant) -> None:
    body = (
        "hand_types:\n  - id: six\n    name: {zh: 六张, en: Six}\n    group: {size: 6}\n"
        "ladder:\n  - [single, pair, straight]\n  - [bomb]\n  - [six]\n"
    )
    v = load_variant(child(tmp_path, body))
    assert [t.id for t in v.hand_types] == [t.id for t in parent.hand_types] + ["six"]
    assert ladder_ids(v) == ladder_ids(parent) + [["six"]]


def test_remove_true_deletes(tmp_path: Path, parent: Variant) -> None:
    # the parent's examples name odds, so the child replaces them too
    body = 'hand_types:\n  - {id: odds, remove: true}\nexamples:\n  - {play: "33", does_not_beat: "22"}\n'
    v = load_variant(child(tmp_path, body))
    assert [t.id for t in v.hand_types] == ["single", "pair", "straight", "bomb"]


def test_other_lists_are_replaced(tmp_path: Path, parent: Variant) -> None:
    body = 'ladder:\n  - [single, pair, straight, bomb]\nexamples:\n  - {play: "33", does_not_beat: "22"}\n'
    v = load_variant(child(tmp_path, body))
    assert ladder_ids(v) == [["single", "pair", "straight", "bomb"]]
    assert [ex.play for ex in v.examples] == ["33"]
    assert v.hand_types == parent.hand_types


def test_notes_merge_by_id(tmp_path: Path, parent: Variant) -> None:
    body = "notes:\n  - id: a\n    text: {en: New}\n  - id: c\n    text: {zh: 丙, en: C}\n"
    v = load_variant(child(tmp_path, body))
    assert [n.id for n in v.notes] == ["a", "b", "c"]
    assert v.notes[0].text.en == "New" and v.notes[0].text.zh == "甲"
    assert v.notes[1] == parent.notes[1]


def test_inherited_ladder_error_points_to_parent(tmp_path: Path, parent: Variant) -> None:
    path = child(tmp_path, "hand_types:\n  - {id: bomb, remove: true}\n")
    line, col = locate(MINI, "bomb]", MINI.index("\nladder:"))
    assert problems(path) == [
        f"{tmp_path / 'parent.yaml'}:{line}:{col}: ladder[1][0]: unknown hand type 'bomb'"
        f" (in {path}, which extends it)"
    ]


def test_inherited_example_error_points_to_parent(tmp_path: Path, parent: Variant) -> None:
    """Removing a type the parent's examples still name: the error is in the inherited example."""
    path = child(tmp_path, "hand_types:\n  - {id: odds, remove: true}\n")
    line, col = locate(MINI, "odds]", MINI.index("\nexamples:"))
    assert problems(path) == [
        f"{tmp_path / 'parent.yaml'}:{line}:{col}: examples[0].classify[0]: unknown hand type 'odds'"
        f" (in {path}, which extends it)"
    ]


def test_child_error_beside_inherited_keys_points_to_child(tmp_path: Path, parent: Variant) -> None:
    path = child(tmp_path, "hand_types:\n  - id: straight\n    chain: {length: {min: three}}\n")
    line, col = locate(path.read_text(encoding="utf-8"), "min: three")
    assert problems(path) == [
        f"{path}:{line}:{col}: hand_types[2].chain.length.min: Input should be a valid integer, got 'three'"
    ]


def test_builtin_child_merges_kickers(variant_ids: list[str]) -> None:
    """doudizhu-rlcard extends doudizhu: overrides merge into the parent's hand types."""
    assert "doudizhu-rlcard" in variant_ids
    parent = load_variant("doudizhu")
    v = load_variant("doudizhu-rlcard")
    assert v.extends == "doudizhu"
    assert [t.id for t in v.hand_types] == [t.id for t in parent.hand_types]
    ps = v.hand_type("plane_singles")
    assert ps.kickers is not None and ps.kickers.no_longer_chain
    assert ps.chain == parent.hand_type("plane_singles").chain
    assert v.ladder == parent.ladder


# ------------------------------------------------------------------------------ id is the file name
def test_id_must_be_the_file_name(tmp_path: Path, base: str) -> None:
    path = write(tmp_path, "my-variant.yaml", base)
    line, col = locate(base, f"id: {BASE}")
    assert problems(path) == [
        f"{path}:{line}:{col + 4}: id: {BASE!r} must be the file's name 'my-variant'"
    ]


def test_id_problem_comes_with_the_other_problems(tmp_path: Path, base: str) -> None:
    text = re.sub(r"^players: 4$", "players: four", base, count=1, flags=re.M)
    path = write(tmp_path, "other.yaml", text)
    found = problems(path)
    assert found[0].endswith(f"id: {BASE!r} must be the file's name 'other'")
    assert found[1].endswith("players: Input should be a valid integer, got 'four'")


def test_child_id_must_be_its_file_name(tmp_path: Path, parent: Variant) -> None:
    path = write(tmp_path, "kid.yaml", f"id: child\n{CHILD_NAME}extends: parent\n")
    assert problems(path) == [f"{path}:1:5: id: 'child' must be the file's name 'kid'"]


def test_builtin_ids_are_their_file_names(variant_ids: list[str]) -> None:
    for vid in variant_ids:
        assert load_variant(builtin_dir() / f"{vid}.yaml").id == vid
