"""Trick play's rules as functions of what they read: who plays next, whether a trick goes on,
what a capture is worth, which trick bonus a play earns, who leads after a player went out.

``Game`` (``state.py``) applies plays and passes and keeps the state; these decide from the
values it hands them, so they need no ``Game`` (and ``state.py`` imports this module, not the
other way round).
"""

from __future__ import annotations

from collections.abc import Sequence

from paixing.game.seats import Seats
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play
from paixing.rules.cards import Card
from paixing.rules.hand_rules import PlayRules, TrickBonus


def next_seat(hands: list[list[Card]], active: list[int], seat: int) -> int:
    """The next seat after ``seat`` still in play with cards (``seat`` itself when none is)."""
    n = len(hands)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s in active and hands[s]:
            return s
    return seat


def next_in_trick(hands: list[list[Card]], active: list[int], seat: int, locked: set[int]) -> int:
    """The next seat after ``seat`` still in play with cards and not in ``locked`` (the seats a
    pass shut out of the trick: ``play.pass_locks``)."""
    n = len(hands)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s in active and hands[s] and s not in locked:
            return s
    return seat


def waiting(hands: list[list[Card]], active: list[int], skip: int, passed: set[int]) -> bool:
    """Whether a seat in play other than ``skip`` has not passed (a loop, not a list: it runs
    after every play and pass)."""
    for s in active:  # noqa: SIM110 - a plain loop: no generator per play and pass
        if hands[s] and s != skip and s not in passed:
            return True
    return False


def capture_value(play_rules: PlayRules, cards: Sequence[Card]) -> int:
    """What ``cards`` are worth as a capture (cards counted, points, or nothing)."""
    if play_rules.capture == "cards":
        return len(cards)
    if play_rules.capture == "points":
        return sum(play_rules.points.get(c.rank, 0) for c in cards)
    return 0


def earned_bonus(bonuses: Sequence[TrickBonus], rs: Ruleset, play: Play) -> TrickBonus | None:
    """The first of ``bonuses`` that ``play`` earns (its hand type, and its ranks if listed)."""
    for bonus in bonuses:
        if play.type.id != bonus.hand_type:
            continue
        if bonus.ranks is not None and not all(rs.ranks[r] in bonus.ranks for r, _ in play.groups):
            continue
        return bonus
    return None


def lead_after_out(rule: str, seats: Seats, hands: list[list[Card]], active: list[int], winner: int) -> int:
    """Who leads after ``winner`` won a trick with his last cards: with ``partner_if_revealed``
    and the partner known, his one remaining mate of a side of two; else the next seat."""
    if rule == "partner_if_revealed" and seats.partner_known:
        side = seats.side(winner)
        mates = [s for s in active if s != winner and seats.side(s) == side and hands[s]]
        if len(mates) == 1 and sum(1 for s in active if seats.side(s) == side) == 2:
            return mates[0]
    return next_seat(hands, active, winner)


def partner_lead(seats: Seats, hands: list[list[Card]], active: list[int], seat: int) -> int | None:
    """``seat``'s one mate still in with cards (the lead passed to the partner), or None."""
    side = seats.side(seat)
    mates = [s for s in active if s != seat and seats.side(s) == side and hands[s]]
    return mates[0] if len(mates) == 1 else None


def after_partner(seats: Seats, hands: list[list[Card]], active: list[int], seat: int) -> int | None:
    """The next seat still in with cards after ``seat``'s partner (who has gone out), or None
    without one mate (a trick effect that passes the lead to a partner who is out)."""
    side = seats.side(seat)
    mates = [s for s in active if s != seat and seats.side(s) == side]
    return next_seat(hands, active, mates[0]) if len(mates) == 1 else None


def reread(rs: Ruleset, play: Play) -> Play:
    """``play`` read under ``rs`` (the rank order changed under it): the same cards as the same
    type standing for the same cards; itself when no such reading exists."""
    stands = sorted(map(str, play.stands_for))
    for other in classify(rs, play.cards, rs.type_by_id.get(play.type.id)):
        if sorted(map(str, other.stands_for)) == stands:
            return other
    return play
