"""The differences-from-parent section: every key a variant changes of the variant it extends,
with old and new values in the book's language (and, in English, what the key means, from the
rule language's own field descriptions)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from paixing.conformance.diff import UNEXPLAINED, Diff, diff
from paixing.conformance.diff.cases import NOT_DEALT, Case
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset

from ..diff import MISSING, _is_text, compact, diff_variants, path_doc
from .pen import Pen

CASES_PER_RULE = 2
"""Computed cases shown per changed key (the shortest ones)."""
SEARCH_SIZE = 3
"""The book searches every hand of up to this many cards (``paixing diff`` goes further)."""
BOOK_GAMES = 20
"""Hands played per variant for the book's whole-hand cases."""


def value(pen: Pen, v: Any, path: str) -> str:
    """One side of a change as a short text: a bilingual text in the book's language, an entry
    by its name and id, a list of examples by its count, anything else compacted."""
    if v is MISSING or v is None:
        return pen.s("diff.absent")
    if _is_text(v):
        return str(v[pen.lang])
    if isinstance(v, dict) and "id" in v:
        if path.startswith("hand_types") and _is_text(v.get("name")):
            return pen.s("diff.type", name=v["name"][pen.lang]) + f" ({v['id']})"
        for key in ("name", "text"):
            if _is_text(v.get(key)):
                return f"{v[key][pen.lang]} ({v['id']})"
    if path == "examples" and isinstance(v, list):
        return pen.s("diff.count", n=len(v))
    return compact(v)


def differs(pen: Pen) -> dict[str, Any] | None:
    """The section's data, or None for a variant that extends nothing."""
    parent = pen.f.parent
    if parent is None:
        return None
    en = pen.lang == "en"
    rows = [
        {
            "path": path,
            "change": pen.s(f"diff.{kind}"),
            "old": value(pen, old, path),
            "new": value(pen, new, path),
            "meaning": path_doc(path) if en else "",
        }
        for path, kind, old, new in diff_variants(parent, pen.v)
    ]
    return {
        "intro": pen.s("diff.intro", parent=f"{pen.tr(parent.name)} ({parent.id})"),
        "parent": pen.tr(parent.name),
        "rows": rows,
        "none": pen.s("diff.none") if not rows else "",
        "show_meaning": en,
        "cases": cases(pen),
        "cases_intro": pen.s("diff.cases_intro") + _hand(pen),
        "sep": pen.s("diff.sep"),
    }


@lru_cache(maxsize=16)
def book_diff(child: Ruleset, parent_json: str) -> Diff:
    """The diff of a book's parent and child, kept while the child's compiled form is (a book
    is rendered in two languages and two formats)."""
    parent = ruleset(child.variant.__class__.model_validate_json(parent_json))
    games = child.variant.game is not None and parent.variant.game is not None
    paths = [path for path, *_ in diff_variants(parent.variant, child.variant)]
    return diff(parent, child, paths, path_doc, size=SEARCH_SIZE, hands=games, max_games=BOOK_GAMES)


def _answer(pen: Pen, case: Case, value: Any) -> str:
    if case.kind == "beats":
        return pen.s("diff.beats_yes" if value else "diff.beats_no")
    if value == NOT_DEALT:
        return pen.s("diff.not_dealt")
    if isinstance(value, list) and case.kind != "score":
        return ", ".join(value) if value else pen.s("diff.no_play" if case.kind == "classify" else "diff.nothing")
    return compact(value)


def _question(pen: Pen, case: Case) -> str:
    q = case.question
    if case.kind == "classify":
        return pen.s("diff.q_classify", cards=q["cards"])
    if case.kind == "beats":
        return pen.s("diff.q_beats", play=q["play"], target=q["target"])
    if case.kind == "moves":
        return pen.s("diff.q_moves", hand=q["hand"])
    return pen.s("diff.q_score", contract=pen.contract_name(case.contract), n=len(q["actions"]))


def _hand(pen: Pen) -> str:
    """The hand the cases assume, where the rules depend on it (a drawn wild rank, a level)."""
    parent = pen.f.parent
    assert parent is not None
    hand = book_diff(pen.rs, parent.model_dump_json(by_alias=True)).hand
    said = []
    if hand.get("wild_ranks"):
        said.append(pen.s("diff.hand_wilds", ranks=pen.s("w.list").join(hand["wild_ranks"])))
    if hand.get("level"):
        said.append(pen.s("diff.hand_level", rank=hand["level"]))
    return "".join(pen.s("w.space") + s for s in said)


def cases(pen: Pen) -> list[dict[str, str]]:
    """The computed cases: for each changed key that explains some, its shortest few."""
    parent = pen.f.parent
    assert parent is not None
    found = book_diff(pen.rs, parent.model_dump_json(by_alias=True))
    return [
        {"path": g.rule, "case": _question(pen, c), "old": _answer(pen, c, c.a), "new": _answer(pen, c, c.b)}
        for g in found.groups
        if g.rule != UNEXPLAINED
        for c in g.shown(CASES_PER_RULE)[:CASES_PER_RULE]
    ]
