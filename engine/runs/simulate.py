"""Many hands played by bots, summarised: scores per seat, contracts, roles, hand types.

Game ``i`` of a run is dealt from ``game_seed(seed, i)`` and its bots are seeded from
``bot_seed(seed, i, seat)`` (both in ``paixing.agents.play``, shared with the terminal), so a
hand depends only on (seed, i): the same seed gives the same hands, the same records and the
same summary whatever the number of worker processes. Workers play chunks of consecutive
games; results are put back in game order before they are summed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from paixing.agents.bots import seat_bots
from paixing.agents.play import (
    MAX_ACTIONS,
    HandDidNotEnd,
    bot_seed,
    game_seed,
    play_hand,
    play_session,
    seated_bots,
)
from paixing.game.actions import IllegalAction
from paixing.game.seats import ROLES
from paixing.game.state import Game, new_game
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.rules.loader import is_path_ref
from paixing.runs.files import (
    EXISTING,
    Existing,
    RunFilesError,
    clean_temps,
    prepare_out,
    resumed,
    run_tag,
    write_record,
)
from paixing.runs.ray_pool import ClusterLost, RayCluster
from paixing.runs.summary import (
    NO_CONTRACT,
    HandStats,
    Summary,
    Tally,
    hand_stats,
    summarize,
    summary_of,
)
from paixing.runs.workers import MAX_JOBS, StopFlag, run_chunks, should_stop, usable_jobs

__all__ = [
    "MAX_ACTIONS", "MAX_GAMES", "MAX_JOBS", "NO_CONTRACT", "ROLES", "HandStats", "RunFilesError", "SessionSummary",
    "SimulationError", "Summary", "bot_seed", "game_seed", "play_one", "record_name", "seat_bots", "simulate",
    "simulate_sessions", "summarize", "usable_jobs",
]

MAX_GAMES = 10**9
"""Most hands in one run (a bigger run is a typo: at ~1,000 hands a second it would not end)."""
KEEP_HANDS = 100_000
"""Runs up to this size keep every hand's stats in ``Summary.hands``; larger runs only count."""

class SimulationError(RuntimeError):
    """A hand that could not be played to its end; the message names the game and its seed."""


def record_name(index: int, games: int) -> str:
    """The file name of game ``index``'s record: ``game-000042.json`` (wider for huge runs)."""
    width = max(6, len(str(max(games - 1, 0))))
    return f"game-{index:0{width}d}.json"


def play_one(variant: str | Path | Ruleset, seed: int, index: int, bots: Sequence[str]) -> Game:
    """Game ``index`` of a run: dealt and played exactly as ``simulate`` plays it."""
    game = new_game(variant if isinstance(variant, Ruleset) else str(variant), game_seed(seed, index))
    try:
        return play_hand(game, seated_bots(bots, seed, index))
    except Exception as exc:  # an engine fault: say which hand, keep the cause
        raise SimulationError(f"game {index} (deal seed {game.seed}): {type(exc).__name__}: {exc}") from exc


def _one(
    variant: str, seed: int, index: int, bots: Sequence[str], games: int, out_dir: str | None, resume: bool = True
) -> HandStats:
    """Game ``index``: counted from its record when a resumed run (or an earlier attempt of
    its chunk, on Ray) already wrote it, else played (and its record written atomically).
    Only a run that resumes reads what it finds: another one writes over it."""
    if out_dir is None:
        return hand_stats(index, play_one(variant, seed, index, bots))
    path = Path(out_dir) / record_name(index, games)
    tag = run_tag(seed, index, bots)
    done = resumed(path, ruleset(variant), tag) if resume else None
    if done is not None:
        return hand_stats(index, done)
    game = play_one(variant, seed, index, bots)
    write_record(path, {**game.to_record(), "run": tag})
    return hand_stats(index, game)


def _run_chunk(
    variant: str, seed: int, indices: Sequence[int], names: Sequence[str], games: int, out_dir: str | None
) -> list[HandStats]:
    """Play games ``indices`` (in a worker process), stopping early when the run is asked to."""
    out: list[HandStats] = []
    for i in indices:
        if should_stop():
            break
        out.append(_one(variant, seed, i, names, games, out_dir))
    return out


