"""The dealt-hand odds each shape computes (Shape.seat_count / any_seat / seat_formula), checked
against every hand of a tiny deck, and the Monte Carlo fallback a shape without them gets."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

import paixing
import pytest
from paixing.hands import classify, compile_variant
from paixing.hands.shapes import SHAPES, Shape
from paixing.hands.shapes.group import SHAPE as GROUP
from paixing.hands.tables import RankTables
from paixing.rulebook import any_seat_exact, event_odds, seat_count, seat_formula
from paixing.rules import shapes as rule_shapes
from paixing.rules.cards import Card
from paixing.rules.loader import load_variant
from paixing.rules.models import HandType, Variant
from paixing.rules.shapes import Group

TINY = """
id: tiny
name: {zh: 小, en: tiny}
players: 4
deck:
  packs: 1
  remove: [8D, 8C, 8H, 8S, 9D, 9C, 9H, 9S, 10D, 10C, 10H, 10S, JD, JC, JH, JS, QD, QC, QH, QS,
           KD, KC, KH, KS, AD, AC, AH, AS, 2D, 2C, 2H, 2S]
ranks:
  order: ["3", "4", "5", "6", "7"]
  sequence: ["3", "4", "5", "6", "7"]
hand_types:
  - {id: pair, name: {zh: a, en: a}, group: {size: 2}}
  - {id: triple, name: {zh: b, en: b}, group: {size: 3}}
  - {id: quad, name: {zh: c, en: c}, group: {size: 4}}
  - {id: straight, name: {zh: d, en: d}, chain: {group: 1, length: {min: 3}}, compare: {same: [length]}}
  - {id: pairs, name: {zh: e, en: e}, chain: {group: 2, length: {min: 2}}, compare: {same: [length]}}
  - {id: four, name: {zh: f, en: f}, distinct_ranks: 4, playable: false}
  - {id: five, name: {zh: g, en: g}, distinct_ranks: 5, playable: false}
  - {id: suited, name: {zh: h, en: h}, set: {ranks: ["3", "5", "7"], suits: same}, compare: {key: [suit]}}
  - {id: anyset, name: {zh: i, en: i}, set: {ranks: ["3", "5", "7"], suits: any}}
  - {id: spades, name: {zh: j, en: j}, cards: [7S, 6S]}
  - {id: sevens, name: {zh: k, en: k}, cards: ["7", "7", "7"]}
  - {id: single, name: {zh: l, en: l}, group: {size: 1}}  # a game needs a play for any one card
ladder: [[pair, triple, quad, straight, pairs, suited, anyset, spades, sevens, single]]
examples:
  - {play: "333", classify: [triple]}
game:
  deal: {cards_each: 5}
  dealt_events:
    - {id: quad, name: {zh: c, en: c}, hand_type: quad, effect: reward, pay: 1, per_rank: true}
    - {id: triple, name: {zh: b, en: b}, hand_type: triple, effect: reward, pay: 1, per_rank: true, not_with: [quad]}
    - {id: pair, name: {zh: a, en: a}, hand_type: pair, effect: reward, pay: 1}
    - {id: straight, name: {zh: d, en: d}, hand_type: straight, effect: reward, pay: 1}
    - {id: pairs, name: {zh: e, en: e}, hand_type: pairs, effect: reward, pay: 1}
    - {id: four, name: {zh: f, en: f}, hand_type: four, effect: reward, pay: 1}
    - {id: five, name: {zh: g, en: g}, hand_type: five, match: whole_hand, effect: instant_win, pay: 1}
    - {id: suited, name: {zh: h, en: h}, hand_type: suited, effect: reward, pay: 1}
    - {id: anyset, name: {zh: i, en: i}, hand_type: anyset, effect: reward, pay: 1}
    - {id: spades, name: {zh: j, en: j}, hand_type: spades, effect: reward, pay: 1}
    - {id: sevens, name: {zh: k, en: k}, hand_type: sevens, effect: reward, pay: 1}
  steps: []
  default_contract: solo
  contracts:
    - {id: solo, name: {zh: s, en: s}, teams: solo, score: [{winners: 1}]}
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> paixing.Ruleset:
    path = tmp_path_factory.mktemp("odds") / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return paixing.ruleset(str(path))


