"""The hand-types section: one entry per type with its definition lines (the shape's own line,
written by its module in ``paixing.hands.shapes``; kickers; wild-card limits; rungs and
comparison) and its examples, those of the variant file that name it and the generated one."""

from __future__ import annotations

from typing import Any

from paixing.hands.compile import TypeInfo
from paixing.hands.shapes import SHAPES
from paixing.rules.cards import Card
from paixing.rules.models import HandType, Kickers, Range, Wilds

from ..faces import C, Rich, T
from ..phrases import range_words, tr
from ..shown import Shown
from .compare import compare_sentence, rung_text
from .examples import fact
from .overview import kicker_mode
from .pen import Pen


class _Say:
    """The rulebook seen by a shape writing its definition line (``shapes.Describer``): the
    hand-type layer may not import the rulebook, so it is handed this instead."""

    def __init__(self, pen: Pen) -> None:
        self.pen = pen

    def s(self, key: str, **kw: Any) -> str:
        return self.pen.s(key, **kw)

    def range_text(self, r: Range, unit: str) -> str:
        return range_words(self.pen.lang, r, unit)

    def text(self, s: str) -> Any:
        return T(s)

    def cards(self, cards: list[Card]) -> Any:
        return C(self.pen.rs.sort_cards(cards))


def _kickers(pen: Pen, k: Kickers) -> str:
    """“Plus one single card per group (kickers): …; …”."""
    if k.count == "per_group" and k.per_group != 1:
        head = pen.s(f"kick.perN{k.size}", n=k.per_group)
    elif k.count == "per_group":
        head = pen.s(f"kick.per{k.size}")
    else:
        head = pen.s(f"kick.fixed{k.size}", n=k.count)
    parts = [pen.s("kick.other" if k.other_ranks else "kick.same_ok")]
    if k.fewer:
        parts.append(pen.s("kick.fewer"))
    if k.distinct_ranks:
        parts.append(pen.s("kick.distinct"))
    if k.may_not_contain:
        parts.append(pen.s("kick.not", types=pen.names(k.may_not_contain)))
    if k.no_longer_chain:
        parts.append(pen.s("kick.longer"))
    if pen.rs.has_wilds:
        parts.append(pen.s(f"kick.wilds.{kicker_mode(k)}"))
    return head + pen.s("w.colon") + pen.s("w.semicolon").join(parts) + pen.s("w.period")


def _wild_limits(pen: Pen, w: Wilds) -> str:
    """How many wild (and natural) cards the type may hold."""
    bits: list[str] = []
    if w.max == 0:
        bits.append(pen.s("wl.none"))
    else:
        if w.max is not None:
            bits.append(pen.s("wl.max", n=w.max))
        if w.min:
            bits.append(pen.s("wl.min", n=w.min))
        if w.min_natural:
            bits.append(pen.s("wl.min_natural", n=w.min_natural))
        if not bits:
            bits.append(pen.s("wl.any"))
    return pen.s("w.semicolon").join(bits) + pen.s("w.period")


def definition(pen: Pen, t: TypeInfo) -> list[Rich]:
    """The definition lines of one hand type."""
    spec: HandType = t.spec
    shape = SHAPES[spec.shape]
    out: list[Rich] = list(shape.describe(spec, _Say(pen)))
    if spec.kickers is not None:
        out.append([T(_kickers(pen, spec.kickers))])
    if pen.rs.has_wilds and shape.wild_limits and (spec.kickers is None or spec.wilds.max != 0):
        out.append([T(_wild_limits(pen, spec.wilds))])
    if spec.last_play_only:
        out.append([T(pen.s("shape.last_only"))])
    if not spec.playable:
        out.append([T(pen.s("shape.unplayable"))])
    else:
        out.append([T(rung_text(pen, t) + pen.s("w.space") + compare_sentence(pen, t))])
        if spec.kickers is not None:
            out.append([T(pen.s("kick.no_key"))])
    return out


def hand_type(pen: Pen, t: TypeInfo) -> dict[str, Any]:
    """One hand type's entry: names in both languages, definition, description, examples."""
    shown: list[Shown] = [Shown(i + 1, pen.f.outcomes[i].example, pen.f.outcomes[i]) for i in pen.f.mentions.get(t.id, ())]
    if t.id in pen.f.generated:
        shown.append(pen.f.generated[t.id])
    return {
        "id": t.id,
        "name": pen.tr(t.name),
        "alt_name": tr(t.name, pen.other_lang),
        "definition": definition(pen, t),
        "description": pen.tr(t.spec.description),
        "examples": [fact(pen, x) for x in shown],
    }


def hand_types(pen: Pen) -> list[dict[str, Any]]:
    """Every hand type of the variant, in the file's order."""
    return [hand_type(pen, t) for t in pen.rs.types]
