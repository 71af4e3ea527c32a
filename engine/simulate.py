"""Many hands played by bots, summarised: scores per seat, contracts, roles, hand types.

Game ``i`` of a run is dealt from ``game_seed(seed, i)`` and its bots are seeded from
``bot_seed(seed, i, seat)`` (both in ``paixing.agents.play``, shared with the terminal), so a
hand depends only on (seed, i): the same seed gives the same hands, the same records and the
same summary whatever the number of worker processes. Workers play chunks of consecutive
games; results are put back in game order before they are summed.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
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
from paixing.game.events import Bonus, InstantWin, Reward
from paixing.game.seats import ROLES
from paixing.game.state import Game, new_game
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset

__all__ = [
    "MAX_ACTIONS", "NO_CONTRACT", "ROLES", "HandStats", "SimulationError", "Summary", "bot_seed", "game_seed",
    "SessionSummary", "play_one", "record_name", "seat_bots", "simulate", "simulate_sessions", "summarize",
]

NO_CONTRACT = "(none)"
"""The ``contracts`` key of hands that ended before any contract (an instant win)."""

class SimulationError(RuntimeError):
    """A hand that could not be played to its end; the message names the game and its seed."""


@dataclass
class HandStats:
    """What the summary needs from one finished hand (small, so workers can send it back)."""

    index: int
    seed: int
    scores: list[int]
    contract: str | None
    roles: list[str | None]
    winners: list[int]
    reason: str
    type_counts: dict[str, int]
    tricks: int
    played: bool
    instant_win: str | None
    rewards: list[str]
    bonuses: list[str]
    redeals: int


def hand_stats(index: int, game: Game) -> HandStats:
    """The facts of finished game ``index`` the summary counts (worker processes send these
    back instead of whole games)."""
    assert game.result is not None
    log = game.log
    instant = next((e.event_id for e in log if isinstance(e, InstantWin)), None)
    last_deal = game.deal_marks[-1]
    return HandStats(
        index=index,
        seed=game.seed,
        scores=list(game.scores),
        contract=game.contract.id if game.contract is not None else None,
        roles=game.roles(),
        winners=list(game.result.winners),
        reason=game.result.reason,
        type_counts=dict(game.type_counts),
        tricks=game.tricks,
        played=game.contract is not None,
        instant_win=instant,
        rewards=[e.event_id for e in log[last_deal:] if isinstance(e, Reward) for _ in range(e.times)],
        bonuses=[e.hand_type for e in log if isinstance(e, Bonus)],
        redeals=game.redeals,
    )


def record_name(index: int, games: int) -> str:
    """The file name of game ``index``'s record: ``game-000042.json`` (wider for huge runs)."""
    width = max(6, len(str(max(games - 1, 0))))
    return f"game-{index:0{width}d}.json"


def play_one(variant: str | Path | Ruleset, seed: int, index: int, bots: Sequence[str]) -> Game:
    """Game ``index`` of a run: dealt and played exactly as ``simulate`` plays it."""
    game = new_game(ruleset(variant), game_seed(seed, index))
    try:
        return play_hand(game, seated_bots(bots, seed, index))
    except Exception as exc:  # an engine fault: say which hand, keep the cause
        raise SimulationError(f"game {index} (deal seed {game.seed}): {type(exc).__name__}: {exc}") from exc


def _run_chunk(
    variant: str, seed: int, indices: Sequence[int], bots: Sequence[str], games: int, out_dir: str | None
) -> list[HandStats]:
    """Play games ``indices`` (in a worker process or in this one)."""
    out: list[HandStats] = []
    for i in indices:
        game = play_one(variant, seed, i, bots)
        if out_dir is not None:
            path = Path(out_dir) / record_name(i, games)
            path.write_text(json.dumps(game.to_record(), ensure_ascii=False) + "\n", encoding="utf-8")
        out.append(hand_stats(i, game))
    return out


