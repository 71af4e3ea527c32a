"""``paixing simulate``: whole hands played by bots — single hands, sessions of several hands
(``--session``) and whole matches (``--matches``, reported per pair of partners)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from paixing.agents.bots import make_bot
from paixing.runs.files import RECORD_GLOB, Existing, OutDirError, RunFilesError
from paixing.runs.matches import MatchError, simulate_matches
from paixing.runs.ray_pool import RayCluster
from paixing.runs.simulate import (
    MAX_GAMES,
    SimulationError,
    Summary,
    seat_bots,
    simulate,
    simulate_sessions,
)
from paixing.runs.workers import MAX_JOBS, stop_on_signals, usable_jobs
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .cluster import RayOption, ray_cluster, run_errors
from .common import (
    EXIT_NOT_A_PLAY,
    EXIT_USAGE,
    VariantArg,
    app,
    fail,
    load,
    new_console,
    print_json,
)

MAX_MATCHES = 10**6
"""Most matches in one run (each may take up to a thousand hands)."""
MAX_SESSION_HANDS = 10**6
"""Most hands in one session of ``--session``."""
SimulateJson = Annotated[bool, typer.Option("--json", help="Print JSON (shapes in docs/simulate.md).")]
MatchesOpt = Annotated[
    int | None, typer.Option("--matches", metavar="N", help="Play N whole matches (a variant with game.session): winners per side.")
]


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
    if roles.row_count:  # a free-for-all has no roles: no empty table
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
    ray: RayCluster | None = None


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
        for name in dict.fromkeys(names):  # a bad budget (search:0) said now, not at game 0
            make_bot(name, 0)
    except ValueError as exc:
        fail(f"--bots: {exc}", EXIT_USAGE)
    if used < wanted:
        typer.echo(f"--jobs {wanted}: this machine has {used} cores, using {used} (--jobs-force to insist)", err=True)
    return _RunArgs(games, seed, names, used, out, existing, force)


def _run(variant: str, label: str, a: _RunArgs, show_progress: bool) -> Summary:
    """``simulate`` with a progress bar on stderr for people (none for ``--json``); Ctrl-C and
    SIGTERM stop it after the hands under way."""
    stop = threading.Event()
    options = {"jobs": a.jobs, "out_dir": a.out, "existing": a.existing, "stop": stop, "force_jobs": a.force_jobs, "ray": a.ray}
    with stop_on_signals(stop), run_errors():
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
            help="One bot for every seat, or one per seat, comma-separated (random, greedy, search[:BUDGET]).",
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
    session: Annotated[
        int | None,
        typer.Option("--session", metavar="H", help="Play sessions of H hands (state carried); --games counts sessions."),
    ] = None,
    matches: MatchesOpt = None,
    as_json: SimulateJson = False,
    ray: RayOption = None,
) -> None:
    """Play hands with bots and summarise them (docs/simulate.md): scores, contracts, roles."""
    rs = load(variant)
    if rs.variant.game is None:
        fail(f"{rs.id} defines hand types only, no game (it has no 'game:' section)", EXIT_USAGE)
    existing: Existing = "resume" if resume else "overwrite" if overwrite else "refuse"
    if resume and overwrite:
        fail("--resume and --overwrite exclude each other", EXIT_USAGE)
    args = _run_args(rs.variant.players, games, seed, bots, (jobs, jobs_force), out, existing)
    args.ray = ray_cluster(ray, jobs)
    if session is not None or matches is not None:
        _runs(variant, games, (session, matches), seed, args, as_json)
        return
    started = time.perf_counter()
    try:
        summary = _run(variant, rs.id, args, not as_json)
    except OutDirError as exc:
        fail(str(exc), EXIT_USAGE)
    except (RunFilesError, SimulationError) as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    if summary.stopped:
        fail(_stopped(summary, games, out), EXIT_NOT_A_PLAY)
    seconds = time.perf_counter() - started
    if as_json:
        print_json(summary.to_json())
        return
    console = new_console()
    for table in _summary_tables(summary, seconds):
        console.print(table)


def _stopped(summary: Summary, games: int, out: str | None) -> str:
    """The line of a run that stopped: why (a failed cluster), how far, and how to finish."""
    kept = f"; {_records_in(out)} records in {out}: run again with --resume to finish" if out else ""
    cause = f"{summary.failure}: " if summary.failure else ""
    return f"{cause}stopped after {summary.games} of {games} hands{kept}"


def _records_in(out: str) -> int:
    """The records a stopped run left (on Ray, chunks under way when the cluster failed may
    have written some more than it counted: ``--resume`` counts them)."""
    try:
        return sum(1 for _ in Path(out).glob(RECORD_GLOB))
    except OSError:
        return 0


def _runs(variant: str, games: int, modes: tuple[int | None, int | None], seed: int, a: _RunArgs, as_json: bool) -> None:
    """``--session H`` (sessions of H hands, here) or ``--matches N`` (whole matches: ``matches_report``)."""
    session, matches = modes
    if session is not None and matches is not None:
        fail("--session and --matches exclude each other", EXIT_USAGE)
    if session is not None:
        _sessions(variant, games, session, seed, a, as_json)
    elif matches is not None:
        matches_report(variant, matches, seed, a.names, a.out, as_json)


def _sessions(variant: str, sessions: int, hands: int, seed: int, a: _RunArgs, as_json: bool) -> None:
    """``simulate --session H``: sessions of H hands, totals per seat (``--jobs`` processes or
    ``--ray`` play whole sessions)."""
    if not 1 <= hands <= MAX_SESSION_HANDS:
        fail("--session must be at least 1" if hands < 1 else f"--session must be at most {MAX_SESSION_HANDS:,}", EXIT_USAGE)
    try:
        with run_errors():
            result = simulate_sessions(variant, sessions, hands, seed, a.names, out_dir=a.out, jobs=a.jobs, ray=a.ray)
    except OutDirError as exc:
        fail(str(exc), EXIT_USAGE)
    except (SimulationError, RunFilesError) as exc:
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


def matches_report(variant: str, matches: int, seed: int, names: list[str], out: str | None, as_json: bool) -> None:
    """Play the matches and print the winners per side and the level (or points) progress."""
    if not 1 <= matches <= MAX_MATCHES:
        fail("--matches must be at least 1" if matches < 1 else f"--matches must be at most {MAX_MATCHES:,}", EXIT_USAGE)
    try:
        summary = simulate_matches(variant, matches, seed, names, out_dir=out)
    except ValueError as exc:
        fail(str(exc), EXIT_USAGE)
    except OutDirError as exc:
        fail(str(exc), EXIT_USAGE)
    except MatchError as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    data = summary.to_json()
    if as_json:
        print_json(data)
        return
    console = new_console()
    spread = data["hands_per_match"]
    sides = Table(title=f"{summary.variant}: {matches} matches, seed {seed}", caption=f"hands per match: mean {spread['mean']}, min {spread['min']}, max {spread['max']}")
    for col in ("side", "seats", "bots", "matches won", "win rate"):
        sides.add_column(col, justify="right" if col in ("matches won", "win rate") else "left")
    for k, seats in enumerate(summary.sides):
        bots = ", ".join(names[s] for s in seats)
        sides.add_row(str(k), " & ".join(map(str, seats)), bots, str(data["wins"][k]), f"{data['wins'][k] / matches:.1%}")
    console.print(sides)
    progress = Table(title="Progress (each side after every hand)")
    for col in ("match", "winner", "hands", "after each hand"):
        progress.add_column(col)
    for r in summary.results[:20]:
        steps = " ".join("/".join(map(str, p)) for p in r.progress)
        progress.add_row(str(r.index), str(r.winner), str(r.hands), steps)
    console.print(progress)
