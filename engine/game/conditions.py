"""Evaluating the condition language on a hand's facts: one evaluator per named fact.

The names, their docs and their phrases are the catalogue in ``paixing.rules.conditions``; this
module binds each name to a function of ``Scope`` (the hand's ``HandFacts`` plus, once settled,
its ``Outcome``). ``compile_condition`` turns a condition string into a closure once (cached),
so evaluating a score row, an end rule or a factor is a few calls, not a parse.

A new fact: add it to the catalogue (doc, phrases) and register its evaluator here with
``@SCALAR_FNS.register(name)`` (a ``Scalar``: scope and argument → a number or None),
``@SUBJECT_FNS.register(name)`` (a ``Subject``: → seats) or ``@MEASURE_FNS.register(name)``
(a ``Measure``: scope and seats → a number); ``tests/rules/test_registries.py`` checks that the
catalogue and these registries hold the same names.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from paixing.game.facts import DECLARER_SIDE, OPPONENT_SIDE, HandFacts
from paixing.rules.conditions import Comparison, Term, parse_condition
from paixing.rules.registry import Registry


@dataclass(frozen=True)
class Outcome:
    """What settlement decided: known to score rows and multipliers, not to end rules."""

    winning_side: int
    """DECLARER_SIDE or OPPONENT_SIDE."""
    totals: tuple[int, ...]
    """Per seat: captures after the end-of-hand transfers."""
    side_totals: tuple[int, int] | None = None
    """Per side, its points for the hand: where captures decided the hand, its seats' totals
    plus what was paid to it; an end rule's fixed ``points`` instead; calls added (None: no
    side has points)."""
    calls: tuple[tuple[int, str, bool, int], ...] = ()
    """Each call of the hand: (caller, call id, made, points its side scored: + or −)."""


@dataclass(frozen=True)
class Scope:
    """What a condition is evaluated on."""

    facts: HandFacts
    outcome: Outcome | None = None
    seat: int = -1
    """The seat being scored (``this``): one loser in a per-card row's factors; -1 elsewhere."""
    caller: int = -1
    """The player who made the call being scored (``caller``); -1 elsewhere."""

    def need_outcome(self) -> Outcome:
        if self.outcome is None:
            raise ValueError("this fact needs the settled outcome (winners, losers, totals)")
        return self.outcome


Value = int | None
"""A fact's value; None when it is not defined (a place not reached)."""
Seats = tuple[int, ...] | None

Scalar = Callable[[Scope, object], Value]
"""A scalar fact's evaluator: (scope, its argument) → its value."""
Subject = Callable[[Scope, object], Seats]
"""A subject's evaluator: (scope, its argument) → the seats it names (None: not defined)."""
Measure = Callable[[Scope, tuple[int, ...]], Value]
"""A measure's evaluator: (scope, some seats) → its value over them."""

SCALAR_FNS: Registry[Scalar] = Registry("scalar fact")
"""Scalar fact name → evaluator (scope, argument)."""
SUBJECT_FNS: Registry[Subject] = Registry("subject")
"""Subject name → the seats it names (None: not defined)."""
MEASURE_FNS: Registry[Measure] = Registry("measure")
"""Measure name → its value over some seats."""


def ranked(facts: HandFacts) -> tuple[int, ...]:
    """Seats by place: those out, then the last player once only one still holds cards."""
    left = facts.in_play
    return facts.finish + left if len(left) == 1 else facts.finish


def place_seat(facts: HandFacts, k: int) -> int | None:
    """The seat in place ``k`` (1 first; negative from the last place), None if not decided."""
    order = ranked(facts)
    if k > 0:
        return order[k - 1] if k <= len(order) else None
    if len(order) < len(facts.active):
        return None
    index = len(order) + k
    return order[index] if index >= 0 else None


def _side_seats(facts: HandFacts, side: int) -> tuple[int, ...]:
    return tuple(s for s in facts.active if facts.sides[s] == side)


# ------------------------------------------------------------------ scalars
@SCALAR_FNS.register("out")
def _out(scope: Scope, arg: object) -> Value:
    return len(scope.facts.finish)


@SCALAR_FNS.register("in_play")
def _in_play(scope: Scope, arg: object) -> Value:
    return len(scope.facts.in_play)


@SCALAR_FNS.register("declarer_won")
def _declarer_won(scope: Scope, arg: object) -> Value:
    return int(scope.need_outcome().winning_side == DECLARER_SIDE)


@SCALAR_FNS.register("alone")
def _alone(scope: Scope, arg: object) -> Value:
    return int(scope.facts.declarer >= 0 and scope.facts.partner < 0)


@SCALAR_FNS.register("plays")
def _plays_of(scope: Scope, arg: object) -> Value:
    return scope.facts.type_counts.get(str(arg), 0)


# ------------------------------------------------------------------ subjects
@SUBJECT_FNS.register("declarer")
def _declarer(scope: Scope, arg: object) -> Seats:
    return (scope.facts.declarer,) if scope.facts.declarer >= 0 else None


