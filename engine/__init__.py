"""paixing: one engine for Chinese climbing card games, driven by YAML variant files.

    >>> from paixing import ruleset, parse_cards, legal_plays, classify
    >>> from paixing.rules import builtin_ids
    >>> rs = ruleset(builtin_ids()[0])          # a built-in id or a path to a YAML file
    >>> [p.type_id for p in classify(rs, parse_cards("3S 3H"))]
    ['pair']
    >>> [p.notation for p in legal_plays(rs, parse_cards("3S 3H 4S"))]
    ['3H', '4S', '3H 3S']

The rule language lives in ``paixing.rules``; this package compiles it (``ruleset``) and
answers questions about plays (``classify``, ``beats``, ``legal_plays``). These public
functions check their inputs (``paixing.hands.checked``): a wrong type is a ``TypeError``
naming what was expected, a card the deck cannot supply an ``UnknownCard`` (a ValueError).

The names below are imported on first use (PEP 562): ``import paixing.cli`` or
``import paixing.rules.cards`` does not pay for the compiler and the rule-language models
unless it uses them, which is most of a command's start-up (docs/performance.md, "Start-up").
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paixing.hands.cache import ruleset
    from paixing.hands.checked import beats, beats_cards, classify, legal_plays, why
    from paixing.hands.compile import Ruleset, TypeInfo, compile_variant
    from paixing.hands.moves import NotAPlay
    from paixing.hands.play import Play
    from paixing.hands.view import UnknownCard
    from paixing.rules import Card, CardError, VariantError, format_cards, load_variant, parse_cards

_HOME = {
    "ruleset": "paixing.hands.cache",
    "beats": "paixing.hands.checked",
    "beats_cards": "paixing.hands.checked",
    "classify": "paixing.hands.checked",
    "legal_plays": "paixing.hands.checked",
    "why": "paixing.hands.checked",
    "Ruleset": "paixing.hands.compile",
    "TypeInfo": "paixing.hands.compile",
    "compile_variant": "paixing.hands.compile",
    "NotAPlay": "paixing.hands.moves",
    "Play": "paixing.hands.play",
    "UnknownCard": "paixing.hands.view",
    "Card": "paixing.rules",
    "CardError": "paixing.rules",
    "VariantError": "paixing.rules",
    "format_cards": "paixing.rules",
    "load_variant": "paixing.rules",
    "parse_cards": "paixing.rules",
}
"""Each public name → the module that defines it."""

__all__ = [
    "Card",
    "CardError",
    "NotAPlay",
    "Play",
    "Ruleset",
    "TypeInfo",
    "UnknownCard",
    "VariantError",
    "beats",
    "beats_cards",
    "classify",
    "compile_variant",
    "format_cards",
    "legal_plays",
    "load_variant",
    "parse_cards",
    "ruleset",
    "why",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept (later reads are plain)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'paixing' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
