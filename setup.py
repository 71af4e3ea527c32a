"""Build paixing, compiling the hand-type layer with mypyc where this machine can.

The metadata lives in pyproject.toml; this file only adds the optional compiled core
(docs/performance.md, "Compiled core"). ``pip install .`` compiles the modules named by
``COMPILED_SOURCES`` from the very same .py sources when mypyc (asked for by build_backend.py) and a C
compiler work, and otherwise prints one warning line and installs pure Python. The .py files
are installed either way, so ``PAIXING_PURE=1`` at run time can load them instead
(paixing._core.finder; ``python -m paixing.compiled`` says which core runs).

Build-time switches:
- ``PAIXING_PURE=1``: no compiled core (and build_backend.py does not ask for mypy).
- editable installs (``pip install -e``) are pure unless ``PAIXING_COMPILE=1``: compiled
  modules would sit next to the sources and shadow every edit until the next rebuild.
"""

from __future__ import annotations

import os
import shutil
import sys
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
STAGE = Path("build") / "core-src"
GROUP = "paixing_core"
"""mypyc's shared library of the core: the top-level module paixing_core__mypyc (mypyc finds
each compiled module's file from it, and expects it above the package tree)."""

COMPILED_SOURCES = (
    "paixing/hands/*.py",
    "paixing/hands/shapes/*.py",
    "paixing/game/hand_params.py",
    "paixing/game/tricks.py",
    "paixing/game/state.py",
    "paixing/game/seat_views.py",
)
"""The compiled core: the hand-type layer, where move generation spends its time, and the
game's state machine, where a hand spends most of the rest: ``Game`` (state.py, one native
class) with the modules it reads in every play (its fixed ``HandSetup``, trick play's rules and
the seats' views of the log). The game's other modules stay interpreted: observation.py's
snapshot classes cost more compiled (tried), events.py's and actions.py's frozen dataclasses
fill their instance dicts directly, which a native class cannot, and the rest runs a few times
a hand."""
BUILDS = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"}
"""The setup commands that compile (pip runs bdist_wheel; editable_wheel only with PAIXING_COMPILE=1)."""
INTERPRETED = {
    "paixing/hands/ruleset.py": "Ruleset is a weak-reference key (game/readings.py) and has cached properties",
    "paixing/hands/tables.py": "compiled it saves nothing measurable, and a frozen native RankTables cannot be deep-copied",
    "paixing/hands/lazy.py": "PlayList subclasses list, which mypyc cannot compile",
    "paixing/hands/examples.py": "it runs a variant's examples once each, when a file is checked or a book rendered",
}
"""Core modules left interpreted, and why: mypyc's native classes cannot do what these do.
The packages' __init__.py stay interpreted too: they only import, and a compiled package
finds its __path__ from mypyc's shared library, which an in-place build puts elsewhere."""


def _wanted() -> bool:
    """Whether this build should try to compile the core (see the module docstring)."""
    if os.environ.get("PAIXING_PURE") == "1":
        return False
    if os.environ.get("PAIXING_EDITABLE") == "1":  # set by build_backend.py
        return os.environ.get("PAIXING_COMPILE") == "1"
    return True


def _warn(why: str) -> None:
    print(f"paixing: building pure Python ({why}); see README, 'Compiled core'", file=sys.stderr)


def _stage() -> list[str]:
    """Copy engine/ and rules/ to STAGE as the package paixing; the core's files there."""
    shutil.rmtree(STAGE, ignore_errors=True)
    shutil.copytree(HERE / "engine", STAGE / "paixing", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copytree(HERE / "rules", STAGE / "paixing" / "rules", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    files = sorted(f for pattern in COMPILED_SOURCES for f in glob(str(STAGE / pattern)))
    return [f for f in files if Path(f).relative_to(STAGE).as_posix() not in INTERPRETED and Path(f).name != "__init__.py"]


def _core_extensions() -> list[Any]:
    """The core translated to C by mypyc (its Extension list), or none when mypyc is missing
    or refuses the sources."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not installed")
        return []
    files = _stage()
    # The isolated build environment has mypy but not pydantic and the other run-time
    # packages: those become Any, and only the core's own modules report errors.
    options = ["--config-file=", "--ignore-missing-imports", "--follow-imports=silent",
               f"--cache-dir={STAGE.parent / 'core-mypy-cache'}", "--python-version=3.11"]
    try:
        return list(mypycify([*options, *files], group_name=GROUP, target_dir=str(STAGE.parent / "core-c")))
    except SystemExit:  # mypy printed its errors above and exited
        _warn("mypyc refused the sources: its errors are printed above")
        return []
    except Exception as error:
        _warn(f"mypyc failed: {_first_line(error)}")
        return []


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    line = text.splitlines()[0] if text else type(error).__name__
    return line if len(line) <= 120 else line[:117] + "..."


class BuildCore(build_ext):
    """build_ext that first translates the core with mypyc, and falls back to the pure package
    (no extension at all) when that or the C compiler fails."""

    def finalize_options(self) -> None:
        # Only a build translates: the metadata commands (egg_info, dist_info, sdist) finalize
        # this command too, for a file list, and must not run mypyc.
        if not self.distribution.ext_modules and _wanted() and set(self.distribution.commands) & BUILDS:
            self.distribution.ext_modules = _core_extensions()
        super().finalize_options()

    def run(self) -> None:
        try:
            super().run()
        except (Exception, SystemExit) as error:  # no gcc, no Python headers, a compile error
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            _warn(f"the compiled core did not build: {_first_line(error)}")

    def get_source_files(self) -> list[str]:
        """The generated C is not a source: an sdist ships the .py files and builds anew."""
        return []


class CoreDistribution(Distribution):
    """A distribution that has extension modules when the core is wanted, so that ``build``
    runs BuildCore and the wheel is tagged for this Python and platform."""

    def has_ext_modules(self) -> bool:
        return _wanted()


if __name__ == "__main__":
    setup(distclass=CoreDistribution, cmdclass={"build_ext": BuildCore})
