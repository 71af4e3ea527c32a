"""How move generation grows with hand size and wild cards, and what compiling a variant costs.

    python benchmarks/scaling.py [--states N] [--repeat R] [--seed S] [--sizes 5,10,15,20,27]
        [--no-memory] [--json FILE | --no-json]

Time: µs per ``legal_plays`` call (median of ``--states`` seeded hands × ``--repeat`` calls,
the thread's CPU time as in benchmarks/movegen.py, garbage collector on) for a free lead and for a typical response, against hand size × the
number of jokers held: 赤壁打滚 (``chibi-dagun``, 108 cards, four wild jokers; 0-4 jokers, every
size) and 斗地主 (``doudizhu``, whose two jokers are not wild: 0-2 jokers, sizes up to 20). A
response answers a lead of another hand dealt from the rest of the deck (27 cards for 赤壁打滚,
17 for 斗地主), drawn by hand type first, so bombs and chains come up as often as singles.

Memory: for every built-in variant, in a fresh process each (so no variant pays for another's
caches), ``tracemalloc`` around ``compile_variant(load_variant(id))`` (reading the YAML and
compiling it, what ``paixing.ruleset(id)`` does on a cold cache): the peak above the start
while compiling and what stays allocated afterwards (after a full collection), then the same
for all of them compiled in turn in one process, whose total is what a program that uses
every variant holds (the largest peak of the process, and the sum of what each one left).

Writes the section ``scaling`` of the JSON result file (benchmarks/results.py); the tables in
docs/performance.md are this script's output.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
from collections import defaultdict
from typing import Any

import paixing
from movegen_core import CLOCKS, clock_cost
from paixing.hands import legal_plays
from results import DEFAULT_PATH, Meta, merge_section
from rich.console import Console
from rich.table import Table

GAMES = (("chibi-dagun", 4, 27), ("doudizhu", 2, 17))
"""variant, most jokers a hand can hold, size of the hand whose lead is the response's target"""


def _target(rng: Any, rs: paixing.Ruleset, other: list[paixing.Card]) -> paixing.Play:
    by_type: dict[str, list[paixing.Play]] = defaultdict(list)
    for p in legal_plays(rs, other, None):
        by_type[p.type_id].append(p)
    return rng.choice(by_type[rng.choice(sorted(by_type))])


def _time(calls: list[Any], repeat: int) -> tuple[float, float]:
    """Median µs per call (the thread's CPU time less the clock's own cost, as
    benchmarks/movegen.py) and mean plays per call."""
    clock = CLOCKS["cpu"]
    cost = clock_cost(clock, 2000)
    samples, plays = [], []
    for call in calls:
        plays.append(len(call()))
        for _ in range(repeat):
            t0 = clock()
            call()
            samples.append(clock() - t0 - cost)
    return statistics.median(samples) / 1000, statistics.fmean(plays)


def cell(variant: str, size: int, jokers: int, target_size: int, states: int, repeat: int, seed: int) -> dict[str, Any]:
    """One (size, jokers) cell: lead and response µs and plays per call."""
    import random

    rs = paixing.ruleset(variant)
    deck = rs.deck()
    joker_cards = [c for c in deck if c.rank in ("BJ", "RJ")]
    others = [c for c in deck if c.rank not in ("BJ", "RJ")]
    rng = random.Random(f"{seed}-{variant}-{size}-{jokers}")
    leads, responses = [], []
    for _ in range(states):
        hand = rng.sample(joker_cards, jokers) + rng.sample(others, size - jokers)
        rest = list(deck)
        for c in hand:
            rest.remove(c)
        target = _target(rng, rs, rng.sample(rest, target_size))
        leads.append(lambda hand=hand: legal_plays(rs, hand, None))
        responses.append(lambda hand=hand, target=target: legal_plays(rs, hand, target))
    lead_us, lead_plays = _time(leads, repeat)
    resp_us, resp_plays = _time(responses, repeat)
    return {"variant": variant, "size": size, "jokers": jokers, "lead_us": round(lead_us, 1), "lead_plays": round(lead_plays, 1),
            "response_us": round(resp_us, 1), "response_plays": round(resp_plays, 1)}


def time_grid(sizes: list[int], states: int, repeat: int, seed: int) -> list[dict[str, Any]]:
    cells = []
    for variant, most, target_size in GAMES:
        for size in sizes:
            if variant == "doudizhu" and size > 20:
                continue  # a 斗地主 hand holds at most 20 cards
            for jokers in range(min(most, size) + 1):
                cells.append(cell(variant, size, jokers, target_size, states, repeat, seed))
                print(f"{variant} {size} cards, {jokers} jokers: {cells[-1]['lead_us']} µs lead", file=sys.stderr)
    return cells


