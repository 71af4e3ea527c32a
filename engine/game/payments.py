"""How a score row pays: one function per row form (``winners``, ``declarer``, ``per_card``,
``places``, ``margin``), chosen by which of its keys the row gives.

Each form is a function of the row, the hand's facts and outcome, the winners, the losers and
the contract's multiplier; it returns the per-seat scores and, for ``per_card``, the factors
that applied to single losers. A new form needs: its key on ``ScoreRow`` (rules/scoring.py:
one of the row's ``one_of`` keys), a ``Form`` function here registered with
``@FORMS.register(key)``, and its rulebook phrase in ``rulebook/phrases/scoring.py``;
``tests/rules/test_registries.py`` checks that the keys agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from paixing.game.conditions import Scope, holds, ranked
from paixing.game.facts import DECLARER_SIDE, NO_SIDE, OPPONENT_SIDE
from paixing.rules.registry import Registry
from paixing.rules.scoring import ScoreRow


@dataclass
class Paid:
    """What a row paid: per seat, and the per-loser factors (seat, factor id, factor)."""

    scores: list[int]
    seat_factors: list[tuple[int, str, int]] = field(default_factory=list)


@dataclass(frozen=True)
class Payers:
    """Who a row pays between, and the contract-wide multiplier."""

    scope: Scope
    winners: list[int]
    losers: list[int]
    mult: int
    each: bool
    """Every player for himself: the winner collects from every loser."""


Form = Callable[[ScoreRow, Payers], Paid]
"""How a row of one form pays: (row, payers) → what it paid."""
FORMS: Registry[Form] = Registry("score row form")
"""Row form (the ``ScoreRow`` key that gives it) → how it pays."""


def row_form(row: ScoreRow) -> str:
    """The form of ``row``: the one form key it gives (``ScoreRow`` is a ``OneOf``)."""
    return row.kind


def pay(row: ScoreRow, payers: Payers) -> Paid:
    """The row's scores, times the multiplier; bystanders get the row's ``bystanders``."""
    paid = FORMS[row_form(row)](row, payers)
    facts = payers.scope.facts
    for s in range(facts.players):
        if facts.sides[s] == NO_SIDE:
            paid.scores[s] = row.bystanders * payers.mult
    return paid


def _between(scores: list[int], winners: list[int], loser: int, amount: int) -> None:
    """``loser`` pays ``amount`` to each winner."""
    for w in winners:
        scores[w] += amount
        scores[loser] -= amount


@FORMS.register("winners")
def _winners(row: ScoreRow, p: Payers) -> Paid:
    """Each winner receives the amount and each loser pays it; every player for himself, each
    loser pays it to the winner."""
    assert row.winners is not None
    amount = row.winners * p.mult
    scores = [0] * p.scope.facts.players
    if p.each:
        for s in p.losers:
            _between(scores, p.winners, s, amount)
        return Paid(scores)
    for s in p.winners:
        scores[s] = amount
    for s in p.losers:
        scores[s] = -amount
    return Paid(scores)


@FORMS.register("declarer")
def _declarer(row: ScoreRow, p: Payers) -> Paid:
    """The declarer, his partner and each opponent score the row's amounts."""
    assert row.declarer is not None and row.opponents is not None
    facts, mult = p.scope.facts, p.mult
    scores = [0] * facts.players
    scores[facts.declarer] = row.declarer * mult
    if facts.partner >= 0 and facts.partner != facts.declarer:
        scores[facts.partner] = (row.partner if row.partner is not None else row.declarer) * mult
    for s in range(facts.players):
        if facts.sides[s] == OPPONENT_SIDE:
            scores[s] = row.opponents * mult
    return Paid(scores)


def card_value(row: ScoreRow, cards: int) -> int:
    """What ``cards`` left are worth in a per-card row: per card, times the highest step
    reached, at most the cap."""
    assert row.per_card is not None
    times = max((st.times for st in row.steps if cards >= st.at), default=1)
    value = row.per_card * cards * times
    return min(value, row.cap) if row.cap is not None else value


@FORMS.register("per_card")
def _per_card(row: ScoreRow, p: Payers) -> Paid:
    """Each loser pays each winner for the cards he still holds, times his own factors."""
    facts = p.scope.facts
    paid = Paid([0] * facts.players)
    for s in p.losers:
        amount = card_value(row, facts.cards_left[s]) * p.mult
        seat_scope = Scope(facts, p.scope.outcome, seat=s)
        for f in row.loser_factors:
            if holds(f.conditions, seat_scope):
                amount *= f.factor
                paid.seat_factors.append((s, f.id, f.factor))
        _between(paid.scores, p.winners, s, amount)
    return paid


@FORMS.register("places")
def _places(row: ScoreRow, p: Payers) -> Paid:
    """The seat in place k scores the k-th amount."""
    assert row.places is not None
    facts = p.scope.facts
    scores = [0] * facts.players
    order = ranked(facts)
    if len(order) < len(facts.active):
        raise ValueError(f"a places row needs every place decided, but only {len(order)} of {len(facts.active)} are")
    for place, seat in enumerate(order):
        scores[seat] = row.places[place] * p.mult
    return Paid(scores)


@FORMS.register("margin")
def _margin(row: ScoreRow, p: Payers) -> Paid:
    """Each player scores his side's points for the hand minus the other side's (sides of
    equal size: the scores add up to zero); no side points (none captured, no call): 0."""
    assert row.margin is not None
    facts = p.scope.facts
    sides = p.scope.need_outcome().side_totals or (0, 0)
    scores = [0] * facts.players
    for s in facts.active:
        side = facts.sides[s]
        if side in (DECLARER_SIDE, OPPONENT_SIDE):
            scores[s] = (sides[side] - sides[1 - side]) * row.margin * p.mult
    return Paid(scores)
