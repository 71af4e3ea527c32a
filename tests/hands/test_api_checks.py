"""The public API's input checks (issue 19 item 7, issue 23 items 15 and 24).

- ``parse_cards`` refuses what is not notation with a TypeError naming it (``["33", 5]`` and
  ``b"33"`` used to raise AttributeError from deep inside);
- ``paixing.legal_plays`` (and ``classify``, ``beats_cards``) refuse a ``HandView`` made from
  another ruleset, whose counts are indexed by that ruleset's ranks (it used to answer);
- the deck check answers exactly as the card-by-card check it replaced, but with no Python
  loop over the cards on a dealt hand (it was most of a checked ``legal_plays`` call);
- rank-only ``AAA`` reads as a type written ``cards: [AH, AC, AD]`` when the deck holds just
  those aces (it used to miss it), and not when the deck holds a fourth.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import paixing
import pytest
from paixing import Card, UnknownCard, parse_cards
from paixing.hands import HandView
from paixing.hands.view import _refuse, check_in_deck
from paixing.rules import builtin_ids

from tests.helpers import DATA, ROOT


# ------------------------------------------------------------------------ parse_cards (item 24)
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (["33", 5], "card token at position 2: expected a str such as '7S' or '55667788', got int"),
        ([Card("3", "S")], "card token at position 1: expected a str such as '7S' or '55667788', got Card"),
        (b"33", "parse_cards: expected a str of card notation or a list of str tokens, got bytes"),
        (bytearray(b"33"), "parse_cards: expected a str of card notation or a list of str tokens, got bytearray"),
        (None, "parse_cards: expected a str of card notation or a list of str tokens, got NoneType"),
        (5, "parse_cards: expected a str of card notation or a list of str tokens, got int"),
    ],
)
def test_parse_cards_refuses_what_is_not_notation(text: object, message: str) -> None:
    with pytest.raises(TypeError) as info:
        parse_cards(text)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_parse_cards_still_reads_a_string_and_tokens() -> None:
    assert parse_cards("3S 44") == [Card("3", "S"), Card("4"), Card("4")]
    assert parse_cards(("3S", "44")) == [Card("3", "S"), Card("4"), Card("4")]


# ------------------------------------------------------------- a HandView of another ruleset (item 24)
def test_a_hand_view_of_another_variant_is_refused() -> None:
    bz, ddz = paixing.ruleset("banzipao"), paixing.ruleset("doudizhu")
    view = HandView(ddz, parse_cards("3S 3H 4S"))
    calls = [
        (lambda: paixing.legal_plays(bz, view), "hand: a HandView of doudizhu, not of banzipao"),
        (lambda: paixing.classify(bz, view), "cards: a HandView of doudizhu, not of banzipao"),
        (lambda: paixing.beats_cards(bz, parse_cards("4H"), view), "target: a HandView of doudizhu, not of banzipao"),
    ]
    for call, message in calls:
        with pytest.raises(ValueError) as info:
            call()
        assert str(info.value) == message


def test_a_hand_view_of_another_compilation_of_the_variant_is_refused() -> None:
    """掼蛋 compiled for a hand at level 5 ranks its cards differently from the base ruleset."""
    base = paixing.ruleset("guandan")
    view = HandView(base.for_hand("5"), parse_cards("3S 3H 5S"))
    with pytest.raises(ValueError) as info:
        paixing.legal_plays(base, view)
    assert str(info.value) == (
        "hand: a HandView of another compiled ruleset of guandan (another hand's level or wild ranks): "
        "make it with HandView(rs, cards) from the ruleset you pass"
    )


def test_a_hand_view_of_this_ruleset_answers_and_its_cards_are_checked() -> None:
    rs = paixing.ruleset("doudizhu")
    view = HandView(rs, parse_cards("3S 3H 4S"))
    assert [p.notation for p in paixing.legal_plays(rs, view)] == ["3H", "4S", "3H 3S"]
    assert [p.type_id for p in paixing.classify(rs, view)] == []
    with pytest.raises(UnknownCard) as info:
        paixing.legal_plays(rs, HandView(rs, parse_cards("3S 3S")))
    assert str(info.value) == "2 × 3S: the doudizhu deck has 1"


# ------------------------------------------------------------------ the deck check (item 7)
def _random_hand(rng: random.Random, rs: paixing.Ruleset) -> list[Card]:
    """A hand from the deck, then perhaps spoiled: suits opened (some or all), a card doubled, a foreign card."""
    deck = rs.deck()
    rng.shuffle(deck)
    hand = deck[: rng.randint(0, min(30, len(deck)))]
    kind = rng.randrange(7)
    if kind == 1:
        hand = [Card(c.rank) if c.suit and rng.random() < 0.5 else c for c in hand]
    elif kind == 2 and hand:
        hand += [rng.choice(hand)] * rng.randint(1, 4)
    elif kind == 3:
        hand += [Card(rng.choice(("3", "A", "2", "BJ", "RJ", "FL")))] * rng.randint(1, 5)
    elif kind == 4:
        hand += [rng.choice([Card("FL"), Card("BJ"), Card("2", "H"), Card("A", "S")])]
    elif kind == 5:
        hand = deck[:60] + deck[:10]
    elif kind == 6:  # written rank-only (the check counts it by a HandView), perhaps one too many
        hand = [Card(c.rank) for c in hand]
        if hand and rng.random() < 0.5:
            hand += [rng.choice(hand)] * rng.randint(1, 3)
    rng.shuffle(hand)
    return hand


def _answer(check: object, rs: paixing.Ruleset, hand: list[Card]) -> str:
    try:
        check(rs, hand)  # type: ignore[operator]
    except UnknownCard as e:
        return str(e)
    return "ok"


def test_the_deck_check_answers_as_the_card_by_card_check() -> None:
    """Every built-in variant, 300 hands each: the same verdict and the same message."""
    rng = random.Random(19)
    verdicts = set()
    for vid in builtin_ids():
        rs = paixing.ruleset(vid)
        for _ in range(300):
            hand = _random_hand(rng, rs)
            expected = _answer(_refuse, rs, hand)
            assert _answer(check_in_deck, rs, hand) == expected, (vid, paixing.format_cards(hand))
            assert _answer(check_in_deck, rs, tuple(hand)) == expected
            assert _answer(check_in_deck, rs, iter(hand)) == expected
            verdicts.add(expected == "ok")
    assert verdicts == {True, False}


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("3S 3S", "2 × 3S: the doudizhu deck has 1"),
        ("33333", "5 cards of rank 3: the doudizhu deck has 4"),
        ("3 3S 3H 3C 3D", "5 cards of rank 3: the doudizhu deck has 4"),
        ("BJ BJ", "2 × BJ: the doudizhu deck has 1"),
        ("FL", "FL is not a card of doudizhu"),
    ],
)
def test_the_deck_check_names_the_problem(cards: str, message: str) -> None:
    with pytest.raises(UnknownCard) as info:
        paixing.legal_plays(paixing.ruleset("doudizhu"), parse_cards(cards))
    assert str(info.value) == message


def test_open_suit_and_suited_cards_of_a_rank_count_together() -> None:
    rs = paixing.ruleset("doudizhu")
    check_in_deck(rs, parse_cards("3 3 3S 3H 44 BJ RJ"))
    with pytest.raises(UnknownCard, match="^5 cards of rank 3"):
        check_in_deck(rs, parse_cards("3 3 3S 3H 3C"))
    gd = paixing.ruleset("guandan")  # two packs: two of each card
    check_in_deck(gd, parse_cards("3S 3S 3H 3H 3 3 3 3 BJ BJ"))
    with pytest.raises(UnknownCard, match="^3 × 3S: the guandan deck has 2$"):
        check_in_deck(gd, parse_cards("3S 3S 3S"))


def test_a_hand_is_checked_again_at_every_call() -> None:
    """Nothing of a passed hand is kept between calls: a list changed in place, the same cards
    for another ruleset and an equal hand of tuples are each checked as new."""
    rs = paixing.ruleset("doudizhu")
    hand = parse_cards("3S 4S 5S 6S 7S")
    assert len(paixing.legal_plays(rs, hand)) == 6
    hand.append(Card("3", "S"))  # the same list, now with a second 3S
    with pytest.raises(UnknownCard) as info:
        paixing.legal_plays(rs, hand)
    assert str(info.value) == "2 × 3S: the doudizhu deck has 1"
    hand[-1] = Card("FL")
    with pytest.raises(UnknownCard, match="^FL is not a card of doudizhu$"):
        check_in_deck(rs, hand)
    del hand[-1]
    check_in_deck(rs, hand)
    with pytest.raises(UnknownCard, match="^BJ is not a card of banzipao$"):
        check_in_deck(paixing.ruleset("banzipao"), [*hand, Card("BJ")])
    paixing.legal_plays(rs, hand)
    with pytest.raises(TypeError, match="^hand: expected Card objects .*, got tuple$"):
        paixing.legal_plays(rs, [tuple(c) for c in hand])  # equal to the hand, but not Cards
    assert paixing.legal_plays(rs, tuple(hand)) == paixing.legal_plays(rs, hand)


def _python_calls(call: object) -> int:
    """Python-level function calls made while running ``call`` (compiled code makes none)."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        call()  # type: ignore[operator]
    finally:
        sys.setprofile(None)
    return calls


