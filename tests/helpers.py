"""What many test modules share: the places of the repository and of the test data.

Test modules sit one folder per layer (``tests/rules``, ``tests/hands``, ``tests/game``,
``tests/tools``, ``tests/peers``), so a path computed from a test's own ``__file__`` would
depend on its folder; every test reaches the repository and ``tests/data`` through these
constants instead.  Import them as ``from tests.helpers import DATA`` (pytest runs with
``--import-mode=importlib`` and the repository's root as its rootdir, so ``tests`` is a
namespace package).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root."""

DOCS = ROOT / "docs"
"""The documentation (docs/*.md, the conformance schema)."""

TESTS = ROOT / "tests"
"""The test tree."""

DATA = TESTS / "data"
"""Test variants, recorded peer answers and golden outputs (tests/data/README.md)."""

HANDS = TESTS / "fixtures" / "hands"
"""The scripted whole hands, one YAML file each (tests/game/test_scripted_hands.py)."""

LEVELS = str(DATA / "partners-levels.yaml")
"""The test variant with fixed sides, levels and tribute (a file name, as the loader takes)."""

SMALL = str(DATA / "ffa-small.yaml")
"""The small every-player-for-himself test variant."""
