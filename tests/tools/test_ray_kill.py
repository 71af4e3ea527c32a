"""``simulate --ray`` killed with SIGKILL leaves nothing of the local Ray instance it started
(issue 23 item 21): its watchdog (``paixing.runs.ray_watch``) stops the instance's processes,
and a run that ends normally leaves neither them nor the watchdog behind.

These start the real CLI in a subprocess and watch its process tree in /proc, so they need
Linux and Ray; starting Ray takes seconds (a minute under load), so they are slow. The quick
tests of the watchdog's choice of processes are in tests/tools/test_ray_watch.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the watchdog reads /proc: Linux only"),
]
pytest.importorskip("ray", reason="Ray is not installed (pip install 'paixing[ray]')")

START_SECONDS = 300.0
"""How long Ray may take to start and play its first games (2 shared cores under load)."""
GONE_SECONDS = 30.0
"""How long the processes of a run may take to end after its driver is killed or ends."""


class Proc(NamedTuple):
    pid: int
    ppid: int
    start: int
    """The start time in clock ticks: a pid with another start time is another process."""
    cmd: str


def _proc(pid: int) -> Proc | None:
    """A live process (not a zombie) from /proc, or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()
    if fields[0] == "Z":
        return None
    return Proc(pid, int(fields[1]), int(fields[19]), cmd)


def _table() -> dict[int, Proc]:
    """Every live process."""
    found = (_proc(int(name)) for name in os.listdir("/proc") if name.isdigit())
    return {p.pid: p for p in found if p is not None}


def _descendants(table: dict[int, Proc], root: int) -> set[Proc]:
    """The processes under ``root`` (not ``root`` itself)."""
    out: set[Proc] = set()
    todo = [root]
    while todo:
        parent = todo.pop()
        children = [p for p in table.values() if p.ppid == parent]
        out.update(children)
        todo.extend(p.pid for p in children)
    return out


def _alive(procs: set[Proc]) -> set[Proc]:
    """Those of ``procs`` still running (the same pid with the same start time)."""
    return {p for p in procs if (now := _proc(p.pid)) is not None and now.start == p.start}


def _until_gone(procs: set[Proc], seconds: float) -> set[Proc]:
    """Wait until none of ``procs`` runs, at most ``seconds``; those still running."""
    end = time.monotonic() + seconds
    while (left := _alive(procs)) and time.monotonic() < end:
        time.sleep(0.2)
    return left


def _start(tmp_path: Path, games: int) -> subprocess.Popen[bytes]:
    """``paixing simulate banzipao --games N --ray --json``, its output in files."""
    argv = [sys.executable, "-m", "paixing", "simulate", "banzipao", "--games", str(games), "--seed", "1", "--ray", "--json"]
    with open(tmp_path / "out", "wb") as out, open(tmp_path / "err", "wb") as err:
        return subprocess.Popen(argv, stdout=out, stderr=err, cwd=tmp_path)


def _watch_tree(driver: subprocess.Popen[bytes], tmp_path: Path, ready: str) -> set[Proc]:
    """Every process under ``driver`` seen until one whose command starts with ``ready`` runs
    (or the driver ends); fails when that takes more than ``START_SECONDS``."""
    seen: set[Proc] = set()
    end = time.monotonic() + START_SECONDS
    while time.monotonic() < end:
        now = _descendants(_table(), driver.pid)
        seen |= now
        if any(p.cmd.startswith(ready) for p in now) or driver.poll() is not None:
            return seen
        time.sleep(0.1)
    pytest.fail(f"no {ready!r} process within {START_SECONDS:.0f} s: {(tmp_path / 'err').read_text(errors='replace')[-2000:]}")


def _cleanup(driver: subprocess.Popen[bytes], procs: set[Proc]) -> None:
    """Kill what the test started, should a test fail with it still running."""
    for p in [*_alive(procs)]:
        os.kill(p.pid, signal.SIGKILL)
    if driver.poll() is None:
        driver.kill()
    driver.wait()


def _names(procs: set[Proc]) -> list[str]:
    return sorted(f"{p.pid} {p.cmd[:80]}" for p in procs)


def test_a_driver_killed_with_sigkill_leaves_nothing_of_its_ray_instance(tmp_path: Path) -> None:
    driver = _start(tmp_path, 100_000)
    seen: set[Proc] = set()
    try:
        seen = _watch_tree(driver, tmp_path, "ray::_call")  # a worker plays games: everything is up
        seen |= _descendants(_table(), driver.pid)
        assert driver.poll() is None, (tmp_path / "err").read_text(errors="replace")
        assert [p for p in seen if "ray_watch" in p.cmd], _names(seen)  # the watchdog runs
        assert [p for p in seen if p.cmd.startswith("ray::") and "Agent" in p.cmd], _names(seen)  # what outlived drivers
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait()
        assert _names(_until_gone(seen, GONE_SECONDS)) == []
    finally:
        _cleanup(driver, seen)


def test_a_run_that_ends_leaves_nothing_behind_not_even_its_watchdog(tmp_path: Path) -> None:
    driver = _start(tmp_path, 20)
    seen: set[Proc] = set()
    try:
        seen = _watch_tree(driver, tmp_path, "no process has this name")
        assert driver.wait(timeout=START_SECONDS) == 0, (tmp_path / "err").read_text(errors="replace")
        assert '"games": 20' in (tmp_path / "out").read_text(encoding="utf-8")
        assert [p for p in seen if "ray_watch" in p.cmd], _names(seen)  # it was there during the run
        assert [p for p in seen if "raylet" in p.cmd], _names(seen)
        assert _names(_until_gone(seen, GONE_SECONDS)) == []
    finally:
        _cleanup(driver, seen)
