"""README's speed tables and docs/performance.md's scaling tables, rendered from the JSON
result file (never typed by hand).

    python benchmarks/readme_table.py [--json FILE] [--readme README.md] [--docs FILE] [--check]

Rewrites the block between ``<!-- speed:begin -->`` and ``<!-- speed:end -->`` in README.md
from benchmarks/results/latest.json (the sections ``movegen`` and ``games``, and ``startup``
when benchmarks/startup.py has written one), and in docs/performance.md the blocks
``<!-- moves:… -->`` (what each implementation returns, section ``movegen``) and
``<!-- scaling:… -->`` (section ``scaling``). ``--check``
only says whether the blocks are up to date (exit 1 if not); tests/tools/test_benchmarks.py does the
same, so the tables cannot drift from the committed file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results import DEFAULT_PATH, load  # noqa: E402

BEGIN, END = "<!-- speed:begin -->", "<!-- speed:end -->"
SCALING_BEGIN, SCALING_END = "<!-- scaling:begin -->", "<!-- scaling:end -->"
MOVES_BEGIN, MOVES_END = "<!-- moves:begin -->", "<!-- moves:end -->"
README = Path(__file__).resolve().parent.parent / "README.md"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
PEERS = ("RLCard", "DouZero", "OpenSpiel")
DOUDIZHU = {"lead20": "20-card lead", "lead17": "17-card lead", "resp17": "17-card response", "resp20": "20-card response"}
GAMES = {
    "doudizhu": "斗地主 (`doudizhu`, auction included)",
    "chibi-dagun": "赤壁打滚 (`chibi-dagun`)",
    "banzipao": "板子炮 (`banzipao`)",
    "RLCard DoudizhuGame loop": "RLCard 1.2.0 `DoudizhuGame` loop (no auction)",
    "DouZero GameEnv loop": "DouZero `GameEnv` loop (no auction)",
    "OpenSpiel dou_dizhu, Python loop": "OpenSpiel `dou_dizhu`, playouts driven from Python",
    "OpenSpiel dou_dizhu, evaluate_bots (C++)": "OpenSpiel `dou_dizhu`, `evaluate_bots` (all C++)",
}


def _num(x: float | None, digits: int = 0) -> str:
    if x is None or x != x:  # NaN
        return "—"
    return f"{x:,.{digits}f}" if x >= 10 or digits == 0 else f"{x:,.1f}"


def _when(meta: dict[str, Any]) -> str:
    load = meta.get("load_before") or ["?"]
    after = meta.get("load_after") or ["?"]
    return (f"{meta['date'][:10]}, paixing {meta['paixing']['commit']}, {meta['cpu']} × {meta['cores']}, "
            f"Python {meta['python'].split()[0]}, load {load[0]} → {after[0]}, garbage collector "
            f"{'on' if meta.get('gc') else 'off'}")


def movegen_block(sec: dict[str, Any]) -> list[str]:
    rows = {r["key"]: r for r in sec["rows"] if r.get("key")}
    args = sec["args"]
    out = [
        f"µs per `legal_plays` call, median of {args['states']} seeded states × {args['repeat']} calls, every "
        f"implementation in one run (`python {sec['meta']['command']}`; {_when(sec['meta'])}). In brackets: "
        "peer µs ÷ paixing µs (above 1, paixing is faster). \"cards picked\" also reads `p.cards` of every play.",
        "",
        "| 斗地主 state | paixing | cards picked | RLCard | DouZero | OpenSpiel (C++) | plays/call: paixing / RLCard / DouZero / OpenSpiel |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key, label in DOUDIZHU.items():
        if key not in rows:
            continue
        impls = {i["name"]: i for i in rows[key]["impls"]}
        cells = [_num(impls["paixing"]["us"], 1)]
        for name in ("paixing cards picked", *PEERS):
            i = impls.get(name)
            cells.append("—" if i is None or not i["states"] else f"{_num(i['us'], 1)} ({i['ratio']:.2f})")
        plays = " / ".join(_num(impls[n]["plays"], 1) if n in impls and impls[n]["states"] else "—" for n in ("paixing", *PEERS))
        out.append(f"| {label} | {' | '.join(cells)} | {plays} |")
    out += _chibi(rows)
    out += ["", _agreement([rows[k] for k in DOUDIZHU if k in rows])]
    return out


def _agreement(rows: list[dict[str, Any]]) -> str:
    """One sentence: over the 斗地主 states, how often each peer's set of plays is paixing's."""
    parts = []
    for name in PEERS:
        found = [i for r in rows for i in r["impls"] if i["name"] == name and i["compared"]]
        if found:
            same, compared = sum(i["same"] for i in found), sum(i["compared"] for i in found)
            parts.append(f"{name} (against `{found[0]['compared_with']}`) {same:,} of {compared:,}")
    return ("States where a peer returns the same set of plays as paixing on the peer's rules: "
            + "; ".join(parts) + ". OpenSpiel's rules differ (no 四带二, no chain from a rank held four "
            "times, no rocket among a plane's kickers, a bomb beats the rocket) and its moves include the pass: "
            "docs/performance.md.")


def _chibi(rows: dict[str, Any]) -> list[str]:
    out = []
    chibi = [rows[k] for k in sorted(rows) if k.startswith("chibi27j")]
    if chibi:
        jokers = " / ".join(k[-1] for k in sorted(rows) if k.startswith("chibi27j"))
        us = " / ".join(_num(r["impls"][0]["us"]) for r in chibi)
        out.append(f"| 赤壁打滚 27-card lead, {jokers} jokers | {us} | | | | | |")
    return out


def games_block(sec: dict[str, Any]) -> list[str]:
    rows = {r["name"]: r for r in sec["rows"]}
    out = [
        "",
        f"Whole random hands per CPU second (`python {sec['meta']['command']}`, {_when(sec['meta'])}); "
        "ratio to RLCard's game loop in the same run:",
        "",
        "| game | games/s | ratio |",
        "| --- | ---: | ---: |",
    ]
    for name, label in GAMES.items():
        r = rows.get(name)
        if r is not None:
            ratio = f"{r['ratio']:.2f}" if r.get("ratio") is not None else "—"
            out.append(f"| {label} | {_num(r['games_per_cpu_s'])} | {ratio} |")
    return out


def startup_block(sec: dict[str, Any]) -> list[str]:
    """benchmarks/startup.py's rows: ``{"name": str, "median_ms": float}`` each, and the ratio
    to ``python -c pass`` in the same run (``vs_python``) when the row has it: on a loaded
    machine the milliseconds grow with the load, the ratio much less."""
    out = ["", f"Start-up, median ms of a whole process, bytecode cached (`python {sec['meta']['command']}`; "
           f"{_when(sec['meta'])}); in brackets, × `python -c pass` in the same run:", "",
           "| command | ms |", "| --- | ---: |"]
    return out + [f"| `{r['name']}` | {_num(r['median_ms'])}" + (f" ({r['vs_python']:.2f})" if "vs_python" in r else "") + " |"
                  for r in sec.get("rows", [])]


def render(data: dict[str, Any]) -> str:
    """README's block for a loaded result file."""
    sections = data["sections"]
    lines: list[str] = []
    if "movegen" in sections:
        lines += movegen_block(sections["movegen"])
    if "games" in sections:
        lines += games_block(sections["games"])
    if "startup" in sections:
        lines += startup_block(sections["startup"])
    return "\n".join(lines) + "\n"


