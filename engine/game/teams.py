"""Who plays with whom under each kind of ``Contract.teams``: one function per kind.

A contract step (or the default contract) names the declarer and, where it picks them, his
partner or the player he countered; the kind's function turns that into ``Seats``. ``fixed``
sides do not depend on the declarer at all: they are read from the contract's seat map
(``sides``; by default alternate seats, partners opposite) and are known to everyone.

A new kind needs: its name in ``Contract.teams`` (rules/scoring.py), a ``Build`` function here
registered with ``@TEAMS.register(name)``, and its ``c.<kind>`` phrase in
rulebook/phrases/contracts.py (``tests/rules/test_registries.py`` checks that the names agree).
"""

from __future__ import annotations

from collections.abc import Callable

from paixing.game.seats import Seats
from paixing.rules.registry import Registry
from paixing.rules.scoring import Contract

Build = Callable[[Contract, int, int, int, list[int]], Seats]
"""(contract, declarer, partner, opponent, the other seats in playing order) → the seats."""

TEAMS: Registry[Build] = Registry("team kind")
"""``Contract.teams`` kind → how its seats are built."""


@TEAMS.register("solo")
def _solo(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    return Seats(declarer=declarer, opponents=others)


@TEAMS.register("each")
def _each(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    return Seats(declarer=declarer, opponents=others, alone=True)


@TEAMS.register("duel")
def _duel(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    return Seats(declarer=declarer, opponents=[opponent], bystanders=[s for s in others if s != opponent])


@TEAMS.register("partners")
def _partners(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    return Seats(declarer=declarer, partner=partner, opponents=[s for s in others if s != partner])


@TEAMS.register("fixed")
def _fixed(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    """The seat map's sides, known to all; no declarer (side 0 is the map's first side)."""
    sides = fixed_sides(c, len(others) + 1)
    first = [s for s, side in enumerate(sides) if side == 0]
    second = [s for s, side in enumerate(sides) if side == 1]
    partner_seat = first[1] if len(first) == 2 else -1
    return Seats(declarer=-1, partner=partner_seat, opponents=second, partner_known=True, teams=sides)


@TEAMS.register("holders")
def _holders(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    """The holders of the named cards against the rest, secret (a holder of both has no partner)."""
    mate = partner if partner != declarer else -1
    return Seats(declarer=declarer, partner=mate, opponents=[s for s in others if s != mate], hidden=True)


def fixed_sides(c: Contract, players: int) -> tuple[int, ...]:
    """Each seat's side (0 or 1) under a ``teams: fixed`` contract: its ``sides`` map, or
    alternate seats (0 2 … against 1 3 …)."""
    if c.sides is None:
        return tuple(s % 2 for s in range(players))
    side_of = {seat: k for k, seats in enumerate(c.sides) for seat in seats}
    return tuple(side_of[s] for s in range(players))


def build_seats(c: Contract, declarer: int, partner: int, opponent: int, others: list[int]) -> Seats:
    """The seats of contract ``c`` (the one place the kinds are looked up)."""
    return TEAMS[c.teams](c, declarer, partner, opponent, others)
