"""Whole random games per second of two source trees, interleaved: before/after in one run.

    python benchmarks/ab.py --before PYTHON[:LABEL] --after PYTHON[:LABEL] [--rounds R]
        [--games N] [--rlcard-games M] [--variants a,b,…] [--seed S] [--json FILE]

Each PYTHON is an interpreter with one tree installed (``pip install -e TREE`` into its own
venv). A round starts one process per tree, in turn (the order alternates from round to round,
so that neither tree always runs first on a machine whose load drifts); each process runs this
file with ``--worker``, which plays ``N`` random hands of every variant and ``M`` hands of the
RLCard 斗地主 game loop (when RLCard is installed) and prints the timings as JSON. The table
gives, per variant, the median over the rounds of games per CPU second and of the ratio to the
RLCard loop *of the same process* (RLCard is the yardstick that drifts with the machine: the
ratio is what compares across processes); ``after/before`` divides the median ratios.

The garbage collector is on (as in a user's program). The worker knows both the current bot
protocol (``choose(observation)``) and the one before the observation boundary
(``choose(game, seat)``), so an older checkout can be measured with this file unchanged.
Hands: ``new_game(variant, seed + i)``, bots seeded ``seed * 1000 + i * 10 + seat`` (as
benchmarks/games.py), after one warm-up hand per variant.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

GAME_LOOP = "RLCard DoudizhuGame loop"


# --------------------------------------------------------------------------- the worker


def _paixing_loop(variant: str, seed: int) -> Callable[[int], int]:
    """One random hand of ``variant`` per call (``i``: its index), whatever the tree's bot API."""
    from paixing.game import new_game

    try:
        from paixing.agents.bots import RandomBot

        observing = True
    except ImportError:  # a tree from before the observation boundary
        from paixing.bots import RandomBot  # type: ignore[no-redef]

        observing = False

    def one(i: int) -> int:
        game = new_game(variant, seed + i)
        bots = [RandomBot(seed * 1000 + i * 10 + s) for s in range(game.n)]
        steps = 0
        while not game.over:
            seat = game.turn
            if observing:
                game.apply(bots[seat].choose(game.observation(seat)))
            else:
                game.apply(bots[seat].choose(game, seat))  # type: ignore[call-arg, arg-type]
            steps += 1
        return steps

    one(-1)
    return one


def _rlcard_loop(seed: int) -> Callable[[int], int] | None:
    try:
        import random

        import numpy as np
        from rlcard.games.doudizhu.game import DoudizhuGame
    except ImportError:
        return None
    rng = random.Random(seed)
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)

    def one(i: int) -> int:
        state, _ = game.init_game()
        steps = 0
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            steps += 1
        return steps

    one(-1)
    return one


def _variants() -> list[str]:
    """The built-in variants that define a game, whatever the tree's layout."""
    try:
        from paixing.hands.cache import ruleset
    except ImportError:
        from paixing.ruleset import ruleset  # type: ignore[no-redef]
    from paixing.rules.loader import builtin_ids

    return [v for v in builtin_ids() if ruleset(v).variant.game is not None]


def _time(one: Callable[[int], int], games: int) -> dict[str, float]:
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        actions += one(i)
    return {"games": games, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu, "actions": actions}


