"""Loader errors: a broken variant file gives exact ``file:line:col: path.to.key: message`` lines.

One table, ``CASES``, and one body: each case writes a few files to ``tmp_path`` (a built-in
variant's text with edits, a small parent, a child that extends it), loads the last, and
compares the ``VariantError.problems`` with the exact lines expected.  A position is never
written as numbers: the case puts a mark (``‸``) where the problem must be located, and the body
turns each mark into ``file:line:col`` of the text written (the built-in files change, so the
table pins the messages and that the position is the corrupted key's, not today's line numbers).
Indices are looked up too: ``{t[pair]}`` is the index of the hand type ``pair`` in banzipao,
``{rung[dou]}`` its ladder rung, ``{ex[straight]}`` its first example classified a straight.

Also here: the ``extends:`` merge rules (maps key by key, id lists by id, ``remove: true``,
other lists replaced) on small children of a written parent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from paixing.rules.loader import VariantError, builtin_dir, builtin_ids, load_variant
from paixing.rules.models import Example, Variant

from tests.helpers import MINI_PARENT, child_text, write

BASE = "banzipao"
FILE = f"{BASE}.yaml"
"""A corrupted copy keeps the base's file name: a variant's id is its file's name."""
MARK = "‸"
"""Where a problem is located, in a case's text; the body removes it before writing."""

Step = str | tuple[str, str]


@dataclass(frozen=True)
class Edited:
    """A text with edits made in order from its start: a lone string moves past its next
    occurrence; a pair ``(old, new)`` replaces the next ``old``."""

    source: str
    """A built-in variant's id, or the text itself."""
    steps: tuple[Step, ...] = ()

    def text(self) -> str:
        text = self.source if "\n" in self.source else (builtin_dir() / f"{self.source}.yaml").read_text(encoding="utf-8")
        at = 0
        for step in self.steps:
            if isinstance(step, str):
                at = text.index(step, at) + len(step)
                continue
            old, new = step
            i = text.index(old, at)
            text, at = text[:i] + new + text[i + len(old) :], i + len(new)
        return text


def banzipao(*steps: Step) -> Edited:
    return Edited(BASE, steps)


def mini(*steps: Step) -> Edited:
    return Edited(MINI_PARENT, steps)


def marked(text: str, before: str) -> str:
    """``text`` with the mark before the first ``before``."""
    return text.replace(before, MARK + before, 1)


@dataclass(frozen=True)
class Case:
    files: tuple[tuple[str, str | Edited], ...]
    """Written in this order into ``tmp_path``; the last is loaded."""
    expected: tuple[str, ...]
    """The exact problem lines: ``{0}``, ``{1}`` … are the marks in the order written,
    ``{path}`` the loaded file; ``t``, ``rung`` and ``ex`` look up indices in banzipao."""
    load: str | None = None
    """Load this file instead of the last one written."""


def broken(*steps: Step, expected: str | tuple[str, ...]) -> Case:
    """banzipao with ``steps`` made, under its own file name."""
    return Case(((FILE, banzipao(*steps)),), expected if isinstance(expected, tuple) else (expected,))


def daifugo(*steps: Step, expected: str) -> Case:
    """daifugo with ``steps`` made, under its own file name."""
    return Case((("daifugo.yaml", Edited("daifugo", steps)),), (expected,))


PLAYERS = "\nplayers: 4\n"
NOT_A_MAPPING = "a variant file must be a mapping of keys (id, name, ranks, …)"

