"""The hand-type layer: a variant compiled to tables, readings of cards, legal plays, comparison.

Nothing here knows about deals, contracts or scores; the game layer builds on this one.
"""

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
