"""Every ``examples:`` entry of every built-in variant holds: one test per (variant, index)."""

from __future__ import annotations

from functools import cache

import paixing
import pytest
from paixing.hands.examples import ExampleResult, run_examples
from paixing.rules.loader import VariantError, builtin_ids


@cache
def outcomes(variant_id: str) -> tuple[ExampleResult, ...]:
    """The outcome of each example of one variant, computed once per session."""
    return tuple(run_examples(paixing.ruleset(variant_id)))


def example_params() -> list[object]:
    """One param per (variant, example index), id ``variant-index``. A variant that fails to
    load gets one param of its own, so the failure shows instead of silently having no tests."""
    params: list[object] = []
    for vid in builtin_ids():
        try:
            n = len(paixing.ruleset(vid).variant.examples)
        except VariantError:
            params.append(pytest.param(vid, -1, id=f"{vid}-load"))
            continue
        params.extend(pytest.param(vid, i, id=f"{vid}-{i}") for i in range(n))
    return params


@pytest.mark.parametrize(("variant_id", "index"), example_params())
def test_example(variant_id: str, index: int) -> None:
    if index < 0:
        paixing.ruleset(variant_id)  # raises the VariantError with its problems
        pytest.fail(f"{variant_id} failed to load at collection time")
    outcome = outcomes(variant_id)[index]
    assert outcome.index == index
    assert outcome.ok, (
        f"{variant_id} {outcome.describe()} ({outcome.example.model_dump(exclude_none=True)})"
    )


@pytest.mark.parametrize("variant_id", builtin_ids())
def test_every_variant_has_examples(variant_id: str) -> None:
    assert paixing.ruleset(variant_id).variant.examples, f"{variant_id} has no executable examples"