CASES: dict[str, Case] = {
    # ------------------------------------------------------------------------------ unknown keys
    "unknown_top_level_key_suggests": broken(
        ("\nid: ", "\n‸id: "), ("\nhand_types:", "\n‸hand_type:"),
        expected=("{0}: hand_types: required key is missing",
                  "{1}: hand_type: unknown key 'hand_type' (did you mean 'hand_types'?)")),
    "unknown_key_in_hand_type_suggests": broken(
        "- id: pair\n", ("group:", "‸grop:"),
        expected="{0}: hand_types[{t[pair]}].grop: unknown key 'grop' (did you mean 'group'?)"),
    "unknown_key_without_a_close_match": broken(
        (PLAYERS, "\nplayers: 4\n‸zzz: 1\n"), expected="{0}: zzz: unknown key 'zzz'"),
    "unknown_key_in_compare_suggests_alias": broken(
        "- id: straight\n", ("compare: {", "compare: {‸clas: x, "),
        expected="{0}: hand_types[{t[straight]}].compare.clas: unknown key 'clas' (did you mean 'class'?)"),
    "unknown_key_in_range_suggests": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: {‸mn: 2}}"),
        expected="{0}: hand_types[{t[pair]}].group.size.mn: unknown key 'mn' (did you mean 'min'?)"),
    "multiplier_id_twice": Case((("doudizhu.yaml", Edited("doudizhu", (
        ("{id: reverse_spring,", "{‸id: spring,"),))),),
        ("{0}: game.contracts[0].multipliers.when[1].id: multiplier id 'spring' is used twice in "
         "contract 'landlord': give each its own id",)),
    # ------------------------------------------------------------------------------ wrong values
    "wrong_type": broken(
        (PLAYERS, "\n‸players: four\n"),
        expected="{0}: players: Input should be a valid integer, got 'four'"),
    "out_of_range": broken(
        (PLAYERS, "\n‸players: 1\n"),
        expected="{0}: players: Input should be greater than or equal to 2"),
    "boolean_is_not_a_number": broken(
        (PLAYERS, "\n‸players: true\n"),
        expected="{0}: players: Input should be a valid integer, got True"),
    "bad_rank_name": broken(
        "ranks:\n", ('order: ["3"', 'order: [‸"X"'),
        expected="{0}: ranks.order[0]: expected a rank (3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ), got 'X'"),
    "bad_literal": broken(
        "- id: straight\n", ("key: [top]", "key: [‸tops]"),
        expected="{0}: hand_types[{t[straight]}].compare.key[0]: expected 'length', 'top', 'groups', "
        "'suit', 'natural', 'ranks', 'category' or 'wild_alone', got 'tops'"),
    "two_shapes": broken(
        ("- id: pair\n", "- ‸id: pair\n"),
        ("group: {size: 2}\n", "group: {size: 2}\n    chain: {group: 1, length: 3}\n"),
        expected="{0}: hand_types[{t[pair]}]: a hand type needs exactly one shape: group, chain, set, "
        "cards, distinct_ranks or flush (found group, chain)"),
    "range_max_below_min": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {‸size: {min: 3, max: 2}}"),
        expected="{0}: hand_types[{t[pair]}].group.size: max (2) is smaller than min (3)"),
    # ------------------------------------------------------------------------------ examples
    "bad_card_in_example": broken(
        "\nexamples:", ('play: "', '‸play: "55 6X 77 '),
        expected="{0}: examples[{ex[play]}].play: bad card token '6X' at position 2: "
        "expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"),
    "unknown_hand_type_in_example": broken(
        "\nexamples:", ("classify: [straight]", "classify: [‸straigth]"),
        expected="{0}: examples[{ex[straight]}].classify[0]: unknown hand type 'straigth' (did you mean 'straight'?)"),
    "unknown_key_in_example_suggests": broken(
        "\nexamples:", ("does_not_beat:", "‸doesnt_beat:"),
        expected="{0}: examples[{ex[does_not_beat]}].doesnt_beat: unknown key 'doesnt_beat' "
        "(did you mean 'does_not_beat'?)"),
    # ------------------------------------------------------------------------------ ladder
    "ladder_names_unknown_type": broken(
        "\nladder:", ("- [dou]", "- [dou, ‸duo]"),
        expected="{0}: ladder[{rung[dou]}][1]: unknown hand type 'duo' (did you mean 'dou'?)"),
    "also_beats_unknown_type": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    compare: {also_beats: [{‸type: pari}]}"),
        expected="{0}: hand_types[{t[pair]}].compare.also_beats[0].type: unknown hand type 'pari' (did you mean 'pair'?)"),
    "also_beats_itself": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    compare: {also_beats: [{‸type: pair}]}"),
        expected="{0}: hand_types[{t[pair]}].compare.also_beats[0].type: 'pair' already compares with itself by compare.key"),
    "also_beats_unknown_rank": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    compare: {also_beats: [{type: single, ‸ranks: [\"2\", BJ]}]}"),
        expected="{0}: hand_types[{t[pair]}].compare.also_beats[0].ranks: rank 'BJ' is not in ranks.order"),
    "step_needs_top": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    ‸compare: {key: [length], step: 1}"),
        expected="{0}: hand_types[{t[pair]}].compare: compare.step needs a key that starts with top"),
    "step_free_needs_step": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    ‸compare: {step_free: [\"2\"]}"),
        expected="{0}: hand_types[{t[pair]}].compare: compare.step_free needs compare.step"),
    "step_free_unknown_rank": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    compare: {step: 1, ‸step_free: [BJ]}"),
        expected="{0}: hand_types[{t[pair]}].compare.step_free: rank 'BJ' is not in ranks.order"),
    "draw_without_stock": broken(
        ("play: {capture: cards", "play: {‸draw: {after_trick: 1}, capture: cards"),
        expected="{0}: game.play.draw: play.draw needs deal.stock: true (a stock to draw from)"),
    "stock_with_kitty": broken(
        ("deal: {cards_each: 13", "deal: {stock: true, ‸kitty: 2, cards_each: 12"),
        expected="{0}: game.deal.kitty: deal.stock takes every undealt card: kitty must be 0"),
    "also_beats_bad_cards": broken(
        "- id: pair\n", ("group: {size: 2}", "group: {size: 2}\n    compare: {also_beats: [{type: single, cards: [‸3X]}]}"),
        expected="{0}: hand_types[{t[pair]}].compare.also_beats[0].cards[0]: bad card token '3X' at position 1: expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"),
    # the pieces of 大富豪 (daifugo): order changes, trick effects, the exchange by places, titles
    "order_flip_unknown_type": daifugo(
        ("order_flip: {types: [quad]}", "order_flip: {types: [‸quads]}"),
        expected="{0}: game.play.order_flip.types[0]: unknown hand type 'quads' (did you mean 'quad'?)"),
    "ends_trick_rank_not_in_order": daifugo(
        ('ends_trick: {ranks: ["8"]}', 'ends_trick: {ranks: [‸BJ]}'),
        expected="{0}: game.play.trick_effects[0].ends_trick.ranks[0]: 'BJ' is not a rank of ranks.order"),
    "ends_trick_on_unknown_type": daifugo(
        ("on: [joker]", "on: [‸jokr]"),
        expected="{0}: game.play.trick_effects[1].ends_trick.on[0]: unknown hand type 'jokr' (did you mean 'joker'?)"),
    "exchange_place_out_of_range": daifugo(
        ("{giver: -2, receiver: 2, cards: 1}", "{giver: -2, ‸receiver: 5, cards: 1}"),
        expected="{0}: game.steps[0].tribute.exchange[1].receiver: place 5 is not one of 4 players' places (1 to 4, or -1 to -4)"),
    "exchange_to_oneself": daifugo(
        ("- {giver: -2, receiver: 2, cards: 1}", "- ‸{giver: -2, receiver: 3, cards: 1}"),
        expected="{0}: game.steps[0].tribute.exchange[1]: places -2 and 3 are the same player"),
    "titles_one_per_player": daifugo(
        ("      titles:\n", "      ‸titles:\n"), ("        - {zh: 贫民, en: Hinmin (Vice-beggar)}\n", ""),
        expected="{0}: game.contracts[0].titles: 3 titles for 4 players: one per place"),
    "type_missing_from_ladder": broken(
        ("id: dou", "‸id: dou"), "\nladder:", ("  - [dou]\n", ""),
        expected="{0}: hand_types[{t[dou]}].id: hand type 'dou' is not on the ladder"),
    "type_twice_on_ladder": broken(
        "\nladder:", ("- [dou]", "- [dou, ‸dou]"),
        expected="{0}: ladder[{rung[dou]}][1]: hand type 'dou' is on the ladder twice for the same lengths"),
    "rung_that_is_not_a_list": broken(
        "\nladder:", ("- [bomb]", "- ‸bomb"),
        expected="{0}: ladder[{rung[bomb]}]: Input should be a valid list, got 'bomb'"),
    # ------------------------------------------------------------------------------ YAML syntax
    "invalid_yaml_tab": broken(
        (PLAYERS, "\nplayers:‸\t4\n"),
        expected="{0}: invalid YAML: found character '\\t' that cannot start any token"),
    "invalid_yaml_duplicate_key": broken(
        (PLAYERS, "\nplayers: 4\n‸players: 5\n"),
        expected='{0}: invalid YAML: found duplicate key "players" with value "5" (original value: "4")'),
    "invalid_yaml_unclosed_flow": Case(
        ((FILE, "id: x\nplayers: [4\nname‸: y\n"),), ("{0}: invalid YAML: expected ',' or ']', but got ':'",)),
    "not_a_mapping_empty": Case(((FILE, "‸"),), ("{0}: " + NOT_A_MAPPING,)),
    "not_a_mapping_a_list": Case(((FILE, "‸- a\n- b\n"),), ("{0}: " + NOT_A_MAPPING,)),
    "not_a_mapping_words": Case(((FILE, "‸just words\n"),), ("{0}: " + NOT_A_MAPPING,)),
    "missing_file": Case((), ("{path}: no such file",), load="nope.yaml"),
    # ------------------------------------------------------------------------------ extends: errors
    "extends_unknown_parent_suggests": Case(
        (("child.yaml", marked(child_text("banzipoa"), "extends")),),
        ("{0}: extends: no variant 'banzipoa' beside this file or built in (did you mean 'banzipao'?)",)),
    "extends_unknown_parent_without_match": Case(
        (("child.yaml", marked(child_text("nothing-like-it"), "extends")),),
        ("{0}: extends: no variant 'nothing-like-it' beside this file or built in",)),
    "extends_unknown_parent_suggests_file_beside": Case(
        (("myparent.yaml", banzipao()), ("child.yaml", marked(child_text("myparnet"), "extends"))),
        ("{0}: extends: no variant 'myparnet' beside this file or built in (did you mean 'myparent'?)",)),
    "extends_not_a_string": Case(
        (("child.yaml", marked(child_text("[banzipao]"), "extends")),),
        ("{0}: extends: expected the id or file of another variant",)),
    "extends_cycle": Case(
        (("a.yaml", marked(child_text("b", variant_id="a"), "extends")), ("b.yaml", child_text("a", variant_id="b"))),
        ("{0}: extends: 'b' extends this file again (a cycle)",)),
    "extends_itself": Case(
        (("child.yaml", marked(child_text("child"), "extends")),),
        ("{0}: extends: 'child' extends this file again (a cycle)",)),
    # issue 10: a problem inherited from a parent names both files
    "error_in_inherited_key_points_to_parent": Case(
        (("parent.yaml", banzipao("- id: pair\n", ("group:", "‸grop:"))),
         ("child.yaml", child_text("parent", "players: 4\n"))),
        ("{0}: hand_types[{t[pair]}].grop: unknown key 'grop' (did you mean 'group'?) (in {path}, which extends it)",)),
    "error_in_inherited_key_of_merged_item_points_to_parent": Case(
        (("parent.yaml", banzipao("- id: pair\n", ("group:", "‸grop:"))),
         ("child.yaml", child_text("parent", "hand_types:\n  - id: pair\n    name: {zh: 一对, en: A pair}\n"))),
        ("{0}: hand_types[{t[pair]}].grop: unknown key 'grop' (did you mean 'group'?) (in {path}, which extends it)",)),
    "error_in_child_key_points_to_child": Case(
        (("parent.yaml", MINI_PARENT), ("child.yaml", child_text("parent", "hand_types:\n  - {id: pair, ‸grop: {size: 2}}\n"))),
        ("{0}: hand_types[1].grop: unknown key 'grop' (did you mean 'group'?)",)),
    "child_must_give_id_and_name": Case(
        (("parent.yaml", MINI_PARENT), ("child.yaml", "‸extends: parent\nplayers: 4\n")),
        ("{0}: id: required key is missing", "{0}: name: required key is missing")),
    "inherited_ladder_error_points_to_parent": Case(
        (("parent.yaml", mini("\nladder:", ("bomb]", "‸bomb]"))),
         ("child.yaml", child_text("parent", "hand_types:\n  - {id: bomb, remove: true}\n"))),
        ("{0}: ladder[1][0]: unknown hand type 'bomb' (in {path}, which extends it)",)),
    # removing a type the parent's examples still name: the problem is in the inherited example
    "inherited_example_error_points_to_parent": Case(
        (("parent.yaml", mini("\nexamples:", ("odds]", "‸odds]"))),
         ("child.yaml", child_text("parent", "hand_types:\n  - {id: odds, remove: true}\n"))),
        ("{0}: examples[0].classify[0]: unknown hand type 'odds' (in {path}, which extends it)",)),
    "child_error_beside_inherited_keys_points_to_child": Case(
        (("parent.yaml", MINI_PARENT),
         ("child.yaml", child_text("parent", "hand_types:\n  - id: straight\n    chain: {length: {‸min: three}}\n"))),
        ("{0}: hand_types[2].chain.length.min: Input should be a valid integer, got 'three'",)),
    # ------------------------------------------------------------------------------ id is the file name
    "id_must_be_the_file_name": Case(
        (("my-variant.yaml", banzipao(("\nid: ", "\nid: ‸"))),),
        ("{0}: id: 'banzipao' must be the file's name 'my-variant'",)),
    "id_problem_comes_with_the_other_problems": Case(
        (("other.yaml", banzipao(("\nid: ", "\nid: ‸"), (PLAYERS, "\n‸players: four\n"))),),
        ("{0}: id: 'banzipao' must be the file's name 'other'",
         "{1}: players: Input should be a valid integer, got 'four'")),
    "child_id_must_be_its_file_name": Case(
        (("parent.yaml", MINI_PARENT), ("kid.yaml", marked(child_text("parent"), "child"))),
        ("{0}: id: 'child' must be the file's name 'kid'",)),
}

