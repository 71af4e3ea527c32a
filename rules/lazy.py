"""Packages whose public names are imported on first use (PEP 562).

``paixing``, ``paixing.rules`` and ``paixing.hands`` re-export names from their modules. Done
eagerly, importing any one module of them (``paixing.rules.cards``) ran every package
``__init__`` above it and with it the whole rule language: pydantic and its ~50 models, which
is most of a command's start-up (docs/performance.md, "Start-up"). Each such ``__init__``
now names where every public name lives and gets it from there when it is first read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, homes: Mapping[str, tuple[str, ...]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package``, whose public names live in the
    modules ``homes`` maps to them. A name read once is kept on the package (later reads are
    plain attribute reads)."""
    where = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return __getattr__, __dir__
