"""Settling a finished hand: a pure function of its facts that returns a ``Settlement``.

The first end rule that holds names how the winner is found (``ends``); the first score row
whose conditions hold pays (``conditions``), times every multiplier part. Nothing here reads
or writes a ``Game``: the state machine builds the ``HandFacts``, calls ``settle`` and applies
the result (adding the scores, logging the events).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paixing.game.conditions import Outcome, Scope, holds
from paixing.game.ends import WINNERS, ending_rule
from paixing.game.facts import NO_SIDE, OPPONENT_SIDE, HandFacts
from paixing.rules.scoring import Contract, ScoreRow


@dataclass
class Settlement:
    """The end of a hand: final scores, the winning seats, the reason, the facts the score table
    looked at, which row paid and every factor it was multiplied by."""

    scores: list[int]
    """Per seat (contract scores from ``settle``; the state machine adds rewards and bonuses)."""
    winners: list[int]
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)
    row: int = -1
    """Index of the score row that paid (-1: no row, e.g. an instant win)."""
    multiplier_parts: list[tuple[str, int]] = field(default_factory=list)
    """Every factor, named: ("bid", 3), ("bomb", 2), ("spring", 2) …"""

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason, **self.facts}


def settle(contract: Contract, facts: HandFacts) -> Settlement:
    """Contract scores of a finished hand (rewards and trick bonuses are not in them)."""
    found = ending_rule(contract, facts)
    if found is None:
        raise ValueError(f"{contract.id}: the hand has not ended ({facts.finish} out)")
    _, rule = found
    outcome = WINNERS[rule.winner](contract, facts)
    scope = Scope(facts, outcome)
    winners = [s for s in facts.active if facts.side(s) == outcome.winning_side]
    losers = [s for s in facts.active if facts.side(s) == 1 - outcome.winning_side]
    record = _record(facts, outcome, losers)
    index = next((i for i, row in enumerate(contract.score) if holds(row.when, scope)), None)
    if index is None:
        raise RuntimeError(f"no score row applies to {record}")
    parts = multiplier_parts(contract, scope)
    mult = 1
    for _, f in parts:
        mult *= f
    record["multiplier"] = mult
    scores = _pay(contract.score[index], facts, winners, losers, mult)
    return Settlement(scores, winners, rule.reason or rule.winner, record, index, parts)


def _record(facts: HandFacts, outcome: Outcome, losers: list[int]) -> dict[str, Any]:
    """The named facts the game record keeps (the tests and the terminal read them)."""
    record: dict[str, Any] = {"finish": list(facts.finish), "captured": list(facts.captured)}
    if outcome.side_totals is not None:
        record["totals"] = list(outcome.totals)
        record["side_totals"] = list(outcome.side_totals)
    finish = facts.finish
    record["double_out"] = len(finish) >= 2 and facts.side(finish[0]) == facts.side(finish[1])
    record["losers_captured"] = sum(facts.captured[s] for s in losers)
    record["losers_total"] = sum(outcome.totals[s] for s in losers)
    return record


def multiplier_parts(contract: Contract, scope: Scope) -> list[tuple[str, int]]:
    """Every factor of the score, in order: the bid, one per counted play, each conditional."""
    m = contract.multipliers
    facts = scope.facts
    parts: list[tuple[str, int]] = []
    if m.bid and facts.auction_value:
        parts.append(("bid", facts.auction_value))
    for tid, factor in m.per_play.items():
        parts += [(tid, factor)] * facts.type_counts.get(tid, 0)
    parts += [(f.id, f.factor) for f in m.when if holds(f.conditions, scope)]
    return parts


def _pay(row: ScoreRow, facts: HandFacts, winners: list[int], losers: list[int], mult: int) -> list[int]:
    scores = [0] * facts.players
    if row.winners is not None:
        for s in winners:
            scores[s] = row.winners * mult
        for s in losers:
            scores[s] = -row.winners * mult
    else:
        assert row.declarer is not None and row.opponents is not None
        scores[facts.declarer] = row.declarer * mult
        if facts.partner >= 0 and facts.partner != facts.declarer:
            scores[facts.partner] = (row.partner if row.partner is not None else row.declarer) * mult
        for s in range(facts.players):
            if facts.sides[s] == OPPONENT_SIDE:
                scores[s] = row.opponents * mult
    for s in range(facts.players):
        if facts.sides[s] == NO_SIDE:
            scores[s] = row.bystanders * mult
    return scores

