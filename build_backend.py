"""The build backend: setuptools', asking for mypy (which brings mypyc) only when the
compiled core will be built (see setup.py: not with ``PAIXING_PURE=1``, and not for an
editable install unless ``PAIXING_COMPILE=1``), so a pure build needs nothing but setuptools."""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook this module does not wrap)

MYPYC = "mypy>=1.15"
"""mypyc ships with mypy; the core is typed and checked by mypy (.ci/typecheck)."""


def _compiler(editable: bool) -> list[str]:
    if os.environ.get("PAIXING_PURE") == "1":
        return []
    if editable and os.environ.get("PAIXING_COMPILE") != "1":
        return []
    return [MYPYC]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [*build_meta.get_requires_for_build_wheel(config_settings), *_compiler(editable=False)]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ["PAIXING_EDITABLE"] = "1"
    return [*build_meta.get_requires_for_build_editable(config_settings), *_compiler(editable=True)]


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    os.environ["PAIXING_EDITABLE"] = "1"
    return build_meta.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    os.environ["PAIXING_EDITABLE"] = "1"  # setup.py reads it: editable builds stay pure by default
    return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