EXAMPLES: dict[str, Callable[[Example], bool]] = {
    "play": lambda ex: ex.play is not None,
    "straight": lambda ex: ex.classify == ["straight"],
    "does_not_beat": lambda ex: ex.does_not_beat is not None,
}
"""The examples of banzipao a case names: ``{ex[straight]}`` is the first that classifies a straight."""


def located(path: Path, text: str) -> tuple[str, list[str]]:
    """``text`` without its marks, and ``path:line:col`` of each mark."""
    places: list[str] = []
    while (at := text.find(MARK)) >= 0:
        line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        places.append(f"{path}:{line}:{col}")
        text = text[:at] + text[at + len(MARK) :]
    return text, places


def problems(path: Path | str) -> list[str]:
    """The problem lines ``load_variant`` reports; fails if the file loads."""
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert str(info.value) == "\n".join(info.value.problems)
    return info.value.problems


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_broken_file_gives_exact_lines(tmp_path: Path, case: Case) -> None:
    places: list[str] = []
    for name, spec in case.files:
        text, here = located(tmp_path / name, spec if isinstance(spec, str) else spec.text())
        write(tmp_path / name, text)
        places += here
    path = tmp_path / (case.load or case.files[-1][0])
    base = load_variant(BASE)
    lookups = {
        "t": {t.id: i for i, t in enumerate(base.hand_types)},
        "rung": {e.type: r for r, rung in reversed(list(enumerate(base.ladder))) for e in rung},
        "ex": {k: next(j for j, ex in enumerate(base.examples) if is_it(ex)) for k, is_it in EXAMPLES.items()},
    }
    assert problems(path) == [line.format(*places, path=path, **lookups) for line in case.expected]


