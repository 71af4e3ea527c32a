"""Legal-play generation: the public entry point over the shapes' generators.

Each shape (paixing.hands.shapes) enumerates what it can build from the rank counts (and the
wild cards), and only then picks concrete cards. The generator is bound to the TypeInfo when
the variant is compiled, so this call is one attribute look-up. A shape may return natural
plays raw (see ``paixing.hands.lazy``); this entry point makes every one a ``Play``.
"""

from __future__ import annotations

from paixing.hands.kickers import kicker_cards
from paixing.hands.lazy import made
from paixing.hands.play import Play
from paixing.hands.ruleset import Ruleset, TypeInfo
from paixing.hands.view import HandView

__all__ = ["generate", "kicker_cards"]


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1, every_set: bool = False) -> list[Play]:
    """Every reading of type ``t`` the hand can make (of ``length`` cards when given), each
    once, made of the lowest cards of each rank; with ``every_set``, as ``legal_plays`` offers
    them: where suits can matter later in the variant, once per distinct set of cards.

    The callers that look at what a hand can read as (dealt-hand events, the rulebook's and the
    conformance vectors' samples from the whole deck, the bots' bombs) want one play per
    reading: every set of cards of a whole deck's twelve-card chains would be 4¹² plays.

    ``floor`` skips plays whose ``top`` is below it (shapes that compare by a top honour it):
    when answering a play whose key starts with its top, lower plays can never beat it, so
    they are not built."""
    gen = t.generate if every_set or t.generate_one is None else t.generate_one
    return made(gen(rs, hv, t, length, floor), hv)
