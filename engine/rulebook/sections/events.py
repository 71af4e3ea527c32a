"""The dealt-hand events section: what each event matches and does, and the odds of each, with
the method the engine used (exact, inclusion–exclusion, or a seeded Monte Carlo estimate)."""

from __future__ import annotations

from typing import Any

from paixing.rules.hand_rules import DealtEvent

from ..odds import MC_DEALS, MC_SEED, Odds
from .pen import Pen


def _event_row(pen: Pen, e: DealtEvent) -> dict[str, Any]:
    """One event's row of the events table."""
    details = []
    if e.not_with:
        details.append(pen.s("ev.not_with", events=pen.join(pen.event_name(x) for x in e.not_with)))
    if e.effect == "instant_win":
        details.append(pen.s(f"ev.{e.tie}"))
    return {
        "id": e.id,
        "name": pen.tr(e.name),
        "type": pen.name(e.hand_type),
        "type_id": e.hand_type,
        "match": pen.s(f"ev.{e.match}"),
        "effect": pen.s(f"ev.{e.effect}"),
        "pay": pen.s("ev.pay_rank", pay=e.pay) if e.per_rank else str(e.pay),
        "details": pen.s("w.semicolon").join(details),
    }


def _mc() -> dict[str, Any]:
    """The sample size every Monte Carlo sentence names (the seed is for the appendix)."""
    return {"deals": f"{MC_DEALS:,}"}


def uses_monte_carlo(pen: Pen) -> bool:
    """Some odds in the events table are Monte Carlo estimates (the book then has an appendix)."""
    return any(not o.seat_exact or o.any_method in ("overlap", "mc") for o in pen.f.odds if o.any_method != "zero")


def appendix(pen: Pen) -> str:
    """The appendix: how the Monte Carlo estimates were made (sample, seed), or "" without any."""
    if pen.v.game is None or not pen.v.game.dealt_events or not uses_monte_carlo(pen):
        return ""
    return pen.s("odds.appendix", deals=f"{MC_DEALS:,}", seed=MC_SEED)


def _seat_method(pen: Pen, o: Odds) -> str:
    """How the one-seat odds were found; a short exact formula is printed."""
    n = pen.v.players
    if not o.seat_exact:
        return pen.s("odds.mc_seats", hits=o.holders, seats=f"{n * MC_DEALS:,}", **_mc())
    f = o.seat_formula
    if f and ("C(" in f.split("/")[0] or "^" in f or len(f.split(" /")[0]) <= 12):
        return pen.s("odds.exact_formula", formula=f)
    return pen.s("odds.exact")


def _any_method(pen: Pen, o: Odds) -> str:
    """How the some-seat odds were found."""
    n = pen.v.players
    if o.any_method == "ie":
        return pen.s("odds.exact_ie")
    if o.any_method == "excl":
        return pen.s("odds.exact_excl", n=n)
    if o.any_method == "overlap":
        return pen.s("odds.mc_overlap", n=n, hits=o.overlap, **_mc())
    return pen.s("odds.mc", hits=o.any_hits, **_mc())


def _odds_row(pen: Pen, o: Odds) -> dict[str, Any]:
    """One event's row of the odds table."""
    if o.any_method == "zero":
        seat = anyp = pen.s("odds.zero")
        method = [pen.s("odds.exact")]
    else:
        seat = pen.probability(o.seat, exact=o.seat_exact)
        anyp = pen.probability(o.any_seat, exact=o.any_method in ("ie", "excl"))
        method = [_seat_method(pen, o), _any_method(pen, o)]
    return {"name": pen.event_name(o.event.id), "seat": seat, "any": anyp, "method": pen.s("w.semicolon").join(method)}


def events(pen: Pen) -> dict[str, Any] | None:
    """The events section's data, or None when the variant deals no events."""
    g = pen.v.game
    if g is None or not g.dealt_events:
        return None
    return {
        "intro": pen.s("ev.intro"),
        "rows": [_event_row(pen, e) for e in g.dealt_events],
        "odds_intro": pen.s("odds.intro", k=pen.f.cards_each, n=len(pen.rs.deck()), players=pen.v.players),
        "odds": [_odds_row(pen, o) for o in pen.f.odds],
    }
