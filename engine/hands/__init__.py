"""The hand-type layer: a variant compiled to tables, readings of cards, legal plays, comparison.

Nothing here knows about deals, contracts or scores; the game layer builds on this one.

The functions exported here are the engine's, **unchecked**: ``paixing.hands.classify``,
``legal_plays``, ``beats_cards`` … trust their arguments (a ruleset, Cards the deck can supply,
a target of the same variant), as the engine's own deals are. A wrong argument then fails
deep inside or answers wrongly. Library users call ``paixing.classify``, ``paixing.legal_plays``
… instead: the same functions behind input checks (``paixing.hands.checked``) that raise a
TypeError, ValueError or ``UnknownCard`` naming the mistake, at a cost of a few µs a call.
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
