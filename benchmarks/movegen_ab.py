"""Wild-card move generation of two source trees, interleaved: before/after in one run.

    python benchmarks/movegen_ab.py --before PYTHON[:LABEL] --after PYTHON[:LABEL]
        [--rounds R] [--states N] [--repeat K] [--seed S] [--json FILE]

Each PYTHON is an interpreter with one tree installed (``pip install -e TREE`` into its own
venv). A round starts one process per tree, in turn (the order alternating from round to
round); each runs this file with ``--worker``, which times ``legal_plays`` on the rows of
``benchmarks/movegen.py`` that hold wild cards, with the same seeds and deals: 赤壁打滚 27-card
leads with 0, 1, 2 and 4 jokers, 癞子斗地主 20-card leads with 0, 1, 2 and 4 wild cards (a drawn
rank per state), 掼蛋 27-card leads with 0, 1 and 2 (level 7), and, as the yardstick, RLCard's
斗地主 20-card lead (``DoudizhuJudger.playable_cards_from_hand``, when RLCard is installed). Each
call is timed alone, ``--repeat`` times per state with the garbage collector off (as movegen.py
does); this file only needs ``paixing.hands.legal_plays`` of a tree, so an older checkout is
measured the same way. The table gives per row the median over the rounds of
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ab import _spec, ab_parser, compare  # noqa: E402  (this directory's A/B driver: PYTHON[:LABEL], the interleaved rounds)

YARDSTICK = "RLCard 斗地主 20-card lead"
RL_DECK = "".join(c * 4 for c in "3456789TJQKA2") + "BR"


def _deals(states: int, seed: int) -> list[tuple[str, list[tuple[Any, list[Any]]]]]:
    """(kind, [(ruleset, hand), …]) per row: the seeds and deals of ``benchmarks/movegen.py``."""
    import random

    import paixing

    rows: list[tuple[str, list[tuple[Any, list[Any]]]]] = []
    rs = paixing.ruleset("chibi-dagun")
    for j in (0, 1, 2, 4):
        rng = random.Random(f"{seed}-chibi-{j}")
        hands = [(rs, _hand(rng, rs, j, 27)) for _ in range(states)]
        rows.append((f"赤壁打滚 27-card lead, {j} joker{'s' if j != 1 else ''}", hands))
    base = paixing.ruleset("doudizhu-laizi")
    ranks = [{"T": "10"}.get(c, c) for c in "3456789TJQKA2"]
    for j in (0, 1, 2, 4):
        rng = random.Random(f"{seed}-laizi-{j}")
        pairs = []
        for _ in range(states):
            hand_rs = base.for_hand(wild_ranks=(rng.choice(ranks),))
            pairs.append((hand_rs, _hand(rng, hand_rs, j, 20)))
        rows.append((f"癞子斗地主 20-card lead, {j} wild{'s' if j != 1 else ''}", pairs))
    rs = paixing.ruleset("guandan").for_hand(level="7")
    for j in (0, 1, 2):
        rng = random.Random(f"{seed}-guandan-{j}")
        hands = [(rs, _hand(rng, rs, j, 27)) for _ in range(states)]
        rows.append((f"掼蛋 27-card lead, {j} wild{'s' if j != 1 else ''} (level 7)", hands))
    return rows


def _hand(rng: Any, rs: Any, wilds: int, size: int) -> list[Any]:
    deck = rs.deck()
    wild = [c for c in deck if rs.is_wild(c)]
    return rng.sample(wild, wilds) + rng.sample([c for c in deck if not rs.is_wild(c)], size - wilds)


def _median_us(calls: list[Any], repeat: int) -> tuple[float, float]:
    """Median µs per call (each call timed alone, GC off while timed, after one warm-up call
    per state) and the mean number of plays."""
    import gc
    import time

    clock = time.perf_counter_ns
    samples: list[int] = []
    plays = 0
    for call in calls:
        plays += len(call())
        gc.disable()
        try:
            for _ in range(repeat):
                t0 = clock()
                call()
                samples.append(clock() - t0)
        finally:
            gc.enable()
    return statistics.median(samples) / 1000, plays / max(1, len(calls))


def worker(states: int, repeat: int, seed: int) -> dict[str, Any]:
    """Time the wild-card rows (and the yardstick) in this process: {kind: {us, plays}}."""
    import random

    from paixing.hands import legal_plays

    out: dict[str, Any] = {}
    for kind, hands in _deals(states, seed):
        calls = [lambda rs=rs, hand=hand: legal_plays(rs, hand, None) for rs, hand in hands]
        us, plays = _median_us(calls, repeat)
        out[kind] = {"us": us, "plays": plays}
    try:
        from rlcard.games.doudizhu.judger import DoudizhuJudger
    except ImportError:
        return out
    rng = random.Random(f"{seed}-yardstick")
    leads = ["".join(sorted(rng.sample(RL_DECK, 20), key=RL_DECK.index)) for _ in range(states)]
    us, _ = _median_us([lambda h=h: DoudizhuJudger.playable_cards_from_hand(h) for h in leads], repeat)
    out[YARDSTICK] = {"us": us, "plays": 0.0}
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


def main(argv: list[str] | None = None) -> int:
    parser = ab_parser(__doc__, 3)
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
    trees = [_spec(args.before), _spec(args.after)]
    return compare(trees, args, lambda python: _run(python, args), _table, _print)


if __name__ == "__main__":
    sys.exit(main())
