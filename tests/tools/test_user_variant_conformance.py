"""Issue 23 item 3: conformance on a user's variant file (not a built-in id).

The whole-hand cases of a file used to expect the error "…is no built-in variant… (pass
--variant FILE)", so the reference adapter itself failed ``conform`` on the file and ``show``
refused the vectors; ``replay DIR --variant FILE`` did not pass the file to session records."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from paixing.cli import main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
REFERENCE = f'"{sys.executable}" "{ROOT / "examples" / "paixing_adapter.py"}"'


@pytest.fixture
def own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's variant file in the current folder (``x.yaml``, not a built-in id)."""
    monkeypatch.chdir(tmp_path)
    text = (DATA / "ffa-small.yaml").read_text(encoding="utf-8").replace("id: ffa-small\n", "id: x\n", 1)
    (tmp_path / "x.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "x.yaml"


def _vectors(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["vectors", "x.yaml", "--ops", "score"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_score_cases_of_a_file_expect_its_scores(own: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, *cases = _vectors(capsys)
    assert head["variant"] == "x" and cases
    for case in cases:
        expect = case["expect"]
        assert isinstance(expect, dict)
        assert expect["ok"] is True and expect["error"] is None, expect
        assert sum(expect["scores"]) == 0 and len(expect["scores"]) == 3


def test_reference_adapter_conforms_on_a_file(own: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "x.yaml", "--ops", "score", "--cmd", REFERENCE, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["failed"] == 0 and report["cases"] >= 1


def test_show_reads_the_vectors_of_a_file(own: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _vectors(capsys)
    Path("cases.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["show", "cases.jsonl", "--variant", "x.yaml", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["event"] == "deal"


def test_replay_passes_the_variant_to_session_records(own: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "x.yaml", "--session", "2", "--games", "1", "--out", "runs", "--json"]) == 0
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    own.rename(moved / "x.yaml")  # the record's variant_file is no longer there
    capsys.readouterr()
    assert main(["replay", "runs", "--variant", str(moved / "x.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True and [r["file"] for r in data["records"]] == [str(Path("runs") / "session-000000.json")]