@dataclass
class Summary:
    """The totals of a run; ``to_json`` is the ``paixing simulate --json`` document."""

    variant: str
    games: int
    seed: int
    bots: list[str]
    seat_totals: list[int]
    seat_means: list[float]
    seat_stdevs: list[float]
    contracts: dict[str, int]
    roles: dict[str, dict[str, Any]]
    bot_means: dict[str, float]
    hand_types: dict[str, int]
    tricks_per_hand: float
    hands_played: int
    instant_wins: dict[str, int]
    rewards: dict[str, int]
    bonuses: dict[str, int]
    reasons: dict[str, int]
    redeals: int
    records: str | None = None
    hands: list[HandStats] = field(default_factory=list, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "seat_totals": list(self.seat_totals),
            "seat_means": list(self.seat_means),
            "seat_stdevs": list(self.seat_stdevs),
            "contracts": dict(self.contracts),
            "roles": {k: dict(v) for k, v in self.roles.items()},
            "bot_means": dict(self.bot_means),
            "hand_types": dict(self.hand_types),
            "tricks_per_hand": self.tricks_per_hand,
            "hands_played": self.hands_played,
            "instant_wins": dict(self.instant_wins),
            "rewards": dict(self.rewards),
            "bonuses": dict(self.bonuses),
            "reasons": dict(self.reasons),
            "redeals": self.redeals,
            "records": self.records,
        }


@dataclass
class _Tally:
    """Running sums over hands, per seat and per kind of outcome (integers, so the summary
    does not depend on the order in which workers finish)."""

    bots: Sequence[str]
    totals: list[int]
    sums_sq: list[int]
    contracts: Counter[str] = field(default_factory=Counter)
    role_seats: Counter[str] = field(default_factory=Counter)
    role_wins: Counter[str] = field(default_factory=Counter)
    type_counts: Counter[str] = field(default_factory=Counter)
    instant: Counter[str] = field(default_factory=Counter)
    rewards: Counter[str] = field(default_factory=Counter)
    bonuses: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    bot_total: Counter[str] = field(default_factory=Counter)
    bot_seats: Counter[str] = field(default_factory=Counter)
    tricks: int = 0
    played: int = 0
    redeals: int = 0

    @classmethod
    def empty(cls, n: int, bots: Sequence[str]) -> _Tally:
        return cls(bots=bots, totals=[0] * n, sums_sq=[0] * n)

    def add(self, h: HandStats) -> None:
        """Count one hand."""
        self._add_seats(h)
        self.contracts[h.contract if h.contract is not None else NO_CONTRACT] += 1
        self.type_counts.update(h.type_counts)
        if h.instant_win is not None:
            self.instant[h.instant_win] += 1
        self.rewards.update(h.rewards)
        self.bonuses.update(h.bonuses)
        self.reasons[h.reason] += 1
        self.redeals += h.redeals
        if h.played:
            self.played += 1
            self.tricks += h.tricks

    def _add_seats(self, h: HandStats) -> None:
        """Each seat's score (by seat and by bot) and role (seated, and won)."""
        for s, score in enumerate(h.scores):
            self.totals[s] += score
            self.sums_sq[s] += score * score
            self.bot_total[self.bots[s]] += score
            self.bot_seats[self.bots[s]] += 1
            role = h.roles[s]
            if role is not None:
                self.role_seats[role] += 1
                self.role_wins[role] += s in h.winners

    def stdevs(self, games: int) -> list[float]:
        """Sample standard deviation per seat, from exact integer sums."""
        return [
            math.sqrt((games * sq - total**2) / (games * (games - 1))) if games > 1 else 0.0
            for total, sq in zip(self.totals, self.sums_sq, strict=True)
        ]

    def roles(self) -> dict[str, dict[str, Any]]:
        """Per role: seats that held it, how many of them won, and the win rate."""
        return {
            r: {
                "seats": self.role_seats[r],
                "wins": self.role_wins[r],
                "win_rate": round(self.role_wins[r] / self.role_seats[r], 6) if self.role_seats[r] else None,
            }
            for r in ROLES
        }


