"""Card notation (paixing.rules.cards): parsing, formatting, round trips and error messages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from paixing.rules.cards import (
    JOKERS,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    format_cards,
    full_pack,
    parse_card_token,
    parse_cards,
)

GENERIC_HINT = "expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"
JOKER_HINT = "jokers BJ and RJ are tokens of their own"

# ------------------------------------------------------------------------------ strategies
suited_cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))
open_cards = st.builds(Card, st.sampled_from(RANKS), st.none())
jokers = st.builds(Card, st.sampled_from(JOKERS), st.none())
any_card = st.one_of(suited_cards, open_cards, jokers)
card_lists = st.lists(any_card, max_size=30)


def spell_rank(rank: str, ten: str) -> str:
    """A rank as written by a person: 10 as ``T`` or ``10``."""
    return ten if rank == "10" else rank


@st.composite
def spelled(draw: st.DrawFn, cards: list[Card]) -> str:
    """Write ``cards`` the many ways a person may: T or 10, suit letters or ♠♥♣♦, any case,
    separated by spaces or commas, open-suit neighbours joined into runs or not."""
    tokens: list[str] = []
    run = ""
    for card in cards:
        if card.suit is None and not card.is_joker:
            piece = spell_rank(card.rank, draw(st.sampled_from(["T", "10", "t"])))
            if run and draw(st.booleans()):
                tokens.append(run)
                run = ""
            run += piece
            continue
        if run:
            tokens.append(run)
            run = ""
        if card.is_joker:
            tokens.append(draw(st.sampled_from([card.rank, card.rank.lower()])))
        else:
            assert card.suit is not None
            rank = spell_rank(card.rank, draw(st.sampled_from(["T", "10"])))
            suit = draw(st.sampled_from([card.suit, card.suit.lower(), SUIT_SYMBOLS[card.suit]]))
            tokens.append(rank + suit)
    if run:
        tokens.append(run)
    seps = st.sampled_from([" ", ",", "，", ", ", "  ", "\t", " ,"])
    text = ""
    for i, tok in enumerate(tokens):
        text += (draw(seps) if i else "") + tok
    return draw(st.sampled_from(["", " ", ","])) + text + draw(st.sampled_from(["", " ", "\n"]))


# ------------------------------------------------------------------------------ round trips
@given(card_lists)
def test_format_then_parse_is_identity(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


@given(card_lists)
def test_formatted_text_is_canonical(cards: list[Card]) -> None:
    text = format_cards(cards)
    assert format_cards(parse_cards(text)) == text


@given(st.data())
def test_any_spelling_parses_to_the_same_cards(data: st.DataObject) -> None:
    cards = data.draw(card_lists)
    text = data.draw(spelled(cards))
    assert parse_cards(text) == cards


@given(card_lists)
def test_parse_accepts_split_tokens(cards: list[Card]) -> None:
    tokens = format_cards(cards).split()
    assert parse_cards(tokens) == cards


def test_full_pack_round_trips() -> None:
    pack = full_pack()
    assert len(pack) == 54 and len(set(pack)) == 54
    assert parse_cards(format_cards(pack)) == pack
    assert len(full_pack(jokers=False)) == 52


# ------------------------------------------------------------------------------ notation facts
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7S", [Card("7", "S")]),
        ("10H", [Card("10", "H")]),
        ("TH", [Card("10", "H")]),
        ("th", [Card("10", "H")]),
        ("TD 10D", [Card("10", "D"), Card("10", "D")]),
        ("7♠ 10♥ J♣ Q♦", [Card("7", "S"), Card("10", "H"), Card("J", "C"), Card("Q", "D")]),
        ("3S,4H，5C", [Card("3", "S"), Card("4", "H"), Card("5", "C")]),
        ("3S, 4H ,5C", [Card("3", "S"), Card("4", "H"), Card("5", "C")]),
        ("BJ RJ", [Card("BJ"), Card("RJ")]),
        ("bj,rj", [Card("BJ"), Card("RJ")]),
        ("55667788", [Card(r) for r in "55667788"]),
        ("TTJJQQ", [Card(r) for r in ("10", "10", "J", "J", "Q", "Q")]),
        ("1010", [Card("10"), Card("10")]),
        ("10", [Card("10")]),
        ("T", [Card("10")]),
        ("10JQKA", [Card(r) for r in ("10", "J", "Q", "K", "A")]),
        ("9T10J", [Card(r) for r in ("9", "10", "10", "J")]),
        ("3 BJ BJ RJ RJ", [Card("3"), Card("BJ"), Card("BJ"), Card("RJ"), Card("RJ")]),
        ("", []),
        ("  ,  ", []),
    ],
)
def test_parse_examples(text: str, expected: list[Card]) -> None:
    assert parse_cards(text) == expected


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ([Card("10", "H")], "10H"),
        ([Card("10")], "T"),
        ([Card("10"), Card("10")], "TT"),
        ([Card(r) for r in ("10", "10", "J", "J", "Q", "Q")], "TTJJQQ"),
        ([Card("5"), Card("5", "S"), Card("5")], "5 5S 5"),
        ([Card("3"), Card("BJ"), Card("4")], "3 BJ 4"),
        ([Card("BJ"), Card("RJ")], "BJ RJ"),
        ([], ""),
    ],
)
def test_format_examples(cards: list[Card], text: str) -> None:
    assert format_cards(cards) == text


def test_card_str_and_flags() -> None:
    assert str(Card("10", "S")) == "10S"
    assert str(Card("10")) == "T"
    assert repr(Card("10", "S")) == "Card('10S')"
    assert Card("BJ").is_joker and Card("RJ").is_joker
    assert not Card("2", "S").is_joker
    assert Card("7", "S") == Card("7", "S") and hash(Card("7", "S")) == hash(Card("7", "S"))
    assert Card("7", "S") != Card("7")


# ------------------------------------------------------------------------------ errors
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X", f"bad card token 'X' at position 1: {GENERIC_HINT}"),
        ("7S 7Z", f"bad card token '7Z' at position 2: {GENERIC_HINT}"),
        ("3S 4S 5S 1", f"bad card token '1' at position 4: {GENERIC_HINT}"),
        ("3S,4S,,11", f"bad card token '11' at position 3: {GENERIC_HINT}"),
        ("♠7", f"bad card token '♠7' at position 1: {GENERIC_HINT}"),
        ("10♥10♥", f"bad card token '10♥10♥' at position 1: {GENERIC_HINT}"),
        ("TTS", f"bad card token 'TTS' at position 1: {GENERIC_HINT}"),
        ("55 0", f"bad card token '0' at position 2: {GENERIC_HINT}"),
        ("BJRJ", f"bad card token 'BJRJ' at position 1: {JOKER_HINT}"),
        ("3 3BJ", f"bad card token '3BJ' at position 2: {JOKER_HINT}"),
        ("4 5 BJS", f"bad card token 'BJS' at position 3: {JOKER_HINT}"),
    ],
)
def test_bad_token_message(text: str, message: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert str(info.value) == message


def test_bad_token_in_token_list_keeps_raw_token_and_position() -> None:
    with pytest.raises(CardError) as info:
        parse_cards(["7S", "8S", " x "])
    assert str(info.value) == f"bad card token ' x ' at position 3: {GENERIC_HINT}"


def test_empty_token_in_token_list() -> None:
    with pytest.raises(CardError) as info:
        parse_cards(["7S", ""])
    assert str(info.value) == f"bad card token '' at position 2: {GENERIC_HINT}"


def test_parse_card_token_position_argument() -> None:
    assert parse_card_token("QH", 9) == [Card("Q", "H")]
    with pytest.raises(CardError, match=r"^bad card token 'Z' at position 9: "):
        parse_card_token("Z", 9)


def test_card_error_is_value_error() -> None:
    assert issubclass(CardError, ValueError)


@given(st.data())
def test_error_names_first_bad_token_and_its_position(data: st.DataObject) -> None:
    good = data.draw(st.lists(any_card, max_size=6).map(lambda cs: [str(c) for c in cs]))
    bad = data.draw(st.sampled_from(["X", "1", "7Z", "Q0", "SS", "♠"]))
    tail = data.draw(st.lists(st.sampled_from(["Y", "3S", "44"]), max_size=3))
    tokens = good + [bad] + tail
    with pytest.raises(CardError) as info:
        parse_cards(" ".join(tokens))
    assert str(info.value) == f"bad card token {bad!r} at position {len(good) + 1}: {GENERIC_HINT}"