def _grid(cells: list[dict[str, Any]], variant: str) -> list[str]:
    mine = [c for c in cells if c["variant"] == variant]
    if not mine:
        return []
    most = max(c["jokers"] for c in mine)
    head = ["cards", *(f"{j} joker{'s' if j != 1 else ''}" for j in range(most + 1))]
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join(["---:"] * len(head)) + " |"]
    for size in sorted({c["size"] for c in mine}):
        row = {c["jokers"]: c for c in mine if c["size"] == size}
        out.append(f"| {size} | " + " | ".join(
            f"{_num(row[j]['lead_us'])} / {_num(row[j]['response_us'])} ({_num(row[j]['lead_plays'])} / {_num(row[j]['response_plays'])})"
            if j in row else "" for j in range(most + 1)) + " |")
    return out


def scaling_render(data: dict[str, Any]) -> str:
    """docs/performance.md's scaling block: µs per call by hand size × jokers, and memory."""
    sec = data["sections"].get("scaling")
    if sec is None:
        return "(no scaling section yet: run python benchmarks/scaling.py)\n"
    args = sec["args"]
    lines = [f"`python {sec['meta']['command']}` ({_when(sec['meta'])}); median µs per `legal_plays` call over "
             f"{args['states']} seeded hands × {args['repeat']} calls, lead / response (plays per call, lead / response).", ""]
    for variant, title in (("chibi-dagun", "赤壁打滚 (`chibi-dagun`, four wild jokers)"), ("doudizhu", "斗地主 (`doudizhu`, jokers not wild)")):
        lines += [f"{title}:", "", *_grid(sec["cells"], variant), ""]
    mem = sec.get("memory")
    if mem:
        lines += ["Loading and compiling each built-in variant (`compile_variant(load_variant(id))`), tracemalloc KiB: "
                  "alone (a fresh process each) and in turn (all in one process):", "",
                  "| variant | peak alone | retained alone | peak in turn | retained in turn |", "| --- | ---: | ---: | ---: | ---: |"]
        together = {r["variant"]: r for r in mem["together"]}
        for r in mem["alone"]:
            t = together[r["variant"]]
            lines.append(f"| {r['variant']} | {_num(r['peak_kib'])} | {_num(r['retained_kib'])} | {_num(t['peak_kib'])} | {_num(t['retained_kib'])} |")
        lines.append(f"| all {len(mem['alone'])}, one process | | | {_num(mem['total_peak_kib'])} (process peak) | {_num(mem['total_retained_kib'])} |")
    return "\n".join(lines) + "\n"


