"""``paixing simulate`` and ``replay``: whole hands played by bots, and their records."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from paixing.game.records import Replay, replay
from paixing.game.session import replay_session
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..simulate import SimulationError, Summary, seat_bots, simulate, simulate_sessions
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


def _run(
    variant: str, label: str, games: int, seed: int, names: list[str], jobs: int, out: str | None,
    show_progress: bool,
) -> Summary:
    """``simulate`` with a progress bar on stderr for people (none for ``--json``)."""
    if not show_progress:
        return simulate(variant, games, seed, names, jobs=jobs, out_dir=out)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=games)
        return simulate(
            variant,
            games,
            seed,
            names,
            jobs=jobs,
            out_dir=out,
            progress=lambda done, total: bar.update(task, completed=done),
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
    jobs: Annotated[int, typer.Option("--jobs", metavar="K", help="Worker processes.")] = 1,
    out: Annotated[
        str | None, typer.Option("--out", metavar="DIR", help="Write one JSON record per hand here.")
    ] = None,
    session: Annotated[
        int | None,
        typer.Option("--session", metavar="H", help="Play sessions of H hands (state carried); --games counts sessions."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Play hands with bots and summarise them (scores per seat, contracts, roles, hand types)."""
    rs = load(variant)
    if rs.variant.game is None:
        fail(f"{rs.id} defines hand types only, no game (it has no 'game:' section)", EXIT_USAGE)
    if games < 1:
        fail("--games must be at least 1", EXIT_USAGE)
    if jobs < 1:
        fail("--jobs must be at least 1", EXIT_USAGE)
    try:
        names = seat_bots([b.strip() for b in bots.split(",")], rs.variant.players)
    except ValueError as exc:
        fail(f"--bots: {exc}", EXIT_USAGE)
    if out is not None:
        try:
            Path(out).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"--out: cannot create {out}: {exc.strerror or exc}", EXIT_USAGE)
    if session is not None:
        _sessions(variant, games, session, seed, names, out, as_json)
        return
    started = time.perf_counter()
    try:
        summary = _run(variant, rs.id, games, seed, names, jobs, out, show_progress=not as_json)
    except SimulationError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    seconds = time.perf_counter() - started
    if as_json:
        print_json(summary.to_json())
        return
    console = new_console()
    for table in _summary_tables(summary, seconds):
        console.print(table)


def _sessions(variant: str, sessions: int, hands: int, seed: int, names: list[str], out: str | None, as_json: bool) -> None:
    """``simulate --session H``: sessions of H hands, totals per seat."""
    if hands < 1:
        fail("--session must be at least 1", EXIT_USAGE)
    try:
        result = simulate_sessions(variant, sessions, hands, seed, names, out_dir=out)
    except SimulationError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    if as_json:
        print_json(result.to_json())
        return
    table = Table(title=f"{result.variant}: {sessions} sessions of {hands} hands, seed {seed}")
    for col in ("seat", "bot", "total", "mean per session"):
        table.add_column(col)
    data = result.to_json()
    for s, total in enumerate(result.seat_totals):
        table.add_row(str(s), result.bots[s], str(total), str(data["seat_means_per_session"][s]))
    new_console().print(table)


def _read_records(file: str) -> list[tuple[int, object]]:
    """The records in ``file``: one JSON document, or JSON lines (with their line numbers)."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {file}: {getattr(exc, 'strerror', None) or exc}", EXIT_USAGE)
    try:
        return [(0, json.loads(text))]
    except json.JSONDecodeError as whole:
        records: list[tuple[int, object]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append((number, json.loads(line)))
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
    as_json: JsonFlag = False,
) -> None:
    """Replay game records: re-check every action and the score."""
    records = _read_records(file)
    results: list[tuple[int, Replay]] = []
    for number, record in records:
        where = f"{file}:{number}" if number else file
        if not isinstance(record, dict):
            fail(f"{where}: not a game record (a JSON object)", EXIT_USAGE)
        outcome = replay_session(record) if record.get("session") else replay(record)
        if outcome.game is None:
            fail(f"{where}: {outcome.error}", EXIT_USAGE)
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
