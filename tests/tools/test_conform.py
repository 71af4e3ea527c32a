"""The conformance harness: the reference adapter agrees, a broken one is caught with the rule
named, and time-outs, crashes, malformed answers and unsupported ops are reported per case."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from paixing.cli import main
from paixing.conformance.harness import run
from paixing.conformance.vectors import vectors

from tests.helpers import ROOT

REFERENCE = f'"{sys.executable}" "{ROOT / "examples" / "paixing_adapter.py"}"'
NODE = shutil.which("node")


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return f'"{sys.executable}" "{path}"'


BROKEN = """
import json, sys
sys.path.insert(0, {examples!r})
import paixing_adapter as ref
from paixing import ruleset

for line in sys.stdin:
    req = json.loads(line)
    out = ref.OPS[req["op"]](ruleset(req["variant"]), req)
    if req["op"] == "beats" and out["beats"]:
        # one rule changed: a bomb never beats a straight
        rs = ruleset(req["variant"])
        kinds = {{p.type.id for p in ref.playable(rs, req["play"])}} | {{"|" + p.type.id for p in ref.playable(rs, req["target"])}}
        if "bomb" in kinds and "|straight" in kinds:
            out = {{"beats": False, "reason": "changed"}}
    print(json.dumps({{"id": req["id"], **out}}), flush=True)
"""


def test_reference_adapter_agrees_on_every_case() -> None:
    v = vectors("banzipao", random=9, max_games=60)
    report = run(v.cases, REFERENCE, "banzipao")
    assert report.ok, report.to_json()["disagreements"][:2]
    assert {r.case["op"] for r in report.results} == {"classify", "beats", "moves", "score"}


def test_a_broken_adapter_is_caught_with_the_rule_named(tmp_path: Path) -> None:
    cmd = _script(tmp_path, "broken.py", BROKEN.format(examples=str(ROOT / "examples")))
    v = vectors("banzipao", hands=False)
    report = run(v.cases, cmd, "banzipao")
    assert not report.ok
    assert all(r.status == "fail" and r.case["op"] == "beats" for r in report.failures)
    assert all(set(r.case["rule"]["hand_types"]) == {"bomb", "straight"} for r in report.failures)
    failing = {row.rule for row in report.summary() if row.passed < row.cases}
    assert failing == {"hand type bomb", "hand type straight"}
    rows = {row.rule: row for row in report.summary()}
    assert rows["hand type bomb"].rungs == {1} and 0 in rows["hand type straight"].rungs


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_node_adapter_agrees_and_its_broken_mode_is_caught() -> None:
    script = ROOT / "examples" / "banzipao_adapter.js"
    v = vectors("banzipao", random=30, hands=False)
    report = run(v.cases, f'"{NODE}" "{script}"', "banzipao")
    assert report.ok, report.to_json()["disagreements"][:2]
    broken = run(v.cases, f'"{NODE}" "{script}" --break-straights', "banzipao")
    assert broken.failures and all(r.case["rule"]["hand_types"] == ["straight"] for r in broken.failures)
    # it implements no score: each whole hand is an "error" case, not a crash
    hands = vectors("banzipao", max_games=30, ops=["score"])
    said = run(hands.cases, f'"{NODE}" "{script}"', "banzipao")
    assert said.results and all(r.status == "error" for r in said.results)


MISBEHAVING = """
import json, sys, time
for line in sys.stdin:
    req = json.loads(line)
    n = int(req["id"].rsplit(":", 1)[1])
    if n == 2:
        time.sleep(30)
    if n == 4:
        sys.exit(3)
    if n == 6:
        print("this is not JSON", flush=True)
        continue
    if n == 7:
        print(json.dumps({"id": "wrong"}), flush=True)
        continue
    if n == 8:
        print(json.dumps({"id": req["id"], "plays": "none"}), flush=True)
        continue
    print(json.dumps({"id": req["id"], "plays": [], "beats": False, "scores": []}), flush=True)
"""


def test_timeouts_crashes_and_malformed_answers_are_reported_per_case(tmp_path: Path) -> None:
    cases = [c for c in vectors("banzipao", hands=False).cases if c["op"] == "classify"][:10]
    cases = [dict(c, id=f"t:{i}") for i, c in enumerate(cases, start=1)]
    report = run(cases, _script(tmp_path, "bad.py", MISBEHAVING), "banzipao", timeout=2)
    status = {r.case["id"]: r.status for r in report.results}
    assert status["t:2"] == "timeout"
    assert status["t:4"] == "crash" and "exit code 3" in report.results[3].detail
    assert status["t:6"] == status["t:7"] == status["t:8"] == "malformed"
    assert status["t:1"] == "fail" and status["t:3"] == "fail" and status["t:5"] == "fail"  # answered after restarts


def test_a_program_that_cannot_start_fails_every_case_without_raising() -> None:
    cases = vectors("banzipao", hands=False).cases[:5]
    report = run(cases, "/nonexistent/program --flag", "banzipao")
    assert [r.status for r in report.results] == ["crash"] * 5
    assert "cannot start" in report.results[0].detail


def test_cli_conform_exit_codes_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "guizhou-banzipao", "--ops", "classify", "--cmd", REFERENCE]) == 0
    capsys.readouterr()
    cmd = _script(tmp_path, "broken.py", BROKEN.format(examples=str(ROOT / "examples")))
    assert main(["conform", "banzipao", "--ops", "beats", "--cmd", cmd, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert not data["ok"] and data["failed"] == len(data["disagreements"]) > 0
    first = data["disagreements"][0]
    assert {"request", "expected", "received", "rule", "detail"} <= set(first)
    assert data["summary"][0]["failed"] > 0
