"""Which changed key explains a concrete difference: the grouping of ``paixing diff``.

The keys come from ``rulebook.diff.diff_variants`` (the child's overrides, or any two
variants' differences). Keys that only say something (names, descriptions, notes, examples)
never explain behaviour. A card case is explained by the keys of the hand types it reads
as, else by the wild cards (when wild or undealt cards are in it), else by the ladder and the
ranks (for ``beats`` and legal plays), else by the ranks or the deck; a whole hand by its contract's
score table (the row part) and by the trick bonuses (the bonus part), else by any key of
``game``. Several keys that explain a case are named by their common prefix.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cases import Case

TEXT_KEYS = ("name", "description", "note", "notes", "examples", "text")
UNEXPLAINED = "(no changed key explains this)"


def behaviour_paths(paths: list[str]) -> list[str]:
    """The changed keys that can change behaviour."""
    out = []
    for path in paths:
        parts = re.split(r"[.\[]", path)
        if not any(p.rstrip("]") in TEXT_KEYS for p in parts):
            out.append(path)
    return out


def _prefix(paths: list[str]) -> str:
    """The longest common prefix of key paths, cut at a key boundary."""
    first = paths[0]
    n = min(len(p) for p in paths)
    i = 0
    while i < n and all(p[i] == first[i] for p in paths):
        i += 1
    common = first[:i]
    if all(len(p) == i or p[i] in ".[" for p in paths):
        return common
    cut = max(common.rfind("."), common.rfind("["))
    if cut <= 0:
        return " + ".join(sorted(set(paths)))
    return common[:cut]


def _card_rules(case: Case) -> list[Callable[[str], bool]]:
    tests: list[Callable[[str], bool]] = [lambda p: any(p.startswith(f"hand_types[{t}]") for t in case.types)]
    if case.wild:
        tests.append(lambda p: p.startswith(("wildcards", "deck")))
    if case.kind in ("beats", "moves"):
        # the ranks order plays as much as the ladder does (suit order, moved chains): a
        # child that changes both is explained by both
        tests.append(lambda p: p.startswith(("ladder", "ranks")))
    tests.append(lambda p: p.startswith(("ranks", "deck", "wildcards", "ladder")))
    return tests


def _score_rules(case: Case) -> list[Callable[[str], bool]]:
    wanted = []
    if "row" in case.parts:
        wanted.append(f"game.contracts[{case.contract}]")
    if "bonus" in case.parts:
        wanted.append("game.bonuses")
    return [lambda p: p.startswith(tuple(wanted)), lambda p: p.startswith("game")]


def explain(case: Case, paths: list[str]) -> str:
    """The key (or common prefix of keys) that explains ``case``, or ``UNEXPLAINED``."""
    tests = _score_rules(case) if case.kind == "score" else _card_rules(case)
    for test in tests:
        found = [p for p in paths if test(p)]
        if found:
            return _prefix(found)
    return UNEXPLAINED
