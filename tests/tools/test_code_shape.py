"""The standing rules of the code, checked: short and simple functions, every package in its
layer, and an engine that names no game (the YAML says the game; docs/architecture.md).

Modules have no size cap: they are split by what belongs together, not by length."""

from __future__ import annotations

import re

import pytest

from tests.helpers import ROOT

radon_complexity = pytest.importorskip("radon.complexity")

SOURCES = sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("rules/**/*.py")])
MAX_FUNCTION_LINES = 60
MAX_COMPLEXITY = 20
GAME_NAMES = re.compile(
    r"banzipao|dagun|doudizhu|paodekuai|guandan|板子炮|打滚|斗地主|掼蛋|跑得快|摇摆|510k|五十k|十三烂|滚龙|滚筒",
    re.IGNORECASE,
)


def _blocks() -> dict[str, object]:
    """Every function and method, by ``file:line name`` (radon lists methods twice: alone and
    inside their class)."""
    out: dict[str, object] = {}
    for path in SOURCES:
        for block in radon_complexity.cc_visit(path.read_text(encoding="utf-8")):
            for inner in [block, *getattr(block, "methods", [])]:
                out[f"{path.relative_to(ROOT)}:{inner.lineno} {inner.fullname}"] = inner
    return out


def test_sources_found() -> None:
    assert len(SOURCES) > 30


def test_functions_are_short_and_simple() -> None:
    bad = []
    for where, block in _blocks().items():
        lines = block.endline - block.lineno + 1  # type: ignore[attr-defined]
        cc = block.complexity  # type: ignore[attr-defined]
        if hasattr(block, "methods"):
            continue  # a class: its methods are checked one by one
        if lines > MAX_FUNCTION_LINES or cc > MAX_COMPLEXITY:
            bad.append(f"{where}: {lines} lines, complexity {cc}")
    assert bad == []


def test_engine_names_no_game() -> None:
    hits = [
        f"{p.relative_to(ROOT)}:{i}"
        for p in SOURCES
        if p.parts[len(ROOT.parts)] == "engine"
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if GAME_NAMES.search(line)
    ]
    assert hits == []


def test_every_package_ships() -> None:
    """A plain ``pip install .`` installs only the packages pyproject lists (package-dir maps
    engine/ to paixing): a subpackage missing there works from a checkout and breaks installed."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {
        ".".join(["paixing", *init.parent.relative_to(ROOT / "engine").parts])
        for init in (ROOT / "engine").glob("**/__init__.py")
    }
    assert found - listed == set()


def test_every_top_level_package_has_a_layer() -> None:
    """The import-linter layers (pyproject.toml, checked by .ci/layers) name every package and
    module at the top of paixing, so no new one escapes the contract."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    named = {name.strip() for layer in layers for name in layer.split(":")}
    engine = ROOT / "engine"
    top = {f"paixing.{p.stem}" for p in engine.glob("*.py") if p.name != "__init__.py"}
    top |= {f"paixing.{p.parent.name}" for p in engine.glob("*/__init__.py")}
    top.add("paixing.rules")
    assert top - named == set()
