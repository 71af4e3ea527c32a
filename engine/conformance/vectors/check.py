"""What a line of a vectors file must be, checked before anything reads it: the rules of
docs/conformance.schema.json, written out field by field (jsonschema is not a dependency of
paixing; ``tests/tools/test_conform_robust.py`` checks that both refuse the same lines), and
bounds on the integers.

``paixing conform --cases FILE`` trusts nothing in FILE: a header or a case that the schema
refuses is one ``VectorsError`` naming the line and the field, never a ``KeyError`` or a
``TypeError`` from deep inside the harness.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paixing.rules.cards import CardError, parse_cards

FORMAT = "paixing-vectors/1"
"""The header's ``format``: bumped when a case's fields change meaning."""
OPS = ("classify", "beats", "moves", "score")
MAX_INT_BITS = 256
"""The widest integer a vectors file may hold (a seed is 64 bits)."""

Check = tuple[str, Callable[[Any], bool]]
"""What a field must be, in words, and the test."""


def _int(value: Any, low: int | None = None) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= MAX_INT_BITS
        and (low is None or value >= low)
    )


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _ints(value: Any, low: int | None = None) -> bool:
    return isinstance(value, list) and all(_int(v, low) for v in value)


def _of_lists(value: Any, test: Callable[[Any], bool]) -> bool:
    return isinstance(value, dict) and all(test(v) for v in value.values())


def _notation(v: Any) -> bool:
    """Cards the harness reads itself (an expected play's): they must parse."""
    if not isinstance(v, str):
        return False
    try:
        parse_cards(v)
    except CardError:
        return False
    return True


def _play(p: Any) -> bool:
    if not isinstance(p, dict) or not isinstance(p.get("type"), str) or not _notation(p.get("cards")):
        return False
    name = p.get("name", {})
    return isinstance(name, dict) and all(isinstance(name.get(k, ""), str) for k in ("zh", "en")) and _notation(p.get("as", ""))


def _plays(v: Any) -> bool:
    return isinstance(v, dict) and isinstance(v.get("plays"), list) and all(_play(p) for p in v["plays"])


def _beats(v: Any) -> bool:
    return isinstance(v, dict) and isinstance(v.get("beats"), bool) and isinstance(v.get("reason", ""), str)


def _scores(v: Any) -> bool:
    return (
        isinstance(v, dict) and _ints(v.get("scores")) and isinstance(v.get("ok", True), bool)
        and (v.get("error") is None or isinstance(v.get("error"), str))
    )


def _card_rule(v: Any) -> bool:
    return (
        isinstance(v, dict) and set(v) == {"hand_types", "rungs", "notes"} and _strings(v["hand_types"])
        and _of_lists(v["rungs"], _ints) and _of_lists(v["notes"], _strings)
    )


def _row_rule(v: Any) -> bool:
    return isinstance(v, dict) and set(v) == {"contract", "row"} and isinstance(v["contract"], str) and _int(v["row"], 0)


def _unreached(v: Any) -> bool:
    return isinstance(v, list) and all(
        isinstance(u, dict) and isinstance(u.get("contract"), str) and _int(u.get("row")) for u in v
    )


TEXT: Check = ("a string", lambda v: isinstance(v, str))
CARDS: Check = ("cards in card notation (a string)", lambda v: isinstance(v, str))
HEADER: dict[str, Check] = {
    "format": (repr(FORMAT), lambda v: v == FORMAT),
    "variant": TEXT,
    "seed": ("an integer", _int),
    "random": ("a whole number", lambda v: _int(v, 0)),
    "cases": ("a whole number", lambda v: _int(v, 0)),
    "unreached_rows": ('a list of {"contract", "row"}', _unreached),
}
COMMON: dict[str, Check] = {
    "id": TEXT,
    "op": (f"one of {', '.join(OPS)}", lambda v: v in OPS),
    "why": TEXT,
}
HAND: dict[str, Check] = {
    "level": ("a rank or null", lambda v: v is None or isinstance(v, str)),
    "wild_ranks": ("a list of ranks", _strings),
}
CARD_RULE: Check = ('{"hand_types", "rungs", "notes"}', _card_rule)
PLAYS: Check = ('{"plays": [{"type", "cards", "as"?}]} with cards in card notation', _plays)
OP_FIELDS: dict[str, dict[str, Check]] = {
    "classify": {"cards": CARDS, "expect": PLAYS, "rule": CARD_RULE},
    "beats": {"play": CARDS, "target": CARDS, "expect": ('{"beats": true or false, "reason"?}', _beats), "rule": CARD_RULE},
    "moves": {
        "hand": CARDS, "last": ("cards or null", lambda v: v is None or isinstance(v, str)), "expect": PLAYS, "rule": CARD_RULE,
    },
    "score": {
        "seed": ("an integer", _int),
        "dealer": ("a seat number", lambda v: _int(v, 0)),
        "deal": ("a list of hands in card notation", _strings),
        "kitty": CARDS,
        "actions": ("a list of actions (strings)", _strings),
        "expect": ('{"scores": [integers], "ok"?, "error"?}', _scores),
        "rule": ('{"contract", "row"}', _row_rule),
    },
}
OPTIONAL: dict[str, set[str]] = {"score": {"shown"}}
"""Fields an op's case may leave out (besides ``level`` and ``wild_ranks``)."""
SHOWN_CARD: Check = ("a card", lambda v: isinstance(v, str))


def _fields(row: dict[str, Any], fields: dict[str, Check], optional: set[str]) -> str | None:
    """The first field of ``row`` missing, unknown or not what it must be, in words."""
    for key, (expected, ok) in fields.items():
        if key not in row:
            if key in optional:
                continue
            return f"it has no {key!r}"
        if not ok(row[key]):
            return f"{key}: expected {expected}"
    unknown = sorted(k for k in row if k not in fields)
    return f"unknown field {unknown[0]!r}" if unknown else None


def header_problem(row: Any) -> str | None:
    """Why ``row`` is not a vectors header (None when it is one)."""
    if not isinstance(row, dict) or row.get("format") != FORMAT:
        return f"the first line must be a header with format {FORMAT!r}"
    problem = _fields(row, HEADER, set())
    return None if problem is None else f"not a vectors header: {problem}"


def case_problem(row: Any) -> str | None:
    """Why ``row`` is not a case of the schema (None when it is one)."""
    if not isinstance(row, dict):
        return "not a case (a JSON object)"
    op = row.get("op")
    if op not in OPS:
        return f"not a case: op: expected {COMMON['op'][0]}"
    fields = {**COMMON, **HAND, **OP_FIELDS[op], **({"shown": SHOWN_CARD} if op == "score" else {})}
    problem = _fields(row, fields, {"level", "wild_ranks"} | OPTIONAL.get(op, set()))
    return None if problem is None else f"not a {op} case: {problem}"
