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


def generate(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None = None, floor: int = -1) -> list[Play]:
    """Every play of type ``t`` the hand can make (of ``length`` cards when given).

    ``floor`` skips plays whose ``top`` is below it (shapes that compare by a top honour it):
    when answering a play whose key starts with its top, lower plays can never beat it, so
    they are not built."""
    return made(t.generate(rs, hv, t, length, floor), hv)
