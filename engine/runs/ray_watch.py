"""A watchdog for the local Ray instance a run starts, so that a driver killed with SIGKILL
leaves none of it running.

``ray.init()`` without a cluster starts a local instance. Ray ties the processes the driver
starts itself (GCS, raylet, dashboard, log monitor) to it with Linux's parent-death signal,
but not the ones those start in turn (the dashboard and runtime-env agents, the workers): when
the driver is killed with SIGKILL, no handler of it runs and they outlive it, the agents for
minutes. A process that outlives the driver has to stop them, and it has to know which.

How: before ``ray.init`` the driver starts this file as a process of its own session
(``start_watch``; Ctrl-C in the terminal does not reach it), its stdin the read end of a pipe
whose write end only the driver holds, and puts ``PAIXING_RAY_WATCH=TOKEN`` (a fresh random
token) in its environment while ``ray.init`` runs (``Watch.marking``): the processes ``ray.init``
starts inherit it (GCS, raylet, dashboard, log monitor) and so do the workers the raylet
starts. The agents the raylet starts write their titles (``ray::DashboardAgent``) over their
environment, so the watchdog also follows, every ``TRACK`` seconds while the driver runs, every
process started by a marked one (``Members``): once the driver and the raylet are dead, the
agents are known by what the watchdog saw. When the run ends the driver writes ``done`` and
the watchdog leaves (``Watch.finish``). When the pipe reaches its end without it, the driver
died: the watchdog stops every member (``sweep``: SIGTERM, then SIGKILL for those still there
after ``GRACE`` seconds). A process no run of this driver started (a cluster started with
``ray start``, or one the run only connected to) is neither marked nor started by a marked
process, so it is never touched; nor is anything else the driver started.

Linux only (``/proc/PID/environ``): elsewhere ``start_watch`` starts nothing. The watchdog runs
this file with ``python -I``, so it imports nothing but the standard library.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ENV = "PAIXING_RAY_WATCH"
"""The environment variable whose value marks the processes of one run's instance."""
DONE = b"done"
"""What the driver writes when its run ended as it should: nothing is left to stop."""
PROC = Path("/proc")
GRACE = 5.0
"""Seconds between SIGTERM and SIGKILL: the workers end at once on SIGTERM; the agents, whose
handlers wait for a GCS that died with the driver, get SIGKILL."""
LINGER = 20.0
"""Seconds after the grace the watchdog keeps looking for marked processes (a raylet dying
may still start a worker) before it gives up."""
POLL = 0.2
"""How often a sweep looks again."""
TRACK = 0.5
"""How often the watchdog follows the members while the driver runs: a process started and
orphaned in less time than that (by a driver killed in the middle of ``ray.init``) may be missed."""
FINISH_SECONDS = 5.0
"""How long ``Watch.finish`` waits for the watchdog to leave."""


def _stat(entry: Path) -> tuple[int, int] | None:
    """A process's parent pid and start time in clock ticks (with its pid, who it is: a pid
    is reused), or None for a process gone or a zombie (nothing left to stop)."""
    try:
        fields = (entry / "stat").read_text(encoding="utf-8", errors="replace").rpartition(")")[2].split()
        return None if fields[0] in ("Z", "X") else (int(fields[1]), int(fields[19]))
    except (OSError, IndexError, ValueError):  # gone, or not a process's stat
        return None


def _processes(proc: Path) -> dict[int, tuple[int, int]]:
    """Every live process: pid to (parent pid, start time)."""
    out: dict[int, tuple[int, int]] = {}
    for entry in proc.iterdir() if proc.is_dir() else ():
        stat = _stat(entry) if entry.name.isdigit() else None
        if stat is not None:
            out[int(entry.name)] = stat
    return out


def _has(needle: bytes, environ: Path) -> bool:
    """Whether a process's environment holds ``needle`` (a process of another user cannot be
    read, and has not)."""
    try:
        return needle in environ.read_bytes().split(b"\0")
    except OSError:
        return False


