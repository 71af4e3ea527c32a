"""Conformance vectors and diffs in variants whose hand rules depend on the hand: every request
names its hand (``level``, ``wild_ranks``) and is answered in that hand; a diff compares two
variants in one hand (docs/conformance.md, "Cases that name their hand")."""

from __future__ import annotations

import json

import jsonschema
from paixing import ruleset
from paixing.conformance.diff import same_hand
from paixing.conformance.vectors import answer, dumps, vectors
from paixing.conformance.vectors.answers import score_record
from paixing.conformance.vectors.params import hand_keys, sample_hand

from tests.helpers import DATA, DOCS

SCHEMA = json.loads((DOCS / "conformance.schema.json").read_text(encoding="utf-8"))


def test_which_hand_parameters_a_variant_takes() -> None:
    assert hand_keys(ruleset(str(DATA / "laizi-tiny.yaml"))) == ("wild_ranks",)
    assert hand_keys(ruleset(str(DATA / "laizi-level.yaml"))) == ("level",)
    assert hand_keys(ruleset("doudizhu-tiandi")) == ("wild_ranks",)
    assert hand_keys(ruleset("doudizhu")) == () and hand_keys(ruleset("chibi-dagun")) == ()


def test_the_sample_hand_draws_as_the_steps_do_from_the_variant_id() -> None:
    tiny = ruleset(str(DATA / "laizi-tiny.yaml"))
    assert sample_hand(tiny).hand.wild_ranks == ("3",)
    # 天地癞子: two steps, two different ranks; already a hand: kept
    tiandi = sample_hand(ruleset("doudizhu-tiandi"))
    assert tiandi.hand.wild_ranks == ("K", "A")
    assert sample_hand(tiandi) is tiandi
    five = ruleset("doudizhu-laizi").for_hand(wild_ranks=("5",))
    assert sample_hand(five) is five
    assert sample_hand(ruleset("doudizhu")) is ruleset("doudizhu")


def test_every_case_names_its_hand_and_is_answered_in_it() -> None:
    rs = ruleset(str(DATA / "laizi-tiny.yaml"))
    v = vectors(rs, hands=False)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for line in dumps(v).splitlines():
        validator.validate(json.loads(line))
    generated = [c for c in v.cases if not c["why"].startswith("example")]
    assert generated and all(c["wild_ranks"] == ["3"] and "level" not in c for c in generated)
    wild = next(c for c in v.cases if c["op"] == "classify" and c["cards"] == "4D 3D 3C 3H")
    assert {(p["type"], p.get("as")) for p in wild["expect"]["plays"]} == {("straight", "3456"), ("straight", "4567"), ("bomb", "4444")}
    # the same cards in a hand where nothing is wild, and where 4 is wild
    assert answer(rs, {**wild, "wild_ranks": []}) == {"plays": []}
    four = answer(rs, {**wild, "wild_ranks": ["4"]})
    assert {(p["type"], p.get("as")) for p in four["plays"]} == {("bomb", "3333")}
    level = vectors(ruleset(str(DATA / "laizi-level.yaml")), hands=False)
    assert all(c["level"] == "7" and "wild_ranks" not in c for c in level.cases)


def test_an_example_case_assumes_the_examples_hand() -> None:
    v = vectors(ruleset(str(DATA / "laizi-tiny.yaml")), hands=False, ops=["classify"])
    by_why = {w: c for c in v.cases for w in c["why"].split("; ")}
    assert by_why["example 0"]["wild_ranks"] == ["5"] and by_why["example 0"]["cards"] == "4 5"
    assert by_why["example 0"]["expect"] == {"plays": [{"type": "pair", "name": {"zh": "对", "en": "Pair"}, "cards": "45", "as": "44"}]}
    # the example of the auction: nothing drawn yet, no play
    assert by_why["example 1"]["wild_ranks"] == [] and by_why["example 1"]["expect"] == {"plays": []}


def test_a_whole_hand_names_the_ranks_drawn() -> None:
    v = vectors("doudizhu-laizi", ops=["score"], max_games=6)
    assert v.cases and all(len(c["wild_ranks"]) == 1 for c in v.cases)
    case = v.cases[0]
    assert score_record(ruleset("doudizhu-laizi"), case)["wild_ranks"] == case["wild_ranks"]
    assert case["expect"]["ok"]


def test_a_diff_compares_in_one_hand() -> None:
    parent, child = ruleset("doudizhu"), ruleset("doudizhu-laizi")
    a, b, hand = same_hand(parent, child)
    assert a is parent and b.hand.wild_ranks == ("7",) and hand == {"wild_ranks": ["7"]}
    # 天地癞子 against 癞子斗地主: both with the child's two ranks, so no card differs
    a, b, hand = same_hand(child, ruleset("doudizhu-tiandi"))
    assert a.hand.wild_ranks == b.hand.wild_ranks == ("K", "A") and hand == {"wild_ranks": ["K", "A"]}
    # the first variant's hand when only it has per-hand rules
    a, b, hand = same_hand(child, parent)
    assert a.hand.wild_ranks == ("7",) and b is parent
    assert same_hand(parent, ruleset("banzipao")) == (parent, ruleset("banzipao"), {})
