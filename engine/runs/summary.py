"""Adding up a run's hands: per seat, per bot, per contract, role, hand type and outcome.

``simulate`` (and its workers) reduce each finished hand to ``HandStats`` and count them in a
``Tally`` as they come, in any order: every count is an integer, so the ``Summary`` does not
depend on the number of workers or the order they finish in, and a run of any size holds only
its counts.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from paixing.game.events import Bonus, InstantWin, Reward
from paixing.game.seats import ROLES
from paixing.game.state import Game
from paixing.hands.compile import Ruleset

__all__ = ["NO_CONTRACT", "HandStats", "Summary", "Tally", "hand_stats", "summarize", "summary_of"]

NO_CONTRACT = "(none)"
"""The ``contracts`` key of hands that ended before any contract (an instant win)."""


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
    """Every hand's stats, in game order (empty for runs over ``KEEP_HANDS``)."""
    stopped: bool = False
    """The run was asked to stop: ``games`` counts the hands finished before it did."""
    failure: str | None = None
    """Why a run stopped by itself: its Ray cluster failed (``ClusterError``); the hands
    finished before are counted and have their records, as in a run asked to stop."""

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
class Tally:
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
    def empty(cls, n: int, bots: Sequence[str]) -> Tally:
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
    tally = Tally.empty(rs.variant.players, bots)
    for h in hands:
        tally.add(h)
    return summary_of(rs, seed, tally, len(hands), list(hands), records)


def summary_of(rs: Ruleset, seed: int, tally: Tally, games: int, hands: list[HandStats], records: str | None) -> Summary:
    """The summary of ``games`` hands counted in ``tally``."""
    bots = tally.bots
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
        bot_means={b: round(tally.bot_total[b] / tally.bot_seats[b], 6) if tally.bot_seats[b] else 0.0 for b in dict.fromkeys(bots)},
        hand_types=_ordered(tally.type_counts, type_order),
        tricks_per_hand=round(tally.tricks / tally.played, 6) if tally.played else 0.0,
        hands_played=tally.played,
        instant_wins=dict(sorted(tally.instant.items())),
        rewards=dict(sorted(tally.rewards.items())),
        bonuses=_ordered(tally.bonuses, type_order),
        reasons=dict(sorted(tally.reasons.items())),
        redeals=tally.redeals,
        records=records,
        hands=hands,
    )


def _ordered(counts: Counter[str], order: Sequence[str]) -> dict[str, int]:
    out = {k: counts[k] for k in order if counts[k]}
    out.update((k, v) for k, v in sorted(counts.items()) if k not in out and v)
    return out
