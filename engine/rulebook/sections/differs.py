"""The differences-from-parent section: every key a variant changes of the variant it extends,
with old and new values in the book's language (and, in English, what the key means, from the
rule language's own field descriptions)."""

from __future__ import annotations

from typing import Any

from ..diff import MISSING, _is_text, compact, diff_variants, path_doc
from .pen import Pen


def value(pen: Pen, v: Any, path: str) -> str:
    """One side of a change as a short text: a bilingual text in the book's language, an entry
    by its name and id, a list of examples by its count, anything else compacted."""
    if v is MISSING or v is None:
        return pen.s("diff.absent")
    if _is_text(v):
        return str(v[pen.lang])
    if isinstance(v, dict) and "id" in v:
        if path.startswith("hand_types") and _is_text(v.get("name")):
            return pen.s("diff.type", name=v["name"][pen.lang]) + f" ({v['id']})"
        for key in ("name", "text"):
            if _is_text(v.get(key)):
                return f"{v[key][pen.lang]} ({v['id']})"
    if path == "examples" and isinstance(v, list):
        return pen.s("diff.count", n=len(v))
    return compact(v)


def differs(pen: Pen) -> dict[str, Any] | None:
    """The section's data, or None for a variant that extends nothing."""
    parent = pen.f.parent
    if parent is None:
        return None
    en = pen.lang == "en"
    rows = [
        {
            "path": path,
            "change": pen.s(f"diff.{kind}"),
            "old": value(pen, old, path),
            "new": value(pen, new, path),
            "meaning": path_doc(path) if en else "",
        }
        for path, kind, old, new in diff_variants(parent, pen.v)
    ]
    return {
        "intro": pen.s("diff.intro", parent=f"{pen.tr(parent.name)} ({parent.id})"),
        "parent": pen.tr(parent.name),
        "rows": rows,
        "none": pen.s("diff.none") if not rows else "",
        "show_meaning": en,
    }
