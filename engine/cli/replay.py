"""``paixing replay``: re-check game records (one file, JSON lines, or many files and folders
in parallel) — every action and the score."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from paixing.runs.replay import ReplayResult, record_files, replay_file, replay_many
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .common import EXIT_NOT_A_PLAY, EXIT_USAGE, app, fail, print_json
from .simulate import SimulateJson

ReplayJobs = Annotated[
    int | None,
    typer.Option("--jobs", metavar="K", help="Worker processes for many files (default: one per core)."),
]


@app.command("replay")
def replay_cmd(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE...",
            help="Game records (JSON), JSON lines of records, or directories of them (*.json, *.jsonl).",
        ),
    ],
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="FILE",
            help="Replay by these rules (a file or built-in id) instead of the file the record names; their digest must match.",
        ),
    ] = None,
    jobs: ReplayJobs = None,
    as_json: SimulateJson = False,
) -> None:
    """Replay game records: re-check every action and the score (docs/simulate.md)."""
    if jobs is not None and jobs < 1:
        fail("--jobs must be at least 1", EXIT_USAGE)
    missing = next((f for f in files if not os.path.lexists(f)), None)
    if missing is not None and len(files) > 1:  # said before the others are replayed, not after
        fail(f"cannot read {missing}: No such file or directory", EXIT_USAGE)
    expanded = record_files(files)
    if not expanded:
        fail(f"no record files (*.json, *.jsonl) in {', '.join(files)}", EXIT_USAGE)
    if len(files) == 1 and expanded == files:
        _replay_one_file(files[0], as_json, variant)
        return
    outcomes = _replay_with_bar(expanded, jobs, show=not as_json, variant=variant)
    if as_json:
        print_json({"ok": all(o.ok for o in outcomes), "records": [o.to_json() for o in outcomes]})
    else:
        for o in outcomes:
            typer.echo(f"{o.where}: ok: scores {_scores(o)}" if o.ok else str(o.error if o.bad_input else f"{o.where}: {o.error}"))
        typer.echo(tally(outcomes, len(expanded)))
    if any(o.bad_input for o in outcomes):
        raise typer.Exit(EXIT_USAGE)
    if not all(o.ok for o in outcomes):
        raise typer.Exit(EXIT_NOT_A_PLAY)


def tally(outcomes: list[ReplayResult], files: int) -> str:
    """The last line of a many-files replay: how many records, how many ok, refused, unread."""
    unread = sum(o.bad_input for o in outcomes)
    records = len(outcomes) - unread
    ok = sum(o.ok for o in outcomes)
    line = f"{_count(records, 'record')} in {_count(files, 'file')}: {ok} ok, {records - ok} refused"
    return line + (f", {_count(unread, 'file')} not read" if unread else "")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _scores(o: ReplayResult) -> str:
    return " ".join(str(x) for x in o.scores)


def _replay_with_bar(files: list[str], jobs: int | None, show: bool, variant: str | None) -> list[ReplayResult]:
    """``replay_many`` with a progress bar on stderr for people (none for ``--json``)."""
    if not show:
        return replay_many(files, jobs, variant=variant)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("replay", total=len(files))
        return replay_many(files, jobs, progress=lambda done, total: bar.update(task, completed=done), variant=variant)


def _replay_one_file(file: str, as_json: bool, variant: str | None) -> None:
    """One file as before: a single record prints its scores (or why it is refused: malformed,
    tampered or against its rules, exit 1); JSON lines print one line per record; a file that
    cannot be read or is not JSON exits 2 with one line."""
    outcomes = replay_file(file, variant)
    bad = next((o for o in outcomes if o.bad_input), None)
    if bad is not None:
        fail(str(bad.error), EXIT_USAGE)
    all_ok = all(o.ok for o in outcomes)
    single = len(outcomes) == 1 and outcomes[0].line == 0
    if as_json:
        rows = [{"line": o.line, "ok": o.ok, "scores": list(o.scores), "error": o.error} for o in outcomes]
        one = {k: v for k, v in rows[0].items() if k != "line"}
        print_json(one if single else {"ok": all_ok, "records": rows})
    elif single:
        if not outcomes[0].ok:
            fail(f"{file}: {outcomes[0].error}", EXIT_NOT_A_PLAY)
        typer.echo(f"ok: scores {_scores(outcomes[0])}")
    else:
        for o in outcomes:
            typer.echo(f"{o.where}: " + (f"ok: scores {_scores(o)}" if o.ok else str(o.error)))
    if not all_ok:
        raise typer.Exit(EXIT_NOT_A_PLAY)
