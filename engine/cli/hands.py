"""``paixing simulate`` and ``replay``: whole hands played by bots, and their records."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from paixing.game.records import Replay, replay
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..run_files import Existing, OutDirError, RunFilesError
from ..simulate import MAX_GAMES, SimulationError, Summary, seat_bots, simulate
from ..workers import MAX_JOBS, stop_on_signals, usable_jobs
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


def _summary_tables(summary: Summary, seconds: float) -> list[Table]:
    """The tables of ``paixing simulate``; the per-seat table comes last."""
    tables: list[Table] = []
    counts = Table(title=f"{summary.variant}: {summary.games} hands, seed {summary.seed}")
    counts.add_column("what")
    counts.add_column("id")
    counts.add_column("count", justify="right")
    for group, values in (
        ("contract", summary.contracts),
        ("reason", summary.reasons),
        ("hand type", summary.hand_types),
        ("instant win", summary.instant_wins),
        ("reward", summary.rewards),
        ("trick bonus", summary.bonuses),
    ):
        for key, n in values.items():
            counts.add_row(group, escape(key), str(n))
    counts.add_row("redeals", "", str(summary.redeals))
    counts.add_row("tricks per hand", "", f"{summary.tricks_per_hand:.2f}")
    tables.append(counts)
    roles = Table(title="Roles")
    for column in ("role", "seats", "wins", "win rate"):
        roles.add_column(column, justify="left" if column == "role" else "right")
    for role, row in summary.roles.items():
        if row["seats"]:
            rate = row["win_rate"]
            roles.add_row(role, str(row["seats"]), str(row["wins"]), "" if rate is None else f"{rate:.1%}")
    tables.append(roles)
    rate = summary.games / seconds if seconds > 0 else 0.0
    seats = Table(title="Scores by seat", caption=f"{seconds:.2f} s, {rate:.1f} hands/s")
    for column in ("seat", "bot", "total", "mean", "stdev"):
        seats.add_column(column, justify="left" if column == "bot" else "right")
    for s, bot in enumerate(summary.bots):
        seats.add_row(
            str(s),
            bot,
            str(summary.seat_totals[s]),
            f"{summary.seat_means[s]:.3f}",
            f"{summary.seat_stdevs[s]:.3f}",
        )
    tables.append(seats)
    return tables


@dataclass
class _RunArgs:
    """What ``simulate`` passes on to the run besides the variant."""

    games: int
    seed: int
    names: list[str]
    jobs: int
    out: str | None
    existing: Existing
    force_jobs: bool


def _run_args(
    players: int, games: int, seed: int, bots: str, jobs: tuple[int, bool], out: str | None, existing: Existing
) -> _RunArgs:
    """The run's arguments, checked: bounds on --games and --jobs (capped at the cores, with a
    note, unless forced), and one known bot per seat. Exit 2 on a bad one."""
    wanted, force = jobs
    for flag, value, most in (("--games", games, MAX_GAMES), ("--jobs", wanted, MAX_JOBS)):
        if not 1 <= value <= most:
            fail(f"{flag} must be at least 1" if value < 1 else f"{flag} must be at most {most:,}", EXIT_USAGE)
    used = usable_jobs(wanted, force)
    try:
        names = seat_bots([b.strip() for b in bots.split(",")], players)
    except ValueError as exc:
        fail(f"--bots: {exc}", EXIT_USAGE)
    if used < wanted:
        typer.echo(f"--jobs {wanted}: this machine has {used} cores, using {used} (--jobs-force to insist)", err=True)
    return _RunArgs(games, seed, names, used, out, existing, force)


def _run(variant: str, label: str, a: _RunArgs, show_progress: bool) -> Summary:
    """``simulate`` with a progress bar on stderr for people (none for ``--json``); Ctrl-C and
    SIGTERM stop it after the hands under way."""
    stop = threading.Event()
    options = {"jobs": a.jobs, "out_dir": a.out, "existing": a.existing, "stop": stop, "force_jobs": a.force_jobs}
    with stop_on_signals(stop):
        if not show_progress:
            return simulate(variant, a.games, a.seed, a.names, **options)  # type: ignore[arg-type]
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(label, total=a.games)
            return simulate(
                variant, a.games, a.seed, a.names,
                progress=lambda done, total: bar.update(task, completed=done),
                **options,  # type: ignore[arg-type]
            )


@app.command("simulate")
def simulate_cmd(
    variant: VariantArg,
    games: Annotated[int, typer.Option("--games", metavar="N", help="Hands to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the whole run.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="NAMES",
            help="One bot for every seat, or one per seat, comma-separated (random, greedy).",
        ),
    ] = "random",
    jobs: Annotated[
        int, typer.Option("--jobs", metavar="K", help="Worker processes (at most the machine's cores, unless --jobs-force).")
    ] = 1,
    jobs_force: Annotated[bool, typer.Option("--jobs-force", help="Allow more --jobs than cores.")] = False,
    out: Annotated[
        str | None, typer.Option("--out", metavar="DIR", help="Write one JSON record per hand here.")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="--out holds records of this run: keep them, play the rest.")
    ] = False,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="--out holds records: remove them first.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Play hands with bots and summarise them (scores per seat, contracts, roles, hand types)."""
    rs = load(variant)
    if rs.variant.game is None:
        fail(f"{rs.id} defines hand types only, no game (it has no 'game:' section)", EXIT_USAGE)
    existing: Existing = "resume" if resume else "overwrite" if overwrite else "refuse"
    if resume and overwrite:
        fail("--resume and --overwrite exclude each other", EXIT_USAGE)
    args = _run_args(rs.variant.players, games, seed, bots, (jobs, jobs_force), out, existing)
    started = time.perf_counter()
    try:
        summary = _run(variant, rs.id, args, not as_json)
    except OutDirError as exc:
        fail(str(exc), EXIT_USAGE)
    except RunFilesError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    except SimulationError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    if summary.stopped:
        kept = f"; {summary.games} records in {out}: run again with --resume to finish" if out else ""
        fail(f"stopped after {summary.games} of {games} hands{kept}", EXIT_NOT_A_PLAY)
    seconds = time.perf_counter() - started
    if as_json:
        print_json(summary.to_json())
        return
    console = new_console()
    for table in _summary_tables(summary, seconds):
        console.print(table)


