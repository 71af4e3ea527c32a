"""The loader's checks of secret sides made by held cards (``held_cards``, ``show_cards``,
``teams: holders``): each wrong value is one exact line naming where it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from paixing.rules.loader import VariantError, load_variant

from tests.helpers import ROOT

SOURCE = (ROOT / "variants" / "hongshi.yaml").read_text("utf-8")


def problems(tmp_path: Path, *edits: tuple[str, str]) -> list[str]:
    text = SOURCE
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "hongshi.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    return [line.replace(str(path), "F") for line in info.value.problems]


def line_of(text: str) -> int:
    return SOURCE[: SOURCE.index(text)].count("\n") + 1


HELD = "    - held_cards: {cards: [10H, 10D], contract: anda}"
SHOW = "    - show_cards: {contract: mingda}"


def test_a_card_the_deck_does_not_hold(tmp_path: Path) -> None:
    assert problems(tmp_path, (HELD, HELD.replace("10D", "BJ"))) == [
        f"F:{line_of(HELD)}:33: game.steps[0].held_cards.cards[1]: BJ: the deck has no such card"
    ]


def test_a_card_without_its_suit(tmp_path: Path) -> None:
    assert problems(tmp_path, (HELD, HELD.replace("10D", "J"))) == [
        f"F:{line_of(HELD)}:33: game.steps[0].held_cards.cards[1]: 'J': one card with its suit, such as 10H"
    ]


def test_the_same_card_twice(tmp_path: Path) -> None:
    assert problems(tmp_path, (HELD, HELD.replace("10D", "10H"))) == [
        f"F:{line_of(HELD)}:20: game.steps[0].held_cards.cards: two different cards, not 10H twice"
    ]


def test_two_packs(tmp_path: Path) -> None:
    assert problems(tmp_path, ("deck: {packs: 1, jokers: false}", "deck: {packs: 2, jokers: false}")) == [
        f"F:{line_of(HELD)}:20: game.steps[0].held_cards.cards: one copy of each card: the deck has 2 packs"
    ]


def test_show_cards_before_held_cards(tmp_path: Path) -> None:
    assert problems(tmp_path, (HELD + "\n" + SHOW, SHOW + "\n" + HELD)) == [
        f"F:{line_of(HELD)}:7: game.steps[0].show_cards: show_cards needs an earlier held_cards step (it shows the cards that step names)"
    ]


def test_a_contract_of_other_teams(tmp_path: Path) -> None:
    mingda = "      name: {zh: 明打, en: Shown (a red ten shown)}\n      teams: holders"
    assert problems(tmp_path, (mingda, mingda.replace("holders", "solo"))) == [
        f"F:{line_of(SHOW)}:20: game.steps[1].show_cards.contract: 'mingda' has teams: solo; this step makes a teams: holders contract"
    ]


def test_a_holders_contract_no_step_makes(tmp_path: Path) -> None:
    anda = "      name: {zh: 暗打, en: Hidden (no red ten shown)}\n      teams: holders"
    assert problems(tmp_path, (HELD, HELD.replace("anda", "mingda"))) == [
        f"F:{line_of(anda) + 1}:7: game.contracts[0].teams: teams: holders, but no held_cards or show_cards step makes 'anda'"
    ]
