"""The play section: how a trick goes, what its winner takes (with the deck's point values), who
leads after a player goes out, and the trick bonuses."""

from __future__ import annotations

from collections import Counter
from typing import Any

from paixing.rules.cards import parse_cards
from paixing.rules.hand_rules import EndsTrick, TrickEffect
from paixing.rules.obligations import FirstPlay, Obligation, SuitLock, Warn, Wish
from paixing.rules.scoring import Bonuses

from ..faces import face
from .pen import Pen


def _bonuses(pen: Pen, b: Bonuses) -> dict[str, Any] | None:
    """The trick-bonus table and its notes, or None when there are no bonuses."""
    if not b.tricks:
        return None
    rows = [
        {"type": pen.name(x.hand_type), "ranks": " ".join(x.ranks) if x.ranks else pen.s("bonus.any"), "pay": str(x.pay)}
        for x in b.tricks
    ]
    notes = []
    if b.contracts is not None:
        notes.append(pen.s("bonus.only", contracts=pen.join(pen.contract_name(c) for c in b.contracts)))
    notes.append(pen.s("bonus.ending_yes" if b.on_hand_ending_play else "bonus.ending_no"))
    played = [x.hand_type for x in b.tricks if x.when == "played"]
    if played:
        notes.append(pen.s("bonus.played", types=pen.join(pen.name(t) for t in played)))
    captured = [x.hand_type for x in b.tricks if x.into == "captures"]
    if captured:
        notes.append(pen.s("bonus.captures", types=pen.join(pen.name(t) for t in captured)))
    return {"intro": pen.s("bonus.intro"), "rows": rows, "notes": notes}


def obligation(pen: Pen, o: Obligation) -> str:
    """One play obligation in words."""
    body = o.body
    if isinstance(body, FirstPlay):
        (card,) = parse_cards(body.card)
        first = pen.s("ob.first_play_first") if body.hands == "first" else ""
        return pen.s("ob.first_play", card=face(card).text) + first
    if isinstance(body, Warn):
        return pen.s("ob.warn", n=body.next_left, types=pen.join(pen.name(t) for t in body.hand_types))
    if isinstance(body, SuitLock):
        return pen.s("ob.suit_lock", n=body.after)
    if isinstance(body, Wish):
        (card,) = parse_cards(body.card)
        return pen.s("ob.wish", card=face(card).text, ranks=pen.join(body.ranks))
    return pen.s(f"ob.{o.kind}")


def _ends_trick(pen: Pen, body: EndsTrick) -> str:
    """An ``ends_trick`` effect in words: by ranks, or by cards (on plays of some types)."""
    parts = []
    if body.ranks:
        parts.append(pen.s("play.ends_trick", ranks=pen.join(body.ranks)))
    if body.cards:
        cards = pen.join(face(c).text for text in body.cards for c in parse_cards(text))
        on = pen.s("play.ends_trick_on", types=pen.join(pen.name(t) for t in body.on)) if body.on else ""
        parts.append(pen.s("play.ends_trick_cards", cards=cards, on=on))
    return "; ".join(parts)


def play(pen: Pen) -> dict[str, Any] | None:
    """The play section's data, or None for a variant with no game."""
    g = pen.v.game
    if g is None:
        return None
    pr = g.play
    facts: list[tuple[str, str]] = [
        (pen.s("play.capture"), pen.s(f"play.{pr.capture}")),
        (pen.s("play.after_out"), pen.s(f"play.{pr.lead_after_out}")),
        # every seat's count of cards is in every observation (``Observation.cards_left``)
        (pen.s("play.cards_left"), pen.s("play.cards_left_v")),
    ]
    if pr.pass_locks:  # said only where it differs from the usual trick (play.tricks)
        facts.append((pen.s("play.pass"), pen.s("play.pass_locks")))
    if pr.draw is not None:
        first = pen.s("play.draw_first", n=pr.draw.first_lead) if pr.draw.first_lead else ""
        after = pen.s("play.draw_after", n=pr.draw.after_trick) if pr.draw.after_trick else ""
        facts.append((pen.s("play.draw"), first + after))
    if pr.order_flip is not None:
        kept = [r for r in pr.order_flip.keep if r in pen.v.ranks.order]
        keep = pen.s("play.order_flip_keep", ranks=pen.join(kept)) if kept else ""
        facts.append((pen.s("play.order_flip"), pen.s("play.order_flip_v", types=pen.join(pen.name(t) for t in pr.order_flip.types), keep=keep)))
    if pr.out_of_turn is not None:
        types = pen.join(pen.name(t) for t in pr.out_of_turn.types)
        facts.append((pen.s("play.out_of_turn"), pen.s("play.out_of_turn_v", types=types)))
    facts += [(pen.s("play.effect"), _effect(pen, e)) for e in pr.trick_effects]
    facts += [(pen.s("ob.label"), obligation(pen, o)) for o in pr.obligations]
    points = []
    total = ""
    if pr.capture == "points" and pr.points:
        points = [{"rank": r, "points": str(n)} for r, n in pr.points.items()]
        deck = Counter(c.rank for c in pen.rs.deck())  # every card by name: a wild extra card too
        deck_total = sum(deck[r] * n for r, n in pr.points.items())
        total = pen.s("play.total", total=deck_total)
    return {"tricks": pen.s("play.tricks"), "facts": facts, "points": points, "total": total, "bonuses": _bonuses(pen, g.bonuses)}


def _effect(pen: Pen, effect: TrickEffect) -> str:
    """The sentence of one trick effect."""
    if effect.ends_trick is not None:
        return _ends_trick(pen, effect.ends_trick)
    body = effect.give_trick or effect.lead_to_partner
    assert body is not None
    cards = pen.join(face(c).text for text in body.cards for c in parse_cards(text))
    if effect.lead_to_partner is not None and effect.lead_to_partner.partner_out == "next_after_partner":
        return pen.s("play.lead_to_partner", cards=cards) + pen.s("play.lead_to_partner_next")
    return pen.s("play.give_trick" if effect.give_trick is not None else "play.lead_to_partner", cards=cards)
