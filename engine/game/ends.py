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

from collections.abc import Callable

from paixing.game.conditions import Outcome, Scope, holds
from paixing.game.facts import DECLARER_SIDE, OPPONENT_SIDE, HandFacts
from paixing.game.transfers import apply_transfers
from paixing.rules.registry import Registry
from paixing.rules.scoring import Contract, EndRule

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
