"""Settling a finished hand: a pure function of its facts that returns a ``Settlement``.

The first end rule that holds names how the winner is found (``ends``); the first score row
whose conditions hold pays (``conditions``), times every multiplier part. Nothing here reads
or writes a ``Game``: the state machine builds the ``HandFacts``, calls ``settle`` and applies
the result (adding the scores, logging the events).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from paixing.game.conditions import Outcome, Scope, holds
from paixing.game.ends import decide, ending_rule
from paixing.game.facts import HandFacts
from paixing.game.payments import Payers, pay
from paixing.rules.scoring import Call, Contract


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


def settle(contract: Contract, facts: HandFacts, calls: Sequence[Call] = ()) -> Settlement:
    """Contract scores of a finished hand (rewards and trick bonuses are not in them);
    ``calls``: the game's calls, scored for those the facts say were made."""
    found = ending_rule(contract, facts)
    if found is None:
        raise ValueError(f"{contract.id}: the hand has not ended ({facts.finish} out)")
    _, rule = found
    outcome = decide(contract, facts, rule, calls)
    scope = Scope(facts, outcome)
    winners = [s for s in facts.active if facts.side(s) == outcome.winning_side]
    losers = [s for s in facts.active if facts.side(s) != outcome.winning_side]
    record = _record(facts, outcome, losers)
    index = next((i for i, row in enumerate(contract.score) if holds(row.when, scope)), None)
    if index is None:
        raise RuntimeError(f"no score row applies to {record}")
    parts = multiplier_parts(contract, scope)
    mult = 1
    for _, f in parts:
        mult *= f
    record["multiplier"] = mult
    paid = pay(contract.score[index], Payers(scope, winners, losers, mult, contract.teams == "each"))
    if paid.seat_factors:
        record["seat_factors"] = [list(f) for f in paid.seat_factors]
    return Settlement(paid.scores, winners, rule.reason or rule.winner, record, index, parts)


def _record(facts: HandFacts, outcome: Outcome, losers: list[int]) -> dict[str, Any]:
    """The named facts the game record keeps (the tests and the terminal read them)."""
    record: dict[str, Any] = {"finish": list(facts.finish), "captured": list(facts.captured)}
    if outcome.side_totals is not None:
        record["totals"] = list(outcome.totals)
        record["side_totals"] = list(outcome.side_totals)
    if outcome.calls:
        record["calls"] = [{"seat": s, "id": cid, "made": made, "points": p} for s, cid, made, p in outcome.calls]
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
