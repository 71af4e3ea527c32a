"""The hand-type layer: a variant compiled to tables, readings of cards, legal plays, comparison.

Nothing here knows about deals, contracts or scores; the game layer builds on this one. The
names below are imported on first use (``paixing.rules.lazy``): a module of this package can
be imported without compiling or loading anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paixing.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from paixing.hands.cache import ruleset
    from paixing.hands.classify import classify
    from paixing.hands.compile import Ruleset, TypeInfo, compile_variant
    from paixing.hands.moves import NotAPlay, beats_cards, legal_plays
    from paixing.hands.play import Play, beats, why
    from paixing.hands.view import HandView, UnknownCard, check_in_deck

__all__ = [
    "HandView", "NotAPlay", "Play", "Ruleset", "TypeInfo", "UnknownCard", "beats", "beats_cards",
    "check_in_deck", "classify", "compile_variant", "legal_plays", "ruleset", "why",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "paixing.hands.cache": ("ruleset",),
        "paixing.hands.classify": ("classify",),
        "paixing.hands.compile": ("Ruleset", "TypeInfo", "compile_variant"),
        "paixing.hands.moves": ("NotAPlay", "beats_cards", "legal_plays"),
        "paixing.hands.play": ("Play", "beats", "why"),
        "paixing.hands.view": ("HandView", "UnknownCard", "check_in_deck"),
    },
)
