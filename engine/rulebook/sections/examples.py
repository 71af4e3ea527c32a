"""Examples as the book shows them: each one's cards and the verdict the engine computes now.

An example that assumes a hand (drawn wild ranks, a level) is written for that hand: its
parameters first, its wild cards marked, and every verdict, reading and legal play computed
with the same ruleset its check runs with (``paixing.hands.examples.hand_ruleset``), so the
sentence beside "✓ checked" is the one the test suite checked.

Rendering is driven by ``EXAMPLE_WRITERS``, a registry with one writer per example kind of
``paixing.hands.examples.EXAMPLE_KINDS`` (which says which kind an example is), so a new kind
of example is one function and one entry here — no new branch in ``fact``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from paixing.hands.compile import Ruleset
from paixing.hands.examples import example_kind, hand_ruleset, plays_against
from paixing.hands.moves import beats_cards
from paixing.hands.play import Play
from paixing.rules.cards import Card, parse_cards
from paixing.rules.models import Example, Text
from paixing.rules.registry import Registry

from ..faces import B, C, Rich, T, as_written, cards_of
from ..shown import RulebookError, Shown, _readings
from .pen import Pen


def reading(pen: Pen, p: Play, rs: Ruleset | None = None) -> Rich:
    """One reading of a play (in the hand ``rs``, by default the variant's): its type, what
    wild cards stand for, or its core and kickers."""
    rs = rs or pen.rs
    segs: Rich = [B(pen.tr(p.type.name))]
    if p.wild_as:
        segs += [T(pen.s("ex.as")), C(cards_of(rs, p.reads_as))]
    elif p.type.kickers is not None:
        ranks = rs.ranks
        core = Counter({r: n for r, n in p.groups})
        kick = Counter({r: n for r, n in p.naturals}) - core
        segs += [T(pen.s("ex.core")), C(Card(ranks[r]) for r in sorted(core.elements()))]
        if kick:
            segs += [T(pen.s("ex.kickers")), C(Card(ranks[r]) for r in sorted(kick.elements()))]
        else:  # a type whose kickers may be fewer, played without any
            segs.append(T(pen.s("ex.no_kickers")))
        segs.append(T(pen.s("ex.core_end")))
    return segs


def play_item(pen: Pen, p: Play, rs: Ruleset | None = None) -> Rich:
    """One legal play (with what its wild cards read as), its wild cards marked."""
    rs = rs or pen.rs
    segs: Rich = [C(p.cards, rs)]
    if p.wild_as:
        segs += [T(" = "), C(cards_of(rs, p.reads_as))]
    return segs


def _joined(parts: list[Rich], sep: str) -> Rich:
    """Rich pieces with a text separator between them."""
    segs: Rich = []
    for i, part in enumerate(parts):
        if i:
            segs.append(T(sep))
        segs += part
    return segs


def _order(pen: Pen, ex: Example, rs: Ruleset) -> Rich:
    """“Low to high: a < b < c”."""
    assert ex.order is not None
    return [T(pen.s("ex.order"))] + _joined([[C(as_written(text), rs)] for text in ex.order], pen.s("ex.lt"))


def _beats(pen: Pen, ex: Example, rs: Ruleset) -> Rich:
    """“a beats b” or “a does not beat b”, as the engine finds it."""
    assert ex.play is not None
    target = ex.beats if ex.beats is not None else ex.does_not_beat
    assert target is not None
    verdict = beats_cards(rs, parse_cards(ex.play), parse_cards(target))
    return [C(as_written(ex.play), rs), T(pen.s("ex.beats" if verdict else "ex.not_beats")), C(as_written(target), rs)]


def _reads(pen: Pen, ex: Example, rs: Ruleset) -> Rich:
    """“a reads as X; or Y”, or “a is not a valid play”."""
    assert ex.play is not None
    readings = _readings(rs, ex.play)
    segs: Rich = [C(as_written(ex.play), rs)]
    if not readings:
        return segs + [T(pen.s("ex.invalid"))]
    return segs + [T(pen.s("ex.reads"))] + _joined([reading(pen, p, rs) for p in readings], pen.s("ex.or"))


def _legal(pen: Pen, ex: Example, rs: Ruleset) -> Rich:
    """“Hand h, on l: n legal plays: …” (or leading, or no legal play)."""
    assert ex.hand is not None
    plays = plays_against(rs, ex.hand, ex.last)
    segs: Rich = [T(pen.s("ex.hand")), C(as_written(ex.hand), rs)]
    if ex.last is not None:
        segs += [T(pen.s("ex.on")), C(as_written(ex.last), rs)]
    else:
        segs.append(T(pen.s("ex.lead")))
    if not plays:
        return segs + [T(pen.s("ex.no_play"))]
    return segs + [T(pen.s("ex.plays", n=len(plays)))] + _joined([play_item(pen, p, rs) for p in plays], pen.s("ex.sep"))


def _drawn_names(pen: Pen) -> list[Text | None]:
    """The name of each rank the ``draw_wild`` steps draw, in drawing order (None: unnamed)."""
    names: list[Text | None] = []
    for st in pen.v.game.steps if pen.v.game is not None else []:
        if st.draw_wild is not None:
            names += [st.draw_wild.name] * st.draw_wild.ranks
    return names


def hand_words(pen: Pen, ex: Example) -> Rich:
    """The hand an example assumes, before its sentence: the wild ranks drawn (each under its
    ``draw_wild`` step's name where the step names it) and the level rank; empty for none."""
    parts: list[str] = []
    if ex.wild_ranks:
        names = _drawn_names(pen)
        if any(names[: len(ex.wild_ranks)]):
            named = [(names[i] if i < len(names) else None, rank) for i, rank in enumerate(ex.wild_ranks)]
            parts.append(pen.join(pen.s("ex.wild_named", name=pen.tr(n) or pen.s("ex.wild_rank"), rank=r) for n, r in named))
        else:
            parts.append(pen.s("ex.wild_ranks", ranks=pen.join(ex.wild_ranks), n=len(ex.wild_ranks)))
    if ex.level is not None:
        parts.append(pen.s("ex.level", rank=ex.level))
    return [T(pen.s("ex.params", params=pen.s("w.semicolon").join(parts)))] if parts else []


EXAMPLE_WRITERS: Registry[Callable[[Pen, Example, Ruleset], Rich]] = Registry("example kind", [
    ("order", _order),
    ("beats", _beats),
    ("readings", _reads),
    ("legal", _legal),
])
"""Example kind (a name of ``paixing.hands.examples.EXAMPLE_KINDS``) → how it is written (in
the ruleset of the hand the example assumes)."""


def _segments(pen: Pen, ex: Example) -> Rich:
    return hand_words(pen, ex) + EXAMPLE_WRITERS[example_kind(ex)](pen, ex, hand_ruleset(pen.rs, ex))


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
