"""paixing: one engine for Chinese climbing card games, driven by YAML variant files.

    >>> from paixing import ruleset, parse_cards, legal_plays, classify
    >>> from paixing.rules import builtin_ids
    >>> rs = ruleset(builtin_ids()[0])          # a built-in id or a path to a YAML file
    >>> [p.type_id for p in classify(rs, parse_cards("3S 3H"))]
    ['pair']
    >>> [p.notation for p in legal_plays(rs, parse_cards("3S 3H 4S"))]   # a called card: either 3
    ['3H', '3S', '4S', '3H 3S']

The rule language lives in ``paixing.rules``; this package compiles it (``ruleset``) and
answers questions about plays (``classify``, ``beats``, ``legal_plays``). These public
functions check their inputs (``paixing.hands.checked``): a wrong type is a ``TypeError``
naming what was expected, a card the deck cannot supply an ``UnknownCard`` (a ValueError), a
play or a ``HandView`` of another variant a ``ValueError``. The checks cost a few µs a call
(docs/performance.md, "The public API's checks"). ``paixing.hands`` exports the same
functions unchecked: the engine's, which trust their arguments.

The names below are imported on first use (PEP 562, ``paixing.rules.lazy``): ``import paixing.cli`` or
``import paixing.rules.cards`` does not pay for the compiler and the rule-language models
unless it uses them, which is most of a command's start-up (docs/performance.md, "Start-up").
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

# First: with PAIXING_PURE=1 the hand layer loads from its .py sources even where the compiled
# core is installed (paixing._core.finder installs that finder). Imported only then: its
# importlib machinery would otherwise be paid at every start, before the console script's
# Ctrl-C guard (paixing.__main__) is in place.
if os.environ.get("PAIXING_PURE") == "1":
    import paixing._core.finder  # noqa: F401
from paixing.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from paixing.hands.cache import ruleset
    from paixing.hands.checked import beats, beats_cards, classify, legal_plays, why
    from paixing.hands.compile import Ruleset, TypeInfo, compile_variant
    from paixing.hands.moves import NotAPlay
    from paixing.hands.play import Play
    from paixing.hands.view import UnknownCard
    from paixing.rules import Card, CardError, VariantError, format_cards, load_variant, parse_cards

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

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "paixing.hands.cache": ("ruleset",),
        "paixing.hands.checked": ("beats", "beats_cards", "classify", "legal_plays", "why"),
        "paixing.hands.compile": ("Ruleset", "TypeInfo", "compile_variant"),
        "paixing.hands.moves": ("NotAPlay",),
        "paixing.hands.play": ("Play",),
        "paixing.hands.view": ("UnknownCard",),
        "paixing.rules": ("Card", "CardError", "VariantError", "format_cards", "load_variant", "parse_cards"),
    },
)
