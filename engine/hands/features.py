"""Comparison features (``compare.key`` / ``compare.same``): a registry of builders.

A builder turns one feature name into a function of (play, number of cards), bound when the
variant is compiled, so comparing two plays never looks a feature up by name. ``top`` asks the
shape what its top is (a chain's top is its highest sequence position, a group's its rank).
A new feature needs: a builder here, registered with ``@FEATURES.register(name)`` (a builder is
a function of ``FeatureContext`` returning ``FeatureFn``), its name in ``rules.models.Feature``
and its phrase ``feat.<name>`` in rulebook/phrases/hand_types.py; ``tests/rules/test_registries.py``
checks that the two lists of names agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paixing.hands.ruleset import FeatureFn
from paixing.hands.tables import RankTables
from paixing.rules.registry import Registry


@dataclass(frozen=True)
class FeatureContext:
    """What a feature builder may read: the shape's compiled params and top, the tables."""

    top: Callable[[Any, RankTables], FeatureFn]
    params: Any
    tables: RankTables
    length_cap: int
    category: int = 0
    """The type's ``compare.category``."""


Builder = Callable[[FeatureContext], FeatureFn]
"""What a feature's entry is: the type's context → the bound feature function."""

FEATURES: Registry[Builder] = Registry("comparison feature")
"""Feature name → builder."""


@FEATURES.register("length")
def _length(ctx: FeatureContext) -> FeatureFn:
    cap = ctx.length_cap
    return lambda p, n: n if n < cap else cap


@FEATURES.register("top")
def _top(ctx: FeatureContext) -> FeatureFn:
    return ctx.top(ctx.params, ctx.tables)


@FEATURES.register("groups")
def _groups(ctx: FeatureContext) -> FeatureFn:
    return lambda p, n: tuple(sorted(((size, r) for r, size in p.groups), reverse=True))


@FEATURES.register("suit")
def _suit(ctx: FeatureContext) -> FeatureFn:
    # The suit of the play's highest card: a one-suit shape sets it; for every other shape the
    # compiler wraps generate/match so each play carries it (see suited.py).
    return lambda p, n: p.suit


@FEATURES.register("natural")
def _natural(ctx: FeatureContext) -> FeatureFn:
    return lambda p, n: 0 if p.wild_as else 1


@FEATURES.register("wild_alone")
def _wild_alone(ctx: FeatureContext) -> FeatureFn:
    # Wild cards alone: after ``top``, the half rank a lone ``half_above`` wild card reads above its card.
    return lambda p, n: 0 if p.naturals else 1


@FEATURES.register("ranks")
def _ranks(ctx: FeatureContext) -> FeatureFn:
    # Every rank of the core, high to low, once per card (flush against flush).
    return lambda p, n: tuple(sorted((r for r, c in p.groups for _ in range(c)), reverse=True))


@FEATURES.register("category")
def _category(ctx: FeatureContext) -> FeatureFn:
    c = ctx.category
    return lambda p, n: c


def compile_features(ctx: FeatureContext, names: tuple[str, ...]) -> Callable[[Any, int], tuple[Any, ...]]:
    """Build the key (or the must-match features) of a type as one function."""
    fns = [FEATURES[name](ctx) for name in names]  # a miss: UnknownName, a ValueError
    if not fns:
        return lambda p, n: ()
    if len(fns) == 1:
        (f,) = fns
        return lambda p, n: (f(p, n),)
    if len(fns) == 2:  # (length, top) of every bomb ladder: no generator per key
        f, g = fns
        return lambda p, n: (f(p, n), g(p, n))
    return lambda p, n: tuple([f(p, n) for f in fns])
