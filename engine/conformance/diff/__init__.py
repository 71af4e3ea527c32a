"""``paixing diff A B``: where two variants disagree, as minimal concrete cases grouped by the
changed key that causes them.

``diff(a, b, changed)`` takes the changed keys from ``rulebook.diff.diff_variants`` (the caller
passes them, with ``path_doc`` for their meaning, so that the rulebook can show these cases
without an import cycle); it searches small hands and both variants' sample plays (``search``), finds the
card sets, pairs of plays, hands and whole hands on which the variants disagree (``cases``),
and groups them under the key of ``rulebook.diff.diff_variants`` that explains each
(``groups``). Within a group the cases are shortest first; ``show`` keeps the first few of each
kind and counts the rest.

Where the hand rules depend on the hand (a level rank, drawn wild ranks) both variants are
compared in one hand (``same_hand``): the second variant's sample hand (the first's when the
second has no per-hand rules), each variant taking the parameters it has. A drawn wild rank is
then wild on the side that draws it, and the difference it makes is the wild cards' key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paixing.hands.compile import Ruleset

from ..vectors.params import hand_keys, params_of, sample_hand
from .cases import Case, beats_cases, classify_cases, moves_cases, score_cases
from .groups import UNEXPLAINED, behaviour_paths, explain
from .search import SMALL, candidates

__all__ = ["Diff", "Group", "diff", "UNEXPLAINED"]

CASE_KINDS = ("classify", "beats", "moves", "score")
"""The kinds of differing case a diff reports, in the order it shows them."""
BEATS_LIMIT = 400
"""Differing pairs of plays kept at most (the shortest)."""
HAND_GAMES = 40
"""Hands played per variant to find one per score row for the score comparison."""


@dataclass
class Group:
    """The cases one changed key explains."""

    rule: str
    meaning: str
    cases: list[Case] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {k: n for k in CASE_KINDS if (n := sum(c.kind == k for c in self.cases))}

    def shown(self, show: int) -> list[Case]:
        """The first ``show`` cases of each kind, shortest first."""
        return [c for k in CASE_KINDS for c in [c for c in self.cases if c.kind == k][:show]]

    def to_json(self, show: int) -> dict[str, Any]:
        return {"rule": self.rule, "meaning": self.meaning, "counts": self.counts(), "cases": [c.to_json() for c in self.shown(show)]}


@dataclass
class Diff:
    """Every difference found between ``a`` and ``b``, grouped by rule."""

    a: str
    b: str
    changed: list[str]
    """Every changed key that can change behaviour."""
    groups: list[Group] = field(default_factory=list)
    hand: dict[str, Any] = field(default_factory=dict)
    """The hand both were compared in (``level``, ``wild_ranks``), where the rules depend on it."""

    def to_json(self, show: int = 5) -> dict[str, Any]:
        hand = {"hand": self.hand} if self.hand else {}
        return {"a": self.a, "b": self.b, "changed": self.changed, **hand, "groups": [g.to_json(show) for g in self.groups]}


def same_hand(a: Ruleset, b: Ruleset) -> tuple[Ruleset, Ruleset, dict[str, Any]]:
    """``a`` and ``b`` compiled for one hand, and what names it: ``b``'s sample hand (``a``'s
    when ``b`` has no per-hand rules), each side given only the parameters it takes."""
    keys_a, keys_b = hand_keys(a), hand_keys(b)
    if not keys_a and not keys_b:
        return a, b, {}
    hand = sample_hand(b) if keys_b else sample_hand(a)
    named = params_of(hand, (*keys_b, *(k for k in keys_a if k not in keys_b)))

    def take(rs: Ruleset, keys: tuple[str, ...]) -> Ruleset:
        given = {k: named[k] for k in keys}
        return rs.for_hand(level=given.get("level"), wild_ranks=tuple(given.get("wild_ranks", ())))

    return take(a, keys_a), take(b, keys_b), named


def diff(
    a: Ruleset,
    b: Ruleset,
    paths: Sequence[str],
    doc: Callable[[str], str] = lambda path: "",
    size: int = SMALL,
    hands: bool = True,
    seed: int = 0,
    max_games: int = HAND_GAMES,
) -> Diff:
    """The differences between variants ``a`` and ``b`` (whose changed keys are ``paths``, each
    explained by ``doc``): hands of up to ``size`` cards, the sample plays, and, when
    ``hands``, whole hands played from ``seed``."""
    changed = behaviour_paths(list(paths))
    a, b, hand = same_hand(a, b)
    pool = candidates(a, b, size)
    small = [c for c in pool if len(c) <= size]
    plain = candidates(a, b, size, dealt=False)
    found = classify_cases(a, b, pool) + beats_cases(a, b, plain, BEATS_LIMIT) + moves_cases(a, b, small)
    if hands:
        found += score_cases(a, b, seed, max_games)
    groups: dict[str, Group] = {}
    for case in sorted(found, key=lambda c: (c.size, CASE_KINDS.index(c.kind))):
        rule = explain(case, changed)
        if rule not in groups:
            groups[rule] = Group(rule, "" if rule == UNEXPLAINED else " ".join(doc(p) for p in rule.split(" + ")))
        groups[rule].cases.append(case)
    return Diff(a.id, b.id, changed, list(groups.values()), hand)
