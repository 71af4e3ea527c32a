"""``compare.also_beats``: a hand type beats listed plays of other types whatever the ladder and
the classes say (Tiến Lên's chops), one way only, and the move generator offers exactly those
plays on such a target."""

from __future__ import annotations

import paixing
import pytest
from paixing.hands.moves import answer_plan
from paixing.hands.play import beats, why


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("tienlen")


def play(rs: paixing.Ruleset, cards: str) -> paixing.Play:
    (p,) = [x for x in paixing.classify(rs, paixing.parse_cards(cards)) if x.type.playable]
    return p


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("7S 7C 7D 7H", "2H", True),                        # four of a kind on a single 2
    ("7S 7C 7D 7H", "2D 2H", True),                     # and on a pair of 2s
    ("7S 7C 7D 7H", "AS", False),                       # the ranks are named: not on an ace
    ("7S 7C 7D 7H", "AS AC", False),
    ("7S 7C 7D 7H", "2S 2C 2D", False),                 # a trio of 2s is not listed
    ("3S 3C 4D 4H 5S 5C", "2H", True),                  # three pairs on a single 2 ...
    ("3S 3C 4D 4H 5S 5C", "2D 2H", False),              # ... not on a pair of 2s
    ("2H", "3S 3C 4D 4H 5S 5C", False),                 # one way only
    ("3S 3C 4D 4H 5S 5C", "7S 7C 7D 7H", False),
    ("7S 7C 7D 7H", "QS QC KD KH AS AH", True),
    ("3S 3C 4D 4H 5S 5C 6S 6C", "AS AC AD AH", True),
    ("AS AC AD AH", "3S 3C 4D 4H 5S 5C 6S 6C", False),
])
def test_beats(rs: paixing.Ruleset, a: str, b: str, expected: bool) -> None:
    assert beats(play(rs, a), play(rs, b)) is expected


def test_a_target_named_by_another_type_asks_it(rs: paixing.Ruleset) -> None:
    """On a single 2 the plan asks singles and every type whose ``also_beats`` names singles."""
    asked = [entry[0].id for entry in answer_plan(rs, play(rs, "2S"))]
    assert asked == ["single", "four", "pairs3", "pairs4"]
    asked = [entry[0].id for entry in answer_plan(rs, play(rs, "AS"))]
    assert asked == ["single", "four", "pairs3", "pairs4"]  # asked, and ``beats`` then refuses


def test_legal_plays_on_a_two_and_on_an_ace(rs: paixing.Ruleset) -> None:
    hand = paixing.parse_cards("2H 3S 3C 4D 4H 5S 5C 7S 7C 7D 7H")
    on_two = {p.notation for p in paixing.legal_plays(rs, hand, play(rs, "2S"))}
    assert on_two == {"2H", "3S 3C 4D 4H 5S 5C", "7S 7C 7D 7H"}
    on_ace = {p.notation for p in paixing.legal_plays(rs, hand, play(rs, "AS"))}
    assert on_ace == {"2H"}


def test_why_names_the_rule(rs: paixing.Ruleset) -> None:
    assert why(play(rs, "7S 7C 7D 7H"), play(rs, "2H")) == (
        "Four of a kind (tứ quý) beats Single: its type may beat that play (a rule of the type)")
    assert why(play(rs, "7S 7C 7D 7H"), play(rs, "AH")) == (
        "Four of a kind (tứ quý) and Single do not compare: neither beats the other")


@pytest.mark.parametrize("target", ["2S", "2S 2C", "5S 5C 5D 5H", "3S 3C 4S 4C 5S 5C", "AS", "KS KC"])
def test_a_response_is_the_lead_filtered_by_beats(rs: paixing.Ruleset, target: str) -> None:
    """The answer plan's extra types (those naming the target's) miss no chop and add none."""
    hand = paixing.parse_cards("2H 2D 6S 6C 6D 6H 7S 7C 8S 8D 9S 9C 10S 10C JH")
    lead = list(paixing.legal_plays(rs, hand))
    on = play(rs, target)
    assert list(paixing.legal_plays(rs, hand, on)) == [p for p in lead if beats(p, on)]


def test_only_the_named_cards_beat() -> None:
    """``also_beats`` with ``cards``: the ♠3 alone beats a lone joker (大富豪's スペ3返し), no
    other 3; the joker's own ``also_beats`` still beats the ♠3 (two chops may answer each other);
    the move generator tells the ♠3 apart from the other 3s for it."""
    rs = paixing.ruleset("daifugo")
    assert beats(play(rs, "3S"), play(rs, "RJ")) and not beats(play(rs, "3H"), play(rs, "RJ"))
    assert beats(play(rs, "RJ"), play(rs, "3S")) and not beats(play(rs, "2S"), play(rs, "RJ"))
    answers = paixing.legal_plays(rs, paixing.parse_cards("3H 3S 3C 2D"), play(rs, "RJ"))
    assert [p.notation for p in answers] == ["3S"]
