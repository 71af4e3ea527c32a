"""Dealt-hand events: instant wins (天牌) and holding rewards, settled right after the deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.generate import generate
from paixing.hands.play import Play, beats
from paixing.hands.view import HandView
from paixing.rules.cards import Card
from paixing.rules.hand_rules import DealtEvent


@dataclass(frozen=True)
class Holding:
    """A seat holding an event's combination: how many times it counts, and its best play."""

    seat: int
    count: int
    best: Play | None


def dealt_views(rs: Ruleset, hands: Sequence[Sequence[Card]]) -> list[HandView]:
    """A view of each dealt hand, made once for every event ``holdings`` checks."""
    return [HandView(rs, hand) for hand in hands]


def holdings(
    rs: Ruleset, event: DealtEvent, hands: Sequence[Sequence[Card] | HandView], claimed: dict[int, set[int]]
) -> list[Holding]:
    """Which seats hold ``event`` (``hands``: the dealt hands, or their ``dealt_views``).
    ``claimed`` maps seat → ranks already counted by events this one yields to
    (``not_with``); ranks are added for later events."""
    t = rs.type_by_id[event.hand_type]
    found: list[Holding] = []
    for seat, hand in enumerate(hands):
        hv = hand if isinstance(hand, HandView) else HandView(rs, hand)
        if event.match == "whole_hand":
            plays = classify(rs, hv.cards, only=t)
        elif t.needs_group and max(hv.counts) + (len(hv.wilds) if t.wmax > 0 else 0) < t.needs_group:
            continue  # no rank held often enough, usable wild cards included: nothing to generate
        else:
            plays = list(generate(rs, hv, t))
        if not plays:
            continue
        best = plays[0]
        for p in plays[1:]:
            if beats(p, best):
                best = p
        count = 1
        if event.per_rank:
            taken = claimed.setdefault(seat, set())
            ranks = {r for p in plays for r, _ in p.groups} - taken
            count = len(ranks)
            taken.update(ranks)
        if count:
            found.append(Holding(seat, count, best))
    return found


def instant_winner(rs: Ruleset, hands: Sequence[Sequence[Card]], dealer: int) -> tuple[DealtEvent, int] | None:
    """The first instant-win event anyone holds, and who wins it (tie rule of the event)."""
    assert rs.variant.game is not None
    n = len(hands)
    order = [(dealer + i) % n for i in range(n)]
    views: list[HandView] = []
    for event in rs.variant.game.dealt_events:
        if event.effect != "instant_win":
            continue
        views = views or dealt_views(rs, hands)
        held = holdings(rs, event, views, {})
        if not held:
            continue
        held.sort(key=lambda h: order.index(h.seat))
        winner = held[0]
        if event.tie == "larger_play":
            for h in held[1:]:
                if h.best is not None and winner.best is not None and beats(h.best, winner.best):
                    winner = h
        return event, winner.seat
    return None


def rewards(rs: Ruleset, hands: Sequence[Sequence[Card]]) -> list[tuple[DealtEvent, int, int]]:
    """Every holding reward: (event, seat, times). Events are checked in list order so that an
    event named in another's ``not_with`` claims its ranks first."""
    assert rs.variant.game is not None
    events = [e for e in rs.variant.game.dealt_events if e.effect == "reward"]
    by_id = {e.id: e for e in events}
    ordered: list[DealtEvent] = []

    def visit(e: DealtEvent) -> None:
        if e in ordered:
            return
        for other in e.not_with:
            if other in by_id:
                visit(by_id[other])
        ordered.append(e)

    for e in events:
        visit(e)
    claimed: dict[str, dict[int, set[int]]] = {}
    out: list[tuple[DealtEvent, int, int]] = []
    views = dealt_views(rs, hands) if ordered else []
    for e in ordered:
        # ranks this event may not count: those claimed by the events it yields to
        shared: dict[int, set[int]] = {}
        for other in e.not_with:
            for seat, ranks in claimed.get(other, {}).items():
                shared.setdefault(seat, set()).update(ranks)
        mine: dict[int, set[int]] = {s: set(r) for s, r in shared.items()}
        held = holdings(rs, e, views, mine)
        claimed[e.id] = {s: r - shared.get(s, set()) for s, r in mine.items()}
        out.extend((e, h.seat, h.count) for h in held)
    return out
