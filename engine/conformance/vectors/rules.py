"""Which rule a case touches: its hand types, their ladder rungs and the variant notes that
speak of them, so that a disagreement can be read as "the 8-card rung of that type" rather than
"case 217"."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from paixing.hands.compile import Ruleset
from paixing.hands.play import Play


def _words(text: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", text).strip().lower()


@lru_cache(maxsize=32)
def notes_by_type(rs: Ruleset) -> dict[str, tuple[str, ...]]:
    """For each hand type, the ids of the notes whose text names it (its Chinese name, its
    English name without the parenthesis, or its id)."""
    out: dict[str, tuple[str, ...]] = {}
    for t in rs.types:
        zh, en = t.name.zh, _words(t.name.en)
        found = [
            n.id
            for n in rs.variant.notes
            if (zh and zh in n.text.zh)
            or (en and re.search(rf"\b{re.escape(en)}", n.text.en.lower()))
            or re.search(rf"\b{re.escape(t.id)}\b", n.text.en)
        ]
        out[t.id] = tuple(found)
    return out


def rule_of(rs: Ruleset, plays: Iterable[Play]) -> dict[str, Any]:
    """The rule tag of a case about ``plays``: its hand types and, per type, the ladder rungs
    (indices) its plays stand on and the notes that name the type."""
    plays = list(plays)
    types = sorted({p.type.id for p in plays})
    notes = notes_by_type(rs)
    return {
        "hand_types": types,
        "rungs": {t: sorted({p.rung for p in plays if p.type.id == t and p.rung >= 0}) for t in types},
        "notes": {t: list(notes.get(t, ())) for t in types if notes.get(t)},
    }


def merge(*tags: dict[str, Any]) -> dict[str, Any]:
    """One tag covering several: the union of the hand types, and of each type's rungs and
    notes."""
    types: set[str] = set()
    rungs: dict[str, set[int]] = {}
    notes: dict[str, set[str]] = {}
    for tag in tags:
        types.update(tag.get("hand_types", []))
        for t, found in tag.get("rungs", {}).items():
            rungs.setdefault(t, set()).update(found)
        for t, found in tag.get("notes", {}).items():
            notes.setdefault(t, set()).update(found)
    return {
        "hand_types": sorted(types),
        "rungs": {t: sorted(rungs[t]) for t in sorted(rungs)},
        "notes": {t: sorted(notes[t]) for t in sorted(notes)},
    }