def _portable(variant: str | Path, out_dir: str | None) -> tuple[str, str | None]:
    """The variant and the records folder as workers elsewhere find them: a variant file and
    the folder as absolute paths (a Ray worker's current folder is not the caller's; a
    file's records name its resolved path either way), a built-in id as it is."""
    ref = str(Path(variant).resolve()) if is_path_ref(variant) else str(variant)
    return ref, None if out_dir is None else str(Path(out_dir).resolve())


Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in the calling process as games finish."""


@dataclass
class _Run:
    """The counts of a run as its games come in, in any order."""

    tally: Tally
    keep: bool
    progress: Progress | None
    games: int
    hands: list[HandStats] = field(default_factory=list)
    done: int = 0

    def add(self, stats: Sequence[HandStats]) -> None:
        for h in stats:
            self.tally.add(h)
            if self.keep:
                self.hands.append(h)
        self.done += len(stats)
        if self.progress is not None and stats:
            self.progress(self.done, self.games)


def simulate(
    variant: str | Path,
    games: int,
    seed: int = 0,
    bots: str | Sequence[str] = "random",
    jobs: int = 1,
    out_dir: str | Path | None = None,
    progress: Progress | None = None,
    *,
    existing: Existing = "refuse",
    stop: StopFlag | None = None,
    force_jobs: bool = False,
    ray: RayCluster | None = None,
) -> Summary:
    """Play ``games`` hands of ``variant`` with ``bots`` (one name, or one per seat) and sum
    them up. ``jobs`` > 1 plays chunks in worker processes (capped at the cores unless
    ``force_jobs``); the summary does not depend on it. With ``out_dir``, each hand's record
    (``Game.to_record()``) is written there atomically as ``game-NNNNNN.json``; a folder that
    already holds records is refused unless ``existing`` is ``resume`` or ``overwrite``.
    Setting ``stop`` (an event) ends the run after the games under way: the summary then
    counts the games finished (``Summary.stopped``). With ``ray`` the games run as Ray tasks
    on that cluster instead of ``jobs`` processes (``paixing.runs.workers.run_chunks``), the same
    games from the same seeds: the summary is the same as a local run's."""
    if not 0 <= games <= MAX_GAMES:
        raise ValueError(f"the number of games must be from 0 to {MAX_GAMES:,}")
    if existing not in EXISTING:
        raise ValueError(f"existing must be one of {', '.join(EXISTING)}")
    jobs = usable_jobs(jobs, force_jobs)
    rs = ruleset(variant)
    if rs.variant.game is None:
        raise ValueError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
    names = seat_bots(bots, rs.variant.players)
    out: str | None = None
    if out_dir is not None:
        prepare_out(Path(out_dir), existing)
        out = str(out_dir)
    stop = stop if stop is not None else threading.Event()
    run = _Run(Tally.empty(rs.variant.players, names), games <= KEEP_HANDS, progress, games)
    failure: str | None = None
    if ray is None and (jobs == 1 or games <= 1):
        for i in range(games):
            if stop.is_set():
                break
            run.add([_one(str(variant), seed, i, names, games, out, existing == "resume")])
    else:
        where, folder = _portable(variant, out)
        work = partial(_run_chunk, where, seed, names=names, games=games, out_dir=folder)
        try:
            run_chunks(work, games, jobs, stop, run.add, ray=ray)
        except ClusterLost as exc:  # a cluster that failed mid-run: the games done are kept, as in a stop
            failure = str(exc)
        finally:
            if out is not None:
                clean_temps(Path(out))
    run.hands.sort(key=lambda h: h.index)
    summary = summary_of(rs, seed, run.tally, run.done, run.hands, out)
    summary.stopped = run.done < games
    summary.failure = failure
    return summary


@dataclass
class SessionSummary:
    """What ``simulate_sessions`` reports: per seat, the totals summed over every session, and
    each session's totals."""

    variant: str
    sessions: int
    hands: int
    seed: int
    bots: list[str]
    seat_totals: list[int]
    session_totals: list[list[int]]

    def to_json(self) -> dict[str, Any]:
        n = max(self.sessions, 1)
        return {
            "variant": self.variant,
            "sessions": self.sessions,
            "hands_per_session": self.hands,
            "seed": self.seed,
            "bots": list(self.bots),
            "seat_totals": list(self.seat_totals),
            "seat_means_per_session": [round(t / n, 6) for t in self.seat_totals],
            "session_totals": [list(t) for t in self.session_totals],
        }


def _play_session(variant: str | Ruleset, seed: int, index: int, names: Sequence[str], hands: int, out_dir: str | None) -> list[int]:
    """Session ``index`` of a run, its record written when there is a folder; its totals."""
    try:
        session = play_session(ruleset(variant), names, seed, index, hands)
    except (HandDidNotEnd, IllegalAction, ValueError) as exc:
        raise SimulationError(f"session {index}: {type(exc).__name__}: {exc}") from exc
    if out_dir is not None:
        write_record(Path(out_dir) / f"session-{index:06d}.json", session.to_record(seed))
    return list(session.totals)


def _session_chunk(
    variant: str, seed: int, indices: Sequence[int], names: Sequence[str], hands: int, out_dir: str | None
) -> list[tuple[int, list[int]]]:
    """Sessions ``indices`` (in a worker), each with its index: results come back in any order."""
    return [(i, _play_session(variant, seed, i, names, hands, out_dir)) for i in indices]


def simulate_sessions(
    variant: str | Path | Ruleset, sessions: int, hands: int, seed: int = 0, bots: Sequence[str] = ("random",),
    out_dir: str | None = None, *, jobs: int = 1, ray: RayCluster | None = None,
) -> SessionSummary:
    """Play ``sessions`` sessions of ``hands`` hands each (state carried from hand to hand, see
    ``paixing.game.session``) and sum each seat's totals; with ``out_dir``, one session record
    per session. Sessions are independent (session ``i`` deals from its own seeds), so ``jobs``
    worker processes (at most the cores) or a Ray cluster (``ray``) play them whole, with the
    same totals and records; they need ``variant`` as an id or a file, not a ``Ruleset``."""
    rs = ruleset(variant)
    names = seat_bots(list(bots), rs.variant.players)
    if out_dir is not None:
        prepare_out(Path(out_dir), "resume")  # made (or kept): a session record is rewritten whole
    parallel = ray is not None or usable_jobs(jobs) > 1
    if parallel and isinstance(variant, Ruleset):
        raise ValueError("a compiled Ruleset plays in this process only: give its id or file for jobs or ray")
    done: dict[int, list[int]] = {}
    if not parallel or sessions <= 1:
        for i in range(sessions):
            done[i] = _play_session(rs, seed, i, names, hands, out_dir)
    else:
        assert not isinstance(variant, Ruleset)
        where, folder = _portable(variant, out_dir)
        work = partial(_session_chunk, where, seed, names=names, hands=hands, out_dir=folder)
        run_chunks(work, sessions, usable_jobs(jobs), threading.Event(), lambda got: done.update(got), ray=ray)
    per_session = [done[i] for i in range(sessions)]
    totals = [sum(t[s] for t in per_session) for s in range(rs.variant.players)]
    return SessionSummary(rs.id, sessions, hands, seed, list(names), totals, per_session)
