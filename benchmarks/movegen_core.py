"""What benchmarks/movegen.py times and how: implementations, rows, the interleaved timer.

An ``Impl`` is one implementation on one kind of state: a prepared call per state (``None``
where the implementation cannot hold that state, e.g. OpenSpiel's game never lets a 20-card
hand answer a play), a reader that turns its result into a set of play strings (so different
libraries compare), and optionally, per state, the set paixing returns on the rules this
implementation follows (its "same plays" column). A ``Row`` is one kind: its implementations,
the first of which is paixing's ``legal_plays``, the yardstick of every ratio.

The garbage collector stays ON while timing: a user's program runs with it, and with it off
the benchmark hid 1.3-1.9x of the cost of plays that allocate (issue 13).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Answer = set[str]


def count_all(result: Any) -> int:
    """How many moves a result holds, as the implementation returns them (pass included)."""
    return len(result)


@dataclass
class Impl:
    """One implementation on one kind: a call per state, and how to read its answers."""

    name: str
    read: Callable[[Any], Answer]
    calls: list[Callable[[], object] | None] = field(default_factory=list)
    refs: list[Callable[[], Answer] | None] | None = None
    """Per state, paixing's answer on this implementation's rules ("same plays"), or None."""
    compared_with: str = ""
    count: Callable[[Any], int] = count_all
    answers: list[Answer | None] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    samples: list[int] = field(default_factory=list)
    same: int = 0
    compared: int = 0

    @property
    def states(self) -> int:
        """States this implementation could be timed on."""
        return sum(c is not None for c in self.calls)

    def median_us(self) -> float:
        return statistics.median(self.samples) / 1000 if self.samples else float("nan")

    def mean_us(self) -> float:
        return statistics.fmean(self.samples) / 1000 if self.samples else float("nan")

    def plays(self) -> float:
        """Mean number of moves per call, as returned (a response's pass counted if returned)."""
        return statistics.fmean(self.counts) if self.counts else float("nan")

    def distinct(self) -> float:
        """Mean number of distinct sets of cards per call, the pass left out (a move returned
        twice, or one set of cards read two ways, counts once)."""
        sizes = [len(a) for a in self.answers if a is not None]
        return statistics.fmean(sizes) if sizes else float("nan")


@dataclass
class Row:
    """One kind of state; ``impls[0]`` is paixing's ``legal_plays``."""

    kind: str
    variant: str
    impls: list[Impl]
    states: int = 0
    key: str = ""
    """A short stable name for the JSON file and README (``lead20``); empty for the others."""
    notes: list[str] = field(default_factory=list)

    @property
    def paixing(self) -> Impl:
        return self.impls[0]


def _warm(impl: Impl, i: int) -> None:
    """The untimed first call of a state: its answer and count are what the tables compare."""
    call = impl.calls[i]
    if call is None:
        impl.answers.append(None)
        return
    result = call()
    impl.counts.append(impl.count(result))
    answer = impl.read(result)
    impl.answers.append(answer)
    if impl.refs is not None:
        ref = impl.refs[i]
        if ref is not None:
            impl.compared += 1
            impl.same += ref() == answer


CLOCKS: dict[str, Callable[[], int]] = {"cpu": time.thread_time_ns, "wall": time.perf_counter_ns}
"""``cpu``: this thread's CPU time, which a shared machine's other processes do not inflate (a
2 ms call preempted by them would otherwise count their time too); ``wall``: perf_counter."""


def clock_cost(clock: Callable[[], int], n: int = 20_000) -> int:
    """The median ns between two reads of ``clock``: what one timed interval adds to a call."""
    gaps = []
    for _ in range(n):
        t0 = clock()
        gaps.append(clock() - t0)
    return int(statistics.median(gaps))


def measure(rows: list[Row], repeat: int, clock_name: str = "cpu") -> int:
    """Time every call ``repeat`` times, implementations interleaved state by state (so that
    a machine whose load drifts slows them alike), the garbage collector on. Each sample is
    the interval less the clock's own cost; returns that cost (ns)."""
    clock = CLOCKS[clock_name]
    cost = clock_cost(clock)
    for row in rows:
        for i in range(row.states):
            for impl in row.impls:
                _warm(impl, i)
            timed = [(impl.samples, impl.calls[i]) for impl in row.impls if impl.calls[i] is not None]
            for _ in range(repeat):
                for samples, call in timed:
                    assert call is not None
                    t0 = clock()
                    call()
                    samples.append(clock() - t0 - cost)
    return cost


def _round(x: float, digits: int) -> float | None:
    """JSON has no NaN: an implementation without a state has no figure."""
    return None if x != x else round(x, digits)


def row_json(row: Row) -> dict[str, Any]:
    """A row as the JSON result file stores it."""
    base = row.paixing.median_us()
    impls = []
    for impl in row.impls:
        us = impl.median_us()
        impls.append(
            {
                "name": impl.name,
                "us": _round(us, 2),
                "mean_us": _round(impl.mean_us(), 2),
                "ratio": _round(us / base, 3) if base else None,
                "plays": _round(impl.plays(), 2),
                "distinct": _round(impl.distinct(), 2),
                "states": impl.states,
                "same": impl.same if impl.refs is not None else None,
                "compared": impl.compared if impl.refs is not None else None,
                "compared_with": impl.compared_with or None,
            }
        )
    return {"kind": row.kind, "key": row.key or None, "variant": row.variant, "states": row.states,
            "impls": impls, "notes": row.notes}