def summarize(rs: Ruleset, seed: int, bots: Sequence[str], hands: Sequence[HandStats], records: str | None = None) -> Summary:
    """Add up hands (in the order given)."""
    games = len(hands)
    tally = _Tally.empty(rs.variant.players, bots)
    for h in hands:
        tally.add(h)
    contract_order = [c.id for c in rs.variant.game.contracts] if rs.variant.game else []
    type_order = [t.id for t in rs.types]
    return Summary(
        variant=rs.id,
        games=games,
        seed=seed,
        bots=list(bots),
        seat_totals=tally.totals,
        seat_means=[round(t / games if games else 0.0, 6) for t in tally.totals],
        seat_stdevs=[round(x, 6) for x in tally.stdevs(games)],
        contracts=_ordered(tally.contracts, [*contract_order, NO_CONTRACT]),
        roles=tally.roles(),
        bot_means={b: round(tally.bot_total[b] / tally.bot_seats[b], 6) for b in dict.fromkeys(bots)},
        hand_types=_ordered(tally.type_counts, type_order),
        tricks_per_hand=round(tally.tricks / tally.played, 6) if tally.played else 0.0,
        hands_played=tally.played,
        instant_wins=dict(sorted(tally.instant.items())),
        rewards=dict(sorted(tally.rewards.items())),
        bonuses=_ordered(tally.bonuses, type_order),
        reasons=dict(sorted(tally.reasons.items())),
        redeals=tally.redeals,
        records=records,
        hands=list(hands),
    )


def _ordered(counts: Counter[str], order: Sequence[str]) -> dict[str, int]:
    out = {k: counts[k] for k in order if counts[k]}
    out.update((k, v) for k, v in sorted(counts.items()) if k not in out and v)
    return out


def _chunks(games: int, jobs: int) -> list[range]:
    size = max(1, min(50, math.ceil(games / (jobs * 8))))
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in the calling process as games finish."""


def simulate(
    variant: str | Path,
    games: int,
    seed: int = 0,
    bots: str | Sequence[str] = "random",
    jobs: int = 1,
    out_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` hands of ``variant`` with ``bots`` (one name, or one per seat) and sum
    them up. ``jobs`` > 1 plays chunks in worker processes; the summary does not depend on
    it. With ``out_dir``, each hand's record (``Game.to_record()``) is written there as
    ``game-NNNNNN.json``."""
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    rs = ruleset(variant)
    if rs.variant.game is None:
        raise ValueError(f"{rs.id} defines hand types only, no game (it has no 'game:' section)")
    names = seat_bots(bots, rs.variant.players)
    out: str | None = None
    if out_dir is not None:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        out = str(out_dir)
    ref = str(variant)
    done = 0
    results: dict[int, list[HandStats]] = {}
    chunks = _chunks(games, jobs)
    if jobs == 1 or len(chunks) <= 1:
        for k, chunk in enumerate(chunks):
            results[k] = []
            for i in chunk:
                results[k] += _run_chunk(ref, seed, [i], names, games, out)
                done += 1
                if progress is not None:
                    progress(done, games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {
                pool.submit(_run_chunk, ref, seed, list(chunk), names, games, out): k
                for k, chunk in enumerate(chunks)
            }
            for future in as_completed(futures):
                k = futures[future]
                results[k] = future.result()
                done += len(results[k])
                if progress is not None:
                    progress(done, games)
    hands = [h for k in range(len(chunks)) for h in results[k]]
    return summarize(rs, seed, names, hands, records=out)


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


def simulate_sessions(
    variant: str | Path | Ruleset, sessions: int, hands: int, seed: int = 0, bots: Sequence[str] = ("random",),
    out_dir: str | None = None,
) -> SessionSummary:
    """Play ``sessions`` sessions of ``hands`` hands each (state carried from hand to hand, see
    ``paixing.game.session``) and sum each seat's totals; with ``out_dir``, one session record
    per session."""
    rs = ruleset(variant)
    names = seat_bots(list(bots), rs.variant.players)
    per_session: list[list[int]] = []
    for i in range(sessions):
        try:
            session = play_session(rs, names, seed, i, hands)
        except (HandDidNotEnd, IllegalAction, ValueError) as exc:
            raise SimulationError(f"session {i}: {type(exc).__name__}: {exc}") from exc
        per_session.append(list(session.totals))
        if out_dir is not None:
            path = Path(out_dir) / f"session-{i:06d}.json"
            path.write_text(json.dumps(session.to_record(seed), ensure_ascii=False), encoding="utf-8")
    totals = [sum(t[s] for t in per_session) for s in range(rs.variant.players)]
    return SessionSummary(rs.id, sessions, hands, seed, list(names), totals, per_session)
