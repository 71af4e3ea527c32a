"""How one hand type compares, in words: its rungs, the features it is compared by, and what it
compares with. Shared by the hand-type definitions (full sentences) and the ladder table (the
short forms), so both always say the same thing."""

from __future__ import annotations

from paixing.hands.compile import TypeInfo
from paixing.rules.cards import SUIT_SYMBOLS

from ..phrases import P
from .pen import Pen


def rung_text(pen: Pen, t: TypeInfo) -> str:
    """“On rung 3 of the ladder.” / “On rungs 2, 3 …, by number of cards.”"""
    rungs = sorted({r + 1 for _, _, r in t.rungs})
    return pen.s("cmp.rung" if len(rungs) == 1 else "cmp.rungs", rungs=pen.join(str(r) for r in rungs))


def feature(pen: Pen, t: TypeInfo, name: str) -> str:
    """One comparison feature; ``top`` is worded by the type's shape when the shape brings a
    ``feat.top_<shape>`` phrase."""
    if name == "length":
        if t.spec.compare.length_cap is not None:
            return pen.s("feat.length_cap", cap=t.spec.compare.length_cap)
        return pen.s("feat.length")
    if name == "top":
        return pen.s(f"feat.top_{t.shape}" if f"feat.top_{t.shape}" in P else "feat.top_other")
    if name == "suit":
        suits = " > ".join(SUIT_SYMBOLS[s] for s in reversed(pen.v.ranks.suits))
        return pen.s("feat.suit", suits=suits)
    if name == "category":
        return pen.s("feat.category", category=t.spec.compare.category)
    return pen.s(f"feat.{name}")


def _features(pen: Pen, t: TypeInfo) -> str:
    return pen.s("cmp.then").join(feature(pen, t, f) for f in t.key)


def _mates(pen: Pen, t: TypeInfo) -> list[str]:
    """The other types of ``t``'s class."""
    return [u.id for u in pen.rs.types if u.cls == t.cls and u.id != t.id]


def key_text(pen: Pen, t: TypeInfo) -> str:
    """The ladder's “compared by” cell."""
    if not t.key:
        return pen.s("cmp.none")
    return pen.s("cmp.by_short", features=_features(pen, t))


def _also(pen: Pen, t: TypeInfo) -> str:
    """The plays ``compare.also_beats`` lets the type beat, in words ("a single of 2")."""
    return pen.join(
        pen.s("cmp.also_ranks", type=pen.name(a.type), ranks=" ".join(a.ranks)) if a.ranks else pen.name(a.type)
        for a in t.spec.compare.also_beats
    )


def same_text(pen: Pen, t: TypeInfo) -> str:
    """The ladder's “compares with” cell."""
    mates = _mates(pen, t)
    text = pen.s("cmp.class_short", types=pen.names(mates)) if mates else pen.s("cmp.own")
    if t.same:
        text += pen.s("w.comma") + pen.s("cmp.same_short", features=pen.join(feature(pen, t, f) for f in t.same))
    if t.also_beats:
        text += pen.s("w.comma") + pen.s("cmp.also_short", plays=_also(pen, t))
    if t.step:
        text += pen.s("w.comma") + pen.s("cmp.step_short", step=t.step)
        if t.spec.compare.step_free:
            text += pen.s("w.comma") + pen.s("cmp.step_free_short", ranks=" ".join(t.spec.compare.step_free))
    return text


def compare_sentence(pen: Pen, t: TypeInfo) -> str:
    """The definition's sentences on comparison: by what, with which types, under which equal
    features."""
    if not t.key:
        text = pen.s("cmp.none") + pen.s("w.period")
    else:
        key = "cmp.by" if len(t.key) == 1 else "cmp.by_many"
        text = pen.s(key, features=_features(pen, t))
    extra = []
    mates = _mates(pen, t)
    if mates:
        extra.append(pen.s("cmp.class", types=pen.names(mates)))
    if t.same:
        extra.append(pen.s("cmp.same", features=pen.join(feature(pen, t, f) for f in t.same)))
    if t.also_beats:
        extra.append(pen.s("cmp.also", plays=_also(pen, t)))
    if t.step:
        extra.append(pen.s("cmp.step", step=t.step))
        if t.spec.compare.step_free:
            extra.append(pen.s("cmp.step_free", ranks=" ".join(t.spec.compare.step_free)))
    if extra:
        text += pen.s("w.space") + pen.s("w.space").join(extra)
    return text
