"""The benchmarks' JSON result file: one file, one section per script, merged in place.

    {"format": "paixing-bench/1",
     "sections": {"movegen": {...}, "games": {...}, "scaling": {...}, "startup": {...}}}

Every section is what its script measured in ONE run (ratios to a peer are only meaningful
inside one run), plus a ``meta`` block saying where and when: machine, CPU, Python, paixing's
version and git commit, load average before and after, UTC date, whether the garbage collector
was on, and the command line. A script writes its section with ``merge_section`` and leaves
the others as they are, so the file holds the latest run of each script; README's speed table
is rendered from it (benchmarks/readme_table.py).

Use from a script in benchmarks/ (the directory is on ``sys.path`` when the script runs)::

    from results import DEFAULT_PATH, Meta, merge_section
    meta = Meta.start()             # before measuring: the load average then
    ...
    merge_section("startup", {"rows": rows}, meta, path=args.json)

README's table reads, per section: ``movegen`` rows (``movegen_core.row_json``), ``games`` rows
(``games.row_json``), and ``startup`` rows shaped ``{"name": "paixing moves doudizhu --hand …",
"median_ms": 123.4}`` (any further keys are kept in the file, not shown).
"""

from __future__ import annotations

import gc
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "paixing-bench/1"
DEFAULT_PATH = Path(__file__).resolve().parent / "results" / "latest.json"


def load_average() -> list[float]:
    """The 1-, 5- and 15-minute load averages (empty where the system does not say)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        return []


def cpu_name() -> str:
    """The processor's model name (``/proc/cpuinfo`` on Linux), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def paixing_revision() -> dict[str, str]:
    """paixing's installed version and, in a git checkout, the commit measured."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ver = version("paixing")
    except PackageNotFoundError:
        ver = "?"
    try:
        import paixing

        root = Path(paixing.__file__).resolve().parent.parent
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, ImportError, subprocess.SubprocessError):
        commit = ""
    return {"version": ver, "commit": commit or "?"}


def _script() -> str:
    """The running script as the README names it (``benchmarks/games.py``)."""
    script = Path(sys.argv[0])
    return f"{script.parent.name}/{script.name}" if script.parent.name == "benchmarks" else script.name


@dataclass
class Meta:
    """Where and when a section was measured; ``start()`` before, ``finish()`` after."""

    load_before: list[float] = field(default_factory=list)
    started: float = 0.0
    revision: dict[str, str] = field(default_factory=dict)

    @classmethod
    def start(cls) -> Meta:
        """Before measuring: the load then, and the commit measured (HEAD may move during a
        long run)."""
        return cls(load_average(), time.time(), paixing_revision())

    def finish(self) -> dict[str, Any]:
        return {
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "seconds": round(time.time() - self.started, 1) if self.started else None,
            "machine": platform.platform(),
            "cpu": cpu_name(),
            "cores": os.cpu_count(),
            "python": f"{platform.python_version()} ({platform.python_implementation()})",
            "paixing": self.revision or paixing_revision(),
            "load_before": self.load_before,
            "load_after": load_average(),
            "gc": gc.isenabled(),
            "command": " ".join([_script(), *sys.argv[1:]]),
        }


def load(path: str | Path | None = None) -> dict[str, Any]:
    """The result file (an empty one when it does not exist yet)."""
    p = Path(path) if path else DEFAULT_PATH
    if not p.exists():
        return {"format": FORMAT, "sections": {}}
    data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{p}: not a {FORMAT} result file")
    return data


def merge_section(name: str, section: dict[str, Any], meta: Meta | None = None,
                  path: str | Path | None = None) -> Path:
    """Write ``section`` (with its ``meta``) as ``name`` into the result file, keeping the
    other sections; written to a temporary file first, so a crash never leaves half a file."""
    p = Path(path) if path else DEFAULT_PATH
    data = load(p)
    data["sections"][name] = {"meta": (meta or Meta.start()).finish(), **section}
    data["sections"] = dict(sorted(data["sections"].items()))
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    tmp.replace(p)
    return p
