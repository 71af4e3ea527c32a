"""``tichu`` against the recorded answers of frohlfing/tichu's combination rules
(``tests/data/frohlfing-tichu.jsonl``; the peer, its commit and the recorder are named in
``tests/data/README.md``). The peer has a move generator (``build_combinations`` and
``build_action_space``): its legal plays are compared with ``paixing.legal_plays`` by reading —
type, length, rank — and the ranks of the cards (the suits only in a straight flush), because the
peer lists every set of cards and paixing one play for cards that stand in for each other.

Every case must agree with paixing, or be explained by one entry of ``EXPLANATIONS``: a rule of
``tichu.yaml`` the peer reads otherwise, named by the note id the variant cites it under (the
test checks the note exists). The counts are pinned, so a new difference cannot hide behind an
old explanation.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import paixing
import pytest

from tests.helpers import DATA

CASES_FILE = DATA / "frohlfing-tichu.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]

PEER_TYPE = {
    "single": "single", "pair": "pair", "triple": "triple", "steps": "stair", "full_house": "fullhouse",
    "straight": "street", "bomb": "bomb", "straight_flush": "bomb",
}
"""Our hand types by the peer's names (its ``bomb`` is four of a kind or a straight flush)."""
SPECIALS = ("MJ", "PH", "DR", "DOG")
PHOENIX_ALONE = 16
"""The peer's rank of a lone Phoenix in its move lists."""

Reading = tuple[str, int, int]
"""(the peer's type, cards, rank: the top of a run, the triple of a full house)."""
Key = tuple[str, int, int, str]
"""A reading and the cards' ranks (the cards themselves in a straight flush)."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("tichu")


def cards(xs: list[str]) -> list[paixing.Card]:
    return paixing.parse_cards(" ".join(xs))


def reading(p: paixing.Play) -> Reading:
    """A play as the peer writes its combinations."""
    if p.type.id == "single" and paixing.format_cards(p.cards) == "PH":
        return ("single", 1, PHOENIX_ALONE)
    top = p.groups[0][0] if p.type.id == "full_house" else max(g[0] for g in p.groups)
    return (PEER_TYPE[p.type.id], len(p.cards), top)


def canon(t: str, n: int, v: int, xs: list[str]) -> Key:
    """A play by its reading and ranks: cards of a rank stand in for each other but in a straight flush."""
    flush = t == "bomb" and n >= 5
    return (t, n, v, " ".join(sorted(c if flush or c in SPECIALS else c[:-1] for c in xs)))


def our_readings(rs: paixing.Ruleset, xs: list[str]) -> set[Reading]:
    return {reading(p) for p in paixing.classify(rs, cards(xs))}


def our_plays(rs: paixing.Ruleset, case: dict[str, Any]) -> set[Key]:
    """The legal plays, on the play on the table read as the peer reads it: its highest reading
    (the peer's ``get_trick_combination`` puts the Phoenix at the top)."""
    target = None
    if case["last"] is not None:
        target = max(paixing.classify(rs, cards(case["last"])), key=lambda p: (p.rung, p.key))
    plays = paixing.legal_plays(rs, cards(case["hand"]), target)
    return {canon(*reading(p), paixing.format_cards(p.cards).split()) for p in plays}


def flush_as_straight(extra: Key | Reading, ours: set[Any]) -> bool:
    """A straight flush read as an ordinary straight too (the peer reads it as a bomb only)."""
    t, n, v = extra[:3]
    return t == "street" and any(o[:3] == ("bomb", n, v) and o[3:] == extra[3:] for o in ours)


def phoenix_low(extra: Key | Reading, ours: set[Any]) -> bool:
    """A Phoenix full house or straight read the lower way while the same cards read higher too
    (the peer keeps only the higher: the Phoenix at the top of a straight, with the higher pair
    of a full house)."""
    t, n, v = extra[:3]
    return t in ("street", "fullhouse") and any(o[0] == t and o[1] == n and o[2] > v and o[3:] == extra[3:] for o in ours)


Explanation = tuple[str, str, Callable[[Any, set[Any]], bool]]

EXPLANATIONS: list[Explanation] = [
    ("straight_flush", "a straight flush may also be played as an ordinary straight; the peer reads it as a bomb only", flush_as_straight),
    ("phoenix", "the Phoenix stands for any rank: the lower reading of a Phoenix straight or full house too; the peer keeps the higher only", phoenix_low),
]
"""Why a reading or a play of ours may be missing from the peer's: (the variant's note id, the
rule, which extra reading it covers). No difference goes the other way."""

EXPECTED_EXPLAINED = {
    "classify": {"straight_flush": 52, "phoenix": 39},
    "respond": {"phoenix": 2},
}
"""How many recorded cases each note explains, per kind (pinned: a change here is a change of rule)."""


def explain(extras: set[Any], ours: set[Any]) -> str | None:
    """The one note that explains every extra reading of ours, or None."""
    notes = {next((note for note, _, covers in EXPLANATIONS if covers(x, ours)), None) for x in extras}
    return notes.pop() if len(notes) == 1 else None


def verdict(rs: paixing.Ruleset, case: dict[str, Any]) -> tuple[bool, str | None]:
    """(agrees, the note that explains a difference or None)."""
    if case["kind"] == "compare":
        return paixing.beats_cards(rs, cards(case["play"]), cards(case["last"])) == case["peer_beats"], None
    if case["kind"] == "classify":
        ours: set[Any] = our_readings(rs, case["cards"])
        theirs: set[Any] = {tuple(x) for x in case["peer"]}
        ours = {(*r, "") for r in ours}
        theirs = {(*r, "") for r in theirs}
    else:
        ours = our_plays(rs, case)
        theirs = {canon(t, n, v, xs.split()) for t, n, v, xs in case["peer_plays"]}
    if ours == theirs:
        return True, None
    return False, explain(ours - theirs, ours) if theirs <= ours else None


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_case_agrees_or_is_explained(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    ok, why = verdict(rs, case)
    if ok:
        return
    assert why is not None, f"{case['id']}: unexplained difference: {case}"
    assert why in {n.id for n in rs.variant.notes}, f"{case['id']}: note {why} missing from tichu.yaml"


def test_explained_counts(rs: paixing.Ruleset) -> None:
    """Enough cases (500+ classify and compare, 200+ legal-play sets) and the number each rule
    explains, pinned."""
    kinds = Counter(c["kind"] for c in CASES)
    assert kinds["classify"] >= 500 and kinds["compare"] >= 500 and kinds["respond"] >= 200
    seen: dict[str, Counter[str | None]] = {}
    for c in CASES:
        ok, why = verdict(rs, c)
        if not ok:
            seen.setdefault(c["kind"], Counter())[why] += 1
    assert {k: dict(v) for k, v in seen.items()} == EXPECTED_EXPLAINED
