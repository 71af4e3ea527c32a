"""Every word a book says that is not in the variant file, in one place.

The bilingual phrase tables (``key -> (zh, en)``) are keyed by shape, field and option of the
rule language, never by game, so the code that builds a book and its templates hold no game
text, and changing or translating a sentence is editing one table. The tables are split by
topic, one module each (``frame``, ``deal``, ``hand_types``, ``events``, ``contracts``,
``scoring``, ``examples``), each a ``PHRASES`` dict; the registries whose entries bring their
own phrases (each shape in ``paixing.hands.shapes``, each contract step in
``paixing.game.steps``) are merged in after them, under the same one-table rule. A new topic is one
module with a ``PHRASES`` dict, listed in ``TOPICS``; a key may live in one table only.

``say`` fills a phrase in, ``tr`` picks a language of a variant's ``{zh, en}`` text,
``listing`` and ``range_words`` say lists and ranges; ``FieldDoc`` takes an English phrase from
a rule-language field's description.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any

from paixing.game.steps import STEPS
from paixing.hands.shapes import SHAPES
from paixing.rules.models import Range, Text
from paixing.rules.shapes import SHAPES as RULE_SHAPES
from pydantic import BaseModel

from . import contracts, deal, events, examples, frame, hand_types, match, scoring
from .base import FieldDoc, Phrase

TOPICS: tuple[ModuleType, ...] = (frame, deal, hand_types, events, contracts, scoring, examples, match)
"""The topic tables, merged into ``P`` in this order."""


def _merge(tables: Iterable[tuple[str, Mapping[str, Phrase]]]) -> dict[str, Phrase]:
    """One table of every (source, phrases); a key in two tables is a mistake, caught here."""
    merged: dict[str, Phrase] = {}
    for source, phrases in tables:
        twice = merged.keys() & phrases.keys()
        if twice:
            raise AssertionError(f"phrase keys in two tables ({source}): {sorted(twice)}")
        merged.update(phrases)
    return merged


P: dict[str, Phrase] = _merge(
    [(topic.__name__, topic.PHRASES) for topic in TOPICS]
    + [(f"shape {key}", shape.phrases) for key, shape in SHAPES.items()]
    + [(f"contract step {kind}", step.phrases) for kind, step in STEPS.items()]
)
"""Every sentence a book says that does not come from the variant file: ``key -> (zh, en)``.
Keys name a shape, a field or an option of the rule language, never a game."""

SHAPE_KEYS = tuple(k for k in RULE_SHAPES if k in SHAPES)
"""The shapes a hand type may have, in the rule language's order; each brings its ``shape.*``
phrases (from its module in the engine's registry)."""


def _doc(model: type[BaseModel], name: str) -> str:
    """A field's description as one line of text."""
    text = model.model_fields[name].description or ""
    return re.sub(r"``([^`]*)``", r"\1", " ".join(text.split()))


def say(lang: str, key: str, **kw: Any) -> str:
    """The phrase ``key`` in ``lang`` with ``kw`` filled in; ``s`` is "s" when ``n != 1``."""
    zh, en = P[key]
    text: str | FieldDoc = zh if lang == "zh" else en
    if isinstance(text, FieldDoc):
        text = _doc(text.model, text.field)
    if "n" in kw and "s" not in kw:
        kw["s"] = "" if kw["n"] == 1 else "s"
    return text.format(**kw)


def tr(text: Text | None, lang: str) -> str:
    """A variant's bilingual text in ``lang``."""
    if text is None:
        return ""
    return text.zh if lang == "zh" else text.en


def listing(lang: str, items: Iterable[str]) -> str:
    """Items as one list (``a、b`` / ``a, b``)."""
    return say(lang, "w.list").join(items)


def range_words(lang: str, r: Range, unit: str) -> str:
    """A ``Range`` in words, with the unit phrase (``unit.card``, ``unit.rank``)."""
    u = say(lang, unit)
    if r.max is None:
        return say(lang, "range.min", min=r.min, unit=u)
    if r.max == r.min:
        return say(lang, "range.exact", n=r.min, unit=u)
    if r.min == 0:
        return say(lang, "range.max", max=r.max, unit=u)
    return say(lang, "range.span", min=r.min, max=r.max, unit=u)


__all__ = ["P", "SHAPE_KEYS", "TOPICS", "FieldDoc", "Phrase", "listing", "range_words", "say", "tr"]
