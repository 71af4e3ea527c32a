"""What a shape provides, and the registry the compiler binds from.

A shape is one value of the ``Shape`` dataclass, made and registered by its own module in this
package (``register(Shape(key=..., ...))``). The package imports every module it contains, so a
new shape is one new module here plus its model in rules/shapes.py; nothing else dispatches on
a shape. ``compile_variant`` binds a type's functions once (``TypeInfo.generate``, ``match``,
``contains_fn``, the ``top`` feature), so the hot paths pay no look-up. The rulebook asks a
shape for the exact odds of being dealt it (``seat_count``, ``any_seat``, ``seat_formula``,
``rank_test``); a shape that leaves them at their defaults gets a Monte Carlo estimate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from paixing.hands.ruleset import ContainsFn, FeatureFn, GenerateFn, MatchFn, TypeInfo
from paixing.hands.shapes.counting import Ask, DeckCounts, RankTest
from paixing.hands.tables import RankTables
from paixing.hands.view import HandView
from paixing.rules.cards import Card
from paixing.rules.registry import Registry

if TYPE_CHECKING:
    from paixing.rules.models import HandType


class Describer(Protocol):
    """What the rulebook gives a shape to write its definition line with (no import of the
    rulebook here: the hand-type layer sits below it)."""

    def s(self, key: str, **kw: Any) -> str:
        """The phrase ``key`` in the book's language."""

    def range_text(self, r: Any, unit: str) -> str:
        """A ``Range`` in words with its unit phrase (``unit.card``, ``unit.rank``)."""

    def text(self, s: str) -> Any:
        """A text segment."""

    def cards(self, cards: list[Card]) -> Any:
        """A cards segment (drawn as cards)."""


def _no_group(params: Any) -> int:
    return 0


def _no_needs(params: Any) -> frozenset[int] | None:
    return None


def _no_held_ranks(params: Any) -> tuple[tuple[int, ...], bool]:
    return (), False


def _any_suits(params: Any) -> str:
    return "any"


def _no_cap(params: Any) -> int | None:
    return None


def _top_highest(params: Any, tables: RankTables) -> FeatureFn:
    """The default ``top``: the highest rank in the core."""
    return lambda p, n: max((r for r, _ in p.groups), default=0)


def _no_floor(params: Any) -> bool:
    return False


def _no_exclusive(params: Any, tables: RankTables) -> tuple[str, ...] | None:
    return None


def _no_rank_test(t: TypeInfo) -> RankTest | None:
    return None


def _no_count(t: TypeInfo, ask: Ask, deck: DeckCounts) -> int | None:
    return None


def _no_any_seat(t: TypeInfo, ask: Ask, deck: DeckCounts, p_seat: Fraction) -> tuple[Fraction, str] | None:
    return None


def _any_ranks(params: Any) -> frozenset[int] | None:
    return None


def _no_formula(t: TypeInfo, ask: Ask, deck: DeckCounts, count: int) -> str | None:
    return None


