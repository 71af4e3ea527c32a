"""``simulate`` runs that are bounded, interruptible and never mix or half-write records
(issue 10: "Writing records", "No bounds on run size", "Ctrl-C does not stop simulate").
Each case reproduced before its fix: records were overwritten and stale ones kept, a full disk
left zero-byte files with a traceback, Ctrl-C let the run go on, and workers outlived a killed
parent."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from paixing.runs.simulate import RunFilesError, simulate

from tests.helpers import run


def records(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("game-*.json"))


def test_non_empty_out_is_refused_then_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "d"
    assert run("simulate", "banzipao", "--games", "5", "--out", str(out), "--json").exit_code == 0
    again = run("simulate", "banzipao", "--games", "3", "--seed", "1", "--out", str(out), "--json")
    assert again.exit_code == 2
    assert "already holds 5 records" in again.stderr
    assert len(records(out)) == 5
    over = run("simulate", "banzipao", "--games", "3", "--seed", "1", "--out", str(out), "--overwrite", "--json")
    assert over.exit_code == 0
    assert len(records(out)) == 3  # no stale record of the first run is left
    assert all(json.loads((out / f).read_text())["run"]["seed"] == 1 for f in records(out))


def test_resume_plays_the_rest_and_sums_like_one_run(tmp_path: Path) -> None:
    out = tmp_path / "d"
    simulate("banzipao", 3, seed=4, out_dir=out)
    resumed = simulate("banzipao", 6, seed=4, out_dir=out, existing="resume")
    whole = simulate("banzipao", 6, seed=4)
    assert resumed.to_json() | {"records": None} == whole.to_json()
    assert len(records(out)) == 6
    with pytest.raises(RunFilesError, match="not this run's record"):
        simulate("banzipao", 6, seed=5, out_dir=out, existing="resume")


def test_a_failed_write_leaves_no_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    out = tmp_path / "d"
    result = run("simulate", "banzipao", "--games", "3", "--out", str(out), "--json")
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("No space left on device")
    assert "Traceback" not in result.output
    assert list(out.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "1000000000000"], "--games must be at most 1,000,000,000"),
        (["--jobs", "1000"], "--jobs must be at most 256"),
    ],
)
def test_run_size_is_bounded(args: list[str], message: str) -> None:
    started = time.perf_counter()
    result = run("simulate", "banzipao", *args)
    assert result.exit_code == 2
    assert result.stderr.strip() == message
    assert time.perf_counter() - started < 5


def test_jobs_are_capped_at_the_cores() -> None:
    cores = os.cpu_count() or 1
    result = run("simulate", "banzipao", "--games", "2", "--jobs", str(cores + 3), "--json")
    assert result.exit_code == 0
    assert f"using {cores}" in result.stderr


def test_stop_keeps_the_finished_records(tmp_path: Path) -> None:
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done == 4:
            stop.set()

    out = tmp_path / "d"
    summary = simulate("banzipao", 50, seed=2, out_dir=out, progress=progress, stop=stop)
    assert summary.stopped and summary.games == 4
    assert len(records(out)) == 4
    rest = simulate("banzipao", 50, seed=2, out_dir=out, existing="resume")
    assert not rest.stopped and rest.games == 50


def _start(out: Path) -> subprocess.Popen[str]:
    code = "from paixing.cli import app; app()"
    args = ["simulate", "banzipao", "--games", "100000", "--jobs", "2", "--jobs-force", "--out", str(out), "--json"]
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_records(out: Path, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while len(records(out)) < 20 and time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)


def _children(pid: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if f"\nPPid:\t{pid}\n" in text:
            found.append(int(status.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the worker processes")
def test_sigint_stops_promptly_and_workers_die_with_their_parent(tmp_path: Path) -> None:
    out = tmp_path / "d"
    proc = _start(out)
    _wait_for_records(out, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 1
    written = len(records(out))
    assert f"stopped after {written} of 100000 hands" in err
    for name in records(out):
        json.loads((out / name).read_text(encoding="utf-8"))
    # SIGKILL: the parent cannot tell its workers, which notice and exit
    out2 = tmp_path / "e"
    proc = _start(out2)
    _wait_for_records(out2, proc)
    workers = _children(proc.pid)
    assert workers
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)


def _alive(pid: int) -> bool:
    try:
        return "Z (zombie)" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