def _read_records(file: str) -> list[tuple[int, object]]:
    """The records in ``file``: one JSON document, or JSON lines (with their line numbers)."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {file}: {getattr(exc, 'strerror', None) or exc}", EXIT_USAGE)
    try:
        return [(0, json.loads(text))]
    except RecursionError:
        fail(f"{file}: not a game record: nested too deeply", EXIT_NOT_A_PLAY)
    except json.JSONDecodeError as whole:
        records: list[tuple[int, object]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append((number, json.loads(line)))
            except RecursionError:
                fail(f"{file}:{number}: not a game record: nested too deeply", EXIT_NOT_A_PLAY)
            except json.JSONDecodeError as exc:
                if not records:  # not JSON lines either: report the document's error
                    fail(f"{file}: not JSON: {whole}", EXIT_USAGE)
                fail(f"{file}:{number}: not JSON: {exc}", EXIT_USAGE)
        if not records:
            fail(f"{file}: no record in the file", EXIT_USAGE)
        return records


@app.command("replay")
def replay_cmd(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A game record (JSON), or JSON lines of records.")
    ],
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="FILE",
            help="Replay by these rules (a file or built-in id) instead of the file the record names; their digest must match.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Replay game records: re-check every action, the score and every recorded outcome."""
    records = _read_records(file)
    results: list[tuple[int, Replay]] = []
    record_dir = Path(file).parent
    for number, record in records:
        where = f"{file}:{number}" if number else file
        if not isinstance(record, dict):
            fail(f"{where}: not a game record (a JSON object)", EXIT_NOT_A_PLAY)
        outcome = replay(record, variant, record_dir)
        if outcome.game is None:
            fail(f"{where}: {outcome.error}", EXIT_NOT_A_PLAY)
        results.append((number, outcome))
    all_ok = all(r.ok for _, r in results)
    single = len(results) == 1 and results[0][0] == 0

    def scores(r: Replay) -> str:
        return " ".join(str(x) for x in r.scores)

    if as_json:
        rows = [{"line": number, **r.to_json()} for number, r in results]
        print_json(results[0][1].to_json() if single else {"ok": all_ok, "records": rows})
    elif single:
        r = results[0][1]
        if not r.ok:
            fail(f"{file}: {r.error}", EXIT_NOT_A_PLAY)
        typer.echo(f"ok: scores {scores(r)}")
    else:
        for number, r in results:
            typer.echo(f"{file}:{number}: " + (f"ok: scores {scores(r)}" if r.ok else str(r.error)))
    if not all_ok:
        raise typer.Exit(EXIT_NOT_A_PLAY)
