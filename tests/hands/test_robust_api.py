"""The public functions of ``paixing`` check their inputs (issue 10, "Library API"): wrong
types used to raise ``AttributeError`` deep inside, five 3S from one pack read as four, and a
rocket of another game was accepted as a target."""

from __future__ import annotations

from typing import Any

import pytest
from paixing import (
    UnknownCard,
    beats,
    beats_cards,
    classify,
    legal_plays,
    parse_cards,
    ruleset,
    why,
)

RS = ruleset("banzipao")
CARDS = parse_cards("3S 3H")
WRONG_TYPES: dict[str, tuple[Any, ...]] = {
    "classify_an_id": (classify, "banzipao", CARDS),
    "classify_text": (classify, RS, "3S 3H"),
    "classify_numbers": (classify, RS, [1, 2]),
    "classify_a_number": (classify, RS, 5),
    "legal_plays_of_none": (legal_plays, None, CARDS),
    "legal_plays_of_text": (legal_plays, RS, "3S"),
    "legal_plays_on_text": (legal_plays, RS, CARDS, "33"),
    "beats_cards_text": (beats_cards, RS, "33", CARDS),
    "beats_cards_none": (beats_cards, RS, CARDS, None),
    "beats_of_cards": (beats, CARDS, CARDS),
    "why_text": (why, "a", "b"),
}
"""A public function and arguments of a wrong type: a ruleset's id, text or numbers for cards."""


@pytest.mark.parametrize("call", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_wrong_types_are_type_errors(call: tuple[Any, ...]) -> None:
    fn, *args = call
    with pytest.raises(TypeError, match="expected"):
        fn(*args)


def test_cards_the_deck_cannot_supply() -> None:
    rs = ruleset("banzipao")
    with pytest.raises(UnknownCard):
        classify(rs, parse_cards("3S 3S 3S 3S 3S"))
    with pytest.raises(UnknownCard):
        beats_cards(rs, parse_cards("22"), parse_cards("BJ RJ"))
    with pytest.raises(UnknownCard):
        legal_plays(rs, parse_cards("33333"))


def test_a_play_of_another_variant() -> None:
    bz, ddz = ruleset("banzipao"), ruleset("doudizhu")
    rocket = classify(ddz, parse_cards("BJ RJ"))[0]
    with pytest.raises(ValueError, match="another variant"):
        legal_plays(bz, parse_cards("3S 3H 4S"), rocket)
    pair = classify(bz, parse_cards("3S 3H"))[0]
    with pytest.raises(ValueError, match="different variants"):
        beats(pair, rocket)


def test_good_input_still_answers() -> None:
    rs = ruleset("banzipao")
    pair = classify(rs, parse_cards("4S 4H"))[0]
    assert [p.notation for p in legal_plays(rs, parse_cards("3S 3H 5S 5H"), pair)] == ["5H 5S"]
    assert beats_cards(rs, parse_cards("55"), parse_cards("44"))


def test_moves_on_a_whole_deck_is_summarised() -> None:
    """A full-deck hand used to print 61,971 rows (45–120 s); now 200 and the count."""
    import time

    from paixing.cli import app
    from typer.testing import CliRunner

    whole = "3333 4444 5555 6666 7777 8888 9999 TTTT JJJJ QQQQ KKKK AAAA 2222 BJ RJ"
    started = time.perf_counter()
    result = CliRunner().invoke(app, ["moves", "doudizhu", "--hand", whole])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "61971 legal plays on a free lead (the first 200 shown; --limit 0 shows all)"
    assert time.perf_counter() - started < 60
    limited = CliRunner().invoke(app, ["moves", "doudizhu", "--hand", whole, "--json", "--limit", "3"])
    import json

    data = json.loads(limited.stdout)
    assert len(data["plays"]) == 3 and data["count"] == 61971 and data["limited"] is True
