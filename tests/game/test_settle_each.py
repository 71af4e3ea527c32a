"""Settlement with every player for himself (``teams: each``) and the score-row forms
(engine/game/payments.py): the winner collects from each loser; per-card rows with steps, a
cap and per-loser factors; rows paid by place; the loader's checks of these forms."""

from __future__ import annotations

import pytest
from paixing.game.facts import HandFacts, own_side
from paixing.game.payments import card_value
from paixing.game.settle import settle
from paixing.rules.loader import VariantError, load_variant
from paixing.rules.scoring import Contract, ScoreRow

from tests.helpers import SMALL

NAME = {"zh": "甲", "en": "A"}


def each(score: list[dict[str, object]], end: dict[str, object] | None = None) -> Contract:
    data: dict[str, object] = {"id": "each", "name": NAME, "teams": "each", "score": score}
    if end is not None:
        data["end"] = end
    return Contract.model_validate(data)


def facts(finish: tuple[int, ...], cards_left: tuple[int, ...], plays: tuple[int, ...] = (1, 1, 1, 1)) -> HandFacts:
    n = len(cards_left)
    return HandFacts(
        players=n, declarer=0, partner=-1, sides=tuple(own_side(s) for s in range(n)), active=tuple(range(n)),
        finish=finish, captured=(0,) * n, hand_values=(0,) * n, cards_left=cards_left, plays_made=plays[:n],
    )


def test_winners_row_the_winner_collects_from_each_loser() -> None:
    result = settle(each([{"winners": 2}]), facts((1,), (3, 0, 5, 1)))
    assert result.winners == [1]
    assert result.scores == [-2, 6, -2, -2]


def test_per_card_steps_cap_and_spring_per_loser() -> None:
    row = {
        "per_card": 1,
        "steps": [{"at": 10, "times": 2}, {"at": 13, "times": 3}],
        "cap": 30,
        "loser_factors": [{"id": "spring", "name": NAME, "if": ["this.plays == 0"], "factor": 2}],
    }
    result = settle(each([row]), facts((0,), (0, 9, 10, 13), plays=(3, 1, 1, 0)))
    # 9 × 1; 10 × 2 = 20; 13 × 3 = 39 capped at 30, never played: × 2 = 60
    assert result.scores == [9 + 20 + 60, -9, -20, -60]
    assert result.facts["seat_factors"] == [[3, "spring", 2]]


def test_card_value_common_table() -> None:
    row = ScoreRow.model_validate({"per_card": 1, "steps": [{"at": 8, "times": 2}]})
    assert [card_value(row, n) for n in (1, 7, 8, 16)] == [1, 7, 16, 32]


def test_places_row() -> None:
    contract = each([{"places": [3, 1, -1, -3]}], end={"rules": [{"when": ["in_play <= 1"]}]})
    result = settle(contract, facts((2, 0, 3), (0, 4, 0, 0)))
    assert result.scores == [1, -3, 3, -1]


def test_one_form_per_row() -> None:
    with pytest.raises(ValueError, match="exactly one of"):
        ScoreRow.model_validate({"winners": 1, "per_card": 1})
    with pytest.raises(ValueError, match="belong to a per_card row"):
        ScoreRow.model_validate({"winners": 1, "cap": 3})


def test_this_only_in_loser_factors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    small = Path(SMALL)
    text = small.read_text(encoding="utf-8").replace("        - per_card: 1\n", "        - per_card: 1\n          when: [\"this.plays == 0\"]\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError, match="'this' is only defined"):
        load_variant(str(bad))
