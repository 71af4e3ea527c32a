"""Loads paixing's Python sources where compiled modules are installed, when ``PAIXING_PURE=1``.

paixing/__init__.py imports this module before anything else; with ``PAIXING_PURE=1`` in the
environment it puts ``SourceFinder`` in front of the import system, which, for a paixing
module whose compiled form (an extension module built by setup.py) would load, hands out the
.py file installed beside it. One installation can thus run both cores: .ci/run runs the tests
once each way, the benchmarks compare them. ``python -m paixing.compiled`` says which is active.
"""

from __future__ import annotations

import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from types import ModuleType

PURE_ENV = "PAIXING_PURE"
"""Set to 1: run the Python sources even where compiled modules are installed."""


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV) == "1"


def source_of(origin: str) -> str | None:
    """The .py file beside a compiled module (play.cpython-311-x86_64-linux-gnu.so → play.py).
    (os.path, not pathlib: this module runs at every ``import paixing``, start-up included.)"""
    for suffix in EXTENSION_SUFFIXES:
        if origin.endswith(suffix):
            source = origin[: -len(suffix)] + ".py"
            return source if os.path.isfile(source) else None
    return None


class SourceFinder(MetaPathFinder):
    """Finds paixing's modules as the path finder does, but loads a compiled one's source."""

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("paixing."):
            return None
        spec = PathFinder.find_spec(fullname, path)  # type: ignore[arg-type]
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader) or spec.origin is None:
            return None
        source = source_of(spec.origin)
        if source is None:
            return None
        return spec_from_file_location(fullname, source, submodule_search_locations=spec.submodule_search_locations)


def use_sources() -> None:
    """With ``PAIXING_PURE=1``, load paixing's Python sources from now on (idempotent)."""
    if pure_requested() and not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())


use_sources()  # at import: first thing in paixing/__init__.py
