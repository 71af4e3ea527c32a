"""The shape registry: the engine's shapes are the rule language's, and a new shape is one
engine module plus its model (shown here by adding a throwaway shape from this file alone)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest
from paixing import legal_plays
from paixing.hands import classify, compile_variant
from paixing.hands.play import Play
from paixing.hands.ruleset import ContainsFn, Ruleset, TypeInfo
from paixing.hands.shapes import SHAPES, Describer, Shape
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules import shapes as rule_shapes
from paixing.rules.cards import Card, parse_cards
from paixing.rules.loader import load_variant
from paixing.rules.models import HandType, Variant


def test_engine_shapes_are_the_rule_languages() -> None:
    assert set(SHAPES) == set(rule_shapes.SHAPES)
    assert set(rule_shapes.SHAPES) <= set(HandType.model_fields)


def test_compiled_types_bind_their_shape() -> None:
    rs = compile_variant(load_variant("doudizhu"))
    for t in rs.types:
        kind = SHAPES[t.shape]
        assert t.generate is kind.generate and t.match is kind.match


# ---------------------------------------------------------------- a throwaway shape, end to end
@dataclass(frozen=True)
class _CoupleParams:
    """The walkthrough's step 1: the shape's compiled numbers."""


def _compile(spec: HandType, tables: RankTables) -> _CoupleParams:
    return _CoupleParams()


def _generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> Iterator[Play]:
    if length not in (None, 2):
        return
    present = [r for r, c in enumerate(hv.counts) if c]
    for pair in combinations(present, 2):
        yield Play(t, tuple(hv.by_rank[r][0] for r in pair), tuple((r, 1) for r in pair), tuple((r, 1) for r in pair))


def _match(rs: Ruleset, hv: HandView, t: TypeInfo, cards: tuple[Card, ...]) -> Iterator[Play]:
    nat = tuple((r, c) for r, c in enumerate(hv.counts) if c)
    if hv.n_wild == 0 and len(cards) == 2 and len(nat) == 2:
        yield Play(t, cards, nat, nat)


def _contains(p: _CoupleParams, tables: RankTables) -> ContainsFn:
    return lambda kick: len(kick) >= 2


def _describe(spec: HandType, say: Describer) -> list[list[Any]]:
    return [[say.text(say.s("shape.couple"))]]


class _CoupleHandType(HandType):
    """The walkthrough's model step: the new shape's field on HandType."""

    couple: bool | None = None


@pytest.fixture
def couple(monkeypatch: pytest.MonkeyPatch) -> Shape:
    shape = Shape(
        key="couple",
        compile=_compile,
        generate=_generate,
        match=_match,
        contains=_contains,
        describe=_describe,
        phrases={"shape.couple": ("两张点数不同的牌", "Two cards of different ranks")},
    )
    monkeypatch.setitem(SHAPES, "couple", shape)  # what shapes.register does
    monkeypatch.setitem(rule_shapes.SHAPES, "couple", bool)
    return shape


def test_a_new_shape_needs_only_its_module_and_model(couple: Shape) -> None:
    base = load_variant("doudizhu")
    extra = _CoupleHandType(id="couple", name={"zh": "对儿", "en": "couple"}, couple=True)
    assert extra.shape == "couple"
    variant = Variant.model_validate({**base.model_dump(by_alias=True), "hand_types": [*base.hand_types, extra], "ladder": [*base.ladder, [{"type": "couple"}]]})
    rs = compile_variant(variant)
    t = rs.type_by_id["couple"]
    assert t.shape == "couple" and t.generate is _generate
    plays = [p for p in legal_plays(rs, parse_cards("3 4 5")) if p.type_id == "couple"]
    assert sorted(p.notation for p in plays) == ["34", "35", "45"]
    assert [p.type_id for p in classify(rs, parse_cards("3 4"))] == ["couple"]
    with pytest.raises(ValueError, match="exactly one shape"):
        _CoupleHandType(id="x", name={"zh": "x", "en": "x"}, couple=True, distinct_ranks=2)
