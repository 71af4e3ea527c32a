"""Which core runs: the hand-type layer and the game's state machine compiled by mypyc, or
their Python sources.

``pip install .`` compiles paixing.hands and the modules of ``Game``'s class chain from the same
.py files (setup.py, ``COMPILED_SOURCES``) and installs both;
the compiled modules win an ordinary import, and ``PAIXING_PURE=1`` in the environment makes
``import paixing`` load the sources instead (paixing._core.finder).

``python -m paixing.compiled`` prints this report (``describe``, the compiled modules, the stale ones).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from importlib.machinery import ExtensionFileLoader, PathFinder
from types import ModuleType

from paixing._core.finder import PURE_ENV, pure_requested, source_of

COMPILED_PACKAGES = ("paixing.hands", "paixing.game")
"""The packages the build compiles modules of (with mypyc's shared library, the module
paixing_core__mypyc): setup.py's ``COMPILED_SOURCES`` names which modules."""


def _is_compiled(module: ModuleType) -> bool:
    spec = getattr(module, "__spec__", None)
    return spec is not None and isinstance(spec.loader, ExtensionFileLoader)


def compiled_modules() -> list[str]:
    """The paixing modules that run compiled (every module of the core's packages is imported
    first: the packages import some of them only when used)."""
    for package in COMPILED_PACKAGES:
        path = importlib.import_module(package).__path__
        for found in pkgutil.walk_packages(path, f"{package}."):
            importlib.import_module(found.name)
    return sorted(name for name, m in list(sys.modules.items()) if name.startswith("paixing.") and _is_compiled(m))


def describe() -> str:
    """One line: which core is active (the first line ``python -m paixing.compiled`` prints)."""
    modules = compiled_modules()
    if modules:
        return f"core: compiled (mypyc), {len(modules)} modules of {' and '.join(COMPILED_PACKAGES)}"
    if pure_requested():
        return f"core: pure Python ({PURE_ENV}=1)"
    return "core: pure Python (no compiled modules installed)"


def _installed_file(name: str) -> str:
    """Where the import system finds module ``name`` (a compiled module's own ``__file__`` is
    derived from mypyc's shared library, which an in-place build puts at the tree's root)."""
    parent = sys.modules[name.rpartition(".")[0]]
    spec = PathFinder.find_spec(name, getattr(parent, "__path__", None))
    return spec.origin if spec is not None and spec.origin else ""


def stale_modules() -> list[str]:
    """Compiled modules older than their source (an in-place build not redone after an edit)."""
    stale = []
    for name in compiled_modules():
        origin = _installed_file(name)
        source = source_of(origin)
        # (a margin: an install writes both files within a second, in either order)
        if source is not None and os.stat(source).st_mtime > os.stat(origin).st_mtime + 2:
            stale.append(name)
    return stale
