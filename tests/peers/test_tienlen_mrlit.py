"""``tienlen`` against the recorded answers of mrlit239/cardgame's Tiến Lên rules
(``tests/data/mrlit-tienlen.jsonl``; the peer, its commit and the recorder are named in
``tests/data/README.md``).

Every case must agree with paixing, or be explained by one entry of ``EXPLANATIONS``: a rule of
``tienlen.yaml`` the peer reads otherwise, named by the note id the variant cites it under (the
test checks the note exists). A legal-play set that differs is explained only when every play in
the difference is, play against the play on the table. The counts are pinned, so a new
difference cannot hide behind an old explanation.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import paixing
import pytest

from tests.helpers import DATA

CASES_FILE = DATA / "mrlit-tienlen.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]

PEER_TO_OURS = {"single": "single", "pair": "pair", "triple": "trio", "fourOfAKind": "four", "sequence": "straight"}
"""The peer's kinds with one kind of ours; its ``pairSequence`` is ``pairs3`` or ``pairs4`` by length."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("tienlen")


def cards(xs: list[str]) -> list[paixing.Card]:
    return paixing.parse_cards(" ".join(xs))


def our_kinds(rs: paixing.Ruleset, xs: list[str]) -> list[str]:
    """The playable readings (``four_twos``, ``dragon`` … are dealt-hand patterns, never played)."""
    return sorted(p.type.id for p in paixing.classify(rs, cards(xs)) if p.type.playable)


def peer_kind(kind: str, xs: list[str]) -> list[str]:
    if kind == "invalid":
        return []
    if kind == "pairSequence":
        return ["pairs3" if len(xs) == 6 else "pairs4"]
    return [PEER_TO_OURS[kind]]


def our_beats(rs: paixing.Ruleset, play: list[str], last: list[str]) -> bool:
    return paixing.beats_cards(rs, cards(play), cards(last))


def runs_of_pairs(xs: list[str]) -> int:
    """How many pairs a run of pairs holds (0: not one)."""
    by_rank = Counter(c[:-1] for c in xs)
    return len(by_rank) if len(xs) >= 6 and set(by_rank.values()) == {2} and "2" not in by_rank else 0


def is_four(xs: list[str]) -> bool:
    return len(xs) == 4 and len({c[:-1] for c in xs}) == 1


Explanation = tuple[str, str, Callable[[list[str], list[str]], bool]]

EXPLANATIONS: list[Explanation] = [
    ("chops", "four of a kind beats three consecutive pairs (gamebaiapk); the peer has them not meet",
     lambda play, last: is_four(play) and runs_of_pairs(last) == 3),
    ("chops", "four or more consecutive pairs beat three (gamebaiapk); the peer compares runs of pairs of one length only",
     lambda play, last: runs_of_pairs(play) >= 4 and runs_of_pairs(last) == 3),
    ("compare", "runs of pairs with the same top rank compare by its suit; the peer reads the value only",
     lambda play, last: runs_of_pairs(play) == runs_of_pairs(last) > 0 and play[-1][:-1] == last[-1][:-1]),
]
"""Why a comparison may differ: (the variant's note id, the rule, which plays against which)."""

EXPECTED_EXPLAINED = {
    "compare": {"chops": 32, "compare": 1},
    "respond": {"chops": 3, "compare": 2},
}
"""How many recorded cases each note explains, per kind (pinned: a change here is a change of rule)."""


def explain_pair(play: list[str], last: list[str]) -> str | None:
    return next((note for note, _, covers in EXPLANATIONS if covers(play, last)), None)


def plays_of(rs: paixing.Ruleset, case: dict[str, Any]) -> set[tuple[str, ...]]:
    target = None
    if case["last"] is not None:
        (target,) = [p for p in paixing.classify(rs, cards(case["last"])) if p.type.playable]
    return {tuple(paixing.format_cards(rs.sort_cards(p.cards)).split()) for p in paixing.legal_plays(rs, cards(case["hand"]), target)}


def verdict(rs: paixing.Ruleset, case: dict[str, Any]) -> tuple[bool, str | None]:
    """(agrees, the note that explains a difference or None)."""
    if case["kind"] == "classify":
        ok = our_kinds(rs, case["cards"]) == peer_kind(case["peer"], case["cards"])
        return ok, None
    if case["kind"] == "compare":
        ok = our_beats(rs, case["play"], case["last"]) == case["peer_beats"]
        return ok, None if ok else explain_pair(case["play"], case["last"])
    ours = plays_of(rs, case)
    theirs = {tuple(p) for p in case["peer_plays"]}
    if ours == theirs:
        return True, None
    notes = {explain_pair(list(p), case["last"]) for p in ours ^ theirs} if case["last"] is not None else {None}
    return False, notes.pop() if len(notes) == 1 else None


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_case_agrees_or_is_explained(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    ok, why = verdict(rs, case)
    if ok:
        return
    assert why is not None, f"{case['id']}: unexplained difference: {case}"
    assert why in {n.id for n in rs.variant.notes}, f"{case['id']}: note {why} missing from tienlen.yaml"


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
