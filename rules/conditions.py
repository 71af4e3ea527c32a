"""The condition language: comparisons on named facts of a hand, written as short strings.

A condition is one string, for example ``"losers.captured == 0"``, ``"place(1).side ==
place(2).side"``, ``"declarer_won"`` or ``"not declarer_won"``; a list of them holds when every
one holds. The grammar is::

    condition := ["not"] term [op term]          op := < | <= | == | >= | > | !=
    term      := integer | scalar | subject "." measure
    scalar    := out | in_play | declarer_won | plays(<hand type id>)
    subject   := declarer | partner | opponents | declarer_side | winners | losers | place(<k>) | this
               | caller

``place(k)`` is the k-th player out (1 first); a negative k counts from the last place (-1: the
last player). A fact that is not defined (a place nobody has reached yet) makes every comparison
with it false. A bare term holds when it is not zero.

The three catalogues below (``SCALARS``, ``SUBJECTS``, ``MEASURES``) are the registry of named
facts: the parser accepts exactly these names, the rulebook and docs/rule-language.md print their
docs, and ``paixing.game.conditions`` binds one evaluator to each name (a test checks that the
names agree). A new fact needs: an entry here (doc, phrases, whether it needs the outcome) and
its evaluator there.

Facts marked ``outcome`` (who won, totals after transfers) exist only once the hand is settled:
score rows and multipliers may use them, end rules may not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Fact:
    """One named fact of the catalogue."""

    doc: str
    """What it means (English), for the JSON Schema and docs/rule-language.md."""
    zh: str
    """How the rulebook says it in Chinese."""
    en: str
    """How the rulebook says it in English."""
    outcome: bool = False
    """Needs the settled outcome (who won, totals after transfers)."""
    boolean: bool = False
    """A yes/no fact (written bare or with ``not``)."""


SCALARS: dict[str, Fact] = {
    "out": Fact("How many players have gone out.", "已出完的人数", "the number of players out"),
    "in_play": Fact("How many players taking part still hold cards.", "还有牌的人数", "the number of players still holding cards"),
    "declarer_won": Fact(
        "The declarer's side won the hand.", "定约方胜", "the declarer's side wins", outcome=True, boolean=True
    ),
    "plays": Fact("plays(T): how many plays of hand type T were made in the hand.", "打出「{arg}」的次数", "the number of “{arg}” plays"),
    "alone": Fact(
        "The declarer plays without a partner (a solo; with teams: holders, he holds every card that makes the sides).",
        "定约者没有搭档（一人对其余所有人）",
        "the declarer has no partner (he plays alone against all the others)",
        boolean=True,
    ),
}
"""Facts that stand alone (``plays`` takes a hand type id)."""

SUBJECTS: dict[str, Fact] = {
    "declarer": Fact("The declarer.", "定约者", "the declarer"),
    "partner": Fact("The declarer's partner (none in a solo contract).", "定约者的搭档", "the declarer's partner"),
    "opponents": Fact("The declarer's opponents, together.", "对手", "the opponents"),
    "declarer_side": Fact("The declarer and his partner, together.", "定约方", "the declarer's side"),
    "winners": Fact("The winning side, together.", "赢方", "the winners", outcome=True),
    "losers": Fact("The losing side, together.", "输方", "the losers", outcome=True),
    "place": Fact(
        "place(k): the k-th player out (1 first; -1 the last place, once every place is decided).",
        "第{arg}个出完的玩家",
        "the player out {arg}",
    ),
    "this": Fact(
        "The seat being scored: one loser, in a per-card row's loser_factors (undefined elsewhere).",
        "该输家",
        "that loser",
    ),
    "caller": Fact(
        "The player who made a call, in that call's made conditions (undefined elsewhere).",
        "叫的人",
        "the caller",
    ),
}
"""Who a measure is taken of (seats; a measure of several seats is their sum)."""

MEASURES: dict[str, Fact] = {
    "side": Fact("His side (one seat only): equal sides mean partners.", "的一方", "'s side"),
    "captured": Fact("What they captured in tricks, before the end-of-hand transfers.", "墩中所得（转移前）", "captured in tricks (before transfers)"),
    "total": Fact("What they hold after the end-of-hand transfers.", "经转移后所得", "hold after the transfers", outcome=True),
    "cards_left": Fact("Cards still in hand.", "手里剩的牌数", "cards left in hand"),
    "plays": Fact("Plays (not passes) made; 0 means never played a card.", "出牌的手数", "plays made"),
    "hand_value": Fact("What the cards still in hand are worth, counted like captures.", "手里剩牌的分值", "the worth of the cards left in hand"),
    "place": Fact("His finishing place (one seat only; 1 the first out), once decided.", "的名次", "'s finishing place"),
    "partner_place": Fact(
        "His partner's finishing place (one seat only, on a side of two), once decided: "
        "place(1).partner_place == 2 means the first two out are partners (双上).",
        "的搭档的名次",
        "'s partner's finishing place",
    ),
}
"""What is measured of a subject."""

SINGLE_SEAT = ("declarer", "partner", "place", "this", "caller")
"""Subjects that name one seat (the only ones with a ``side``)."""

ONE_SEAT_MEASURES = ("side", "place", "partner_place")
"""Measures of one seat only (they do not add up over several)."""

OPERATORS = ("<=", ">=", "==", "!=", "<", ">")
"""Comparison operators, longest first (the tokenizer tries them in this order)."""


class ConditionError(ValueError):
    """A condition string that does not parse; the message names the bad part."""


@dataclass(frozen=True)
class Term:
    """An integer, a scalar fact or a subject's measure."""

    name: str
    """``int`` for a literal, else a scalar or subject name."""
    arg: int | str | None = None
    """The literal's value, ``plays(T)``'s type, or ``place(k)``'s k."""
    measure: str | None = None
    """The measure of a subject."""

    @property
    def outcome(self) -> bool:
        if self.name == "int":
            return False
        table = SCALARS if self.measure is None else SUBJECTS
        return table[self.name].outcome or (self.measure is not None and MEASURES[self.measure].outcome)


