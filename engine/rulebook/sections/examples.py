"""Examples as the book shows them: each one's cards and the verdict the engine computes now.

Rendering is driven by ``EXAMPLE_WRITERS``, a registry with one writer per example kind of
``paixing.hands.examples.EXAMPLE_KINDS`` (which says which kind an example is), so a new kind
of example is one function and one entry here — no new branch in ``fact``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from paixing.hands.examples import example_kind, plays_against
from paixing.hands.moves import beats_cards
from paixing.hands.play import Play
from paixing.rules.cards import Card, parse_cards
from paixing.rules.models import Example
from paixing.rules.registry import Registry

from ..faces import B, C, Rich, T, as_written, cards_of
from ..shown import RulebookError, Shown, _readings
from .pen import Pen


def reading(pen: Pen, p: Play) -> Rich:
    """One reading of a play: its type, what wild cards stand for, or its core and kickers."""
    segs: Rich = [B(pen.tr(p.type.name))]
    if p.wild_as:
        segs += [T(pen.s("ex.as")), C(cards_of(pen.rs, p.reads_as))]
    elif p.type.kickers is not None:
        ranks = pen.rs.ranks
        core = Counter({r: n for r, n in p.groups})
        kick = Counter({r: n for r, n in p.naturals}) - core
        segs += [
            T(pen.s("ex.core")),
            C(Card(ranks[r]) for r in sorted(core.elements())),
            T(pen.s("ex.kickers")),
            C(Card(ranks[r]) for r in sorted(kick.elements())),
            T(pen.s("ex.core_end")),
        ]
    return segs


def play_item(pen: Pen, p: Play) -> Rich:
    """One legal play (with what its wild cards read as)."""
    segs: Rich = [C(p.cards)]
    if p.wild_as:
        segs += [T(" = "), C(cards_of(pen.rs, p.reads_as))]
    return segs


def _joined(parts: list[Rich], sep: str) -> Rich:
    """Rich pieces with a text separator between them."""
    segs: Rich = []
    for i, part in enumerate(parts):
        if i:
            segs.append(T(sep))
        segs += part
    return segs


def _order(pen: Pen, ex: Example) -> Rich:
    """“Low to high: a < b < c”."""
    assert ex.order is not None
    return [T(pen.s("ex.order"))] + _joined([[C(as_written(text))] for text in ex.order], pen.s("ex.lt"))


def _beats(pen: Pen, ex: Example) -> Rich:
    """“a beats b” or “a does not beat b”, as the engine finds it."""
    assert ex.play is not None
    target = ex.beats if ex.beats is not None else ex.does_not_beat
    assert target is not None
    verdict = beats_cards(pen.rs, parse_cards(ex.play), parse_cards(target))
    return [C(as_written(ex.play)), T(pen.s("ex.beats" if verdict else "ex.not_beats")), C(as_written(target))]


def _reads(pen: Pen, ex: Example) -> Rich:
    """“a reads as X; or Y”, or “a is not a valid play”."""
    assert ex.play is not None
    readings = _readings(pen.rs, ex.play)
    segs: Rich = [C(as_written(ex.play))]
    if not readings:
        return segs + [T(pen.s("ex.invalid"))]
    return segs + [T(pen.s("ex.reads"))] + _joined([reading(pen, p) for p in readings], pen.s("ex.or"))


def _legal(pen: Pen, ex: Example) -> Rich:
    """“Hand h, on l: n legal plays: …” (or leading, or no legal play)."""
    assert ex.hand is not None
    plays = plays_against(pen.rs, ex.hand, ex.last)
    segs: Rich = [T(pen.s("ex.hand")), C(as_written(ex.hand))]
    if ex.last is not None:
        segs += [T(pen.s("ex.on")), C(as_written(ex.last))]
    else:
        segs.append(T(pen.s("ex.lead")))
    if not plays:
        return segs + [T(pen.s("ex.no_play"))]
    return segs + [T(pen.s("ex.plays", n=len(plays)))] + _joined([play_item(pen, p) for p in plays], pen.s("ex.sep"))


EXAMPLE_WRITERS: Registry[Callable[[Pen, Example], Rich]] = Registry("example kind", [
    ("order", _order),
    ("beats", _beats),
    ("readings", _reads),
    ("legal", _legal),
])
"""Example kind (a name of ``paixing.hands.examples.EXAMPLE_KINDS``) → how it is written."""


def _segments(pen: Pen, ex: Example) -> Rich:
    return EXAMPLE_WRITERS[example_kind(ex)](pen, ex)


def fact(pen: Pen, shown: Shown) -> dict[str, Any]:
    """One example as rich text, with the verdict computed by the engine now; a failing
    example raises ``RulebookError`` so a wrong book is never written."""
    ex = shown.example
    if not shown.outcome.ok:
        raise RulebookError(f"{pen.rs.id}: {shown.outcome.describe()}")
    label = pen.s("ex.number", n=shown.number) if shown.number is not None else pen.s("ex.generated")
    return {
        "label": label,
        "colon": pen.s("w.colon"),
        "anchor": f"ex-{shown.number}" if shown.number is not None else "",
        "segs": _segments(pen, ex),
        "note": pen.tr(ex.note),
        "checked": pen.paren("✓ " + pen.s("ex.checked")),
    }


def examples(pen: Pen) -> dict[str, Any]:
    """The examples section: the statement that every example is executed, then every one of
    the variant file's examples."""
    return {
        "statement": pen.s("ex.statement"),
        "facts": [fact(pen, Shown(o.index + 1, o.example, o)) for o in pen.f.outcomes],
    }