def test_unknown_builtin_id_suggests() -> None:
    assert problems("banzipoa") == [
        f"unknown variant 'banzipoa' (did you mean 'banzipao'?); built in: {', '.join(builtin_ids())}"
    ]


def test_remove_unknown_id_says_so(tmp_path: Path) -> None:
    write(tmp_path / "parent.yaml", MINI_PARENT)
    path = write(tmp_path / "child.yaml", child_text("parent", "hand_types:\n  - {id: nosuch, remove: true}\n"))
    found = problems(path)
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:5:"), found
    assert "'nosuch'" in found[0] and "remove" in found[0], found
    assert "required key is missing" not in found[0], found


# ------------------------------------------------------------------------------ extends: merging
def child(tmp_path: Path, body: str, name: str = "child.yaml", parent: str = "parent") -> Path:
    return write(tmp_path / name, child_text(parent, body, Path(name).stem))


@pytest.fixture
def parent(tmp_path: Path) -> Variant:
    return load_variant(write(tmp_path / "parent.yaml", MINI_PARENT))


def ladder_ids(v: Variant) -> list[list[str]]:
    return [[e.type for e in rung] for rung in v.ladder]


def test_mini_parent_loads(parent: Variant) -> None:
    assert parent.id == "parent" and parent.extends is None
    assert [t.id for t in parent.hand_types] == ["single", "pair", "straight", "bomb", "odds"]


def test_child_of_builtin_and_of_file(tmp_path: Path, parent: Variant) -> None:
    builtin_parent = load_variant(BASE)
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
    write(tmp_path / "middle.yaml", "id: middle\nname: {zh: 中, en: Middle}\nextends: parent\nplayers: 5\n")
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


def test_builtin_ids_are_their_file_names(variant_ids: list[str]) -> None:
    for vid in variant_ids:
        assert load_variant(builtin_dir() / f"{vid}.yaml").id == vid