@dataclass
class Members:
    """The processes of one run's instance, followed while the driver runs.

    A member is a process whose environment holds the token, a process already known as a
    member (the same pid with the same start time), or one started by a member, however deep.
    The last two matter: Ray's agents write their titles (``ray::DashboardAgent``) over their
    environment, so they are found as children of the raylet, and once the raylet is gone
    (it dies with the driver) only because the watchdog saw them before."""

    token: str
    proc: Path = PROC
    known: dict[int, int] = field(default_factory=dict)
    """Pid to start time: the members found at the last ``update``."""
    others: set[tuple[int, int]] = field(default_factory=set)
    """(pid, start time) of the processes read and found without the token: not read again."""

    def update(self) -> dict[int, int]:
        """The members running now (this process never among them); remembered in ``known``."""
        table = _processes(self.proc)
        needle = f"{ENV}={self.token}".encode()
        self.others &= {(pid, start) for pid, (_, start) in table.items()}
        found: set[int] = set()
        for pid, (_, start) in table.items():
            if self.known.get(pid) == start or (pid, start) not in self.others and _has(needle, self.proc / str(pid) / "environ"):
                found.add(pid)
            else:
                self.others.add((pid, start))
        children: dict[int, list[int]] = {}
        for pid, (ppid, _) in table.items():
            children.setdefault(ppid, []).append(pid)
        todo = list(found)
        while todo:
            fresh = [c for c in children.get(todo.pop(), []) if c not in found]
            found.update(fresh)
            todo.extend(fresh)
        found.discard(os.getpid())
        self.known = {pid: table[pid][1] for pid in found}
        return dict(self.known)


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(OSError):  # it ended meanwhile
        os.kill(pid, sig)


def sweep(members: Members, grace: float = GRACE, linger: float = LINGER) -> int:
    """Stop every member: SIGTERM at once, SIGKILL for one still running ``grace`` seconds
    later; members that appear meanwhile get the same. Returns how many were signalled, once
    all are gone (or after ``grace + linger`` seconds)."""
    termed: dict[tuple[int, int], float] = {}
    end = time.monotonic() + grace + linger
    while True:
        found = members.update()
        now = time.monotonic()
        if not found or now > end:
            return len(termed)
        for pid, start in found.items():  # (a pid read just now: no time for another process to get it)
            since = termed.get((pid, start))
            if since is None:
                termed[(pid, start)] = now
                _signal(pid, signal.SIGTERM)
            elif now - since >= grace:
                _signal(pid, signal.SIGKILL)
        time.sleep(POLL)


def watch(token: str, fd: int = 0, every: float = TRACK) -> int:
    """The watchdog: follow the members every ``every`` seconds until the driver's pipe (on
    ``fd``) ends — the driver's exit closes it, however the driver ended — then stop them,
    unless the driver wrote ``done`` first."""
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    members = Members(token)
    said = b""
    while True:
        ready, _, _ = select.select([fd], [], [], every)
        members.update()
        if not ready:
            continue
        chunk = os.read(fd, 64)
        if not chunk:
            break
        said += chunk
    if said.strip() != DONE:
        sweep(members)
    return 0


@dataclass
class Watch:
    """The driver's side of a watchdog: its token and its process."""

    token: str
    process: subprocess.Popen[bytes]

    @contextmanager
    def marking(self) -> Iterator[None]:
        """The token in this process's environment, for the processes started meanwhile
        (``ray.init``'s) to inherit; the environment as it was afterwards."""
        before = os.environ.get(ENV)
        os.environ[ENV] = self.token
        try:
            yield
        finally:
            if before is None:
                os.environ.pop(ENV, None)
            else:
                os.environ[ENV] = before

    def finish(self) -> None:
        """The run is over and its instance shut down (or it connected to an instance it
        did not start): the watchdog leaves without stopping anything."""
        stdin = self.process.stdin
        with contextlib.suppress(OSError):  # it is gone already
            if stdin is not None:
                stdin.write(DONE)
                stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=FINISH_SECONDS)


def start_watch() -> Watch | None:
    """A watchdog for the instance ``ray.init`` is about to start (see the module), or None
    where there is no /proc to find its processes by (not Linux) or no process can be started."""
    if not sys.platform.startswith("linux") or not (PROC / "self" / "environ").exists():
        return None
    token = os.urandom(16).hex()
    env = {k: v for k, v in os.environ.items() if k != ENV}
    here = Path(__file__)
    argv = ["-I", str(here)] if here.suffix == ".py" else ["-m", __name__]
    try:
        process = subprocess.Popen(
            [sys.executable, *argv, token],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, cwd="/", env=env,
        )
    except OSError:  # no process to spare: the run goes on, unwatched as before
        return None
    return Watch(token, process)


if __name__ == "__main__":  # pragma: no cover - the watchdog's own process
    sys.exit(watch(sys.argv[1]))
