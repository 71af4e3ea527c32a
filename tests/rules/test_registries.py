"""Every registry agrees with the rule language, one test body over all of them (as sqlglot runs
one body over every dialect): the engine has a behaviour for each kind the models accept, and
the models accept each kind the engine implements (docs/architecture.md, "The registries")."""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable

import pytest
from paixing.game.conditions import MEASURE_FNS, SCALAR_FNS, SUBJECT_FNS
from paixing.game.ends import WINNERS
from paixing.game.obligations import OBLIGATIONS
from paixing.game.payments import FORMS
from paixing.game.steps import STEPS
from paixing.game.transfers import KINDS as TRANSFER_KINDS
from paixing.hands.examples import KINDS as EXAMPLE_KINDS
from paixing.hands.features import FEATURES
from paixing.hands.shapes import SHAPES
from paixing.rules import shapes as shape_models
from paixing.rules.conditions import MEASURES, SCALARS, SUBJECTS
from paixing.rules.hand_rules import STEP_KINDS
from paixing.rules.models import Example, Feature
from paixing.rules.obligations import OBLIGATION_KINDS
from paixing.rules.scoring import EndRule, Transfer


def _literal(annotation: object) -> set[str]:
    return set(typing.get_args(annotation))


def _example_keys() -> set[str]:
    return {key for keys, _ in EXAMPLE_KINDS for key in keys}


REGISTRIES: dict[str, tuple[Callable[[], Iterable[str]], Callable[[], Iterable[str]]]] = {
    "shapes": (lambda: SHAPES, lambda: shape_models.SHAPES),
    "comparison features": (lambda: FEATURES, lambda: _literal(Feature)),
    "contract steps": (lambda: STEPS, lambda: STEP_KINDS),
    "condition scalars": (lambda: SCALAR_FNS, lambda: SCALARS),
    "condition subjects": (lambda: SUBJECT_FNS, lambda: SUBJECTS),
    "condition measures": (lambda: MEASURE_FNS, lambda: MEASURES),
    "winner rules": (lambda: WINNERS, lambda: _literal(EndRule.model_fields["winner"].annotation)),
    "transfer kinds": (lambda: TRANSFER_KINDS, lambda: _literal(Transfer.model_fields["what"].annotation)),
    "play obligations": (lambda: OBLIGATIONS, lambda: OBLIGATION_KINDS),
    "score row forms": (lambda: FORMS, lambda: {"winners", "declarer", "per_card", "places"}),
    "example kinds": (
        _example_keys,
        lambda: {k for k in Example.model_fields if k not in {"play", "hand", "last", "note", "wild_ranks", "level"}},
    ),
}
"""Registry → (the engine's keys, the rule language's keys)."""


@pytest.mark.parametrize("name", sorted(REGISTRIES))
def test_registry_matches_the_rule_language(name: str) -> None:
    engine, language = REGISTRIES[name]
    assert set(engine()) == set(language()), name


@pytest.mark.parametrize("name", sorted(REGISTRIES))
def test_registry_is_not_empty(name: str) -> None:
    assert len(set(REGISTRIES[name][0]())) >= 2, name
