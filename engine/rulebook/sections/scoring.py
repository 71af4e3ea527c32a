"""The end-and-scoring section, one entry per contract: when the hand ends and who wins, the
transfers and the threshold when captures decide, and the score table row by row (the
conditions in words from ``saying``)."""

from __future__ import annotations

from typing import Any

from paixing.rules.scoring import Contract, End, ScoreRow

from ..saying import conditions_words, end_words, transfer_words
from .contracts import multipliers
from .pen import Pen


def condition(pen: Pen, row: ScoreRow, only: bool, duel: bool = False) -> str:
    """A score row's condition; a row with none is “always” alone, else “otherwise”."""
    if not row.when:
        return pen.s("cond.always" if only else "cond.otherwise")
    return conditions_words(pen.lang, row.when, pen.name, duel)


def amounts(pen: Pen, row: ScoreRow, c: Contract) -> str:
    """What each player scores under a row, named by role in the contract's sides."""
    if row.winners is not None:
        if c.teams == "each":
            return pen.s("sc.each_winners", n=row.winners)
        return pen.s("sc.winners", w=pen.signed(row.winners), l=pen.signed(-row.winners))
    if row.per_card is not None:
        return per_card(pen, row)
    if row.places is not None:
        return pen.s("w.list").join(pen.s("sc.place", k=k, n=pen.signed(n)) for k, n in enumerate(row.places, 1))
    if row.margin is not None:
        return pen.s("sc.margin", n=row.margin)
    assert row.declarer is not None and row.opponents is not None
    if c.teams == "duel":
        parts = [pen.s("sc.counter", n=pen.signed(row.declarer)), pen.s("sc.countered", n=pen.signed(row.opponents))]
        parts.append(pen.s("sc.bystanders", n=pen.signed(row.bystanders)))
        return pen.s("w.list").join(parts)
    parts = [pen.s("sc.declarer", n=pen.signed(row.declarer))]
    if c.teams == "partners":
        parts.append(pen.s("sc.partner", n=pen.signed(row.partner if row.partner is not None else row.declarer)))
    parts.append(pen.s("sc.opponents", n=pen.signed(row.opponents)))
    if row.bystanders:
        parts.append(pen.s("sc.bystanders", n=pen.signed(row.bystanders)))
    return pen.s("w.list").join(parts)


def per_card(pen: Pen, row: ScoreRow) -> str:
    """A per-card row in words: the rate, its steps, the cap, each loser's own factors."""
    parts = [pen.s("sc.per_card", n=row.per_card)]
    parts += [pen.s("sc.step", at=st.at, times=st.times) for st in row.steps]
    if row.cap is not None:
        parts.append(pen.s("sc.cap", n=row.cap))
    for f in row.loser_factors:
        when = conditions_words(pen.lang, f.conditions, pen.name, False)
        parts.append(pen.s("sc.loser_factor", name=pen.tr(f.name), when=when, f=f.factor))
    return pen.s("w.semicolon").join(parts)


def _end_facts(pen: Pen, e: End) -> list[tuple[str, str]]:
    """When the hand ends; when captures decide, the transfers, the threshold and a tie."""
    facts = [(pen.s("end.when"), end_words(pen.lang, e.rules, pen.name))]
    if any(r.winner == "captures" for r in e.rules):
        if e.transfers:
            moves = [transfer_words(pen.lang, x) for x in e.transfers]
            facts.append((pen.s("end.transfers"), pen.s("w.semicolon").join(moves)))
        facts.append((pen.s("end.threshold"), pen.s("end.win_above", n=e.win_above) if e.win_above is not None else pen.s("end.more")))
        label = pen.s("end.tie_at", n=e.win_above) if e.win_above is not None else pen.s("end.tie")
        facts.append((label, pen.s(f"end.tie_{e.tie}")))
    return facts


def _calls(pen: Pen) -> list[tuple[str, str]]:
    """The game's calls: each one's name, when it may be made, what it is worth and when it
    is made (its conditions in words)."""
    g = pen.v.game
    if g is None or not g.calls:
        return []
    said = [
        pen.s("end.call", name=pen.tr(c.name), when=pen.s(f"end.call_{c.when}"), n=c.points,
              made=conditions_words(pen.lang, c.made, pen.name, False))
        for c in g.calls
    ]
    return [(pen.s("end.calls"), pen.s("w.semicolon").join(said) + pen.s("end.call_one"))]


def _contract_end(pen: Pen, c: Contract) -> dict[str, Any]:
    rows = [
        {
            "n": i + 1,
            "when": condition(pen, row, len(c.score) == 1, c.teams == "duel"),
            "scores": amounts(pen, row, c),
            "note": pen.tr(row.note),
        }
        for i, row in enumerate(c.score)
    ]
    return {
        "id": c.id,
        "name": pen.tr(c.name),
        "facts": _end_facts(pen, c.end) + _calls(pen),
        "score_intro": pen.s("score.intro"),
        "rows": rows,
        "times": pen.s("score.times") if multipliers(pen, c) else "",
    }


def ending(pen: Pen) -> list[dict[str, Any]]:
    """The section's data, one entry per contract (empty for a variant with no game)."""
    g = pen.v.game
    if g is None:
        return []
    return [_contract_end(pen, c) for c in g.contracts]
