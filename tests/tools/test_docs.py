"""The documentation's code examples run: README's Python session and the package docstring."""

from __future__ import annotations

import doctest

import paixing

from tests.helpers import ROOT


def test_readme_python_session() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_package_docstring() -> None:
    result = doctest.testmod(paixing)
    assert result.attempted >= 3
    assert result.failed == 0
