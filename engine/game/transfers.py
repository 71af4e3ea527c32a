"""End-of-hand transfers: one function per kind of thing that moves (``Transfer.what``).

A transfer moves an amount from one place to a place, a side, or nowhere, before the sides'
totals are compared. Places are read with ``conditions.place_seat``, so a transfer between places
that are not decided (play stopped with several players still holding cards) does nothing.

A new kind needs: its name in ``Transfer.what`` (rules/scoring.py), a ``Take`` function here
registered with ``@TRANSFERS.register(name)`` (what it takes from the source seat, and what that
leaves him), and its rulebook phrase (``end.<what>`` in rulebook/phrases/scoring.py);
``tests/rules/test_registries.py`` checks that the names agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from paixing.game.conditions import place_seat
from paixing.game.facts import DECLARER_SIDE, OPPONENT_SIDE, HandFacts
from paixing.rules.registry import Registry
from paixing.rules.scoring import Transfer

Take = Callable[[HandFacts, list[int], int], int]
"""(facts, running totals, source seat) → the amount moved; may change the source's total."""

TRANSFERS: Registry[Take] = Registry("transfer kind")
"""Transfer kind (``Transfer.what``) → what it takes."""


@TRANSFERS.register("captured")
def _captured(facts: HandFacts, totals: list[int], seat: int) -> int:
    """Everything he holds so far goes; he keeps nothing."""
    amount = totals[seat]
    totals[seat] = 0
    return amount


@TRANSFERS.register("hand")
def _hand(facts: HandFacts, totals: list[int], seat: int) -> int:
    """What his unplayed cards are worth; his own total is unchanged."""
    return facts.hand_values[seat]


_PLACE = re.compile(r"^place\((-?\d+)\)$")
_SIDES = {"side(declarer)": DECLARER_SIDE, "side(opponents)": OPPONENT_SIDE}
_RELATIVE = {"side(own)": False, "side(other)": True}
"""Sides named from the source seat: his own, or the other one (two sides only)."""


@dataclass
class Ledger:
    """Running totals: per seat, plus what was paid to a side as a whole."""

    seats: list[int]
    sides: list[int]


def _seat_of(facts: HandFacts, ref: str) -> int | None:
    m = _PLACE.match(ref)
    return None if m is None else place_seat(facts, int(m.group(1)))


def apply_transfers(transfers: Sequence[Transfer], facts: HandFacts) -> Ledger:
    """Apply ``transfers`` in order to the captures in ``facts``."""
    ledger = Ledger(seats=list(facts.captured), sides=[0, 0])
    for t in transfers:
        source = _seat_of(facts, t.source)
        if source is None:
            continue
        if t.to in _SIDES:
            ledger.sides[_SIDES[t.to]] += TRANSFERS[t.what](facts, ledger.seats, source)
            continue
        if t.to in _RELATIVE:
            own = facts.side(source)
            side = (OPPONENT_SIDE if own == DECLARER_SIDE else DECLARER_SIDE) if _RELATIVE[t.to] else own
            ledger.sides[side] += TRANSFERS[t.what](facts, ledger.seats, source)
            continue
        if t.to == "void":
            TRANSFERS[t.what](facts, ledger.seats, source)
            continue
        target = _seat_of(facts, t.to)
        if target is not None:
            ledger.seats[target] += TRANSFERS[t.what](facts, ledger.seats, source)
    return ledger
