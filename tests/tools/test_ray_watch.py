"""The watchdog of a run's local Ray instance (``paixing.runs.ray_watch``, issue 23 item 21):
which processes it counts as the instance's, that it stops them (and nothing else) when its
driver dies, and that it leaves quietly when the driver says the run ended. Quick and without
Ray: the processes are ``sleep``s these tests start; the real thing (``simulate --ray`` killed
with SIGKILL) is tests/tools/test_ray_kill.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from paixing.runs import ray_pool, ray_watch
from paixing.runs.ray_pool import RayCluster, connected
from paixing.runs.ray_watch import ENV, Members, start_watch, sweep

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the watchdog reads /proc: Linux only")


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def _until(check: Any, seconds: float = 15.0) -> bool:
    end = time.monotonic() + seconds
    while not check() and time.monotonic() < end:
        time.sleep(0.05)
    return bool(check())


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The processes a test starts, killed and reaped afterwards whatever happened."""
    procs: list[subprocess.Popen[bytes]] = []
    yield procs
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait()


def _spawn(started: list[subprocess.Popen[bytes]], argv: list[str], token: str | None) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if token is not None:
        env[ENV] = token
    p = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, start_new_session=True)
    started.append(p)
    return p


def _children(pid: int) -> list[int]:
    """The pids whose parent is ``pid``."""
    out = []
    for name in os.listdir("/proc"):
        try:
            if name.isdigit() and int(Path(f"/proc/{name}/stat").read_text().rpartition(")")[2].split()[1]) == pid:
                out.append(int(name))
        except OSError:
            continue
    return out


UNMARKED_CHILD = "env -u PAIXING_RAY_WATCH sleep 60 & echo $!; wait"
"""A shell whose child has no token: as Ray's agents, known only as their parent's child."""


@linux
def test_members_are_the_marked_processes_and_what_they_start(started: list[subprocess.Popen[bytes]]) -> None:
    mine = _spawn(started, ["sleep", "60"], "t1")
    shell = _spawn(started, ["sh", "-c", UNMARKED_CHILD], "t1")
    child = int(shell.stdout.readline()) if shell.stdout else 0
    other = _spawn(started, ["sleep", "60"], "t2")  # another run's
    plain = _spawn(started, ["sleep", "60"], None)
    assert _until(lambda: _children(shell.pid) == [child])
    found = Members("t1").update()
    assert sorted(found) == sorted([mine.pid, shell.pid, child])
    assert other.pid not in found and plain.pid not in found and os.getpid() not in found


@linux
def test_a_member_seen_before_stays_one_once_its_parent_is_gone(started: list[subprocess.Popen[bytes]]) -> None:
    """The raylet dies with the driver: its agents, orphaned and without the token, are
    still known by their pid and start time."""
    shell = _spawn(started, ["sh", "-c", UNMARKED_CHILD], "t3")
    child = int(shell.stdout.readline()) if shell.stdout else 0
    members = Members("t3")
    assert _until(lambda: child in members.update())
    shell.kill()
    shell.wait()
    assert Members("t3").update() == {}  # a watchdog that did not follow it would not find it
    assert list(members.update()) == [child]
    os.kill(child, signal.SIGKILL)
    assert _until(lambda: not _running(child))
    assert members.update() == {}


@linux
def test_a_sweep_stops_the_members_and_nothing_else(started: list[subprocess.Popen[bytes]]) -> None:
    stubborn = [sys.executable, "-c", "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print(1, flush=True); time.sleep(60)"]
    polite = _spawn(started, ["sleep", "60"], "t4")
    deaf = _spawn(started, stubborn, "t4")
    assert deaf.stdout is not None and deaf.stdout.readline() == b"1\n"  # its handler is set
    bystander = _spawn(started, ["sleep", "60"], "t5")
    t0 = time.monotonic()
    assert sweep(Members("t4"), grace=0.5) == 2
    assert polite.wait(timeout=5) == -signal.SIGTERM
    assert deaf.wait(timeout=5) == -signal.SIGKILL  # still there after the grace
    assert time.monotonic() - t0 >= 0.5
    assert bystander.poll() is None


DRIVER = """
import subprocess, sys, time
from paixing.runs.ray_watch import start_watch
watch = start_watch()
with watch.marking():
    child = subprocess.Popen(["sleep", "60"])
print(child.pid, watch.process.pid, flush=True)
if sys.argv[1] == "done":
    watch.finish()
    print(watch.process.returncode, flush=True)
time.sleep(60)
"""