# ---------------------------------------------------------------------------------- memory
_PROBE = """
import gc, json, sys, tracemalloc
from paixing.hands.compile import compile_variant
from paixing.rules.loader import load_variant
out = []
kept = []
tracemalloc.start()
for ref in sys.argv[1:]:
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    kept.append(compile_variant(load_variant(ref)))
    peak = tracemalloc.get_traced_memory()[1]
    gc.collect()
    out.append({"variant": ref, "peak_kib": round((peak - before) / 1024, 1), "process_peak_kib": round(peak / 1024, 1),
                "retained_kib": round((tracemalloc.get_traced_memory()[0] - before) / 1024, 1)})
print(json.dumps(out))
"""


def _probe(refs: list[str]) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *refs], capture_output=True, text=True, check=True)
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def memory() -> dict[str, Any]:
    """Per variant (a fresh process each: load + compile, what it costs alone) and all in one
    process (later variants reuse what earlier ones loaded, e.g. a shared ``extends:`` parent)."""
    from paixing.rules.loader import builtin_ids

    refs = list(builtin_ids())
    alone = [_probe([ref])[0] for ref in refs]
    together = _probe(refs)
    return {"alone": alone, "together": together,
            "total_peak_kib": max(r["process_peak_kib"] for r in together),
            "total_retained_kib": round(sum(r["retained_kib"] for r in together), 1)}


# ---------------------------------------------------------------------------------- report
def print_grid(cells: list[dict[str, Any]], console: Console) -> None:
    for variant, most, _ in GAMES:
        mine = [c for c in cells if c["variant"] == variant]
        if not mine:
            continue
        table = Table(title=f"{variant}: µs per call, lead / response (plays per call)")
        table.add_column("cards", justify="right")
        for j in range(most + 1):
            table.add_column(f"{j} joker{'s' if j != 1 else ''}", justify="right")
        for size in sorted({c["size"] for c in mine}):
            row = {c["jokers"]: c for c in mine if c["size"] == size}
            table.add_row(str(size), *(
                f"{row[j]['lead_us']:,.0f} / {row[j]['response_us']:,.0f} ({row[j]['lead_plays']:,.0f} / {row[j]['response_plays']:,.0f})"
                if j in row else "" for j in range(most + 1)))
        console.print(table)


def print_memory(mem: dict[str, Any], console: Console) -> None:
    table = Table(title="Loading and compiling each built-in variant: tracemalloc KiB")
    for col in ("variant", "peak alone", "retained alone", "peak in turn", "retained in turn"):
        table.add_column(col, justify="left" if col == "variant" else "right")
    together = {r["variant"]: r for r in mem["together"]}
    for r in mem["alone"]:
        t = together[r["variant"]]
        table.add_row(r["variant"], f"{r['peak_kib']:,.0f}", f"{r['retained_kib']:,.0f}", f"{t['peak_kib']:,.0f}", f"{t['retained_kib']:,.0f}")
    table.add_row("all, in one process", "", "", f"{mem['total_peak_kib']:,.0f}", f"{mem['total_retained_kib']:,.0f}")
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--states", type=int, default=50, help="seeded hands per cell (default 50)")
    parser.add_argument("--repeat", type=int, default=3, help="timed calls per hand (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="5,10,15,20,27", help="hand sizes (default 5,10,15,20,27)")
    parser.add_argument("--no-memory", action="store_true", help="skip the compile-memory table")
    parser.add_argument("--json", default=str(DEFAULT_PATH), help="result file to merge the 'scaling' section into")
    parser.add_argument("--no-json", action="store_true", help="print only")
    args = parser.parse_args(argv)
    gc.enable()
    meta = Meta.start()
    cells = time_grid([int(s) for s in args.sizes.split(",")], args.states, args.repeat, args.seed)
    mem = None if args.no_memory else memory()
    console = Console(width=max(140, Console().width))
    console.print(f"{args.states} seeded hands per cell, {args.repeat} timed calls each; median µs per call")
    console.print(f"garbage collector {'ON' if gc.isenabled() else 'off'}; clock: thread CPU time less its own cost")
    print_grid(cells, console)
    if mem is not None:
        print_memory(mem, console)
    if not args.no_json:
        section = {"args": {k: v for k, v in vars(args).items() if k not in ("json", "no_json")}, "cells": cells, "memory": mem}
        print(f"wrote {merge_section('scaling', section, meta, args.json)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