@SUBJECT_FNS.register("partner")
def _partner(scope: Scope, arg: object) -> Seats:
    f = scope.facts
    return (f.partner,) if f.partner >= 0 and f.partner != f.declarer else None


@SUBJECT_FNS.register("opponents")
def _opponents(scope: Scope, arg: object) -> Seats:
    return _side_seats(scope.facts, OPPONENT_SIDE)


@SUBJECT_FNS.register("declarer_side")
def _declarer_side(scope: Scope, arg: object) -> Seats:
    return _side_seats(scope.facts, DECLARER_SIDE)


@SUBJECT_FNS.register("winners")
def _winners(scope: Scope, arg: object) -> Seats:
    return _side_seats(scope.facts, scope.need_outcome().winning_side)


@SUBJECT_FNS.register("losers")
def _losers(scope: Scope, arg: object) -> Seats:
    won = scope.need_outcome().winning_side
    return tuple(s for s in scope.facts.active if scope.facts.sides[s] != won)


@SUBJECT_FNS.register("place")
def _place(scope: Scope, arg: object) -> Seats:
    assert isinstance(arg, int)
    seat = place_seat(scope.facts, arg)
    return None if seat is None else (seat,)


@SUBJECT_FNS.register("this")
def _this(scope: Scope, arg: object) -> Seats:
    return (scope.seat,) if scope.seat >= 0 else None


@SUBJECT_FNS.register("caller")
def _caller(scope: Scope, arg: object) -> Seats:
    return (scope.caller,) if scope.caller >= 0 else None


# ------------------------------------------------------------------ measures
@MEASURE_FNS.register("side")
def _side(scope: Scope, seats: tuple[int, ...]) -> Value:
    return scope.facts.sides[seats[0]]


@MEASURE_FNS.register("captured")
def _captured(scope: Scope, seats: tuple[int, ...]) -> Value:
    return sum(scope.facts.captured[s] for s in seats)


@MEASURE_FNS.register("total")
def _total(scope: Scope, seats: tuple[int, ...]) -> Value:
    totals = scope.need_outcome().totals
    return sum(totals[s] for s in seats)


@MEASURE_FNS.register("cards_left")
def _cards_left(scope: Scope, seats: tuple[int, ...]) -> Value:
    return sum(scope.facts.cards_left[s] for s in seats)


@MEASURE_FNS.register("plays")
def _plays_made(scope: Scope, seats: tuple[int, ...]) -> Value:
    return sum(scope.facts.plays_made[s] for s in seats)


@MEASURE_FNS.register("hand_value")
def _hand_value(scope: Scope, seats: tuple[int, ...]) -> Value:
    return sum(scope.facts.hand_values[s] for s in seats)


@MEASURE_FNS.register("place")
def _place_of(scope: Scope, seats: tuple[int, ...]) -> Value:
    order = ranked(scope.facts)
    return order.index(seats[0]) + 1 if seats[0] in order else None


@MEASURE_FNS.register("partner_place")
def _partner_place(scope: Scope, seats: tuple[int, ...]) -> Value:
    """The place of the one other seat on his side (undefined unless his side has two seats)."""
    f = scope.facts
    seat = seats[0]
    mates = [s for s in f.active if s != seat and f.sides[s] == f.sides[seat]]
    return _place_of(scope, (mates[0],)) if len(mates) == 1 else None


# ------------------------------------------------------------------ compiling
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    ">": operator.gt,
}

Evaluator = Callable[[Scope], Value]
Predicate = Callable[[Scope], bool]


def _bind_term(term: Term) -> Evaluator:
    """The term's evaluator, with its registry entries looked up now, not per call."""
    if term.name == "int":
        value = term.arg
        assert isinstance(value, int)
        return lambda scope: value
    arg = term.arg
    if term.measure is None:
        fn = SCALAR_FNS[term.name]
        return lambda scope: fn(scope, arg)
    who, what = SUBJECT_FNS[term.name], MEASURE_FNS[term.measure]

    def measured(scope: Scope) -> Value:
        seats = who(scope, arg)
        return None if seats is None else what(scope, seats)

    return measured


def _bind(parsed: Comparison) -> Predicate:
    left = _bind_term(parsed.left)
    if parsed.op is None:
        negated = parsed.negated

        def bare(scope: Scope) -> bool:
            value = left(scope)
            return value is not None and bool(value) != negated

        return bare
    assert parsed.right is not None
    right, op = _bind_term(parsed.right), _OPS[parsed.op]

    def compare(scope: Scope) -> bool:
        a, b = left(scope), right(scope)
        return a is not None and b is not None and op(a, b)

    return compare


@lru_cache(maxsize=1024)
def compile_condition(text: str) -> Predicate:
    """The predicate for one condition string (validated by the model, so it parses)."""
    return _bind(parse_condition(text))


def holds(conditions: Sequence[str], scope: Scope) -> bool:
    """Whether every condition holds (an empty list always holds)."""
    return all(compile_condition(text)(scope) for text in conditions)
