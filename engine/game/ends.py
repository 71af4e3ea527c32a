"""End rules: has the hand ended, and which side won it.

A contract's ``end.rules`` are conditions on the hand in progress (``conditions``); the first
rule that holds ends the hand and names how the winner is found, a kind registered here: a
function of the contract and the facts that returns the winning side and the per-seat totals
(captures after transfers, or the plain captures when they do not count).

A new winner kind needs: its name in ``EndRule.winner`` (rules/scoring.py), a ``Decide``
function here registered with ``@WINNERS.register(name)``, and its rulebook phrase
(``end.by_<kind>`` in rulebook/phrases/scoring.py); ``tests/rules/test_registries.py`` checks that
the names agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from paixing.game.conditions import Outcome, Scope, holds
from paixing.game.facts import DECLARER_SIDE, OPPONENT_SIDE, HandFacts
from paixing.game.transfers import apply_transfers
from paixing.rules.registry import Registry
from paixing.rules.scoring import Call, Contract, EndRule

Decide = Callable[[Contract, HandFacts], Outcome]
"""How a winner kind decides: (contract, facts) → the outcome."""

WINNERS: Registry[Decide] = Registry("winner rule")
"""Winner kind (``EndRule.winner``) → how it decides."""


@WINNERS.register("first_out")
def _first_out(contract: Contract, facts: HandFacts) -> Outcome:
    """The first player out's side wins; captures stay as they are."""
    return Outcome(winning_side=facts.side(facts.finish[0]), totals=facts.captured)


@WINNERS.register("captures")
def _captures(contract: Contract, facts: HandFacts) -> Outcome:
    """Each side's captures after the transfers: more than ``win_above`` (or more than the other
    side) wins; a tie goes to the first player out's side."""
    end = contract.end
    ledger = apply_transfers(end.transfers, facts)
    sides = [sum(ledger.seats[s] for s in facts.active if facts.side(s) == side) + ledger.sides[side] for side in (DECLARER_SIDE, OPPONENT_SIDE)]
    first_side = facts.side(facts.finish[0])
    if end.win_above is not None:
        high = end.win_above
        winning = DECLARER_SIDE if sides[0] > high else OPPONENT_SIDE if sides[1] > high else first_side
    else:
        winning = DECLARER_SIDE if sides[0] > sides[1] else OPPONENT_SIDE if sides[1] > sides[0] else first_side
    return Outcome(winning_side=winning, totals=tuple(ledger.seats), side_totals=(sides[0], sides[1]))


def ending_rule(contract: Contract, facts: HandFacts) -> tuple[int, EndRule] | None:
    """The first end rule that holds, with its index, or None while play goes on."""
    scope = Scope(facts)
    for i, rule in enumerate(contract.end.rules):
        if holds(rule.when, scope):
            return i, rule
    return None


def hand_over(contract: Contract, facts: HandFacts) -> bool:
    """After a player goes out: has the hand ended?"""
    return ending_rule(contract, facts) is not None


def decide(contract: Contract, facts: HandFacts, rule: EndRule, calls: Sequence[Call] = ()) -> Outcome:
    """The outcome of a hand ended by ``rule``: its winner kind's, with the sides' points the
    rule fixes (``points``) and every call of the hand scored (``calls``: the game's calls)."""
    found = WINNERS[rule.winner](contract, facts)
    sides = found.side_totals
    if rule.points is not None:
        fixed = rule.points
        won = found.winning_side == DECLARER_SIDE
        sides = (fixed.winners, fixed.losers) if won else (fixed.losers, fixed.winners)
    if not facts.calls:
        return found if sides is found.side_totals else replace(found, side_totals=sides)
    scored = scored_calls(calls, facts, found)
    points = list(sides or (0, 0))
    for seat, _, _, gained in scored:
        side = facts.side(seat)
        if side in (DECLARER_SIDE, OPPONENT_SIDE):
            points[side] += gained
    # the calls count towards who won the hand: the side with more points once they are added
    # (equal points: the rule's own winner), so that the winners are the seats a margin pays
    winning = found.winning_side
    if points[0] != points[1]:
        winning = DECLARER_SIDE if points[0] > points[1] else OPPONENT_SIDE
    return replace(found, side_totals=(points[0], points[1]), calls=scored, winning_side=winning)


def scored_calls(calls: Sequence[Call], facts: HandFacts, outcome: Outcome) -> tuple[tuple[int, str, bool, int], ...]:
    """Each call of the hand (``facts.calls``) with whether it was made (its ``made``
    conditions, ``caller`` its player) and the points it gives his side (+ made, − failed)."""
    by_id = {c.id: c for c in calls}
    out: list[tuple[int, str, bool, int]] = []
    for seat, cid in facts.calls:
        call = by_id[cid]
        made = holds(call.made, Scope(facts, outcome, caller=seat))
        out.append((seat, cid, made, call.points if made else -call.points))
    return tuple(out)
