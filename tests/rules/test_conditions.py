"""The condition language: parsing (good and bad), every fact, and the two registries agreeing."""

from __future__ import annotations

import pytest
from paixing.game.conditions import (
    MEASURE_FNS,
    SCALAR_FNS,
    SUBJECT_FNS,
    Outcome,
    Scope,
    holds,
    place_seat,
)
from paixing.game.facts import HandFacts
from paixing.rules.conditions import (
    MEASURES,
    SCALARS,
    SUBJECTS,
    ConditionError,
    Term,
    parse_condition,
)
from paixing.rules.scoring import ScoreRow
from pydantic import ValidationError

from tests.helpers import DOCS


def test_registries_agree() -> None:
    assert set(SCALAR_FNS) == set(SCALARS)
    assert set(SUBJECT_FNS) == set(SUBJECTS)
    assert set(MEASURE_FNS) == set(MEASURES)


@pytest.mark.parametrize(
    ("text", "left", "op", "right", "negated"),
    [
        ("declarer_won", Term("declarer_won"), None, None, False),
        ("not declarer_won", Term("declarer_won"), None, None, True),
        ("losers.captured == 0", Term("losers", None, "captured"), "==", Term("int", 0), False),
        ("place(1).side == place(2).side", Term("place", 1, "side"), "==", Term("place", 2, "side"), False),
        ("place(-1).cards_left>3", Term("place", -1, "cards_left"), ">", Term("int", 3), False),
        ("plays(bomb) >= 2", Term("plays", "bomb"), ">=", Term("int", 2), False),
        ("in_play <= 1", Term("in_play"), "<=", Term("int", 1), False),
        ("out < 2", Term("out"), "<", Term("int", 2), False),
        ("declarer.plays != 0", Term("declarer", None, "plays"), "!=", Term("int", 0), False),
    ],
)
def test_parse_good(text: str, left: Term, op: str | None, right: Term | None, negated: bool) -> None:
    c = parse_condition(text)
    assert (c.left, c.op, c.right, c.negated) == (left, op, right, negated)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("losers.capturd == 0", "unknown measure 'capturd'; measures: side, captured, total, cards_left, plays, hand_value, place, partner_place"),
        ("loosers.captured == 0", "unknown subject 'loosers'; subjects: declarer, partner, opponents, declarer_side, winners, losers, place, this, caller"),
        ("double_out", "unknown fact 'double_out'; facts: out, in_play, declarer_won, plays, alone, or subject.measure"),
        ("losers == 0", "unknown fact 'losers' (a subject needs a measure: losers.captured …); facts: out, in_play, declarer_won, plays, alone, or subject.measure"),
        ("out => 1", "'out => 1': unknown operator '=>'; use one of <= >= == != < >"),
        ("out = 1", "'out = 1': unknown operator '='; use one of <= >= == != < >"),
        ("1 < out < 3", "'1 < out < 3': one comparison per condition (list several instead)"),
        ("out >= ", "'out >= ': >= needs something on both sides"),
        ("not out == 1", "'not out == 1': 'not' goes before a bare fact only; write the opposite comparison"),
        ("place(0).side == 1", "place needs a place number: place(1) is the first out, place(-1) the last"),
        ("opponents.side == 1", "opponents.side: only one seat has a side (declarer, partner, place, this, caller)"),
        ("plays() > 1", "plays needs a hand type id: plays(bomb)"),
        ("out(2) > 1", "out takes no argument"),
        ("winners(1).captured > 1", "winners takes no argument"),
        ("a+b > 1", "cannot read 'a+b': expected a number, a fact or subject.measure"),
    ],
)
def test_parse_bad(text: str, message: str) -> None:
    with pytest.raises(ConditionError) as err:
        parse_condition(text)
    assert str(err.value) == message


def test_model_error_names_the_expression() -> None:
    with pytest.raises(ValidationError) as err:
        ScoreRow.model_validate({"when": ["losers.capturd == 0"], "winners": 1})
    assert "'losers.capturd == 0': unknown measure 'capturd'" in str(err.value)


def facts(**kw: object) -> HandFacts:
    base: dict[str, object] = dict(
        players=4, declarer=0, partner=2, sides=(0, 1, 0, 1), active=(0, 1, 2, 3), finish=(0, 1, 2),
        captured=(10, 20, 30, 40), hand_values=(0, 0, 0, 5), cards_left=(0, 0, 0, 3), plays_made=(5, 0, 4, 1),
        type_counts={"bomb": 2},
    )
    base.update(kw)
    return HandFacts(**base)  # type: ignore[arg-type]


OUT = Outcome(winning_side=0, totals=(50, 20, 30, 0))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("out == 3", True),
        ("in_play == 1", True),
        ("declarer_won", True),
        ("not declarer_won", False),
        ("plays(bomb) == 2", True),
        ("plays(rocket) == 0", True),
        ("declarer.captured == 10", True),
        ("partner.plays == 4", True),
        ("opponents.captured == 60", True),
        ("declarer_side.captured == 40", True),
        ("winners.total == 80", True),
        ("losers.total == 20", True),
        ("losers.captured == 60", True),
        ("place(1).side == place(3).side", True),
        ("place(1).side == place(2).side", False),
        ("place(-1).cards_left == 3", True),
        ("place(-1).hand_value == 5", True),
        ("place(4).side == 1", True),
        ("opponents.plays == 0", False),
        ("place(2).plays == 0", True),
        ("declarer.cards_left < 1", True),
        ("declarer.plays > 5", False),
    ],
)
def test_each_fact(text: str, expected: bool) -> None:
    assert holds([text], Scope(facts(), OUT)) is expected


def test_undefined_place_makes_comparisons_false() -> None:
    early = facts(finish=(0,), cards_left=(0, 3, 3, 3))
    scope = Scope(early)
    assert place_seat(early, 2) is None and place_seat(early, -1) is None
    assert not holds(["place(1).side == place(2).side"], scope)
    assert not holds(["place(2).side != 5"], scope)
    assert holds(["out >= 1", "in_play == 3"], scope)


def test_outcome_facts_need_the_outcome() -> None:
    with pytest.raises(ValueError, match="needs the settled outcome"):
        holds(["declarer_won"], Scope(facts()))


def test_no_partner_in_a_solo_contract() -> None:
    solo = facts(partner=-1, sides=(0, 1, 1, 1))
    assert not holds(["partner.plays >= 0"], Scope(solo))
    assert holds(["opponents.plays == 5"], Scope(solo))


def test_every_fact_is_documented() -> None:

    text = (DOCS / "rule-language.md").read_text()
    for name in [*SCALARS, *SUBJECTS]:
        assert f"`{name}" in text, name
    for name in MEASURES:
        assert f"`.{name}`" in text, name