def test_a_dealt_hand_is_checked_without_a_python_loop_per_card() -> None:
    """The card-by-card check called ``Card.is_special`` and ``Counter`` methods per card
    (more than 20 Python calls for 17 cards, most of a checked call's time); now a dealt hand
    is checked by C-level set operations over tables built once per ruleset."""
    rs = paixing.ruleset("doudizhu")
    hand = rs.deck()[::3]
    check_in_deck(rs, hand)  # the tables built
    assert _python_calls(lambda: check_in_deck(rs, hand)) <= 2
    target = paixing.classify(rs, parse_cards("3S"))[0]
    paixing.legal_plays(rs, hand, target)  # the answer plan built
    public = _python_calls(lambda: paixing.legal_plays(rs, hand, target))
    engine = _python_calls(lambda: paixing.hands.legal_plays(rs, hand, target))
    assert public - engine <= 5  # legal_plays, _ruleset, _cards, check_in_deck, _own_play


# ------------------------------------------------------- rank-only notation of exact cards (item 15)
def test_rank_only_aces_read_as_the_three_aces_the_deck_holds() -> None:
    rs = paixing.ruleset(str(DATA / "three-aces.yaml"))
    readings = {h: [p.type_id for p in paixing.classify(rs, parse_cards(h))] for h in ("AH AC AD", "AAA", "AH AA", "AA", "AAA 3S")}
    assert readings == {
        "AH AC AD": ["trio_short", "aces"],
        "AAA": ["trio_short", "aces"],
        "AH AA": ["trio_short", "aces"],
        "AA": ["pair"],
        "AAA 3S": ["trio_short"],
    }
    aces = [p.notation for p in paixing.legal_plays(rs, parse_cards("AAA 3S")) if p.type_id == "aces"]
    assert aces == ["AAA"]
    aces = [p.notation for p in paixing.legal_plays(rs, parse_cards("A AC AD 3")) if p.type_id == "aces"]
    assert aces == ["A AD AC"]
    assert [p.type_id for p in paixing.legal_plays(rs, parse_cards("AA 3"))].count("aces") == 0
    bomb = paixing.classify(rs, parse_cards("3333"))[0]
    assert paixing.beats_cards(rs, parse_cards("AAA"), parse_cards("3333")) is True
    assert [p.notation for p in paixing.legal_plays(rs, parse_cards("AAA 4"), bomb)] == ["AAA"]


def test_rank_only_aces_are_not_the_type_when_the_deck_holds_a_fourth() -> None:
    rs = paixing.ruleset(str(DATA / "three-aces-full-deck.yaml"))
    assert [p.type_id for p in paixing.classify(rs, parse_cards("AAA"))] == ["trio_short"]
    assert [p.type_id for p in paixing.classify(rs, parse_cards("AH AC AD"))] == ["trio_short", "aces"]
    assert "aces" not in [p.type_id for p in paixing.legal_plays(rs, parse_cards("AAA 3S"))]


# ----------------------------------------------------------------------------- the benchmark
@pytest.mark.slow
def test_the_api_benchmark_runs_small(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "api.py"), "--states", "2", "--repeat", "1",
                          "--json", str(tmp_path / "r.json")], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "garbage collector ON" in out.stdout
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import results

    rows = results.load(tmp_path / "r.json")["sections"]["api"]["rows"]
    assert [r["key"] for r in rows] == ["lead", "response", "lead_rank-only", "response_in_turn", "lead_rank-only_in_turn",
                                              "classify", "beats_cards"]
    assert all([i["name"] for i in r["impls"]] == ["paixing.hands (unchecked)", "paixing (checked)"] for r in rows)
