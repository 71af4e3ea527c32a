"""How the rulebook says a condition, an end rule and a transfer, in words a player uses.

Conditions are parsed with the rule language's own parser (``paixing.rules.conditions``); each
fact's words come from its catalogue entry, each operator's from ``cond.op.*`` in ``phrases``.
A few forms get their own idiom: a yes/no fact (“the declarer's side wins”), two sides compared
(“… are partners”) and ``plays == 0`` (“made no play”).
"""

from __future__ import annotations

from collections.abc import Callable

from paixing.rules.conditions import SCALARS, SUBJECTS, Comparison, Term, parse_condition
from paixing.rules.scoring import EndRule, Transfer

from .phrases import say

Name = Callable[[str], str]
"""A hand type id → its name in the book's language."""


def place(lang: str, k: int) -> str:
    """“the first player out”, “the last player” (第一个出完的玩家, 最后一名)."""
    if k == -1:
        return say(lang, "cond.place_last")
    if k < 0:
        return say(lang, "cond.place_from_last", k=-k)
    nth = say(lang, f"cond.nth{k}") if k <= 4 else str(k) if lang == "zh" else f"{k}th"
    return say(lang, "cond.place", nth=nth)


def _who(lang: str, term: Term) -> str:
    if term.name == "place":
        assert isinstance(term.arg, int)
        return place(lang, term.arg)
    fact = SUBJECTS[term.name]
    return fact.zh if lang == "zh" else fact.en


def term_words(lang: str, term: Term, name: Name) -> str:
    """A term as a noun phrase."""
    if term.name == "int":
        return str(term.arg)
    if term.measure is None:
        fact = SCALARS[term.name]
        arg = name(str(term.arg)) if term.name == "plays" else ""
        return (fact.zh if lang == "zh" else fact.en).format(arg=arg)
    return say(lang, f"cond.m.{term.measure}", who=_who(lang, term))


def _truth_words(lang: str, c: Comparison, name: Name, duel: bool) -> str:
    """A condition with no operator: a yes/no fact (“the declarer's side wins”) or a term
    tested against 0."""
    left = c.left
    if left.measure is None and SCALARS.get(left.name, SCALARS["out"]).boolean:
        # In a duel the declarer is the player who countered: name him so.
        who = "cond.counter_wins" if duel and left.name == "declarer_won" else f"cond.{left.name}"
        return say(lang, f"{who}_{str(not c.negated).lower()}")
    return say(lang, "cond.nonzero" if not c.negated else "cond.zero", x=term_words(lang, left, name))


def _idiom(lang: str, c: Comparison) -> str | None:
    """The comparisons a player says in words of their own (“… are partners”, “anyone goes
    out”, “made no play”), or None for the plain “x is at least y” form."""
    left, right = c.left, c.right
    assert right is not None
    if c.op == "==" and left.measure == "side" and right.measure == "side":
        if {left.arg, right.arg} == {1, 2} and left.name == right.name == "place":
            return say(lang, "cond.first_two_partners")
        return say(lang, "cond.same_side", a=_who(lang, left), b=_who(lang, right))
    if (left.name, c.op, right.name, right.arg) == ("out", ">=", "int", 1):
        return say(lang, "cond.anyone_out")
    if (left.name, c.op, right.name) == ("in_play", "<=", "int"):
        return say(lang, "cond.left_at_most", n=right.arg)
    if c.op == "==" and left.measure == "plays" and right.name == "int" and right.arg == 0:
        return say(lang, "cond.no_play", who=_who(lang, left))
    return None


def condition_words(lang: str, text: str, name: Name, duel: bool = False) -> str:
    """One condition string as a clause."""
    c: Comparison = parse_condition(text)
    if c.op is None:
        return _truth_words(lang, c, name, duel)
    idiom = _idiom(lang, c)
    if idiom is not None:
        return idiom
    assert c.right is not None
    op = say(lang, f"cond.op{c.op}", v=term_words(lang, c.right, name))
    return say(lang, "cond.compare", x=term_words(lang, c.left, name), op=op)


def conditions_words(lang: str, texts: list[str], name: Name, duel: bool = False, joiner: str = "cond.and") -> str:
    """Several conditions that must all hold."""
    return say(lang, joiner).join(condition_words(lang, t, name, duel) for t in texts)


def end_words(lang: str, rules: list[EndRule], name: Name) -> str:
    """When the hand ends and who wins, rule by rule."""
    parts = [
        say(lang, "end.rule", when=conditions_words(lang, r.when, name, joiner="cond.and_short"), winner=say(lang, f"end.by_{r.winner}"))
        + (say(lang, "end.points", w=r.points.winners, l=r.points.losers) if r.points is not None else "")
        for r in rules
    ]
    return say(lang, "end.otherwise").join(parts)


def _target(lang: str, ref: str) -> str:
    if ref == "void":
        return say(lang, "end.to_void")
    if ref.startswith("side("):
        return say(lang, "end.to_side", side=say(lang, f"end.side_{ref[5:-1]}"))
    return say(lang, "end.to_place", who=place(lang, int(ref[6:-1])))


def transfer_words(lang: str, t: Transfer) -> str:
    """“what the last player captured goes to the first player out”."""
    who = place(lang, int(t.source[6:-1]))
    return say(lang, f"end.{t.what}", who=who) + say(lang, "w.space") + _target(lang, t.to)

