"""Chunks of a run as Ray tasks, on a local Ray instance or a cluster (``simulate --ray``).

``paixing.runs.workers.run_chunks(..., ray=RayCluster(address))`` sends each chunk of games here
instead of to its process pool. The games and their seeds are the caller's, exactly as in a
local run: a chunk is a list of game indices and the work function plays them by
``game_seed(seed, i)`` / ``bot_seed(seed, i, seat)``, so a chunk gives the same result on any
machine. Results come back keyed by their chunk index and each index is counted once, so the
totals are the same integers as a local ``--jobs`` run, whatever the order they arrive in.

A worker process (or node) that dies while playing a chunk is not an error of the run: Ray
runs the task again (``max_retries`` times, ``RayCluster.max_retries``), and only the result
of the attempt that finished is returned, so no game is lost or counted twice. A chunk whose
game raises (an engine fault) is not retried: the same seeds would fail the same way, so the
exception reaches the caller as it would from a local run.

Ray is an extra (``pip install "paixing[ray]"``): it is imported only when a run asks for it,
and ``RayUnavailable`` says how to install it when it is missing.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar

from paixing.runs.ray_watch import Watch, start_watch

T = TypeVar("T")

INSTALL_HINT = "--ray needs Ray, which is not installed: pip install 'paixing[ray]'"
AHEAD = 4
"""Chunks in flight per CPU of the cluster: enough to keep every CPU busy while results
travel back, few enough that a stopped run has little to cancel."""
CONNECT_SECONDS = 5.0
"""How long a cluster's address may take to answer before the run gives up on it."""
WAIT_SECONDS = 0.2
STOP_NAMESPACE = "paixing"
"""The Ray namespace of the runs' stop marks."""
"""How often the driver looks at the stop flag while it waits for results."""


@dataclass(frozen=True)
class RayCluster:
    """Where a run's chunks go: ``address`` is a running cluster's (``HOST:6379``, ``auto``,
    ``ray://HOST:10001``), or ``None`` for ``ray.init()``'s default (the cluster named by
    ``RAY_ADDRESS``, else a new local instance). A chunk whose worker dies is run again up to
    ``max_retries`` times."""

    address: str | None = None
    max_retries: int = 3


class RayUnavailable(RuntimeError):
    """A run asked for Ray and it is not installed."""


class ClusterError(RuntimeError):
    """A chunk's workers kept dying past its retries (or the cluster went away)."""


class ClusterLost(ClusterError):
    """The cluster failed during a run (a chunk past its retries, a node or the GCS gone): the
    chunks finished before it count (``simulate`` keeps them, as a stopped run does)."""


class ClusterUnreachable(ClusterError):
    """The cluster's address is malformed or nothing answers there; Ray would not start."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or ``RayUnavailable`` with the install command."""
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailable(INSTALL_HINT) from exc
    return ray


