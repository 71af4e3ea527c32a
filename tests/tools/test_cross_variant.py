"""One body over every built-in variant (more variant files are picked up without a change):
vectors stable and complete, the reference adapter conforming, and the diff of every
``extends:`` child against its parent explained by exactly what the child overrides."""

from __future__ import annotations

import sys

import pytest
from paixing import ruleset
from paixing.conformance.diff import UNEXPLAINED
from paixing.conformance.diff.groups import behaviour_paths
from paixing.conformance.harness import run
from paixing.conformance.vectors import dumps, vectors
from paixing.rulebook.diff import diff_variants
from paixing.rulebook.sections.differs import book_diff
from paixing.rules import load_variant
from paixing.rules.loader import builtin_ids

from tests.helpers import ROOT

REFERENCE = f'"{sys.executable}" "{ROOT / "examples" / "paixing_adapter.py"}"'
VARIANTS = builtin_ids()
CARD_KEYS = ("hand_types", "wildcards", "ladder", "ranks", "deck")


@pytest.mark.parametrize("variant", VARIANTS)
def test_vectors_are_stable_and_cover_every_type_and_rung(variant: str) -> None:
    rs = ruleset(variant)
    first = vectors(rs, random=6, seed=5, hands=False)
    assert dumps(first) == dumps(vectors(rs, random=6, seed=5, hands=False))
    touched = {t for c in first.cases for t in c["rule"]["hand_types"]}
    assert touched == {t.id for t in rs.types}
    rungs = {r for c in first.cases for found in c["rule"]["rungs"].values() for r in found}
    assert rungs == set(range(len(rs.variant.ladder)))
    assert {c["op"] for c in first.cases} == {"classify", "beats", "moves"}


def _small(cases: list[dict[str, object]]) -> list[dict[str, object]]:
    """Every classify and score case and every fifth other case: the default run stays fast."""
    return [c for i, c in enumerate(cases) if c["op"] in ("classify", "score") or i % 5 == 0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_reference_adapter_conforms(variant: str) -> None:
    v = vectors(variant, random=6, max_games=12)
    report = run(_small(v.cases), REFERENCE, variant)
    assert report.ok, report.to_json()["disagreements"][:2]


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_reference_adapter_conforms_on_every_case(variant: str) -> None:
    v = vectors(variant, random=150, seed=1)
    report = run(v.cases, REFERENCE, variant)
    assert report.ok, report.to_json()["disagreements"][:2]


def _parent(variant: str) -> str | None:
    return ruleset(variant).variant.extends


@pytest.mark.parametrize("variant", VARIANTS)
def test_diff_against_the_parent_is_what_the_child_overrides(variant: str) -> None:
    parent_ref = _parent(variant)
    if parent_ref is None:
        pytest.skip(f"{variant} extends nothing")
    child = ruleset(variant)
    parent = load_variant(parent_ref) if parent_ref in VARIANTS else None
    if parent is None:
        pytest.skip(f"{variant} extends a file, not a built-in id")
    found = book_diff(child, parent.model_dump_json(by_alias=True))
    changed = behaviour_paths([p for p, *_ in diff_variants(parent, child.variant)])
    # no difference the child's keys do not explain
    assert all(g.rule != UNEXPLAINED for g in found.groups), [g.cases[0].to_json() for g in found.groups]
    for g in found.groups:
        assert all(any(p == part or p.startswith(part) for p in changed) for part in g.rule.split(" + ")), g.rule
    # every card-level key the child changes shows in some difference
    for path in changed:
        if path.startswith(CARD_KEYS):
            assert any(path.startswith(part) for g in found.groups for part in g.rule.split(" + ")), path
