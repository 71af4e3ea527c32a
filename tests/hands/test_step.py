"""``compare.step`` and ``compare.step_free``: an answer within a class must be exactly so many
ranks above the play on the table (干瞪眼), plays of the free ranks (its 2s) beat any lower play
of the class, other rungs are untouched, and the move generator offers exactly those plays."""

from __future__ import annotations

import paixing
import pytest
from paixing.hands.play import beats, why


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("gandengyan")


def play(rs: paixing.Ruleset, cards: str) -> paixing.Play:
    (p,) = paixing.classify(rs, paixing.parse_cards(cards))
    return p


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("6S", "5H", True),                    # one rank higher
    ("7S", "5H", False),                   # two: not enough
    ("5S", "5H", False),
    ("4S", "5H", False),
    ("2S", "5H", True),                    # a free rank: any lower single
    ("2S", "AH", True),
    ("2S", "2H", False),                   # but not its equal
    ("AS", "2H", False),
    ("6S 6H", "5S 5H", True),
    ("2S 2H", "3S 3H", True),
    ("4S 4H", "2S 2H", False),
    ("4S 5H 6D", "3S 4H 5D", True),        # a sequence: its top one rank higher, same length
    ("5S 6H 7D", "3S 4H 5D", False),
    ("4S 5H 6D 7C", "3S 4H 5D 6C", True),
    ("4S 5H 6D 7C", "3S 4H 5D", False),
    ("4S 4H 5D 5C", "3S 3H 4D 4C", True),
    ("9S 9H 9D", "4S 4H 4D", True),        # bombs have no step: any higher bomb
    ("4S 4H 4D 4C", "AS AH AD", True),
    ("3S 3H 3D", "2S 2H", True),           # a higher rung: the step never applies
    ("3S 3H 3D", "QS KH AD", True),
])
def test_beats(rs: paixing.Ruleset, a: str, b: str, expected: bool) -> None:
    assert beats(play(rs, a), play(rs, b)) is expected


def test_a_wild_reading_one_rank_higher_beats(rs: paixing.Ruleset) -> None:
    """5-6-joker reads 4-5-6 and 5-6-7: the second is one above 4-5-6 (some reading beats)."""
    hand = paixing.parse_cards("5S 6H BJ")
    assert paixing.beats_cards(rs, hand, paixing.parse_cards("4S 5H 6D")) is True
    assert paixing.beats_cards(rs, hand, paixing.parse_cards("3S 4H 5D")) is True
    assert paixing.beats_cards(rs, hand, paixing.parse_cards("6S 7H 8D")) is False


@pytest.mark.parametrize("target", ["5H", "AH", "2H", "5S 5H", "3S 4H 5D", "3S 3H 4D 4C", "4S 4H 4D", "QS KH AD"])
def test_legal_plays_are_the_lead_filtered_by_beats(rs: paixing.Ruleset, target: str) -> None:
    """The answer plan of a type with a step asks ``beats`` of every play: nothing missed, nothing extra."""
    hand = paixing.parse_cards("4C 5D 6S 6C 7D 7H 8S KS AC 2D 2C BJ")
    lead = list(paixing.legal_plays(rs, hand))
    on = play(rs, target)
    assert list(paixing.legal_plays(rs, hand, on)) == [p for p in lead if beats(p, on)]


def test_on_a_single_five(rs: paixing.Ruleset) -> None:
    hand = paixing.parse_cards("5S 6H 6D 8C 2S BJ")
    got = [p.notation for p in paixing.legal_plays(rs, hand, play(rs, "5H"))]
    assert got == ["6D", "2S", "6D 6H BJ"]


def test_why_names_the_step(rs: paixing.Ruleset) -> None:
    assert why(play(rs, "7S"), play(rs, "5H")) == "Single cannot beat Single: it must be exactly 1 rank(s) higher"
    assert why(play(rs, "7S"), play(rs, "5H"), "zh") == "单张管不住单张：只能大1点"
    assert why(play(rs, "6S"), play(rs, "5H")) == "Single beats Single: its rank is higher"
