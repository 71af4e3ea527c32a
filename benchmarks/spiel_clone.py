"""OpenSpiel clone time: ``state.clone()`` of ``python_paixing`` beside ``Game.copy()`` of the
same hand, per variant (issue 20, item 1: a clone deep-copied the whole action space).

    python benchmarks/spiel_clone.py [--variants doudizhu,guandan] [--moves 6] [--repeat 20]

Each variant is loaded (``deals=20``), dealt deal 3 and played ``--moves`` actions (the last
legal one each time); then ``--repeat`` clones and as many copies of its ``Game`` are timed by
the thread's CPU clock and the median is printed in milliseconds. The load (the action space
is built once per process) is printed apart: it is not part of a clone. Run it from two
checkouts to compare (docs/performance.md, "OpenSpiel clones").
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

QUICK = ["banzipao", "big-two-taiwan", "chibi-dagun", "chudadi", "doudizhu", "guandan", "wushik", "zhengshangyou"]
"""The default variants: those whose action space builds in seconds (the others take minutes)."""


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.thread_time_ns()
        fn()
        times.append((time.thread_time_ns() - start) / 1e6)
    return statistics.median(times)


def measure(variant: str, moves: int, repeat: int) -> tuple[float, float, float]:
    """(load seconds, clone ms, Game.copy ms) for one variant."""
    import paixing.env.spiel  # noqa: F401  (registers python_paixing)
    import pyspiel

    start = time.perf_counter()
    game = pyspiel.load_game("python_paixing", {"variant": variant, "deals": 20})
    state = game.new_initial_state()
    state.apply_action(3)
    load = time.perf_counter() - start
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    hand = state.game
    return load, _median_ms(state.clone, repeat), _median_ms(hand.copy, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default=",".join(QUICK), help="comma-separated ids ('all': every built-in variant)")
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    variants = args.variants.split(",")
    if args.variants == "all":
        folder = Path(__file__).resolve().parent.parent / "variants"
        variants = sorted(p.stem for p in folder.glob("*.yaml"))
    print(f"# pid {os.getpid()}, load {os.getloadavg()[0]:.1f}; CPU ms, median of {args.repeat}")
    print(f"{'variant':22} {'load s':>8} {'clone ms':>10} {'Game.copy ms':>13}")
    for v in variants:
        load, clone, copy = measure(v, args.moves, args.repeat)
        print(f"{v:22} {load:8.1f} {clone:10.3f} {copy:13.3f}", flush=True)


if __name__ == "__main__":
    main()
