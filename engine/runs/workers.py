"""Worker processes that stop when asked and die with their parent, and signals that ask.

``simulate`` hands ``init_worker`` to its process pool: a worker ignores Ctrl-C (the terminal
sends it to the whole process group; the parent decides), checks the shared ``stop`` event
between games, and exits by itself when its parent is gone (killed with SIGKILL, it cannot
tell its workers). ``stop_on_signals`` turns SIGINT and SIGTERM in the parent into that event,
so a run stops after the games under way and keeps every record finished so far.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from multiprocessing.synchronize import Event as ProcessEvent
from types import FrameType
from typing import Protocol, TypeVar

from paixing.runs.ray_pool import RayCluster, run_on_ray

T = TypeVar("T")

PARENT_POLL_SECONDS = 0.5
MAX_JOBS = 256
"""Most worker processes, even when forced past the cores."""


class StopFlag(Protocol):
    """A threading or multiprocessing event: ``set`` to ask a run to stop."""

    def is_set(self) -> bool: ...

    def set(self) -> None: ...


_stop: StopFlag | None = None
"""In a worker: the run's stop event (set by ``init_worker``)."""


def should_stop() -> bool:
    """Whether this worker's run was asked to stop."""
    return _stop is not None and _stop.is_set()


def _watch_parent(parent: int) -> None:
    """Exit this process as soon as its parent is gone (it is then adopted by another)."""
    while True:
        if os.getppid() != parent:
            os._exit(1)
        threading.Event().wait(PARENT_POLL_SECONDS)


def init_worker(stop: ProcessEvent, parent: int) -> None:  # pragma: no cover - runs in workers
    """Pool initializer: ignore Ctrl-C, share the stop event, and die with the parent."""
    global _stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stop = stop
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


@contextmanager
def watched(stop: StopFlag) -> Iterator[None]:
    """While inside, ``should_stop`` in this process reads ``stop`` (a run played here, not in
    workers, so that what waits inside a game, an outside agent, sees the stop as well)."""
    global _stop
    saved, _stop = _stop, stop
    try:
        yield
    finally:
        _stop = saved


@contextmanager
def stop_on_signals(stop: StopFlag) -> Iterator[None]:
    """While inside, SIGINT and SIGTERM set ``stop`` (a second Ctrl-C interrupts at once).
    Only in the main thread, where Python can install handlers; elsewhere a no-op."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set() and signum == signal.SIGINT:
            raise KeyboardInterrupt
        stop.set()

    saved = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, old in saved.items():
            signal.signal(s, old)


def usable_jobs(jobs: int, force: bool = False) -> int:
    """``jobs`` capped at the machine's cores (more only slows a run down and costs memory),
    unless ``force``; never more than ``MAX_JOBS``."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if jobs > MAX_JOBS:
        raise ValueError(f"jobs must be at most {MAX_JOBS}")
    return jobs if force else min(jobs, os.cpu_count() or 1)


def chunks(items: int, jobs: int) -> Iterator[range]:
    """Consecutive items in chunks, made as they are needed (a huge run holds no list of them)."""
    size = max(1, min(50, math.ceil(items / (jobs * 8))))
    return (range(i, min(i + size, items)) for i in range(0, items, size))


def run_chunks(
    work: Callable[[list[int]], list[T]],
    items: int,
    jobs: int,
    stop: StopFlag,
    collect: Callable[[list[T]], None],
    *,
    ray: RayCluster | None = None,
) -> None:
    """``work(chunk)`` for chunks of ``range(items)`` in ``jobs`` worker processes, a few chunks
    ahead of the results, each result handed to ``collect`` as it comes. Once ``stop`` is set
    no chunk starts and the workers stop after their current item (``should_stop``).

    The one parallel runner of the tools (``simulate``, ``arena``): with ``ray`` (a
    ``paixing.runs.ray_pool.RayCluster``) the chunks run as Ray tasks on that cluster instead, sized
    by its CPUs (``jobs`` is then unused), and a chunk whose worker dies is run again
    (``ray_pool`` says why no game is lost or counted twice). ``work`` must then be picklable
    by cloudpickle and find what it reads (variant files, output folders) on every node.
    Raises ``RayUnavailable`` when Ray is not installed, ``ClusterError`` when the cluster
    cannot be reached or a chunk's workers keep dying."""
    if ray is not None:
        run_on_ray(work, items, chunks, stop.is_set, collect, ray)
        return
    ctx = multiprocessing.get_context()
    asked = ctx.Event()
    todo = chunks(items, jobs)
    with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=init_worker, initargs=(asked, os.getpid())) as pool:
        pending: set[Future[list[T]]] = set()
        try:
            while True:
                if stop.is_set():
                    asked.set()
                while not asked.is_set() and len(pending) < jobs * 4:
                    chunk = next(todo, None)
                    if chunk is None:
                        break
                    pending.add(pool.submit(work, list(chunk)))
                if not pending:
                    return
                finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                for future in finished:
                    collect(future.result())
        except BaseException:
            asked.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
