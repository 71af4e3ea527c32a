"""Issue 23 item 21: ``paixing simulate``'s bounds, its ``--out`` folder and its Ray runs.

Each case reproduced the fault first: ``--matches``/``--session`` had no upper bound; a folder
that cannot be listed was read later as if resumed (``--resume: …`` though none was given, exit
1); ``search:0`` was found only when game 0 started (exit 1, not usage 2); a local Ray node
that timed out at start was a traceback; a cluster failing mid-run ended with Ray's words only
(no "stopped after N of M … --resume"); a killed worker left its ``.tmp`` file.

The Ray cases run on a stand-in for the ``ray`` module (no cluster is started): it raises
exactly what Ray raises there (a bare ``Exception`` from a node that times out at start, a
``RayError`` from ``ray.wait`` when the cluster goes)."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from paixing.cli import main

TIMED_OUT = (
    "The current node timed out during startup. This could happen because some of the raylet failed to startup "
    "or the GCS has become overloaded."
)


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--matches", "1000001"], "--matches must be at most 1,000,000\n"),
        (["--session", "1000001"], "--session must be at most 1,000,000\n"),
        (["--bots", "search:0"], "--bots: bad search budget '0': rollouts must be 1 to 1000000\n"),
        (["--bots", "greedy,greedy,search:x,greedy"], "--bots: bad search budget 'x': give rollouts (search:200) or a time (search:50ms, search:2s)\n"),
    ],
)
def test_bad_counts_and_budgets_are_usage(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    variant = "wushik" if "--matches" in args else "banzipao"
    assert main(["simulate", variant, "--games", "1", *args]) == 2
    assert _err(capsys) == message


def test_a_folder_that_cannot_be_listed_is_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """As root every folder can be listed: the refusal of the kernel is stood in for."""
    out = tmp_path / "runs"
    out.mkdir()
    real = os.listdir

    def listdir(path: Any = ".") -> list[str]:
        if Path(path) == out:
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "listdir", listdir)
    assert main(["simulate", "banzipao", "--games", "2", "--out", str(out), "--json"]) == 2
    assert _err(capsys) == f"--out: cannot use {out}: Permission denied\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root lists every folder")
def test_an_unreadable_folder_is_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs"
    out.mkdir()
    (out / "game-000000.json").write_text("{}", encoding="utf-8")
    out.chmod(0o300)
    try:
        assert main(["simulate", "banzipao", "--games", "2", "--out", str(out), "--json"]) == 2
        assert _err(capsys) == f"--out: cannot use {out}: Permission denied\n"
    finally:
        out.chmod(0o700)


# ------------------------------------------------------------------------------ Ray


class RayError(Exception):
    pass


class Ref:
    """A finished task's result (hashable, as Ray's object refs are)."""

    def __init__(self, value: Any) -> None:
        self.value = value


def _fake_ray(fail_after: int | None = None, init_error: Exception | None = None, on_wait: Any = None) -> types.ModuleType:
    """A stand-in for ``ray``: tasks run at once in this process; ``ray.wait`` raises
    ``RayError`` once ``fail_after`` results were handed out; ``ray.init`` raises ``init_error``."""
    ray = types.ModuleType("ray")
    ray.exceptions = types.SimpleNamespace(  # type: ignore[attr-defined]
        RayError=RayError,
        TaskCancelledError=type("TaskCancelledError", (RayError,), {}),
        RayTaskError=type("RayTaskError", (RayError,), {}),
    )
    state = {"given": 0, "initialized": init_error is None}

    def init(**kwargs: Any) -> None:
        assert init_error is not None
        raise init_error

    def remote(*args: Any, **kwargs: Any) -> Any:
        def wrap(fn: Any) -> Any:
            return types.SimpleNamespace(remote=lambda *a: Ref(fn(*a)),
                                         options=lambda **k: types.SimpleNamespace(remote=lambda *a: object()))
        return wrap

    def wait(refs: list[Any], **kwargs: Any) -> tuple[list[Any], list[Any]]:
        if on_wait is not None:
            on_wait()
        if fail_after is not None and state["given"] >= fail_after:
            raise RayError("node 10.0.0.2 died\nand many more lines")
        state["given"] += len(refs)
        return refs, []

    def get_actor(name: str, namespace: str = "") -> Any:
        raise ValueError("no such actor")

    ray.is_initialized = lambda: state["initialized"]  # type: ignore[attr-defined]
    ray.init = init  # type: ignore[attr-defined]
    ray.shutdown = lambda: None  # type: ignore[attr-defined]
    ray.cluster_resources = lambda: {"CPU": 1}  # type: ignore[attr-defined]
    ray.remote = remote  # type: ignore[attr-defined]
    ray.put = lambda value: value  # type: ignore[attr-defined]
    ray.wait = wait  # type: ignore[attr-defined]
    ray.get = lambda ref: ref.value  # type: ignore[attr-defined]
    ray.cancel = lambda ref, force=False: None  # type: ignore[attr-defined]
    ray.kill = lambda actor: None  # type: ignore[attr-defined]
    ray.get_actor = get_actor  # type: ignore[attr-defined]
    return ray


def test_a_local_node_that_times_out_at_start_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", _fake_ray(init_error=Exception(TIMED_OUT)))
    assert main(["simulate", "banzipao", "--games", "4", "--json", "--ray"]) == 1
    assert _err(capsys) == f"cannot start Ray at a local instance: {TIMED_OUT}\n"


def test_a_cluster_failing_mid_run_keeps_the_games_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "runs"
    left = out / ".game-000021.json.4242.tmp"  # a worker killed while writing game 21

    def killed_worker() -> None:
        if out.is_dir():
            left.write_text("{", encoding="utf-8")

    monkeypatch.setitem(sys.modules, "ray", _fake_ray(fail_after=1, on_wait=killed_worker))
    assert main(["simulate", "banzipao", "--games", "40", "--out", str(out), "--json", "--ray"]) == 1
    assert _err(capsys) == (
        "the Ray cluster failed: node 10.0.0.2 died: stopped after 20 of 40 hands; "
        f"40 records in {out}: run again with --resume to finish\n"
    )  # the chunks under way when it failed wrote theirs: --resume counts them
    assert not left.exists() and list(out.glob(".*")) == []
    assert main(["simulate", "banzipao", "--games", "40", "--out", str(out), "--resume", "--json"]) == 0
    assert len(list(out.glob("game-*.json"))) == 40
