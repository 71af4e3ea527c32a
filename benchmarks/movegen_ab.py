"""Wild-card move generation of two source trees, interleaved: before/after in one run.

    python benchmarks/movegen_ab.py --before PYTHON[:LABEL] --after PYTHON[:LABEL]
        [--rounds R] [--states N] [--repeat K] [--seed S] [--json FILE]

Each PYTHON is an interpreter with one tree installed (``pip install -e TREE`` into its own
venv). A round starts one process per tree, in turn (the order alternating from round to
round); each runs this file with ``--worker``, which times, with ``benchmarks/movegen.py``'s own
rows and timer (this file's copy, so an older tree is measured the same way), the rows with
wild cards: 赤壁打滚 27-card leads with 0, 1, 2 and 4 jokers, 癞子斗地主 20-card leads with 0, 1,
2 and 4 wild cards, 掼蛋 27-card leads with 0, 1 and 2, and, as the yardstick, RLCard's 斗地主
20-card lead (when RLCard is installed). The table gives per row the median over the rounds of
µs per call for each tree and of the ratio to the yardstick *of the same process*;
``after/before`` divides the median ratios (below 1: faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any

YARDSTICK = "RLCard 斗地主 20-card lead"


def worker(states: int, repeat: int, seed: int) -> dict[str, Any]:
    """Time the wild-card rows (and the yardstick) in this process: {kind: {us, plays}}."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import movegen  # this directory's copy (it imports guandan_rows from here too)

    rlcard = movegen.load_rlcard()
    rows = movegen.chibi_rows(states, seed) + movegen.laizi_rows(states, seed)
    rows += movegen.guandan_rows(states, seed, None, movegen.Row, movegen.Impl)
    if rlcard is not None:
        rows += [r for r in movegen.doudizhu_rows(states, seed, rlcard, None) if r.peer is not None][:1]
    movegen.measure(rows, repeat)
    out: dict[str, Any] = {}
    for row in rows:
        out[row.kind] = {"us": movegen.median_us(row.paixing), "plays": row.plays}
        if row.peer is not None:
            out[YARDSTICK] = {"us": movegen.median_us(row.peer), "plays": 0.0}
    return out


def _run(python: str, args: argparse.Namespace) -> dict[str, Any]:
    cmd = [python, os.path.abspath(__file__), "--worker", "--states", str(args.states), "--repeat", str(args.repeat), "--seed", str(args.seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd="/")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _table(runs: dict[str, list[dict[str, Any]]], labels: list[str]) -> list[dict[str, Any]]:
    """Per row and tree: the median µs per call and the median ratio to the yardstick."""
    rows = []
    for kind in runs[labels[0]][0]:
        row: dict[str, Any] = {"kind": kind, "plays": runs[labels[-1]][0][kind]["plays"]}
        for label in labels:
            us = [r[kind]["us"] for r in runs[label]]
            ratio = [r[kind]["us"] / r[YARDSTICK]["us"] for r in runs[label] if YARDSTICK in r]
            row[label] = {"us": statistics.median(us), "ratio": statistics.median(ratio) if ratio else None, "all_us": [round(x, 1) for x in us]}
        rows.append(row)
    return rows


def _print(rows: list[dict[str, Any]], labels: list[str], rounds: int, load: tuple[float, float]) -> None:
    before, after = labels
    print(f"Medians of {rounds} interleaved rounds (µs per legal_plays call, GC off while timed); load average {load[0]:.2f} → {load[1]:.2f}")
    print(f"| kind | plays | {before} µs | {after} µs | {before} ÷ yardstick | {after} ÷ yardstick | after/before |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        b, a = row[before], row[after]
        rb, ra = b["ratio"], a["ratio"]
        change = f"{ra / rb:.2f}" if ra and rb else f"{a['us'] / b['us']:.2f}"
        cells = f"{rb:.2f} | {ra:.2f}" if rb is not None and ra is not None else " | "
        print(f"| {row['kind']} | {row['plays']:.0f} | {b['us']:,.1f} | {a['us']:,.1f} | {cells} | {change} |")


def _load() -> float:
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except OSError:
        return float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--before", help="interpreter of the first tree, PYTHON[:LABEL]")
    parser.add_argument("--after", help="interpreter of the second tree, PYTHON[:LABEL]")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--states", type=int, default=100, help="seeded states per row (default 100)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per state (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the medians and every round here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        json.dump(worker(args.states, args.repeat, args.seed), sys.stdout)
        return 0
    if not args.before or not args.after:
        parser.error("give --before and --after")
    trees = [(p, lbl or p) for p, _, lbl in (t.partition(":") for t in (args.before, args.after))]
    labels = [label for _, label in trees]
    runs: dict[str, list[dict[str, Any]]] = {label: [] for label in labels}
    load0 = _load()
    for r in range(max(1, args.rounds)):
        for python, label in trees if r % 2 == 0 else trees[::-1]:
            runs[label].append(_run(python, args))
        print(f"round {r + 1}/{args.rounds} done (load {_load():.2f})", file=sys.stderr)
    rows = _table(runs, labels)
    _print(rows, labels, args.rounds, (load0, _load()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"labels": labels, "rows": rows, "runs": runs, "args": vars(args)}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
