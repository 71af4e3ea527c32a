"""The contracts section: the contract steps in order (each sentence written by the step's own
module in ``paixing.game.steps``), the default contract, and each contract's sides, first lead
and multipliers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paixing.game.steps import STEPS
from paixing.rules.cards import parse_cards
from paixing.rules.hand_rules import Step
from paixing.rules.scoring import Contract

from ..faces import face
from ..saying import conditions_words
from .pen import Pen


def step(pen: Pen, st: Step) -> str:
    """The step's sentence, written by its module in the step registry."""
    return str(STEPS[st.kind].describe(getattr(st, st.kind), _say_cards(pen), pen.contract_name, pen.game))


def _say_cards(pen: Pen) -> Callable[..., str]:
    """``pen.s`` for a step's sentence, where a ``card``/``cards`` argument (card notation, as
    the rule is written) is drawn as the book draws cards (``★RJ ★RJ``, ``3♦``), not as typed."""

    def say(key: str, **kw: Any) -> str:
        for name in ("card", "cards"):
            if isinstance(kw.get(name), str):
                kw[name] = " ".join(face(c).text for c in parse_cards(kw[name]))
        return pen.s(key, **kw)

    return say


def multipliers(pen: Pen, c: Contract) -> list[str]:
    """A contract's multipliers, one phrase each (empty when it has none)."""
    m = c.multipliers
    out = []
    if m.bid:
        out.append(pen.s("mult.bid"))
    for tid, f in m.per_play.items():
        out.append(pen.s("mult.per_play", type=pen.name(tid), f=f))
    for x in m.when:
        cond = conditions_words(pen.lang, x.conditions, pen.name, joiner="cond.and_short")
        out.append(pen.s("mult.when", name=pen.tr(x.name), f=x.factor, cond=cond))
    return out


def _contract(pen: Pen, c: Contract) -> dict[str, Any]:
    facts: list[tuple[str, str]] = [
        (pen.s("c.teams"), pen.s(f"c.{c.teams}")),
        (pen.s("c.leader"), pen.s(f"c.lead_{c.leader}")),
    ]
    mult = multipliers(pen, c)
    if mult:
        facts.append((pen.s("c.multipliers"), pen.s("w.semicolon").join(mult)))
    return {"id": c.id, "name": pen.tr(c.name), "facts": facts}


def contracts(pen: Pen) -> dict[str, Any] | None:
    """The contracts section's data, or None for a variant with no game."""
    g = pen.v.game
    if g is None:
        return None
    return {
        "intro": pen.s("steps.intro") if g.steps else "",
        "steps": [step(pen, st) for st in g.steps],
        "default": pen.s("steps.default" if g.steps else "steps.none", contract=pen.contract_name(g.default_contract)) if g.default_contract else "",
        "list": [_contract(pen, c) for c in g.contracts],
    }
