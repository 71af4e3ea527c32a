"""The optional compiled core (setup.py, paixing._core.finder, paixing.compiled).

The same suite runs once with the compiled core and once with ``PAIXING_PURE=1`` (.ci/run);
these tests check the switch itself: the finder hands out sources for compiled paixing modules
only, and ``PAIXING_PURE=1`` makes a process run none of the compiled modules installed.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import paixing.game
import paixing.hands
import pytest
from paixing._core.finder import PURE_ENV, SourceFinder, pure_requested
from paixing.compiled import compiled_modules, describe

CORE_DIRS = [Path(package.__file__ or "").parent for package in (paixing.hands, paixing.game)]
INSTALLED = sorted(p for d in CORE_DIRS for p in d.rglob("*") if any(p.name.endswith(s) for s in EXTENSION_SUFFIXES))
"""Compiled modules installed beside the core's sources (none in a pure install)."""


def _fake_module(tmp_path: Path, source: bool) -> None:
    """An extension-named file (never loaded) and, if ``source``, its .py beside it."""
    (tmp_path / f"fake{EXTENSION_SUFFIXES[0]}").write_bytes(b"not a real extension")
    if source:
        (tmp_path / "fake.py").write_text("X = 1\n")


def test_finder_hands_out_the_source_of_a_compiled_module(tmp_path: Path) -> None:
    _fake_module(tmp_path, source=True)
    spec = SourceFinder().find_spec("paixing.fake", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "fake.py")


def test_finder_leaves_other_modules_to_the_import_system(tmp_path: Path) -> None:
    _fake_module(tmp_path, source=False)
    assert SourceFinder().find_spec("paixing.fake", [str(tmp_path)]) is None  # no source beside it
    (tmp_path / "plain.py").write_text("X = 1\n")
    assert SourceFinder().find_spec("paixing.plain", [str(tmp_path)]) is None  # not compiled
    _fake_module(tmp_path, source=True)
    assert SourceFinder().find_spec("other.fake", [str(tmp_path)]) is None  # not paixing's


def test_this_process_runs_the_core_the_environment_asks_for() -> None:
    running = compiled_modules()
    if pure_requested() or not INSTALLED:
        assert running == []
        assert describe().startswith("core: pure Python")
    else:
        assert len(running) == len([p for p in INSTALLED if "__mypyc" not in p.name])
        assert describe() == f"core: compiled (mypyc), {len(running)} modules of paixing.hands and paixing.game"
        assert {"paixing.game.state", "paixing.game.tricks", "paixing.game.hand_params", "paixing.game.seat_views"} <= set(running)


def _core_of_child(env: dict[str, str]) -> list[str]:
    code = "import paixing.compiled as c, paixing.hands.play as p; print(c.describe()); print(p.__file__)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


@pytest.mark.skipif(not INSTALLED, reason="the compiled core is not installed (a pure or editable install)")
def test_pure_flag_switches_the_core_of_a_process() -> None:
    """A child process with the other setting of PAIXING_PURE runs the other core (this
    process's own core is checked above)."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure_requested():
        core, play_file = _core_of_child(env)
        assert core.startswith("core: compiled (mypyc)") and not play_file.endswith(".py")
    else:
        core, play_file = _core_of_child({**env, PURE_ENV: "1"})
        assert core == "core: pure Python (PAIXING_PURE=1)" and play_file.endswith("play.py")


def test_the_report_ends_quietly_when_its_reader_goes_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m paixing.compiled | head -1``: exit 1, no traceback."""
    import paixing.compiled as compiled

    class Closed(io.StringIO):
        def write(self, s: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Closed())
    assert compiled.main() == 1


def test_a_game_state_deep_copies_in_either_core() -> None:
    """OpenSpiel's search deep-copies states: a deep copy is ``Game.copy``, which shares the
    plays and hand views a game keeps (a compiled play could not be rebuilt by ``copy``)."""
    import copy

    from paixing import ruleset
    from paixing.game import Game

    game = Game(ruleset("doudizhu"), seed=3)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[-1])
    game.legal_actions()  # fills the seat's kept hand view
    other = copy.deepcopy(game)
    assert other.hands == game.hands and other.hands is not game.hands
    view = next(iter(game.hand_views.values()))[1]
    assert copy.deepcopy(view) is view
    assert other.legal_actions() == game.legal_actions()