def _held(rs: paixing.Ruleset, hand: list[Card]) -> set[str]:
    """The events a hand holds, read off the engine's plays (not off the odds' formulas)."""
    types: dict[str, set[int]] = {}
    for p in paixing.legal_plays(rs, hand):
        types.setdefault(p.type_id, set()).add(p.groups[0][0] if p.groups else -1)
    held = {tid for tid in types if tid not in ("triple", "quad", "single")}  # single: no event
    if "quad" in types:
        held.add("quad")
    if types.get("triple", set()) - types.get("quad", set()):
        held.add("triple")  # per rank, a rank counted as a quad is not also a triple
    if any(p.type_id == "five" for p in classify(rs, hand)):
        held.add("five")
    if len({c.rank for c in hand}) >= 4:
        held.add("four")
    return held


def test_every_shapes_count_is_every_hand_of_a_tiny_deck(tiny: paixing.Ruleset) -> None:
    rs = tiny
    assert rs.variant.game is not None
    deck = rs.deck()
    assert len(deck) == 20
    k = 5
    counted: dict[str, int] = {e.id: 0 for e in rs.variant.game.dealt_events}
    for hand in combinations(deck, k):
        for eid in _held(rs, list(hand)):
            counted[eid] += 1
    for e in rs.variant.game.dealt_events:
        assert seat_count(rs, e, k) == counted[e.id], e.id


def test_formulas_and_some_seat(tiny: paixing.Ruleset) -> None:
    rs = tiny
    assert rs.variant.game is not None
    by_id = {e.id: e for e in rs.variant.game.dealt_events}
    k = 5
    # the whole hand one card of each of the 5 ranks: 4^5 hands, and inclusion–exclusion
    five = by_id["five"]
    assert seat_count(rs, five, k) == 4**5
    assert seat_formula(rs, five, k, 4**5) == "4^5"
    p = Fraction(4**5, comb(20, k))
    some = any_seat_exact(rs, five, k, p)
    assert some is not None and some[1] == "ie"
    # every copy of 7♠ 6♠: the rest of the hand is free; one 7♠ cannot be in two seats
    spades = by_id["spades"]
    assert seat_count(rs, spades, k) == comb(18, 3)
    assert seat_formula(rs, spades, k, comb(18, 3)) == "C(18,3)"
    p = Fraction(comb(18, 3), comb(20, k))
    assert any_seat_exact(rs, spades, k, p) == (4 * p, "excl")
    # no closed form printed: the number itself
    assert seat_formula(rs, by_id["pair"], k, 100) == "100"


class _TwinHandType(HandType):
    """A hand type with a shape the rule language does not have: ``twin`` (a group by another
    key, whose shape gives no odds)."""

    twin: Group | None = None


def _twin_compile(spec: HandType, tables: RankTables) -> Any:
    assert isinstance(spec, _TwinHandType) and spec.twin is not None
    return GROUP.compile(spec.model_copy(update={"group": spec.twin}), tables)


@pytest.fixture
def twin(monkeypatch: pytest.MonkeyPatch) -> Iterator[Shape]:
    defaults = {f.name: f.default for f in dataclasses.fields(Shape) if f.name in ("rank_test", "seat_count", "any_seat", "seat_formula")}
    shape = dataclasses.replace(GROUP, key="twin", compile=_twin_compile, **defaults)
    monkeypatch.setitem(SHAPES, "twin", shape)
    monkeypatch.setitem(rule_shapes.SHAPES, "twin", Group)
    yield shape


def test_a_shape_without_odds_gets_the_labelled_estimate(twin: Shape, tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    base = load_variant(str(path))
    assert base.game is not None
    extra = _TwinHandType(id="twins", name={"zh": "对", "en": "twins"}, twin=Group.model_validate({"size": 2}))
    data = base.model_dump(by_alias=True)
    data["hand_types"] = [*base.hand_types, extra]
    data["ladder"] = [*base.ladder, [{"type": "twins"}]]
    data["game"]["dealt_events"] = [
        {"id": "pair", "name": {"zh": "a", "en": "a"}, "hand_type": "pair", "effect": "reward", "pay": 1},
        {"id": "twins", "name": {"zh": "a", "en": "a"}, "hand_type": "twins", "effect": "reward", "pay": 1},
    ]
    rs = compile_variant(Variant.model_validate(data))
    odds = {o.event.id: o for o in event_odds(rs, 5)}
    exact, estimate = odds["pair"], odds["twins"]
    assert exact.seat_exact and exact.seat_formula is not None
    assert not estimate.seat_exact and estimate.seat_formula is None and estimate.any_method == "mc"
    # the same hands, once counted and once sampled (10,000 deals of 4 seats)
    deals = 10_000
    sigma = (exact.seat * (1 - exact.seat) / deals) ** 0.5
    assert abs(estimate.seat - exact.seat) <= 5 * sigma
