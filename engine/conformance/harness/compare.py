"""Comparing an answer with the expected one, op by op, on what the protocol fixes.

Only the facts are compared, not the wording: for ``classify`` and ``moves`` the set of plays
as (hand type, cards, the cards wild cards stand for), cards compared as multisets whatever
their order or spelling (``10``/``T``) — for ``moves`` by rank only, since which of several
equal cards a play uses is the implementation's choice; for ``beats`` the verdict (the reason is free text);
for ``score`` the scores. An answer that lacks the field its op needs, or whose cards do not
parse, is malformed rather than wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paixing.rules.cards import CardError, parse_cards


class Malformed(ValueError):
    """An answer without the shape its op needs."""


def _cards(text: Any, suits: bool = True) -> tuple[str, ...]:
    if not isinstance(text, str):
        raise Malformed(f"cards must be a string, not {text!r}")
    try:
        cards = parse_cards(text)
    except CardError as exc:
        raise Malformed(f"bad cards {text!r}: {exc}") from None
    return tuple(sorted(str(c) if suits else c.rank for c in cards))


def _plays(answer: dict[str, Any], suits: bool = True) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    plays = answer.get("plays")
    if not isinstance(plays, list) or not all(isinstance(p, dict) and "type" in p for p in plays):
        raise Malformed('needs "plays": a list of {"type", "cards", "as"?}')
    return sorted(
        (str(p["type"]), _cards(p.get("cards", ""), suits), _cards(p["as"], suits) if p.get("as") else ())
        for p in plays
    )


def _moves(answer: dict[str, Any]) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Legal plays by type and ranks: which of several equal cards a play uses is the
    implementation's choice (plays that differ only by suit still count once each)."""
    return _plays(answer, suits=False)


def _beats(answer: dict[str, Any]) -> bool:
    verdict = answer.get("beats")
    if not isinstance(verdict, bool):
        raise Malformed('needs "beats": true or false')
    return verdict


def _scores(answer: dict[str, Any]) -> list[int]:
    scores = answer.get("scores")
    if not isinstance(scores, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise Malformed('needs "scores": a list of integers')
    return scores


FACTS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "classify": _plays,
    "beats": _beats,
    "moves": _moves,
    "score": _scores,
}
"""Op → the facts of an answer that must agree."""


def facts(op: str, answer: dict[str, Any]) -> Any:
    """The comparable facts of ``answer``; ``Malformed`` when it lacks them."""
    return FACTS[op](answer)


def difference(op: str, expected: Any, got: Any) -> str:
    """A short account of how two answers' facts differ."""
    if op in ("classify", "moves"):
        missing = [p for p in expected if p not in got]
        extra = [p for p in got if p not in expected]
        parts = []
        if missing:
            parts.append("missing " + ", ".join(_show(p) for p in missing[:4]) + (" …" if len(missing) > 4 else ""))
        if extra:
            parts.append("unexpected " + ", ".join(_show(p) for p in extra[:4]) + (" …" if len(extra) > 4 else ""))
        return "; ".join(parts)
    return f"expected {expected}, got {got}"


def _show(play: tuple[str, tuple[str, ...], tuple[str, ...]]) -> str:
    kind, cards, stands = play
    return f"{kind} {' '.join(cards)}" + (f" as {' '.join(stands)}" if stands else "")
