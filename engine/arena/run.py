"""Running an arena: deals, seatings, the hands (in worker processes) and the table.

Deal ``d`` of a run seeded ``seed`` is dealt from ``game_seed(seed, d)`` in every seating, so
every seating plays the same cards; hand ``h = d × seatings + r`` (seating ``r``) seats its
agents with ``bot_seed(seed, h, seat)``. The result depends only on the seed and the agents,
whatever ``jobs`` (workers play chunks of deals through ``paixing.runs.workers.run_chunks``, the
process pool ``simulate`` uses, or its Ray backend; results are put back in deal order).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from paixing.agents.bots import Bot
from paixing.agents.play import HandDidNotEnd, bot_seed, game_seed, play_hand
from paixing.arena.external import AgentStopped, ExternalAgentError
from paixing.arena.seating import seatings
from paixing.arena.specs import AgentError, AgentSpec
from paixing.arena.stats import AgentStats, agent_stats
from paixing.game.actions import IllegalAction
from paixing.game.record_format import printable
from paixing.game.state import Game
from paixing.hands.cache import ruleset
from paixing.runs.files import prepare_out, write_record
from paixing.runs.ray_pool import RayCluster
from paixing.runs.workers import StopFlag, run_chunks, should_stop, usable_jobs, watched

MAX_DEALS = 10**7


@dataclass(frozen=True)
class HandResult:
    """One hand of the arena: which deal, which seating, the agent at each seat, the scores."""

    deal: int
    seating: int
    agents: tuple[str, ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "seating": self.seating, "agents": list(self.agents), "scores": list(self.scores)}


@dataclass(frozen=True)
class Setup:
    """What every worker needs to play its deals (picklable)."""

    variant: str
    specs: tuple[AgentSpec, ...]
    seed: int
    out_dir: str | None


def _close(bots: Sequence[Bot]) -> None:
    for bot in bots:
        close = getattr(bot, "close", None)
        if callable(close):
            close()


def play_seating(setup: Setup, deal: int, r: int, seating: tuple[int, ...], hand: int) -> HandResult:
    """Deal ``deal`` played in seating ``r``; AgentError naming the agent that failed."""
    rs = ruleset(setup.variant)
    game = Game(rs, game_seed(setup.seed, deal))
    names = tuple(setup.specs[a].name for a in seating)
    bots = [setup.specs[a].build(bot_seed(setup.seed, hand, s), setup.variant, len(seating)) for s, a in enumerate(seating)]
    try:
        play_hand(game, bots)
    except AgentStopped:
        raise
    except Exception as exc:  # an agent's own code may raise anything: one line naming it
        seat = game.turn
        said = IllegalAction | HandDidNotEnd | AgentError | ExternalAgentError
        why = str(exc) if isinstance(exc, said) else f"{type(exc).__name__}: {exc}"
        raise AgentError(f"agent {printable(names[seat])!r} at seat {seat} (deal {deal}, seating {r}): {why}") from None
    finally:
        _close(bots)
    if setup.out_dir is not None:
        record = game.to_record()
        record["arena"] = {"seed": setup.seed, "deal": deal, "seating": r, "agents": list(names)}
        write_record(Path(setup.out_dir) / f"hand-{hand:07d}.json", record)
    return HandResult(deal, r, names, tuple(game.scores))


def play_deals(setup: Setup, deals: list[int]) -> list[HandResult]:
    """Every seating of each of ``deals`` (a worker's chunk)."""
    rs = ruleset(setup.variant)
    table = seatings(rs.variant.players, len(setup.specs))
    out: list[HandResult] = []
    for d in deals:
        if should_stop():
            break
        try:
            out += [play_seating(setup, d, r, seating, d * len(table) + r) for r, seating in enumerate(table)]
        except AgentStopped:  # the deal under way is dropped whole: a deal counts in every seating
            break
    return out


@dataclass
class ArenaResult:
    """An arena run: its hands in order and each agent's stats."""

    variant: str
    seed: int
    deals: int
    seatings: list[tuple[str, ...]]
    hands: list[HandResult]
    agents: list[AgentStats] = field(default_factory=list)
    stopped: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seed": self.seed,
            "deals": self.deals,
            "seatings": [list(s) for s in self.seatings],
            "hands": len(self.hands),
            "interval": "95% over deals (Student t on the per-deal means)",
            "agents": [a.to_json() for a in self.agents],
            "stopped": self.stopped,
        }


def tabulate(names: Sequence[str], hands: Sequence[HandResult]) -> list[AgentStats]:
    """Each distinct agent's mean score per seat-hand, with its interval over deals."""
    by_deal: dict[str, dict[int, list[int]]] = {name: {} for name in dict.fromkeys(names)}
    for h in hands:
        for seat, name in enumerate(h.agents):
            by_deal[name].setdefault(h.deal, []).append(h.scores[seat])
    out = []
    for name, deals in by_deal.items():
        per_deal = [sum(v) / len(v) for _, v in sorted(deals.items())]
        out.append(agent_stats(name, per_deal, sum(map(len, deals.values()))))
    return out


def arena(
    variant: str,
    specs: Sequence[AgentSpec],
    deals: int,
    seed: int = 0,
    jobs: int = 1,
    out_dir: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: StopFlag | None = None,
    ray: RayCluster | None = None,
) -> ArenaResult:
    """Play ``deals`` deals of ``variant`` in every seating of ``specs`` and tabulate them;
    ``jobs`` worker processes, or the Ray cluster ``ray`` (the same result either way)."""
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"the number of deals must be from 1 to {MAX_DEALS:,}")
    jobs = usable_jobs(jobs)
    rs = ruleset(variant)
    if rs.variant.game is None:
        raise ValueError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
    table = seatings(rs.variant.players, len(specs))
    out = None
    if out_dir is not None:
        prepare_out(Path(out_dir), "refuse")
        out = str(out_dir)
    setup = Setup(variant, tuple(specs), seed, out)
    stop = stop if stop is not None else threading.Event()
    hands: list[HandResult] = []

    def collect(results: list[HandResult]) -> None:
        hands.extend(results)
        if progress is not None:
            progress(len(hands), deals * len(table))

    if ray is None and (jobs == 1 or deals == 1):
        with watched(stop):
            for d in range(deals):
                if stop.is_set():
                    break
                collect(play_deals(setup, [d]))
    else:
        run_chunks(partial(play_deals, setup), deals, jobs, stop, collect, ray=ray)
    hands.sort(key=lambda h: (h.deal, h.seating))
    done = len({h.deal for h in hands})
    names = [s.name for s in specs]
    result = ArenaResult(rs.id, seed, done, [tuple(names[a] for a in s) for s in table], hands, stopped=done < deals)
    result.agents = tabulate(names, hands)
    if out is not None:
        write_record(Path(out) / "arena.json", {**result.to_json(), "results": [h.to_json() for h in hands]})
    return result
