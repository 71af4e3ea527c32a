"""Start-up: how long a whole ``paixing`` process takes, beside ``python -c pass``.

    python benchmarks/startup.py [--runs N] [--extra "ARGS"]... [--before PYTHON] [--json FILE | --no-json]

Times, as whole processes and the way ``hyperfine`` does (one warm-up run each, then ``--runs``
runs; stdout to /dev/null): ``python -c pass`` (the interpreter alone: the floor),
``python -c "import paixing"``, ``paixing variants`` and ``paixing moves doudizhu --hand
33445566778899TTJJ`` (issue 13's start-up target: ≤ 150 ms), the last also with a cold
variant cache (an empty ``PAIXING_CACHE_DIR`` per run: what the first ``moves`` after an edit
or an upgrade pays). The commands are interleaved run by run, so a change in the machine's
load falls on all of them alike; each row gives the median wall-clock and CPU (user + system)
milliseconds and the ratio of its median wall-clock to ``python -c pass`` measured in the same
run. The interpreter is this one (run it with the venv's python), the ``paixing`` command the
console script beside it. Bytecode is cached in a temporary folder, as an installed package has
it (``--no-bytecode-cache``: as the environment says). ``--before PYTHON`` times the same commands with another venv's
interpreter (another checkout) in the same interleaved run, its rows marked ``[before]``.

The ``startup`` section of the result file (benchmarks/results.py; README's speed block shows
each row's ``name`` and ``median_ms``) gets this interpreter's rows, and ``before_rows`` the
other checkout's.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from results import DEFAULT_PATH, Meta, load_average, merge_section

HAND = "33445566778899TTJJ"


@dataclass
class Case:
    """One command line, timed ``runs`` times."""

    name: str
    argv: list[str]
    cold_cache: bool = False
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def run_once(self, env: dict[str, str]) -> None:
        env = dict(env)
        with tempfile.TemporaryDirectory() as cold:
            if self.cold_cache:
                env["PAIXING_CACHE_DIR"] = cold
            started = time.perf_counter()
            proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - started
            proc.returncode = os.waitstatus_to_exitcode(status)
            err = proc.stderr.read() if proc.stderr else b""
            if proc.stderr:
                proc.stderr.close()
        if proc.returncode != 0:
            raise SystemExit(f"{shlex.join(self.argv)} exited {proc.returncode}: {err.decode(errors='replace')}")
        self.wall.append(wall * 1000)
        self.cpu.append((usage.ru_utime + usage.ru_stime) * 1000)


def paixing_command(py: str) -> list[str]:
    """The ``paixing`` console script installed beside interpreter ``py``, else the module."""
    script = Path(py).with_name("paixing")
    return [str(script)] if script.exists() else [py, "-c", "import sys; from paixing.cli import main; sys.exit(main())"]


def cases(py: str, extra: list[str], label: str = "") -> list[Case]:
    """The commands timed with interpreter ``py`` (``label`` marks another checkout's rows)."""
    cli = paixing_command(py)
    moves = [*cli, "moves", "doudizhu", "--hand", HAND]
    found = [
        Case("python -c pass", [py, "-c", "pass"]),
        Case('python -c "import paixing"', [py, "-c", "import paixing"]),
        Case("paixing variants", [*cli, "variants"]),
        Case('python -c "import typer, pydantic"', [py, "-c", "import typer, pydantic.main"]),
        Case(f"paixing moves doudizhu --hand {HAND}", moves),
        Case(f"paixing moves doudizhu --hand {HAND} (cold cache)", moves, cold_cache=True),
    ]
    found += [Case(f"paixing {args}", [*cli, *shlex.split(args)]) for args in extra]
    for case in found:
        case.name += label
    return found


def environment(pycache: str | None) -> dict[str, str]:
    """The commands' environment. Bytecode is cached (as after ``pip install``, which compiles
    it) in ``pycache``, outside the source trees, even where ``PYTHONDONTWRITEBYTECODE`` is
    set (then every run would compile every module again); ``None`` keeps the environment."""
    env = dict(os.environ)
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def measure(all_cases: list[Case], runs: int, env: dict[str, str]) -> None:
    for case in all_cases:  # warm-up: bytecode written, files in the page cache, the variant cache filled
        case.run_once(env)
        case.wall.clear()
        case.cpu.clear()
    for _ in range(runs):
        for case in all_cases:
            case.run_once(env)


def report(all_cases: list[Case], runs: int) -> dict[str, Any]:
    floor = statistics.median(all_cases[0].wall)
    rows = [
        {
            "name": c.name,
            "median_ms": round(statistics.median(c.wall), 1),
            "min_ms": round(min(c.wall), 1),
            "cpu_median_ms": round(statistics.median(c.cpu), 1),
            "vs_python": round(statistics.median(c.wall) / floor, 2),
        }
        for c in all_cases
    ]
    return {"runs": runs, "rows": rows}


def print_table(result: dict[str, Any]) -> None:
    rows = result["rows"]
    width = max(len(r["name"]) for r in rows)
    print(f"{'command':<{width}}  {'median ms':>9}  {'min ms':>7}  {'CPU ms':>7}  {'× python':>8}")
    for r in rows:
        print(
            f"{r['name']:<{width}}  {r['median_ms']:>9.1f}  {r['min_ms']:>7.1f}  "
            f"{r['cpu_median_ms']:>7.1f}  {r['vs_python']:>8.2f}"
        )
    cached = "cached" if result.get("bytecode_cached") else "compiled every run"
    print(f"{result['runs']} runs each, interleaved; bytecode {cached}; load average {load_average()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20, help="Timed runs per command (default 20).")
    parser.add_argument("--json", metavar="FILE", default=str(DEFAULT_PATH), help="Result file to merge the 'startup' section into.")
    parser.add_argument("--no-json", action="store_true", help="Print only.")
    parser.add_argument("--extra", action="append", default=[], metavar="ARGS", help="Another paixing command line to time.")
    parser.add_argument("--before", metavar="PYTHON", help="Also time these commands with this interpreter (another venv).")
    parser.add_argument(
        "--no-bytecode-cache", action="store_true", help="Leave PYTHONDONTWRITEBYTECODE as it is (compile every module every run)."
    )
    args = parser.parse_args(argv)
    meta = Meta.start()
    all_cases = cases(sys.executable, args.extra)
    if args.before:
        all_cases += cases(args.before, args.extra, " [before]")
    with tempfile.TemporaryDirectory() as pycache:
        env = environment(None if args.no_bytecode_cache else pycache)
        measure(all_cases, args.runs, env)
    result = report(all_cases, args.runs)
    result["bytecode_cached"] = not args.no_bytecode_cache
    print_table(result)
    if not args.no_json:
        mine = [r for r in result["rows"] if not r["name"].endswith(" [before]")]
        section = {**result, "rows": mine, "before_rows": [r for r in result["rows"] if r not in mine]}
        print(f"wrote {merge_section('startup', section, meta, args.json)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
