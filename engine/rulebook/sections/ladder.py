"""The ladder table: every playable type by rung, low to high, with what it is compared by and
what it compares with (rows of one rung are spanned so the table reads as the ladder)."""

from __future__ import annotations

from typing import Any

from ..phrases import range_words
from .compare import key_text, same_text
from .pen import Pen


def ladder(pen: Pen) -> dict[str, Any]:
    """The ladder section's data: intro, rows (with ``span`` and ``parity``), closing notes."""
    rows: list[dict[str, Any]] = []
    for rung, entries in enumerate(pen.v.ladder, start=1):
        for entry in entries:
            t = pen.rs.type_by_id[entry.type]
            name = pen.tr(t.name)
            if entry.length is not None:
                name += pen.paren(pen.s("cmp.length_only", length=range_words(pen.lang, entry.length, "unit.card")))
            rows.append({"rung": rung, "type_id": t.id, "type": name, "key": key_text(pen, t), "same": same_text(pen, t)})
    for row in rows:
        same = [r for r in rows if r["rung"] == row["rung"]]
        row["span"] = len(same) if same[0] is row else 0
        row["parity"] = "odd" if row["rung"] % 2 else "even"
    unplayable = [t.id for t in pen.rs.types if not t.playable]
    return {
        "intro": pen.s("ladder.intro"),
        "rows": rows,
        "after": pen.s("cmp.equal") + pen.s("w.space") + pen.s("ladder.readings"),
        "unplayable": pen.s("ladder.unplayable", types=pen.names(unplayable)) if unplayable else "",
    }
