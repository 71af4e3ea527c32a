"""Settling a finished hand: who won (first out, or captures after transfers) and the score row."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paixing.game.events import Spring
from paixing.rules.hand_rules import Condition, Contract, ScoreRow

if TYPE_CHECKING:
    from paixing.game.state import Game


@dataclass
class Settlement:
    """The end of a hand: final scores (including rewards and bonuses), the winning seats, and
    the facts the score table looked at."""

    scores: list[int]
    winners: list[int]
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason, **self.facts}


def settle(game: Game, contract: Contract) -> Settlement:
    """Contract scores only (rewards and trick bonuses are already in ``game.scores``)."""
    seats = game.seats
    n = game.n
    end = contract.end
    finish = game.finish
    first = finish[0]
    double_out = (
        end.when == "partners_out_or_left"
        and len(finish) >= 2
        and seats.side(finish[0]) == seats.side(finish[1])
    )
    in_tricks = list(game.captured)
    totals = list(game.captured)
    left = [s for s in game.active if game.hands[s]]
    facts: dict[str, Any] = {"finish": list(finish), "captured": in_tricks}
    if end.winner == "captures" and not double_out:
        last = left[0] if len(left) == 1 else None
        if last is not None:
            order = finish + [last]
            for t in end.transfers:
                amount = totals[last] if t.what == "captured" else game._value(game.hands[last])
                if t.what == "captured":
                    totals[last] = 0
                place = {"first_out": 0, "second_out": 1, "third_out": 2}.get(t.to)
                if place is not None and place < len(order):
                    totals[order[place]] += amount
        side_total = [sum(totals[s] for s in game.active if seats.side(s) == side) for side in (0, 1)]
        facts["totals"] = totals
        facts["side_totals"] = side_total
        first_side = seats.side(first)
        if end.win_above is not None:
            winning = 0 if side_total[0] > end.win_above else 1 if side_total[1] > end.win_above else first_side
        else:
            winning = 0 if side_total[0] > side_total[1] else 1 if side_total[1] > side_total[0] else first_side
        reason = "captures"
    else:
        winning = seats.side(first)
        reason = "double_out" if double_out else "first_out"
    winners = [s for s in game.active if seats.side(s) == winning]
    losers = [s for s in game.active if seats.side(s) == 1 - winning]
    facts["double_out"] = double_out
    facts["losers_captured"] = sum(in_tricks[s] for s in losers)
    facts["losers_total"] = sum(totals[s] for s in losers)
    declarer_wins = winning == 0
    row = _row(contract.score, declarer_wins, facts)
    mult = _multiplier(game, contract, declarer_wins)
    facts["multiplier"] = mult
    scores = [0] * n
    if row.winners is not None:
        for s in winners:
            scores[s] = row.winners * mult
        for s in losers:
            scores[s] = -row.winners * mult
    else:
        assert row.declarer is not None and row.opponents is not None
        scores[seats.declarer] = row.declarer * mult
        if seats.partner >= 0 and seats.partner != seats.declarer:
            scores[seats.partner] = (row.partner if row.partner is not None else row.declarer) * mult
        for s in seats.opponents:
            scores[s] = row.opponents * mult
    for s in seats.bystanders:
        scores[s] = row.bystanders * mult
    return Settlement(scores=scores, winners=winners, reason=reason, facts=facts)


def _holds(cond: Condition, declarer_wins: bool, facts: dict[str, Any]) -> bool:
    if cond.declarer_wins is not None and cond.declarer_wins != declarer_wins:
        return False
    if cond.double_out is not None and cond.double_out != facts["double_out"]:
        return False
    if cond.losers_captured is not None and cond.losers_captured != facts["losers_captured"]:
        return False
    return cond.losers_total is None or cond.losers_total == facts["losers_total"]


def _row(rows: list[ScoreRow], declarer_wins: bool, facts: dict[str, Any]) -> ScoreRow:
    for row in rows:
        if _holds(row.when, declarer_wins, facts):
            return row
    raise RuntimeError(f"no score row applies to {facts}")


def _multiplier(game: Game, contract: Contract, declarer_wins: bool) -> int:
    m = contract.multipliers
    mult = game.auction_value if m.bid and game.auction_value else 1
    for tid, factor in m.per_play.items():
        mult *= factor ** game.type_counts.get(tid, 0)
    if m.spring != 1:
        seats = game.seats
        if declarer_wins:
            spring = all(game.plays_made[s] == 0 for s in seats.opponents)
        else:
            spring = game.plays_made[seats.declarer] <= 1
        if spring:
            mult *= m.spring
            game.log.append(Spring())
    return mult
