"""Mutations of the built-in variant files: each mutated file is either refused with one
located line per problem, or it validates and then compiles and plays (issue 10: "a file that
validates can always be played"; 3,200 such mutations found the crashes fixed in the loader and
in ``rules/checks.py``).

A mutation replaces one value anywhere in a built-in file (a child keeps its ``extends:``) with
a number (negative, huge), a short text (control characters included), null, a boolean, a
small list or an empty mapping. The run is small (``MUTATIONS`` per variant); set
``PAIXING_MUTATIONS`` to run more.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paixing.hands.cache import ruleset
from paixing.rules.loader import VariantError, builtin_dir, builtin_ids, load_variant
from paixing.runs.simulate import SimulationError, simulate
from ruamel.yaml import YAML

MUTATIONS = int(os.environ.get("PAIXING_MUTATIONS", "8"))

VALUES = st.one_of(
    st.integers(min_value=-(10**31), max_value=10**31),
    st.integers(min_value=-3, max_value=60),
    st.text(alphabet=st.sampled_from("aZ3S_ \x1b\x00\n牌"), max_size=6),
    st.none(),
    st.booleans(),
    st.lists(st.integers(min_value=-2, max_value=20), max_size=3),
    st.just({}),
)


def _plain(variant_id: str) -> Any:
    return YAML(typ="safe").load((builtin_dir() / f"{variant_id}.yaml").read_text(encoding="utf-8"))


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place a value sits (``id`` and ``extends`` of the top level kept)."""
    found: list[tuple[Any, ...]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        here = (*at, key)
        if here not in (("id",), ("extends",)):
            found.append(here)
            found += _paths(value, here)
    return found


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize("variant_id", builtin_ids())
def test_mutated_file_is_refused_or_plays(variant_id: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    base = _plain(variant_id)
    paths = _paths(base)
    folder = tmp_path_factory.mktemp("mutations")

    @settings(max_examples=MUTATIONS, derandomize=True, suppress_health_check=list(HealthCheck), deadline=None)
    @given(where=st.integers(min_value=0, max_value=len(paths) - 1), value=VALUES)
    def check(where: int, value: Any) -> None:
        data = _plain(variant_id)
        _set(data, paths[where], value)
        path = folder / f"{variant_id}.yaml"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        try:
            variant = load_variant(path)
        except VariantError as exc:  # refused: one located line per problem
            assert exc.problems and all("\n" not in p and "\x1b" not in p for p in exc.problems)
        else:  # valid: it compiles and plays
            rs = ruleset(path)
            if variant.game is not None:
                try:
                    simulate(str(path), 2, seed=where)
                except SimulationError as exc:  # pragma: no cover - the failure to report
                    raise AssertionError(f"{paths[where]} = {value!r} validates but does not play: {exc}") from exc
            assert rs.id == variant_id

    check()