@dataclass(frozen=True)
class Comparison:
    """A parsed condition: ``left op right``, or a bare (possibly negated) term."""

    left: Term
    op: str | None = None
    right: Term | None = None
    negated: bool = False

    @property
    def outcome(self) -> bool:
        """Whether it reads facts that exist only once the hand is settled."""
        return self.left.outcome or (self.right is not None and self.right.outcome)

    @property
    def hand_types(self) -> list[str]:
        """Hand type ids it names (``plays(T)``), for the loader's cross-reference check."""
        return [t.arg for t in (self.left, self.right) if t is not None and t.name == "plays" and isinstance(t.arg, str)]


_TERM = re.compile(r"^(?P<name>[a-z_]+)(?:\((?P<arg>[^()]*)\))?(?:\.(?P<measure>[a-z_]+))?$")


def _names(table: dict[str, Fact]) -> str:
    return ", ".join(table)


def parse_term(text: str) -> Term:
    """Read one term; ``ConditionError`` names what is wrong."""
    text = text.strip()
    if re.fullmatch(r"-?\d+", text):
        return Term("int", int(text))
    m = _TERM.match(text)
    if m is None:
        raise ConditionError(f"cannot read {text!r}: expected a number, a fact or subject.measure")
    name, arg, measure = m.group("name"), m.group("arg"), m.group("measure")
    if measure is None:
        if name not in SCALARS:
            hint = f" (a subject needs a measure: {name}.captured …)" if name in SUBJECTS else ""
            raise ConditionError(f"unknown fact {name!r}{hint}; facts: {_names(SCALARS)}, or subject.measure")
        if name == "plays":
            if not arg or not re.fullmatch(r"[A-Za-z0-9_-]+", arg.strip()):
                raise ConditionError("plays needs a hand type id: plays(bomb)")
            return Term(name, arg.strip())
        if arg is not None:
            raise ConditionError(f"{name} takes no argument")
        return Term(name)
    if name not in SUBJECTS:
        raise ConditionError(f"unknown subject {name!r}; subjects: {_names(SUBJECTS)}")
    if measure not in MEASURES:
        raise ConditionError(f"unknown measure {measure!r}; measures: {_names(MEASURES)}")
    if measure in ONE_SEAT_MEASURES and name not in SINGLE_SEAT:
        raise ConditionError(f"{name}.{measure}: only one seat has a {measure} ({', '.join(SINGLE_SEAT)})")
    if name == "place":
        if arg is None or not re.fullmatch(r"\s*-?\d+\s*", arg) or int(arg) == 0:
            raise ConditionError("place needs a place number: place(1) is the first out, place(-1) the last")
        return Term(name, int(arg), measure)
    if arg is not None:
        raise ConditionError(f"{name} takes no argument")
    return Term(name, None, measure)


@lru_cache(maxsize=1024)
def parse_condition(text: str) -> Comparison:
    """Parse one condition string (cached: the same strings recur in every hand)."""
    body = text.strip()
    negated = False
    if body.startswith("not "):
        negated, body = True, body[4:].strip()
    symbols = re.findall(r"[<>=!]+", body)
    bad = [x for x in symbols if x not in OPERATORS]
    if bad:
        raise ConditionError(f"{text!r}: unknown operator {bad[0]!r}; use one of {' '.join(OPERATORS)}")
    if len(symbols) > 1:
        raise ConditionError(f"{text!r}: one comparison per condition (list several instead)")
    for op in OPERATORS:
        if op in body:
            if negated:
                raise ConditionError(f"{text!r}: 'not' goes before a bare fact only; write the opposite comparison")
            left, _, right = body.partition(op)
            if not left.strip() or not right.strip():
                raise ConditionError(f"{text!r}: {op} needs something on both sides")
            return Comparison(parse_term(left), op, parse_term(right))
    return Comparison(parse_term(body), negated=negated)


def check_condition(text: str, allow_outcome: bool = True) -> str:
    """Validate one condition string (the models' after-validator): a ValueError names the bad
    fact or operator."""
    try:
        parsed = parse_condition(text)
    except ConditionError as exc:
        message = str(exc)
        raise ValueError(message if message.startswith(repr(text)) else f"{text!r}: {message}") from None
    if not allow_outcome and parsed.outcome:
        raise ValueError(f"{text!r}: who won and the totals after transfers are not known before the hand ends")
    return text


def check_before_outcome(text: str) -> str:
    """Validate a condition that is checked while the hand is still being played."""
    return check_condition(text, allow_outcome=False)
