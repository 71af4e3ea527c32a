"""Suits in comparison, flush and straight flush, five-card categories, kickers per group,
last-play-only types and ``never_as``: exact legal-play sets and beats answers on the test
variants in tests/data (not built in)."""

from __future__ import annotations

import os

import pytest
from paixing import legal_plays, parse_cards
from paixing import ruleset as load_ruleset
from paixing.hands.moves import beats_cards
from paixing.rules.models import Variant
from pydantic import ValidationError

from tests.helpers import DATA

FIVE = os.path.join(DATA, "suits-five.yaml")
LAST = os.path.join(DATA, "kickers-last.yaml")


def plays(path: str, hand: str, last: str | None = None) -> list[str]:
    rs = load_ruleset(path)
    target = None
    if last is not None:
        (target,) = [p for p in legal_plays(rs, parse_cards(last)) if len(p) == len(parse_cards(last)) and p.type.id != "flush"][:1]
    return sorted(f"{p.type_id} {p.notation}" for p in legal_plays(rs, parse_cards(hand), target))


def beats(path: str, a: str, b: str) -> bool:
    return beats_cards(load_ruleset(path), parse_cards(a), parse_cards(b))


def test_suit_splits_n_of_a_kind_by_its_top_card() -> None:
    # suits matter later here: every set of cards is a play (the suit of its top card its own)
    assert plays(FIVE, "3D 3C 3S 4H") == [
        "pair 3C 3S",
        "pair 3D 3C",
        "pair 3D 3S",
        "single 3C",
        "single 3D",
        "single 3S",
        "single 4H",
        "triple 3D 3C 3S",
    ]


def test_suit_breaks_rank_ties() -> None:
    assert beats(FIVE, "3S", "3H")
    assert not beats(FIVE, "3H", "3S")
    assert beats(FIVE, "3D 3S", "3C 3H")
    assert not beats(FIVE, "3C 3H", "3D 3S")
    assert beats(FIVE, "4D", "3S")
    assert plays(FIVE, "3D 3C 3S 4H", "3H") == ["single 3S", "single 4H"]
    assert plays(FIVE, "3D 3C 3S 4H", "3C 3H") == ["pair 3C 3S", "pair 3D 3S"]


def test_straight_suit_is_its_top_card() -> None:
    assert beats(FIVE, "3D 4D 5D 6D 7S", "3S 4S 5S 6S 7H")
    assert not beats(FIVE, "3S 4S 5S 6S 7H", "3D 4D 5D 6D 7S")


def test_five_card_categories() -> None:
    straight, flush, full, four, sflush = "3D 4C 5H 6S 7D", "3H 5H 9H JH KH", "3D 3C 3H 4D 4C", "3D 3C 3H 3S 4D", "3S 4S 5S 6S 7S"
    order = [straight, flush, full, four, sflush]
    for i, low in enumerate(order):
        for high in order[i + 1 :]:
            assert beats(FIVE, high, low), (high, low)
            assert not beats(FIVE, low, high), (low, high)


def test_flush_against_flush_compares_every_rank() -> None:
    assert beats(FIVE, "3D 5D 9D JD KD", "4S 5S 9S JS KS") is False  # K ties, J ties, 9, 5 tie, 4 > 3
    assert beats(FIVE, "4D 5D 9D JD KD", "3S 5S 9S JS KS")
    assert beats(FIVE, "3S 5S 9S JS KS", "3D 5D 9D JD KD")  # all ranks equal: suit


def test_flush_plays_are_exact() -> None:
    assert [p for p in plays(FIVE, "3S 5S 7S 9S JS 2D") if p.startswith(("flush", "straight"))] == ["flush 3S 5S 7S 9S JS"]
    assert sum(p.startswith("flush") for p in plays(FIVE, "3S 5S 7S 9S JS KS")) == 6
    assert sum(p.startswith("flush") for p in plays(FIVE, "3S 5S 7S 9S JS KH 3H 4H 8H 10H")) == 2


def test_straight_flush_is_one_suit_and_its_suit_counts() -> None:
    assert [p for p in plays(FIVE, "3S 4S 5S 6S 7S 3H") if p.startswith("straight")] == [
        "straight 3H 4S 5S 6S 7S",  # either 3: which one is kept can matter later
        "straight 3S 4S 5S 6S 7S",
        "straight_flush 3S 4S 5S 6S 7S",
    ]
    assert beats(FIVE, "3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H")


def test_a_at_both_ends_and_moved_windows() -> None:
    low, high, two = "AD 2C 3H 4S 5D", "10D JC QH KS AD", "2D 3C 4H 5S 6D"
    assert beats(FIVE, low, high)  # A2345 moved to the top
    assert beats(FIVE, two, low)  # 23456 above it
    assert beats(FIVE, high, "9D 10C JH QS KD")
    assert not beats(FIVE, "9D 10C JH QS KD", high)
    rs = load_ruleset(FIVE)
    long = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    tops = sorted({p.notation for p in legal_plays(rs, long) if p.type_id == "straight_flush"})
    assert len(tops) == 10  # A2345 … 10JQKA; no J-Q-K-A-2 nor K-A-2-3-4
    assert any(set(t.split()) == {"AS", "2S", "3S", "4S", "5S"} for t in tops)
    assert any(set(t.split()) == {"10S", "JS", "QS", "KS", "AS"} for t in tops)


@pytest.mark.parametrize(
    ("sequence", "message"),
    [
        (["3", "4", "3", "5"], "sequence lists 3 twice"),
        (["A", "2", "A", "3", "A"], "sequence lists A twice"),
    ],
)
def test_duplicated_rank_in_sequence_is_an_error(sequence: list[str], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Variant.model_validate(
            {"id": "x", "name": {"zh": "x", "en": "x"}, "ranks": {"order": ["3", "4", "5", "A", "2"], "sequence": sequence}, "hand_types": [], "ladder": []}
        )


def test_kickers_per_group_with_a_count() -> None:
    got = [p for p in plays(LAST, "3S 3H 3D 4S 4H 4D 5S 5H 6C 6D") if p.startswith("plane ")]
    # two singles per trio: four wing cards, here 5 5 6 6 (two singles may pair)
    assert got == ["plane 3D 3H 3S 4D 4H 4S 5H 5S 6D 6C"]


def test_four_with_three() -> None:
    assert [p for p in plays(LAST, "5S 5H 5D 5C 6S 6H 7S") if p.startswith("four")] == ["four_three 5D 5C 5H 5S 6H 6S 7S"]


def test_last_play_only() -> None:
    assert plays(LAST, "3S 3H 3D 4S") == ["pair 3D 3H", "single 3D", "single 4S", "trio_short 3D 3H 3S 4S"]
    assert plays(LAST, "3S 3H 3D") == ["pair 3D 3H", "single 3D", "trio_short 3D 3H 3S"]
    assert "trio_short 3D 3H 3S" not in plays(LAST, "3S 3H 3D 4S")
    assert [p for p in plays(LAST, "3S 3H 3D 4S 4H 4D 5S") if "plane" in p] == ["plane_short 3D 3H 3S 4D 4H 4S 5S"]
    # it still beats as usual: a short trio of 4s beats a trio of 3s with two
    assert beats(LAST, "4S 4H 4D", "3S 3H 3D 5S 6S")


def test_wild_never_stands_for_a_joker() -> None:
    rs = load_ruleset(LAST)
    assert plays(LAST, "BJ FL") == ["single BJ", "single FL"]
    assert "pair 5S FL" in plays(LAST, "5S FL")
    assert [p.type_id for p in legal_plays(rs, parse_cards("BJ FL")) if len(p) == 2] == []