def _driver(started: list[subprocess.Popen[bytes]], how: str) -> tuple[subprocess.Popen[bytes], int, int]:
    """A driver process that starts a watchdog and a marked ``sleep``: it, the sleep's pid and
    the watchdog's."""
    driver = _spawn(started, [sys.executable, "-c", textwrap.dedent(DRIVER), how], None)
    assert driver.stdout is not None
    child, watchdog = map(int, driver.stdout.readline().split())
    return driver, child, watchdog


@linux
def test_a_driver_killed_with_sigkill_has_its_marked_processes_stopped(started: list[subprocess.Popen[bytes]]) -> None:
    driver, child, watchdog = _driver(started, "killed")
    assert _running(child) and _running(watchdog)
    driver.kill()
    driver.wait()
    assert _until(lambda: not _running(child))
    assert _until(lambda: not _running(watchdog))


@linux
def test_a_driver_that_finishes_releases_its_watchdog(started: list[subprocess.Popen[bytes]]) -> None:
    driver, child, watchdog = _driver(started, "done")
    assert driver.stdout is not None and driver.stdout.readline() == b"0\n"  # the watchdog left, reaped
    assert not _running(watchdog)
    assert _running(child)  # not stopped: the run ended as it should
    driver.kill()
    driver.wait()
    os.kill(child, signal.SIGKILL)


def test_the_token_is_in_the_environment_only_while_marking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "outer")
    watch = ray_watch.Watch("inner", None)  # type: ignore[arg-type]
    with watch.marking():
        assert os.environ[ENV] == "inner"
    assert os.environ[ENV] == "outer"
    monkeypatch.delenv(ENV)
    with watch.marking():
        assert os.environ[ENV] == "inner"
    assert ENV not in os.environ


def test_no_watchdog_without_proc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Elsewhere than on Linux there is no /proc to find the processes by: no watchdog (the
    docs say ``ray stop``)."""
    monkeypatch.setattr(sys, "platform", "darwin")
    assert start_watch() is None


@linux
def test_no_watchdog_when_no_process_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run goes on unwatched (as before the watchdog) rather than failing."""

    def no_process(*args: Any, **kwargs: Any) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(ray_watch.subprocess, "Popen", no_process)
    assert start_watch() is None


class _FakeWatch:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def marking(self) -> Any:
        import contextlib

        self.calls.append("marking")
        return contextlib.nullcontext()

    def finish(self) -> None:
        self.calls.append("finish")


def _fake_ray(initialized: bool, head: bool | None, calls: list[str]) -> ModuleType:
    """A stand-in for ``ray``: records init/shutdown, its node started here (``head``) or not."""
    node = None if head is None else SimpleNamespace(head=head)
    fake = SimpleNamespace(
        is_initialized=lambda: initialized,
        init=lambda **_: calls.append("init"),
        shutdown=lambda: calls.append("shutdown"),
        _private=SimpleNamespace(worker=SimpleNamespace(_global_node=node)),
    )
    return fake  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("initialized", "head", "address", "calls"),
    [
        (False, True, None, ["start", "marking", "init", "run", "shutdown", "finish"]),  # started here: watched to the end
        (False, True, "local", ["start", "marking", "init", "run", "shutdown", "finish"]),
        (False, False, None, ["start", "marking", "init", "finish", "run", "shutdown"]),  # found someone else's: released at once
        (False, False, "auto", ["init", "run", "shutdown"]),  # never a new instance: no watchdog
        (True, True, None, ["run"]),  # the caller's own ray.init: neither watched nor shut down
    ],
)
def test_connected_watches_only_an_instance_it_started(
    monkeypatch: pytest.MonkeyPatch, initialized: bool, head: bool, address: str | None, calls: list[str]
) -> None:
    got: list[str] = []
    monkeypatch.setattr(ray_pool, "import_ray", lambda: _fake_ray(initialized, head, got))
    monkeypatch.setattr(ray_pool, "start_watch", lambda: got.append("start") or _FakeWatch(got))
    with connected(RayCluster(address)):
        got.append("run")
    assert got == calls


def test_an_address_starts_no_watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    """``HOST:PORT`` or ``ray://`` is a cluster someone else started: nothing here to watch."""
    got: list[str] = []
    monkeypatch.setattr(ray_pool, "import_ray", lambda: _fake_ray(False, None, got))
    monkeypatch.setattr(ray_pool, "_check_reachable", lambda address: None)
    monkeypatch.setattr(ray_pool, "start_watch", lambda: got.append("start"))
    for address in ("ray://10.0.0.1:10001", "10.0.0.1:6379"):
        with connected(RayCluster(address)):
            got.append("run")
    assert got == ["init", "run", "shutdown"] * 2
