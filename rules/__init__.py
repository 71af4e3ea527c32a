"""paixing.rules: the rule language (card notation, models, loading). Pure data, no game logic."""

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
