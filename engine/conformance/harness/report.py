"""The outcome of a conformance run: one ``Result`` per case and a summary per rule.

A rule is a hand type (for classify, beats and legal-play cases, every type the case touches)
or a contract's score row (for whole hands); cards that form no play are counted under
``(no play)``. Each row of the summary also names the ladder rungs and the variant notes its
cases touch, so a failure points at the rule to read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PASSED = "pass"
FAILED = "fail"
"""The program answered, and the answer differs."""
PROBLEMS = ("timeout", "crash", "malformed", "error")
"""The program gave no usable answer (``error``: it said it cannot answer)."""


@dataclass
class Result:
    """One case: how it went, what was expected and what came back."""

    case: dict[str, Any]
    status: str
    received: dict[str, Any] | None = None
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status == PASSED

    def to_json(self) -> dict[str, Any]:
        request = {k: v for k, v in self.case.items() if k not in ("expect", "rule", "why")}
        return {
            "id": self.case["id"],
            "status": self.status,
            "request": request,
            "expected": self.case["expect"],
            "received": self.received,
            "detail": self.detail,
            "rule": self.case.get("rule", {}),
            "why": self.case.get("why", ""),
        }


def rule_labels(case: dict[str, Any]) -> list[str]:
    """The summary rows a case counts in."""
    rule = case.get("rule", {})
    if "contract" in rule:
        return [f"contract {rule['contract']} row {rule['row']}"]
    return [f"hand type {t}" for t in rule.get("hand_types", [])] or ["(no play)"]


def _types(rule: dict[str, Any]) -> list[str]:
    """The hand type behind each of ``rule_labels`` (empty for the other rows)."""
    if "contract" in rule:
        return [""]
    return list(rule.get("hand_types", [])) or [""]


@dataclass
class RuleRow:
    """One line of the per-rule summary."""

    rule: str
    cases: int = 0
    passed: int = 0
    rungs: set[int] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule, "cases": self.cases, "passed": self.passed,
            "failed": self.cases - self.passed, "rungs": sorted(self.rungs), "notes": sorted(self.notes),
        }


@dataclass
class Report:
    """Every case's result, in the order run."""

    variant: str
    command: str
    results: list[Result] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def failures(self) -> list[Result]:
        return [r for r in self.results if not r.ok]

    def summary(self) -> list[RuleRow]:
        rows: dict[str, RuleRow] = {}
        for r in self.results:
            rule = r.case.get("rule", {})
            for label, type_id in zip(rule_labels(r.case), _types(rule), strict=True):
                row = rows.setdefault(label, RuleRow(label))
                row.cases += 1
                row.passed += r.ok
                row.rungs.update(rule.get("rungs", {}).get(type_id, []))
                row.notes.update(rule.get("notes", {}).get(type_id, []))
        return sorted(rows.values(), key=lambda row: (row.passed == row.cases, row.rule))

    def to_json(self) -> dict[str, Any]:
        passed = sum(r.ok for r in self.results)
        return {
            "variant": self.variant,
            "command": self.command,
            "ok": self.ok,
            "cases": len(self.results),
            "passed": passed,
            "failed": len(self.results) - passed,
            "summary": [row.to_json() for row in self.summary()],
            "disagreements": [r.to_json() for r in self.failures],
        }