def moves_render(data: dict[str, Any]) -> str:
    """docs/performance.md's moves block: moves per call as returned and as distinct sets of
    cards, per implementation, and the plays only paixing or only OpenSpiel returned."""
    sec = data["sections"].get("movegen")
    if sec is None:
        return "(no movegen section yet: run python benchmarks/movegen.py)\n"
    rows = {r["key"]: r for r in sec["rows"] if r.get("key")}
    lines = [f"From `python {sec['meta']['command']}` ({sec['args']['states']} states per kind, seed "
             f"{sec['args']['seed']}): moves per call as returned, and in brackets distinct sets of cards "
             "(the pass left out, a repeated move counted once).", "",
             "| 斗地主 state | paixing | RLCard | DouZero | OpenSpiel |", "| --- | ---: | ---: | ---: | ---: |"]
    for key, label in DOUDIZHU.items():
        if key in rows:
            impls = {i["name"]: i for i in rows[key]["impls"]}
            lines.append(f"| {label} | " + " | ".join(
                f"{_num(impls[n]['plays'], 1)} ({_num(impls[n]['distinct'], 1)})" if n in impls and impls[n]["states"] else "—"
                for n in ("paixing", *PEERS)) + " |")
    lines.append("")
    for key, diff in sec.get("openspiel_differences", {}).items():
        lines.append(f"- {DOUDIZHU.get(key, key)}, over all its states: " + ", ".join(f"{k} × {v:,}" for k, v in diff.items()))
    return "\n".join(lines) + "\n"


def replace_block(text: str, block: str, begin: str = BEGIN, end: str = END) -> str:
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + "\n" + block + text[stop:]


def current_block(text: str, begin: str = BEGIN, end: str = END) -> str:
    return text[text.index(begin) + len(begin): text.index(end)].removeprefix("\n")


def _targets(args: argparse.Namespace, data: dict[str, Any]) -> list[tuple[Path, str, str, str]]:
    return [(Path(args.readme), BEGIN, END, render(data)),
            (Path(args.docs), MOVES_BEGIN, MOVES_END, moves_render(data)),
            (Path(args.docs), SCALING_BEGIN, SCALING_END, scaling_render(data))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", default=str(DEFAULT_PATH))
    parser.add_argument("--readme", default=str(README))
    parser.add_argument("--docs", default=str(DOCS), help="the file holding the scaling block")
    parser.add_argument("--check", action="store_true", help="exit 1 if a block is out of date")
    args = parser.parse_args(argv)
    stale = 0
    for path, begin, end, block in _targets(args, load(args.json)):
        text = path.read_text(encoding="utf-8")
        if args.check:
            ok = current_block(text, begin, end) == block
            stale += not ok
            name = begin[5:-4].split(":")[0]
            print(f"{path} ({name}): {'up to date' if ok else 'out of date: run python benchmarks/readme_table.py'}")
        else:
            path.write_text(replace_block(text, block, begin, end), encoding="utf-8")
            print(f"rewrote the {begin[5:-4].split(':')[0]} block of {path}")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
