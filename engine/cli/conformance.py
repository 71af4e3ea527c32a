"""``paixing vectors``, ``conform`` and ``diff``: conformance across implementations and
across variants (docs/conformance.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from paixing.conformance.harness import DEFAULT_TIMEOUT, Report, run
from paixing.conformance.harness.process import CommandError, split_command
from paixing.conformance.vectors import MAX_RANDOM, OPS, Vectors, VectorsError, dumps, read, vectors
from paixing.game.record_format import printable
from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:  # the diff and the rulebook are imported by ``diff`` alone (start-up time)
    from paixing.conformance.diff import Diff
    from paixing.hands.compile import Ruleset
from .common import (
    EXIT_NOT_A_PLAY,
    EXIT_USAGE,
    JsonFlag,
    VariantArg,
    app,
    fail,
    load,
    new_console,
    print_json,
)

SeedOpt = Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the random cases and hands.")]
MAX_TIMEOUT = 86_400.0
"""The longest ``--timeout`` (a day): a bigger one is a typo."""
RandomOpt = Annotated[int, typer.Option("--random", metavar="N", help=f"Seeded random card cases to add (at most {MAX_RANDOM:,}).")]



def _random(n: int) -> int:
    """``--random`` within its bound (it had none: a slip of a digit ran for hours)."""
    if not 0 <= n <= MAX_RANDOM:
        fail(f"--random: between 0 and {MAX_RANDOM:,} cases, not {n:,}", EXIT_USAGE)
    return n


def _load_valid(ref: str) -> Ruleset:
    """The compiled variant once it passes what ``paixing validate`` checks (loading, then
    compiling and every example), else its problems and exit 1 (2 when it is not found):
    vectors and the diff trust what they read, and on a file that failed validation they ran
    for minutes into tracebacks."""
    from .variants import _check_file

    rs = load(ref)
    _, problems = _check_file(ref)
    if problems:
        for problem in problems:
            typer.echo(problem, err=True)
        raise typer.Exit(EXIT_NOT_A_PLAY)
    return rs


def _ops(text: str) -> list[str]:
    ops = [o.strip() for o in text.split(",") if o.strip()]
    bad = [o for o in ops if o not in OPS]
    if bad or not ops:
        fail(f"--ops: choose among {', '.join(OPS)}", EXIT_USAGE)
    return ops


@app.command("vectors")
def vectors_cmd(
    variant: VariantArg,
    out: Annotated[Path | None, typer.Option("--out", metavar="FILE", help="Write the JSON lines here (default: stdout).")] = None,
    random: RandomOpt = 0,
    seed: SeedOpt = 0,
    ops: Annotated[str, typer.Option("--ops", help="Ops to include, comma-separated.")] = ",".join(OPS),
    hands: Annotated[int, typer.Option("--hands", metavar="N", help="Hands tried to reach every score row.")] = 300,
) -> None:
    """Conformance vectors from the variant file alone: one JSON case a line (docs/conformance.md)."""
    if hands < 0:
        fail("--hands must not be negative", EXIT_USAGE)
    _random(random)
    rs = _load_valid(variant)
    found = vectors(rs, random=random, seed=seed, hands=hands > 0, max_games=hands, ops=_ops(ops))
    text = dumps(found)
    for contract, row in found.unreached:
        typer.echo(f"{rs.id}: no hand in {hands} reached score row {row} of {contract}", err=True)
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"{out}: cannot write: {exc.strerror or exc}", EXIT_USAGE)
    typer.echo(f"{out}: {len(found.cases)} cases", err=True)


def _report_tables(report: Report) -> list[Table]:
    rows = Table(title=f"{report.variant}: {sum(r.ok for r in report.results)}/{len(report.results)} cases agree")
    for column in ("rule", "rungs", "notes", "cases", "failed"):
        rows.add_column(column, justify="right" if column in ("cases", "failed") else "left")
    for row in report.summary():
        failed = row.cases - row.passed
        rows.add_row(escape(printable(row.rule)), " ".join(map(str, sorted(row.rungs))), escape(printable(" ".join(sorted(row.notes)))),
                     str(row.cases), f"[red]{failed}[/red]" if failed else "0")
    return [rows]


def _print_disagreements(report: Report, limit: int) -> None:
    """Each disagreement in full; whatever came from the program or a cases file is escaped
    (a terminal escape in an answer is printed as ``\x1b``, never sent to the terminal)."""
    for r in report.failures[:limit]:
        data = r.to_json()
        say = [
            f"{data['id']} [{r.status}] {data['why']}",
            f"  request:  {json.dumps(data['request'], ensure_ascii=False)}",
            f"  expected: {json.dumps(data['expected'], ensure_ascii=False)}",
            f"  received: {_cut(json.dumps(data['received'], ensure_ascii=False))}",
            f"  {r.detail}",
            f"  rule: {json.dumps(data['rule'], ensure_ascii=False)}",
        ]
        for line in say:
            typer.echo(printable(line))
    if len(report.failures) > limit:
        typer.echo(f"… and {len(report.failures) - limit} more (--json lists them all)")


def _cases(path: Path, rs: Ruleset) -> Vectors:
    """The vectors of ``--cases``, every line checked (``FILE:LINE: …``, exit 2), and of the
    variant tested."""
    try:
        found = read(path)
    except VectorsError as exc:
        fail(str(exc), EXIT_USAGE)
    if found.variant != rs.id:
        fail(f"{path}:1: the cases are of {printable(found.variant)!r}, not of {rs.id!r}", EXIT_USAGE)
    return found


def _cut(text: str, most: int = 2000) -> str:
    return text if len(text) <= most else text[:most] + f"… ({len(text) - most:,} more characters)"


@app.command("conform")
def conform_cmd(
    variant: VariantArg,
    cmd: Annotated[str, typer.Option("--cmd", metavar="PROGRAM ARGS", help="The implementation to test (JSON lines on stdin/stdout).")],
    cases: Annotated[Path | None, typer.Option("--cases", metavar="FILE", help="Vectors to use (default: generate them).")] = None,
    random: RandomOpt = 0,
    seed: SeedOpt = 0,
    ops: Annotated[str, typer.Option("--ops", help="Ops to test, comma-separated.")] = ",".join(OPS),
    timeout: Annotated[float, typer.Option("--timeout", metavar="SECONDS", help="Time limit per answer.")] = DEFAULT_TIMEOUT,
    show: Annotated[int, typer.Option("--show", metavar="N", help="Disagreements printed in full.")] = 20,
    as_json: JsonFlag = False,
) -> None:
    """Run an external implementation on the variant's vectors; exit 1 on any disagreement."""
    _random(random)
    rs = load(variant)
    wanted = _ops(ops)
    try:
        split_command(cmd)
    except CommandError as exc:
        fail(f"--cmd: {exc}", EXIT_USAGE)
    if not 0 < timeout <= MAX_TIMEOUT:
        fail(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds", EXIT_USAGE)
    found = _cases(cases, rs) if cases is not None else vectors(rs, random=random, seed=seed, ops=wanted)
    selected = [c for c in found.cases if c.get("op") in wanted]
    report = run(selected, cmd, variant, timeout=timeout)
    if as_json:
        print_json(report.to_json())
    else:
        for table in _report_tables(report):
            new_console().print(table)
        _print_disagreements(report, show)
    if not report.ok:
        raise typer.Exit(EXIT_NOT_A_PLAY)


def _print_diff(d: Diff, show: int, doc: Callable[[str], str]) -> None:
    if d.hand:
        said = "; ".join(f"{k} {', '.join(v) if isinstance(v, list) else v}" for k, v in d.hand.items())
        typer.echo(f"compared in one hand: {said}")
    _print_changed(d, doc)
    if not d.groups:
        typer.echo(f"{d.a} and {d.b}: no difference found")
        return
    for g in d.groups:
        counts = ", ".join(f"{n} {k}" for k, n in g.counts().items())
        typer.echo(f"{g.rule}  ({counts})")
        if g.meaning:
            typer.echo(f"  {g.meaning}")
        for c in g.shown(show):
            typer.echo("  " + _case_line(c.to_json(), d))
        typer.echo("")


def _print_changed(d: Diff, doc: Callable[[str], str]) -> None:
    """Every changed key first (what the JSON's ``changed`` lists), with the rule language's
    description, and which of them no case was found for (a bonus or a score row the hands
    tried never reached, a key that changes nothing at these sizes)."""
    if not d.changed:
        return
    covered = [part.strip() for g in d.groups for part in g.rule.split("+")]
    typer.echo(f"changed rules ({len(d.changed)}):")
    for key in d.changed:
        found = any(key == rule or key.startswith((rule + ".", rule + "[")) for rule in covered)
        meaning = doc(key)
        typer.echo(f"  {key}" + (f": {meaning}" if meaning else "") + ("" if found else "  [no case found]"))
    typer.echo("")


def _case_line(c: dict[str, object], d: Diff) -> str:
    kind = c["kind"]
    if kind == "classify":
        return f"classify {c['cards']}: {d.a} {c['a']}, {d.b} {c['b']}"
    if kind == "beats":
        return f"beats {c['play']} on {c['target']}: {d.a} {c['a']}, {d.b} {c['b']}"
    if kind == "moves":
        return f"moves {c['hand']}: only in {d.a} {c['a']}, only in {d.b} {c['b']}"
    return f"score ({c['contract']}, {len(c['actions'])} actions, deal {c['deal']}): {d.a} {c['a']}, {d.b} {c['b']}"  # type: ignore[arg-type]


@app.command("diff")
def diff_cmd(
    a: Annotated[str, typer.Argument(metavar="A", help="A variant id or file.")],
    b: Annotated[str, typer.Argument(metavar="B", help="Another variant id or file.")],
    size: Annotated[int, typer.Option("--size", metavar="N", help="Every hand of up to N cards is searched.")] = 4,
    show: Annotated[int, typer.Option("--show", metavar="N", help="Cases shown per kind and rule.")] = 3,
    hands: Annotated[bool, typer.Option("--hands/--no-hands", help="Compare scores of whole hands too.")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Where two variants disagree, as minimal concrete cases grouped by the rule that causes them."""
    from paixing.conformance.diff import diff

    from ..rulebook.diff import diff_variants, path_doc

    if size < 1:
        fail("--size must be at least 1", EXIT_USAGE)
    ra, rb = _load_valid(a), _load_valid(b)
    paths = [path for path, *_ in diff_variants(ra.variant, rb.variant)]
    games = hands and ra.variant.game is not None and rb.variant.game is not None
    found = diff(ra, rb, paths, path_doc, size=size, hands=games)
    if as_json:
        print_json(found.to_json(show))
        return
    _print_diff(found, show, path_doc)
