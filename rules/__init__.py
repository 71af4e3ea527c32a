"""paixing.rules: the rule language (card notation, models, loading). Pure data, no game logic.

The names below are imported on first use (``lazy``): reading cards does not load pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_exports

if TYPE_CHECKING:
    from .cards import Card, CardError, format_cards, parse_cards
    from .loader import VariantError, builtin_ids, load_variant
    from .models import HandType, Variant

__all__ = [
    "Card",
    "CardError",
    "HandType",
    "Variant",
    "VariantError",
    "builtin_ids",
    "format_cards",
    "load_variant",
    "parse_cards",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "paixing.rules.cards": ("Card", "CardError", "format_cards", "parse_cards"),
        "paixing.rules.loader": ("VariantError", "builtin_ids", "load_variant"),
        "paixing.rules.models": ("HandType", "Variant"),
    },
)