@contextmanager
def connected(cluster: RayCluster) -> Iterator[ModuleType]:
    """Ray, connected: an instance the caller already started (``ray.init`` before the run)
    is used as it is and left running; otherwise this connects (or starts a local instance)
    and shuts it down afterwards, so a library call leaves no cluster behind. A local instance
    started here has a watchdog (``paixing.runs.ray_watch``) that stops it should this process
    be killed with SIGKILL, when nothing here runs."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    _check_reachable(cluster.address)
    watch = start_watch() if cluster.address in (None, "local") else None  # the others never start an instance
    try:
        _init(ray, cluster, watch)
        if watch is not None and not _started_here(ray):
            watch.finish()  # a cluster someone else started: not the watchdog's
            watch = None
        yield ray
    finally:
        ray.shutdown()
        if watch is not None:
            watch.finish()


def _init(ray: ModuleType, cluster: RayCluster, watch: Watch | None) -> None:
    """``ray.init`` for ``cluster``, the processes it starts marked with ``watch``'s token;
    its failures as ``ClusterUnreachable`` or ``ClusterError``, one line each."""
    where = cluster.address or "a local instance"
    try:
        with watch.marking() if watch is not None else contextlib.nullcontext():
            ray.init(address=cluster.address, include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
    except (ConnectionError, ValueError, RuntimeError, TimeoutError) as exc:
        raise ClusterUnreachable(f"cannot start or reach Ray at {where}: {_first_line(exc)}") from exc
    except Exception as exc:  # Ray raises a bare Exception when a local node times out at start
        raise ClusterError(f"cannot start Ray at {where}: {_first_line(exc)}") from exc


def _started_here(ray: ModuleType) -> bool:
    """Whether ``ray.init`` started a new local instance rather than connecting to a running
    one. Only ``ray._private.worker._global_node.head`` says so; should a Ray version lack it,
    the watchdog stays, which is harmless: it stops only the processes its token marked
    and what they started."""
    node = getattr(getattr(getattr(ray, "_private", None), "worker", None), "_global_node", None)
    return node is None or bool(getattr(node, "head", True))


def _check_reachable(address: str | None) -> None:
    """A ``HOST:PORT`` (or ``ray://HOST:PORT``) address that no server answers is refused at
    once: ``ray.init`` would wait for minutes on it. ``auto``, ``local`` and no address are
    Ray's to resolve."""
    if address is None or address in ("auto", "local"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ClusterUnreachable(f"the Ray address must be HOST:PORT, ray://HOST:PORT, auto or local, not {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise ClusterUnreachable(f"cannot reach Ray at {address}: {exc.strerror or exc}") from exc


def _call(work: Callable[[list[int]], list[T]], chunk: list[int], stop_mark: str) -> list[T]:  # pragma: no cover - in Ray workers
    """One Ray task: the caller's work on one chunk, or nothing once the run was stopped
    before the chunk started (its stop mark exists)."""
    import ray

    try:
        ray.get_actor(stop_mark, namespace=STOP_NAMESPACE)
    except ValueError:
        return work(chunk)
    return []


class _StopMark:
    """An actor that does nothing: that one exists under a run's name tells its chunks that
    the run was stopped (a flag every worker on every node can read, cheaply, before a chunk)."""


def _first_line(exc: BaseException) -> str:
    """An exception's first line (Ray's messages run to many), or its class name."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def run_on_ray(
    work: Callable[[list[int]], list[T]],
    items: int,
    chunker: Callable[[int, int], Iterator[range]],
    stopped: Callable[[], bool],
    collect: Callable[[list[T]], None],
    cluster: RayCluster,
) -> None:
    """``work(chunk)`` for ``chunker(items, cpus)`` (the cluster's CPUs) as Ray tasks, a few
    per CPU ahead of the results, each result handed to ``collect`` in the caller as it comes.
    Once ``stopped()`` no chunk starts: the chunks under way finish and are counted (as a local
    run finishes its games under way), the chunks waiting for a CPU return nothing.
    An exception (a second Ctrl-C) cancels every chunk at once."""
    with connected(cluster) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=cluster.max_retries, retry_exceptions=False)(_call)
        shared = ray.put(work)
        todo = enumerate(chunker(items, cpus))
        pending: dict[Any, tuple[int, list[int]]] = {}
        counted: set[int] = set()
        mark = f"paixing-stop-{uuid.uuid4().hex}"
        marked: list[Any] = []
        try:
            while True:
                if not stopped():
                    _submit(task, shared, mark, todo, pending, cpus * AHEAD)
                elif not marked:
                    marked.append(ray.remote(_StopMark).options(name=mark, namespace=STOP_NAMESPACE, num_cpus=0).remote())
                if not pending:
                    return
                ready, _ = ray.wait(list(pending), num_returns=len(pending), timeout=WAIT_SECONDS, fetch_local=True)
                for ref in ready:
                    index, chunk = pending.pop(ref)
                    result = _result(ray, ref, index, chunk, cluster)
                    if result is not None and index not in counted:
                        counted.add(index)
                        collect(result)
        except ray.exceptions.RayError as exc:  # the cluster itself failed (a node, the GCS)
            _cancel(ray, pending)
            raise ClusterLost(f"the Ray cluster failed: {_first_line(exc)}") from exc
        except BaseException:
            _cancel(ray, pending)
            raise
        finally:
            for actor in marked:
                with contextlib.suppress(Exception):  # the cluster may be gone
                    ray.kill(actor)


def _cancel(ray: ModuleType, pending: dict[Any, tuple[int, list[int]]]) -> None:
    """Cancel the chunks still under way (as far as the cluster still answers)."""
    for ref in pending:
        with contextlib.suppress(Exception):
            ray.cancel(ref, force=True)


def _submit(
    task: Any, shared: Any, mark: str, todo: Iterator[tuple[int, range]], pending: dict[Any, tuple[int, list[int]]], most: int
) -> None:
    """Start chunks until ``most`` are in flight or none is left."""
    while len(pending) < most:
        nxt = next(todo, None)
        if nxt is None:
            return
        index, chunk = nxt
        pending[task.remote(shared, list(chunk), mark)] = (index, list(chunk))


def _result(ray: ModuleType, ref: Any, index: int, chunk: list[int], cluster: RayCluster) -> list[Any] | None:
    """A finished chunk's result, ``None`` for a chunk cancelled by a stop, or its error: a
    game's own exception unwrapped from Ray's ``RayTaskError`` (whose message is a whole
    remote traceback), a worker or node lost past its retries as one ``ClusterError`` naming
    the games."""
    try:
        result: list[Any] = ray.get(ref)
    except ray.exceptions.TaskCancelledError:
        return None
    except ray.exceptions.RayTaskError as exc:  # the game's own error, as a local run raises it
        cause = getattr(exc, "cause", None)
        if isinstance(cause, Exception):
            raise cause from None
        raise
    except ray.exceptions.RayError as exc:
        games = f"games {chunk[0]}-{chunk[-1]}" if chunk else "no games"
        raise ClusterLost(
            f"chunk {index} ({games}) failed on the Ray cluster after {cluster.max_retries} retries: {_first_line(exc)}"
        ) from exc
    return result
