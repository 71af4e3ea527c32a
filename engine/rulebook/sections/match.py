"""The match section: levels and promotion, the last level's rule, running points (a variant
with ``game.session``)."""

from __future__ import annotations

from typing import Any

from ..saying import conditions_words
from .pen import Pen


def match(pen: Pen) -> dict[str, Any] | None:
    """The match in sentences and the promotion rows, or None without a session."""
    g = pen.v.game
    if g is None or g.session is None:
        return None
    lines = [pen.s("m.intro")]
    rows: list[str] = []
    levels = g.session.levels
    if levels is not None:
        first, top = levels.ranks[0], levels.ranks[-1]
        lines += [pen.s("m.levels", first=first, ranks=" → ".join(levels.ranks)), pen.s("m.hand_level", first=first)]
        lines.append(pen.s("m.promote", top=top))
        for row in levels.promote:
            when = conditions_words(pen.lang, row.conditions, pen.name) if row.conditions else pen.s("cond.otherwise")
            rows.append(pen.s("m.promote_row", when=when, up=row.up))
        rule = levels.top
        when = conditions_words(pen.lang, rule.passes_if, pen.name) if rule.passes_if else pen.s("cond.always")
        top_line = pen.s("m.top" if rule.must_lead_level else "m.top_any", top=top, when=when)
        if rule.attempts is not None:
            top_line += " " + pen.s("m.attempts", n=rule.attempts, first=first)
        lines.append(top_line)
    points = g.session.points
    if points is not None:
        lines.append(pen.s("m.points", counts=pen.s(f"m.{points.counts}"), target=points.target))
    return {"lines": lines, "promote": rows}
