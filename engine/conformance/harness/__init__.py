"""The conformance harness: feed a variant's vectors to an external implementation and report
every disagreement.

``run(cases, cmd)`` starts the program ``cmd`` once, sends each case as a protocol request
(``{"id", "op", "variant", …}``, docs/conformance.md), compares the facts of each answer with
the expected ones (``compare``) and returns a ``Report`` (``report``). The program's
time-outs, crashes and malformed lines are results of their case, never exceptions here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .compare import Malformed, difference, facts
from .process import Program
from .report import FAILED, PASSED, Report, Result, rule_labels

__all__ = ["DEFAULT_TIMEOUT", "Report", "Result", "request_of", "rule_labels", "run"]

DEFAULT_TIMEOUT = 10.0
"""Seconds a program may take over one answer (the first includes its start-up)."""


ERROR_SHOWN = 500
"""Characters of a program's own ``error`` kept in its result."""


def request_of(case: dict[str, Any], variant: str) -> dict[str, Any]:
    """The protocol request for a case: the case without its expected answer and rule tag."""
    return {"variant": variant, **{k: v for k, v in case.items() if k not in ("expect", "rule", "why")}}


def judge(case: dict[str, Any], received: dict[str, Any]) -> Result:
    """Compare one answer with the case's expected answer."""
    if "error" in received and not any(k in received for k in ("plays", "beats", "scores")):
        return Result(case, "error", received, str(received["error"])[:ERROR_SHOWN])
    op = case["op"]
    try:
        got = facts(op, received)
    except Malformed as exc:
        return Result(case, "malformed", received, str(exc))
    expected = facts(op, case["expect"])
    if got == expected:
        return Result(case, PASSED, received)
    return Result(case, FAILED, received, difference(op, expected, got))


def run(
    cases: Sequence[dict[str, Any]],
    cmd: str,
    variant: str,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Run every case against the program ``cmd`` (split as a shell would, not run by one)."""
    program = Program(cmd, timeout)
    report = Report(variant, cmd)
    try:
        for i, case in enumerate(cases, start=1):
            reply = program.ask(request_of(case, variant))
            if reply.status == "answer":
                assert reply.data is not None
                report.results.append(judge(case, reply.data))
            else:
                report.results.append(Result(case, reply.status, reply.data, reply.detail))
            if progress is not None:
                progress(i)
    finally:
        program.stop()
    return report
