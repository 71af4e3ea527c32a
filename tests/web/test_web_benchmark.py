"""benchmarks/web.py runs: three tables against a real ``paixing serve`` for three seconds
play through the JSON protocol with no error (the load numbers are docs/performance.md's)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT


def test_web_benchmark_plays_three_tables_without_an_error(tmp_path: Path) -> None:
    out = tmp_path / "web.json"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "web.py"), "--tables", "3", "--seconds", "3",
                           "--json", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    numbers = json.loads(out.read_text(encoding="utf-8"))
    assert numbers["errors"] == 0, numbers["first_errors"]
    assert numbers["tables_opened"] >= 3 and numbers["actions"] > 0 and numbers["acts"] > 0
    assert numbers["rss_peak_mb"] > 0 and numbers["act_p50_ms"] is not None
    assert "actions / s" in done.stdout and "errors                                0" in done.stdout
