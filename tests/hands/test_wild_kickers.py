"""Wild cards in kickers (``kickers.wilds``), on the test variant tests/data/wild-kickers.yaml
(wild rank 5 drawn): 三带一 whose single may be a wild card (``any``), 三带二 whose pair a wild
card may complete (``complete``), 飞机带对 whose wings may be wild (``any``, distinct ranks).
Every legal-move set here is exact; a seeded brute force checks generation and classification
agree on small hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from paixing import parse_cards, ruleset
from paixing.hands.classify import classify
from paixing.hands.moves import legal_plays
from paixing.hands.ruleset import Ruleset

from tests.hands.test_properties import (
    check_free_lead,
    check_generated_plays_classify,
    check_identities,
)
from tests.helpers import DATA


def rules() -> Ruleset:
    return ruleset(str(DATA / "wild-kickers.yaml")).for_hand(wild_ranks=("5",))


def kicked(rs: Ruleset, hand: str) -> list[tuple[str, str, str]]:
    return sorted((p.type.id, p.notation, p.reads_as) for p in legal_plays(rs, parse_cards(hand)) if p.type.kickers)


def test_a_wild_card_may_be_the_single() -> None:
    rs = rules()
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("3 3 3 5"))] == [("trio_single", "3335"), ("bomb", "3333")]
    assert kicked(rs, "3 3 3 5") == [("trio_single", "3335", "3335")]


def test_a_wild_card_completes_a_pair_but_two_never_make_one() -> None:
    rs = rules()
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("3 3 3 6 5"))] == [("trio_pair", "33366")]
    assert [p.type.id for p in classify(rs, parse_cards("3 3 3 5 5"))] == []
    assert kicked(rs, "3 3 3 5 6") == [
        ("trio_pair", "33365", "33366"),
        ("trio_single", "3335", "3335"),
        ("trio_single", "3336", "3336"),
        ("trio_single", "3365", "3336"),
    ]


def test_wild_wings_stand_for_distinct_ranks() -> None:
    rs = rules()
    # 333444 + 6+wild + 7+wild: two pairs of different ranks
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("3 3 3 4 4 4 6 7 5 5"))] == [("plane_pairs", "3334446677")]
    # 333444 + 66 + a wild pair: the wild pair stands for its own rank 5
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("3 3 3 4 4 4 6 6 5 5"))] == [("plane_pairs", "3334445566")]
    # 6+wild twice would be two pairs of 6s: not distinct
    assert [p.type.id for p in classify(rs, parse_cards("3 3 3 4 4 4 6 6 6 5"))] == []


def test_default_keeps_kickers_natural() -> None:
    rs = ruleset("doudizhu-tiandi").for_hand(wild_ranks=("5", "9"))
    assert [p.type.id for p in classify(rs, parse_cards("3 3 3 9"))] == ["soft_bomb"]


def test_kicker_wilds_need_other_ranks(tmp_path: Path) -> None:
    text = (DATA / "wild-kickers.yaml").read_text(encoding="utf-8").replace("size: 1, wilds: any", "size: 1, other_ranks: false, wilds: any")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(Exception, match="kickers.wilds needs other_ranks: true"):
        ruleset(str(bad))


def test_generation_and_classification_agree_on_small_hands() -> None:
    rs = rules()
    deck = [c for c in rs.deck() if c.rank in {"3", "4", "5", "6", "7", "BJ"}]
    rng = random.Random(9)
    for _ in range(40):
        hand = tuple(rng.sample(deck, rng.randint(4, 9)))
        check_free_lead(rs, hand)
        check_generated_plays_classify(rs, hand)
        check_identities(rs, hand)
