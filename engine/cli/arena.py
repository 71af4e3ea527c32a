"""``paixing arena``: agents against each other on the same deals, every agent in every seat."""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Annotated

import typer
from paixing.runs.files import OutDirError, RunFilesError
from paixing.runs.ray_pool import RayCluster
from paixing.runs.workers import MAX_JOBS, stop_on_signals, usable_jobs
from rich.console import Console
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

if TYPE_CHECKING:  # the agents (and their search) are imported when a run starts (start-up time)
    from ..arena import AgentSpec, ArenaResult

MAX_HANDS = 10**7
MAX_TIMEOUT = 86_400.0
"""The longest ``--timeout`` (a day): a bigger one is a typo."""


def _table(result: ArenaResult, seconds: float) -> Table:
    """Mean score per hand and its 95 % interval, one row per agent."""
    rate = len(result.hands) / seconds if seconds > 0 else 0.0
    table = Table(
        title=f"{result.variant}: {result.deals} deals × {len(result.seatings)} seatings = {len(result.hands)} hands, seed {result.seed}",
        caption=f"95 % CI over deals (Student t); {seconds:.1f} s, {rate:.2f} hands/s",
    )
    for column in ("agent", "seat-hands", "mean score/hand", "95 % CI"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for a in result.agents:
        ci = "n/a" if a.low is None or a.high is None else f"[{a.low:+.3f}, {a.high:+.3f}]"
        table.add_row(a.agent, str(a.hands), f"{a.mean:+.3f}", ci)
    return table


def shared_seats(names: list[str], players: int) -> str | None:
    """The note said when fewer agents than seats are given: the base seating gives seat ``s``
    agent ``s mod k``, so some agent holds several seats of every hand (``search:8,greedy`` at
    four seats is two search seats against two greedy ones), which the names alone do not say."""
    if not 1 < len(names) < players:
        return None
    base = [names[s % len(names)] for s in range(players)]
    held = {name: base.count(name) for name in dict.fromkeys(base) if base.count(name) > 1}
    holds = ", ".join(f"{name} holds {n} seats" for name, n in held.items())
    one_each = ",".join(names + [names[-1]] * (players - len(names)))
    return (f"note: {len(names)} agents for {players} seats: in every seating {holds} ({','.join(base)} and its "
            f"rotations); to give {names[0]} one seat, name one agent per seat: --agents {one_each}")


def _play(
    variant: str, specs: list[AgentSpec], deals: int, seed: int, jobs: int, out: str | None, bar: bool, ray: RayCluster | None
) -> ArenaResult:
    """Run the arena, with a progress bar on stderr for people; Ctrl-C stops it after the
    hands under way."""
    from ..arena import arena

    stop = threading.Event()
    with stop_on_signals(stop), run_errors():
        if not bar:
            return arena(variant, specs, deals, seed, jobs, out, stop=stop, ray=ray)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task(variant, total=None)
            return arena(
                variant, specs, deals, seed, jobs, out,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
                stop=stop,
                ray=ray,
            )


def _agents(variant: str, agents: str, timeout: float) -> list[AgentSpec]:
    """The variant's agents, checked (exit 2 with one line): a variant with a game, known
    agents, at most one per seat, a ``--timeout`` in range; the note of ``shared_seats``."""
    from ..arena import AgentError, parse_agents

    rs = load(variant)
    if rs.variant.game is None:
        fail(f"{rs.id} defines hand types only, no game (it has no 'game:' section)", EXIT_USAGE)
    if not 0 < timeout <= MAX_TIMEOUT:
        fail(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds", EXIT_USAGE)
    try:
        specs = parse_agents(agents, timeout)
    except AgentError as exc:
        fail(f"--agents: {exc}", EXIT_USAGE)
    if len(specs) > rs.variant.players:
        fail(f"--agents: {len(specs)} agents given for {rs.variant.players} seats", EXIT_USAGE)
    note = shared_seats([s.name for s in specs], rs.variant.players)
    if note:
        typer.echo(note, err=True)
    return specs


@app.command("arena")
def arena_cmd(
    variant: VariantArg,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="NAMES",
            help="Comma-separated agents (at most one per seat): random, greedy, search[:ROLLOUTS|:50ms], "
            "module:Class, exec:COMMAND (docs/arena.md).",
        ),
    ] = "search,greedy",
    hands: Annotated[
        int, typer.Option("--hands", metavar="N", help="Deals to play; each is played in every seating.")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the whole run.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", metavar="K", help="Worker processes (at most the cores).")] = 1,
    out: Annotated[
        str | None, typer.Option("--out", metavar="DIR", help="Write each hand's record and arena.json here.")
    ] = None,
    timeout: Annotated[
        float,
        typer.Option("--timeout", metavar="SECONDS", help="Time limit per answer (and per message taken) of an exec: agent."),
    ] = 10.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (shape in docs/arena.md).")] = False,
    ray: RayOption = None,
) -> None:
    """Play agents against each other on the same deals, seats rotated (docs/arena.md)."""
    from ..arena import AgentError
    from ..arena.external import ExternalAgentError

    for flag, value, most in (("--hands", hands, MAX_HANDS), ("--jobs", jobs, MAX_JOBS)):
        if not 1 <= value <= most:
            fail(f"{flag} must be at least 1" if value < 1 else f"{flag} must be at most {most:,}", EXIT_USAGE)
    specs = _agents(variant, agents, timeout)
    cluster = ray_cluster(ray, jobs)
    used = usable_jobs(jobs)
    if used < jobs:
        typer.echo(f"--jobs {jobs}: this machine has {used} cores, using {used}", err=True)
    started = time.perf_counter()
    try:
        result = _play(variant, specs, hands, seed, used, out, not as_json, cluster)
    except OutDirError as exc:
        fail(str(exc), EXIT_USAGE)
    except (RunFilesError, AgentError, ExternalAgentError) as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)
    if result.stopped:
        fail(f"stopped after {result.deals} of {hands} deals", EXIT_NOT_A_PLAY)
    if as_json:
        print_json(result.to_json())
        return
    new_console().print(_table(result, time.perf_counter() - started))
