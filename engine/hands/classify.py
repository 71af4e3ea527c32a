"""Reading given cards: every way the whole set of cards forms a hand type.

This is a checker, written independently of the generator (each shape tests the cards rather
than enumerating from a hand), so the brute-force property "legal plays = every sub-multiset
classified and filtered by beats" compares two different pieces of code.
"""

from __future__ import annotations

from collections.abc import Iterable

from paixing.hands.play import Play
from paixing.hands.ruleset import Ruleset, TypeInfo
from paixing.hands.view import HandView
from paixing.rules.cards import Card


def classify(rs: Ruleset, cards: Iterable[Card], only: TypeInfo | None = None) -> list[Play]:
    """Every reading of exactly these cards, in hand-type order (only as ``only`` when given:
    the same readings of that type, without trying every other type).

    Unchecked: ``cards`` must be Cards the deck of ``rs`` can supply (``paixing.classify``
    checks that first; the engine's own hands need no check)."""
    hv = HandView(rs, cards)
    cards_t = tuple(rs.sort_cards(hv.cards))
    if not cards_t:
        return []
    readings: list[Play] = []
    names = tuple(sorted(str(c) for c in cards_t))
    # Wild cards that are exactly an all-wild exact-card type (four jokers) read only as it.
    exclusive = hv.n_wild == len(cards_t) and names in rs.exclusive_wild_sets
    seen: set[tuple[object, ...]] = set()
    for t in rs.types if only is None else (only,):
        if exclusive and t.exclusive != names:
            continue
        for play in t.match(rs, hv, t, cards_t):
            if play.identity in seen:
                continue
            seen.add(play.identity)
            readings.append(play)
    return readings
