"""Move-generation speed: paixing's ``legal_plays`` beside RLCard, DouZero and OpenSpiel.

    python benchmarks/movegen.py [--states N] [--repeat R] [--seed S] [--json FILE]
        [--only doudizhu,chibi,ffa,laizi,guandan] [--guandan-peer DIR]

斗地主 kinds (benchmarks/movegen_doudizhu.py): 20- and 17-card free leads and 17- and 20-card
responses, paixing's ``doudizhu`` variant (``legal_plays``, and "cards picked": the plays' cards
read too) beside RLCard 1.2.0 (``DoudizhuJudger.playable_cards_from_hand``;
``utils.get_gt_cards``), DouZero (``MovesGener(cards).gen_moves()`` for a lead, its
``GameEnv.get_legal_card_play_actions`` for a response) and OpenSpiel's C++ game
(``state.legal_actions()`` on a state dealt and played to the same hand and target:
benchmarks/movegen_openspiel.py), all in one run. Then rows without a peer
(benchmarks/movegen_others.py): 赤壁打滚 27-card leads with 0, 1, 2 and 4 jokers, 锄大地 and
跑得快, 癞子斗地主 20-card leads with 0, 1, 2 and 4 wild cards; and 掼蛋 27-card leads beside
StevenUST/GuanDanZero when ``--guandan-peer DIR`` names a checkout of it
(benchmarks/guandan_rows.py).

Every implementation gets its own native input prepared beforehand, so only move generation
is timed. Each call is timed alone, ``--repeat`` times per state, implementations interleaved
state by state; the tables show the median per call. The clock is the thread's CPU time
(``time.thread_time_ns``; ``--clock wall`` for ``perf_counter_ns``) less the clock's own cost
(the median gap between two reads, measured first): on a shared machine, a long call that
other processes preempt would otherwise be charged their time. The garbage
collector is ON (as in a user's program; the header says so). "plays/call" is the mean number
of moves each implementation returns (a response's pass counted where it returns one);
"same" counts the states where a peer's set of plays equals paixing's on the peer's rules.
The figures, every row and the machine's details go to the JSON result file (section
``movegen``; benchmarks/results.py), from which benchmarks/readme_table.py renders README's
speed table.
"""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Any

import movegen_doudizhu as ddz
import paixing
from guandan_rows import guandan_rows, load_peer
from movegen_core import Row, measure, row_json
from movegen_openspiel import load_openspiel
from movegen_others import chibi_rows, ffa_rows, laizi_rows
from results import DEFAULT_PATH, Meta, cpu_name, merge_section, paixing_revision
from rich.console import Console
from rich.table import Table

GROUPS = ("doudizhu", "chibi", "ffa", "laizi", "guandan")
PEERS = ("RLCard", "DouZero", "OpenSpiel")


def build(args: argparse.Namespace, peers: ddz.Peers) -> list[Row]:
    """The rows of the groups asked for, every state prepared (nothing timed yet)."""
    only = set(args.only.split(",")) if args.only else set(GROUPS)
    rows: list[Row] = []
    if "doudizhu" in only:
        rows += ddz.doudizhu_rows(args.states, args.seed, peers)
    if "chibi" in only:
        rows += chibi_rows(args.states, args.seed)
    if "ffa" in only:
        rows += ffa_rows(args.states, args.seed)
    if "laizi" in only:
        rows += laizi_rows(args.states, args.seed)
    if "guandan" in only:
        rows += guandan_rows(args.states, args.seed, load_peer(args.guandan_peer))
    return rows


def _cell(row: Row, name: str, what: str) -> str:
    impl = next((i for i in row.impls if i.name == name), None)
    if impl is None or not impl.samples:
        return "—"
    if what == "us":
        us = impl.median_us()
        if impl is row.paixing:
            return f"{us:,.1f}"
        return f"{us:,.1f} ({us / row.paixing.median_us():.2f})"
    if what == "plays":
        return f"{impl.plays():.1f}"
    return f"{impl.same}/{impl.compared}"


