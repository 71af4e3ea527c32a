"""Who plays with whom once a contract is made, and each seat's role in it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from paixing.game.facts import own_side
from paixing.rules.hand_rules import Contract

ROLES = ("declarer", "partner", "opponent", "bystander")
"""Every role a seat can have in a contract."""


@dataclass
class Seats:
    """Who plays with whom once the contract is made."""

    declarer: int = -1
    partner: int = -1
    opponents: list[int] = field(default_factory=list)
    bystanders: list[int] = field(default_factory=list)
    partner_known: bool = False
    alone: bool = False
    """Every player for himself (``teams: each``): each seat is a side of its own."""
    teams: tuple[int, ...] = ()
    """Fixed sides by seat (``teams: fixed``): each seat's side, 0 or 1; empty otherwise."""
    hidden: bool = False
    """Sides made by who holds named cards (``teams: holders``): a seat's side is public only
    once it played or showed one of them (``public``), every side once all of them are public
    (``partner_known``); the declarer without a partner holds them all and knows every side."""
    public: frozenset[int] = frozenset()
    """With ``hidden``: the seats whose side is public."""

    def side(self, seat: int) -> int:
        """0 for the declarer's side, 1 for the opponents, -1 for a bystander; with ``alone``,
        a side of its own per seat (``own_side``); with fixed sides, the seat map's side."""
        if self.teams:
            return self.teams[seat]
        if self.alone:
            return own_side(seat)
        if seat == self.declarer or seat == self.partner:
            return 0
        if seat in self.opponents:
            return 1
        return -1

    def copy(self) -> Seats:
        """An independent copy (the lists are not shared)."""
        return Seats(
            self.declarer, self.partner, list(self.opponents), list(self.bystanders), self.partner_known, self.alone, self.teams,
            self.hidden, self.public,
        )

    def knows(self, seat: int, other: int) -> bool:
        """Whether ``seat`` knows ``other``'s side: always, unless the sides are hidden; then
        its own, a public one, every one once all are public, and every one to the declarer
        who holds all the cards (he has no partner)."""
        if not self.hidden or self.partner_known or seat == other or other in self.public:
            return True
        return self.partner < 0 and seat == self.declarer

    def role(self, seat: int) -> str | None:
        """``declarer``, ``partner``, ``opponent``, ``bystander``, or None (no role, or every
        player for himself, or fixed sides: nobody declared)."""
        if self.alone or self.teams or self.hidden:
            return None
        if seat == self.declarer:
            return "declarer"
        if seat == self.partner:
            return "partner"
        if seat in self.opponents:
            return "opponent"
        if seat in self.bystanders:
            return "bystander"
        return None


def roles_of(contract: Contract | None, seats: Seats, players: int) -> list[str | None]:
    """Each seat's role in the contract (``None`` for every seat when there was none). The one
    place roles are named: the terminal, simulate's statistics and the observation use it."""
    if contract is None:
        return [None] * players
    return [seats.role(s) for s in range(players)]


def known_mates(contract: Contract | None, seats: Seats, active: Sequence[int], seat: int) -> frozenset[int]:
    """Seats ``seat`` knows to be on its side: fellow opponents of a solo declarer; in a
    partnership, the partner once revealed (the hidden partner knows the declarer at once);
    with hidden sides, the mates whose side it knows (``Seats.knows``)."""
    if contract is None or seat not in active:
        return frozenset()
    side = seats.side(seat)
    mates = frozenset(s for s in active if s != seat and seats.side(s) == side)
    if seats.hidden:
        return frozenset(s for s in mates if seats.knows(seat, s))
    if contract.teams != "partners" or seats.partner_known:
        return mates
    if seat == seats.partner and seats.partner != seats.declarer:
        return frozenset({seats.declarer})
    return frozenset()