@dataclass(frozen=True)
class Shape:
    """One shape of hand type: the functions the compiler binds and the rulebook calls.

    Required: ``key`` (the YAML key on a hand type), ``compile`` (the shape's model and the
    whole HandType → a small frozen params value), ``generate`` and ``match`` (see
    ruleset.GenerateFn / MatchFn; they read ``t.params``), ``contains`` (params → the kicker
    containment test), ``describe`` (the rulebook's definition line) and ``phrases`` (the
    ``shape.*`` phrases it uses, ``key -> (zh, en)``). The rest have defaults."""

    key: str
    compile: Callable[[HandType, RankTables], Any]
    generate: GenerateFn
    match: MatchFn
    contains: Callable[[Any, RankTables], ContainsFn]
    describe: Callable[[HandType, Describer], list[list[Any]]]
    phrases: dict[str, tuple[str, str]]
    top: Callable[[Any, RankTables], FeatureFn] = _top_highest
    """The ``top`` comparison feature."""
    needs_group: Callable[[Any], int] = _no_group
    """Cards of one rank (wild cards included) every play needs; 0 when none."""
    needs: Callable[[Any], frozenset[int] | None] = _no_needs
    """Ranks every play needs (lets kicker rules skip a test), or None."""
    held_ranks: Callable[[Any], tuple[tuple[int, ...], bool]] = _no_held_ranks
    """Ranks every play holds a card of, and whether a wild card may stand in for one (within
    the type's wild-card limit): the move generator skips the type, without a call, when the
    hand's count vector lacks more of them than that (5-10-K needs all three ranks held)."""
    suits: Callable[[Any], str] = _any_suits
    """How suits matter: ``same`` makes the suit part of a play's identity."""
    ranks: Callable[[Any], frozenset[int] | None] = _any_ranks
    """The only ranks a play can hold natural cards of (5-10-K: three), or None (any rank): a
    comparison by suit then reads the suits of those ranks alone (``suited.apart``)."""
    kicker_cap: Callable[[Any], int | None] = _no_cap
    """When kickers may not contain this type: the most cards of one rank they may hold if
    that says it exactly (n of a kind: n - 1), else None (the containment test runs)."""
    exclusive_wilds: Callable[[Any, RankTables], tuple[str, ...] | None] = _no_exclusive
    """Wild cards (sorted names) that read only as this type (four jokers), or None."""
    floor_exact: Callable[[Any], bool] = _no_floor
    """The generator never returns a play whose ``top`` is below its ``floor`` (so answering
    a play of the type compared by its top alone needs no ``beats`` check: see moves.py)."""
    named_cards: bool = False
    """Each play is the very cards the type names (exact cards): in a variant where suits
    matter later it is not made again of other cards of its ranks (see ``suited.card_sets``)."""
    ranks_only: bool = False
    """Suits play no part in the shape: examples write its plays by rank alone."""
    wild_limits: bool = True
    """The type's ``wilds:`` limits apply (the rulebook states them)."""

    # The odds a rulebook prints for dealt-hand events (see counting.py). A shape that gives
    # none of these still gets odds: a Monte Carlo estimate, labelled with its sample.
    rank_test: Callable[[TypeInfo], RankTest | None] = _no_rank_test
    """When a hand holds a play of the type as soon as one rank's natural cards allow (n of a
    kind): which counts of a rank do; None otherwise. Events that yield ranks to one another
    (``not_with``) are counted exactly only between such types."""
    seat_count: Callable[[TypeInfo, Ask, DeckCounts], int | None] = _no_count
    """How many k-card hands of the deck hold the event; None when there is no exact count."""
    any_seat: Callable[[TypeInfo, Ask, DeckCounts, Fraction], tuple[Fraction, str] | None] = _no_any_seat
    """Given one seat's exact odds: the exact odds that some seat holds it and the method
    (``ie``: inclusion–exclusion over seats; ``excl``: no two seats can), or None."""
    seat_formula: Callable[[TypeInfo, Ask, DeckCounts, int], str | None] = _no_formula
    """The one-seat count as a formula one reads off the shape (``4^13``), or None (then
    the number is printed)."""


def natural_counts(hv: HandView, t: TypeInfo) -> dict[int, int] | None:
    """The natural counts {rank: n} of cards being read as ``t``, or None when the type's
    wild-card limits rule the cards out (the check every shape but exact cards shares)."""
    w = hv.n_wild
    if (w and (t.wmin > w or t.wmax < w)) or (not w and t.wmin):
        return None
    nat = {r: c for r, c in enumerate(hv.counts) if c}
    if sum(nat.values()) < t.min_natural:
        return None
    return nat


SHAPES: Registry[Shape] = Registry("shape")
"""YAML key → shape, filled by the shape modules as the package imports them."""


def register(shape: Shape) -> Shape:
    """Add ``shape`` under its key (each shape module calls this once; a key registered twice
    is refused)."""
    return SHAPES.add(shape.key, shape)
