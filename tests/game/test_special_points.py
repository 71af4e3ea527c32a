"""Card points with the special cards (``game.play.points`` naming ``DR: 25`` and ``PH: -25``):
what a trick is worth, the rulebook's total, the loader's check; the whole hand is the scripted
tests/fixtures/hands/sp-captures.yaml (the Dragon's and the Phoenix's tricks, and 五十K's
end-of-hand transfers reused: ``captured`` to the first out, ``hand`` to the other side)."""

from __future__ import annotations

from pathlib import Path

import pytest
from paixing.game.tricks import capture_value
from paixing.rules.cards import parse_cards
from paixing.rules.loader import VariantError, load_variant

from tests.helpers import DATA, run, write

FILE = DATA / "special-points.yaml"


def test_a_trick_is_worth_its_points() -> None:
    rules = load_variant(str(FILE)).game.play  # type: ignore[union-attr]
    assert capture_value(rules, parse_cards("DR 5S")) == 30
    assert capture_value(rules, parse_cards("PH 10H KH")) == -5
    assert capture_value(rules, parse_cards("MJ DOG 2S")) == 0


def test_the_deck_holds_100() -> None:
    result = run("rulebook", str(FILE), "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert "| DR | 25 |\n| PH | -25 |\n\nThe deck holds 100 points." in result.stdout


def test_points_name_a_card_the_deck_deals(tmp_path: Path) -> None:
    parent = (DATA / "special-cards.yaml").read_text(encoding="utf-8").replace(", DR: 1}", "}").replace(", DR]", "]")
    parent = parent.replace("single_only: [DOG, DR]", "single_only: [DOG]").split("examples:")[0]
    write(tmp_path / "special-cards.yaml", parent)
    write(tmp_path / "special-points.yaml", FILE.read_text(encoding="utf-8").replace("cards_each: 14, kitty: 0", "cards_each: 13, kitty: 3"))
    with pytest.raises(VariantError) as err:
        load_variant(str(tmp_path / "special-points.yaml"))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == ["game.play.points.DR: rank 'DR' is not in ranks.order"]
