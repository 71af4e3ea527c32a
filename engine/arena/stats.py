"""Mean score per hand with a 95 % confidence interval, by deal.

The hands of one deal (its seatings) share the cards, so they are not independent: an agent's
sample is one number per deal, its mean score over every seat it held in that deal's
seatings; the interval is the mean of those ``D`` numbers ± ``t(0.975, D - 1)`` standard
errors (Student's t; its quantile from the normal one by the Cornish-Fisher expansion, exact
to three decimals above 10 degrees of freedom, tabled up to 10). Because every deal gives an
agent the same number of seat-hands, the mean over deals is the mean over all its hands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev
from typing import Any

_T_SMALL = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}
"""Student's t 97.5 % quantiles the expansion is not accurate for."""


def t975(df: int) -> float:
    """Student's t 97.5 % quantile with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df in _T_SMALL:
        return _T_SMALL[df]
    z = NormalDist().inv_cdf(0.975)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@dataclass(frozen=True)
class AgentStats:
    """One agent's result: its seat-hands, mean score per hand and the 95 % interval (None
    with fewer than two deals)."""

    agent: str
    hands: int
    mean: float
    low: float | None
    high: float | None

    def to_json(self) -> dict[str, Any]:
        half = None if self.low is None or self.high is None else (self.high - self.low) / 2
        return {
            "agent": self.agent,
            "hands": self.hands,
            "mean": round(self.mean, 6),
            "ci95": None if self.low is None else [round(self.low, 6), round(self.high or 0.0, 6)],
            "half_width": None if half is None else round(half, 6),
        }


def agent_stats(agent: str, per_deal: list[float], hands: int) -> AgentStats:
    """``agent``'s stats from its mean score in each deal and its number of seat-hands."""
    if not per_deal:
        return AgentStats(agent, hands, math.nan, None, None)
    mean = fmean(per_deal)
    if len(per_deal) < 2:
        return AgentStats(agent, hands, mean, None, None)
    half = t975(len(per_deal) - 1) * stdev(per_deal) / math.sqrt(len(per_deal))
    return AgentStats(agent, hands, mean, mean - half, mean + half)
