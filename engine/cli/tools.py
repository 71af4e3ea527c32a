"""``paixing play``, ``rulebook`` and ``check``: a hand at the terminal, books, conformance."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from paixing.rules.loader import builtin_ids, is_path_ref
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

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


@app.command("play")
def play_cmd(
    variant: VariantArg,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, 0 = the first in playing order.")] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deal and of the bots.")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the other seats: greedy, random or search[:BUDGET].")] = "greedy",
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Save the finished hand as a record (paixing show FILE)."),
    ] = None,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="--out may replace an existing file.")] = False,
) -> None:
    """Play one hand against bots by typing (docs/play.md); `?` lists your legal plays."""
    try:  # Ctrl-C while the terminal loads: one line and exit 1, as during the hand
        from .. import terminal

        code = terminal.play(variant, seat=seat, seed=seed, bots=bots, out=out, overwrite=overwrite)
    except KeyboardInterrupt:
        fail("Interrupted: the hand is abandoned.", EXIT_NOT_A_PLAY)
    raise typer.Exit(code)


@app.command("rulebook")
def rulebook_cmd(
    variant: VariantArg,
    lang: Annotated[str, typer.Option("--lang", help="zh or en.")] = "zh",
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="FILE", help="Write to FILE.")
    ] = None,
) -> None:
    """Render the rulebook of VARIANT; every example in it is checked while rendering."""
    from ..rulebook import FORMATS, LANGS, RulebookError, render_rulebook

    if lang not in LANGS or fmt not in FORMATS:
        fail(f"--lang is one of {', '.join(LANGS)}; --format one of {', '.join(FORMATS)}", EXIT_USAGE)
    load(variant)  # unknown variant: exit 2; invalid file: its problems and exit 1
    try:
        text = render_rulebook(variant, lang=lang, fmt=fmt)
    except RulebookError as exc:
        for line in str(exc).splitlines():
            typer.echo(line, err=True)
        raise typer.Exit(EXIT_NOT_A_PLAY) from None
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}", EXIT_USAGE)
    typer.echo(f"{output}: {len(text)} characters", err=True)


@app.command("check")
def check_cmd(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Variant files (or built-in ids).")],
    games: Annotated[int, typer.Option("--games", help="Random games per file.")] = 30,
    hands: Annotated[int, typer.Option("--hands", help="Small hands compared with brute force.")] = 40,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the hands and games.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """Run the conformance suite on a variant file: it loads, its examples hold, legal plays
    equal brute force, beats is a strict order, random games end, conserve cards, score to
    zero and replay, and the rulebook renders. Exit 1 naming every failed check."""
    from paixing.conformance.suite import Size, run_checks
    from paixing.rulebook import check_rulebook

    size = Size(hands=hands, games=games, seed=seed)
    reports = []
    console = new_console(stderr=True)
    for ref in files:
        if not is_path_ref(ref) and ref not in builtin_ids():
            fail(f"unknown variant {ref!r}; built in: {', '.join(builtin_ids())}", EXIT_USAGE)
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            console=console, transient=True, disable=as_json or not console.is_terminal,
        ) as progress:
            task = progress.add_task(f"checking {ref}", total=6)

            def step(name: str, task: object = task, ref: str = ref) -> None:
                progress.update(task, advance=1, description=f"{ref}: {name}")  # type: ignore[arg-type]

            results = run_checks(ref, size, progress=step, more=[("rulebook", check_rulebook)])
        reports.append((ref, results))
    ok = all(c.ok for _, results in reports for c in results)
    if as_json:
        print_json({"ok": ok, "files": [
            {"file": ref, "ok": all(c.ok for c in results),
             "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail, "problems": c.problems} for c in results]}
            for ref, results in reports
        ]})
    else:
        out = new_console()
        for ref, results in reports:
            table = Table(title=escape(ref), title_justify="left")
            table.add_column("check")
            table.add_column("result")
            table.add_column("detail")
            for c in results:
                table.add_row(escape(c.name), "[green]ok[/green]" if c.ok else "[red]FAILED[/red]", escape(c.detail))
            out.print(table)
            for c in results:
                for problem in c.problems:
                    typer.echo(f"{ref}: {c.name}: {problem}", err=True)
    if not ok:
        raise typer.Exit(EXIT_NOT_A_PLAY)
