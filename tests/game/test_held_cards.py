"""Secret sides made by who holds named cards (``held_cards``, ``show_cards``, ``teams: holders``):
who knows whose side when, the contract and its scores, and the records of such hands."""

from __future__ import annotations

from paixing.game.readings import record_text
from paixing.hands.classify import classify
from paixing.hands.compile import compile_variant
from paixing.rules.cards import parse_cards
from paixing.rules.loader import load_variant

from tests.helpers import ROOT

RS = compile_variant(load_variant(ROOT / "variants" / "hongshi.yaml"))


def _reading(cards: str) -> str:
    play = next(p for p in classify(RS, parse_cards(cards)) if p.type.id == "double_red_ten")
    return record_text(RS, play)


def test_record_names_the_reading_of_named_suited_cards_after_a_same_rank_play() -> None:
    """A record stores the reading of cards that read several ways; the count of readings was
    cached by rank alone, so after 10S 10C (one reading) 10D 10H was written bare and did not replay."""
    plain = next(iter(classify(RS, parse_cards("10S 10C"))))
    assert record_text(RS, plain) == "10C 10S"
    assert _reading("10D 10H") == "10D 10H = double_red_ten"