def worker(variants: list[str] | None, games: int, rlcard_games: int, seed: int) -> dict[str, Any]:
    """Time every variant (and the RLCard loop, first and last, halves each) in this process."""
    names = [v for v in _variants() if variants is None or v in variants]
    out: dict[str, Any] = {"variants": _variants(), "rows": {}}
    rl = _rlcard_loop(seed)
    first = _time(rl, rlcard_games // 2) if rl is not None else None
    for v in names:
        out["rows"][v] = _time(_paixing_loop(v, seed), games)
    if rl is not None and first is not None:
        last = _time(rl, rlcard_games - rlcard_games // 2)
        out["rows"][GAME_LOOP] = {k: first[k] + last[k] for k in first}
    return out


# --------------------------------------------------------------------------- the driver


def _run(python: str, args: argparse.Namespace, variants: list[str] | None) -> dict[str, Any]:
    cmd = [python, __file__, "--worker", "--games", str(args.games), "--rlcard-games", str(args.rlcard_games)]
    cmd += ["--seed", str(args.seed)]
    if variants:
        cmd += ["--variants", ",".join(variants)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd="/")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _spec(text: str) -> tuple[str, str]:
    python, _, label = text.partition(":")
    return python, label or python


def _median_table(runs: dict[str, list[dict[str, Any]]], labels: list[str]) -> list[dict[str, Any]]:
    """Per variant: median games per CPU second and median ratio to the RLCard loop, per tree."""
    rows: list[dict[str, Any]] = []
    names = [n for n in runs[labels[0]][0]["rows"] if n != GAME_LOOP]
    for name in [*names, GAME_LOOP]:
        row: dict[str, Any] = {"game": name}
        for label in labels:
            per_s, ratio = [], []
            for r in runs[label]:
                t = r["rows"].get(name)
                base = r["rows"].get(GAME_LOOP)
                if t is None or t["cpu"] <= 0:
                    continue
                per_s.append(t["games"] / t["cpu"])
                if base is not None and base["cpu"] > 0:
                    ratio.append((t["games"] / t["cpu"]) / (base["games"] / base["cpu"]))
            row[label] = {
                "games_per_cpu_s": statistics.median(per_s) if per_s else None,
                "ratio": statistics.median(ratio) if ratio else None,
                "ratios": [round(x, 3) for x in ratio],
            }
        rows.append(row)
    return rows


def _print(rows: list[dict[str, Any]], labels: list[str], rounds: int, load: tuple[float, float]) -> None:
    before, after = labels
    head = f"| game | {before} games/s | {after} games/s | {before} ratio | {after} ratio | after/before |"
    print(f"Medians of {rounds} interleaved rounds, GC on; load average {load[0]:.2f} → {load[1]:.2f}")
    print(head)
    print("|---|---:|---:|---:|---:|---:|")
    for row in rows:
        b, a = row[before], row[after]
        gb, ga, rb, ra = b["games_per_cpu_s"], a["games_per_cpu_s"], b["ratio"], a["ratio"]
        change = f"{ra / rb:.2f}" if ra and rb else ""
        print(
            f"| {row['game']} | {gb or 0:.0f} | {ga or 0:.0f} | "
            f"{rb if rb is not None else float('nan'):.2f} | {ra if ra is not None else float('nan'):.2f} | {change} |"
        )


Table = Callable[[dict[str, list[dict[str, Any]]], list[str]], list[dict[str, Any]]]
Show = Callable[[list[dict[str, Any]], list[str], int, tuple[float, float]], None]


def compare(trees: list[tuple[str, str]], args: argparse.Namespace, run: Callable[[str], dict[str, Any]], table: Table, show: Show) -> int:
    """The driver's whole run: ``args.rounds`` interleaved rounds of ``run``, the medians as
    ``table`` makes them, shown by ``show`` with the load before and after, and (``args.json``)
    written with every round."""
    labels = [label for _, label in trees]
    load0 = _load()
    runs = interleave(trees, args.rounds, run)
    rows = table(runs, labels)
    show(rows, labels, args.rounds, (load0, _load()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"labels": labels, "rows": rows, "runs": runs, "args": vars(args)}, f, indent=1)
    return 0


def interleave(trees: list[tuple[str, str]], rounds: int, run: Callable[[str], dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """``run(python)`` once per tree per round, the trees' order alternating from round to round
    (neither always first on a machine whose load drifts): every round's result, per label."""
    runs: dict[str, list[dict[str, Any]]] = {label: [] for _, label in trees}
    for r in range(max(1, rounds)):
        for python, label in trees if r % 2 == 0 else trees[::-1]:
            runs[label].append(run(python))
        print(f"round {r + 1}/{rounds} done (load {_load():.2f})", file=sys.stderr)
    return runs


def _load() -> float:
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except OSError:
        return float("nan")


def ab_parser(doc: str | None, rounds: int) -> argparse.ArgumentParser:
    """The options every two-tree driver takes: the two interpreters and the rounds."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--before", help="interpreter of the first tree, PYTHON[:LABEL]")
    parser.add_argument("--after", help="interpreter of the second tree, PYTHON[:LABEL]")
    parser.add_argument("--rounds", type=int, default=rounds)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = ab_parser(__doc__, 5)
    parser.add_argument("--games", type=int, default=200, help="hands per variant per process")
    parser.add_argument("--rlcard-games", type=int, default=300, help="RLCard loop hands per process")
    parser.add_argument("--variants", help="comma-separated (default: every game both trees have)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="also write the medians and every round here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    wanted = args.variants.split(",") if args.variants else None
    if args.worker:
        json.dump(worker(wanted, args.games, args.rlcard_games, args.seed), sys.stdout)
        return 0
    if not args.before or not args.after:
        parser.error("give --before and --after")
    trees = [_spec(args.before), _spec(args.after)]
    if wanted is None:
        probe = [_run(py, argparse.Namespace(games=0, rlcard_games=0, seed=args.seed), None) for py, _ in trees]
        wanted = [v for v in probe[0]["variants"] if v in probe[1]["variants"]]
    return compare(trees, args, lambda python: _run(python, args, wanted), _median_table, _print)


if __name__ == "__main__":
    sys.exit(main())
