"""``--ray [ADDRESS]``: the option that sends a command's games to a Ray cluster.

Any command that plays its games through ``paixing.runs.workers.run_chunks`` (``simulate``, and
``arena``) takes ``RayOption`` and turns it into a ``RayCluster`` with ``ray_cluster``, which
refuses in one line (exit 2) when Ray is not installed or ``--jobs`` asks for local processes
too. ``run_errors`` turns the cluster's failures into one line each as well.

Typer has no option whose value may be left out, so ``main`` passes its arguments through
``fill_optional_values`` first: ``--ray`` alone (last, or before another option) becomes
``--ray ""``, which means ``ray.init()``'s own default. A word right after ``--ray`` is its
address, so the variant goes before it (``paixing simulate VARIANT --ray``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from typing import TYPE_CHECKING, Annotated

import typer

from .common import EXIT_NOT_A_PLAY, EXIT_USAGE, fail

if TYPE_CHECKING:
    from paixing.runs.ray_pool import RayCluster

RAY_FLAG = "--ray"
OPTIONAL_VALUES = {RAY_FLAG: ""}
"""Options whose value may be left out, and the value they then get."""

RayOption = Annotated[
    str | None,
    typer.Option(
        RAY_FLAG,
        metavar="[ADDRESS]",
        help=(
            "Play the games on a Ray cluster (pip install 'paixing\\[ray]'): HOST:6379, ray://HOST:10001, "
            "auto or local; alone, Ray's default (RAY_ADDRESS, else a new local instance). Same totals as --jobs."
        ),
    ),
]


def fill_optional_values(argv: Sequence[str]) -> list[str]:
    """``argv`` with the left-out value of each option in ``OPTIONAL_VALUES`` filled in: such
    an option that ends the arguments, or is followed by another option, gets its default.
    Nothing after ``--`` is touched."""
    out: list[str] = []
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            return out + args[i:]
        out.append(arg)
        nxt = args[i + 1] if i + 1 < len(args) else None
        if arg in OPTIONAL_VALUES and (nxt is None or nxt.startswith("-")):
            out.append(OPTIONAL_VALUES[arg])
    return out


def ray_cluster(value: str | None, jobs: int = 1) -> RayCluster | None:
    """The cluster ``--ray`` names (``None`` without it). Exit 2 with one line when Ray is not
    installed, or when ``--jobs`` above 1 asks for local worker processes as well (a Ray run
    uses the CPUs of its cluster)."""
    if value is None:
        return None
    if jobs > 1:
        fail("--jobs and --ray exclude each other: a Ray run uses every CPU of its cluster", EXIT_USAGE)
    from paixing.runs.ray_pool import (  # ``main`` reads this module first: keep it light
        RayCluster,
        RayUnavailable,
        import_ray,
    )

    try:
        import_ray()
    except RayUnavailable as exc:
        fail(str(exc), EXIT_USAGE)
    return RayCluster(address=value.strip() or None)


@contextmanager
def run_errors() -> Iterator[None]:
    """Around a run that may use Ray: its failures as one line (exit 2 for an address that is
    malformed or does not answer, exit 1 for a chunk whose workers kept dying past its
    retries), and Ray's own notes (``(raylet) Task _call failed … will be retried``, which
    Ray prints to stdout) sent to stderr, so that stdout holds only the result (``--json``)."""
    from paixing.runs.ray_pool import ClusterError, ClusterUnreachable

    try:
        with redirect_stdout(sys.stderr):
            yield
    except ClusterUnreachable as exc:
        fail(str(exc), EXIT_USAGE)
    except ClusterError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