def doudizhu_tables(rows: list[Row], console: Console) -> None:
    """µs per call (peer/paixing in brackets: above 1, paixing is faster), then what each
    implementation returns."""
    timing = Table(title="斗地主: median µs per call (peer µs / paixing µs)")
    plays = Table(title="斗地主: plays per call as returned, and states whose play sets agree")
    for col in ("kind", "paixing", "cards picked", *PEERS):
        timing.add_column(col, justify="left" if col == "kind" else "right")
    for col in ("kind", "paixing", *PEERS, *(f"same {p}" for p in PEERS)):
        plays.add_column(col, justify="left" if col == "kind" else "right")
    for row in rows:
        timing.add_row(row.kind, _cell(row, "paixing", "us"), _cell(row, "paixing cards picked", "us"),
                       *(_cell(row, p, "us") for p in PEERS))
        plays.add_row(row.kind, _cell(row, "paixing", "plays"), *(_cell(row, p, "plays") for p in PEERS),
                      *(_cell(row, p, "same") for p in PEERS))
    console.print(timing)
    console.print(plays)
    for row in rows:
        for note in row.notes:
            console.print(f"{row.kind}: {note}")


def other_table(rows: list[Row], console: Console) -> None:
    table = Table(title="Other games: median µs per call")
    for col in ("kind", "variant", "plays/call", "paixing µs", "peer", "peer µs", "peer/paixing", "same plays"):
        table.add_column(col, justify="left" if col in ("kind", "variant", "peer") else "right")
    for row in rows:
        ours = row.paixing.median_us()
        cells = ["—", "", "", ""]
        if len(row.impls) > 1:
            peer = row.impls[1]
            cells = [peer.name, f"{peer.median_us():,.1f}", f"{peer.median_us() / ours:.2f}", f"{peer.same}/{peer.compared}"]
        table.add_row(row.kind, row.variant, f"{row.paixing.plays():.1f}", f"{ours:,.1f}", *cells)
    console.print(table)


def differences(rows: list[Row]) -> dict[str, dict[str, int]]:
    rs = paixing.ruleset("doudizhu")
    return {row.key: d for row in rows if row.key.startswith(("lead", "resp")) and (d := ddz.openspiel_differences(row, rs))}


def report(rows: list[Row], args: argparse.Namespace, diffs: dict[str, dict[str, int]]) -> None:
    import platform

    console = Console(width=max(140, Console().width))
    rev = paixing_revision()
    console.print(f"[bold]paixing move generation[/bold] on {platform.platform()}")
    console.print(f"CPU: {cpu_name()}; Python {platform.python_version()}; paixing {rev['version']} ({rev['commit']})")
    console.print(f"{args.states} seeded states per kind (seed {args.seed}), {args.repeat} timed calls each; median µs per call")
    console.print(f"garbage collector {'ON' if gc.isenabled() else 'off'}; clock: "
                  f"{'thread CPU time' if args.clock == 'cpu' else 'wall time'} less its own {args.clock_cost_ns} ns")
    ddz_rows = [r for r in rows if r.key.startswith(("lead", "resp"))]
    if ddz_rows:
        doudizhu_tables(ddz_rows, console)
        for key, diff in diffs.items():
            console.print(f"{key}, plays only one of paixing (doudizhu) and OpenSpiel returns, over all states: "
                          + ", ".join(f"{k} ×{v}" for k, v in diff.items()))
    others = [r for r in rows if r not in ddz_rows]
    if others:
        other_table(others, console)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=200, help="seeded states per kind (default 200)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per state and implementation (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help=f"comma-separated groups among {','.join(GROUPS)} (default: all)")
    parser.add_argument("--guandan-peer", help="a checkout of StevenUST/GuanDanZero (or env GUANDAN_PEER): its 掼蛋 column")
    parser.add_argument("--json", default=str(DEFAULT_PATH), help="result file to merge the 'movegen' section into")
    parser.add_argument("--no-json", action="store_true", help="print only")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="cpu: the thread's CPU time (default; other processes do not inflate it); wall: perf_counter")
    args = parser.parse_args(argv)
    gc.enable()
    peers = ddz.Peers(rlcard=ddz.load_rlcard(), douzero=ddz.load_douzero(), openspiel=load_openspiel())
    for name, hint in (("rlcard", "pip install rlcard==1.2.0"), ("douzero", "pip install --no-deps douzero"),
                       ("openspiel", "pip install open-spiel")):
        if getattr(peers, name) is None:
            print(f"{name} not installed: its column is left out ({hint}, or pip install '.[bench]')", file=sys.stderr)
    meta = Meta.start()
    rows = build(args, peers)
    args.clock_cost_ns = measure(rows, args.repeat, args.clock)
    diffs = differences(rows)
    report(rows, args, diffs)
    if not args.no_json:
        section: dict[str, Any] = {"args": {k: v for k, v in vars(args).items() if k not in ("json", "no_json")},
                                   "rows": [row_json(r) for r in rows], "openspiel_differences": diffs}
        print(f"wrote {merge_section('movegen', section, meta, args.json)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
