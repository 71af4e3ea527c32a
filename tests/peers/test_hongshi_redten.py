"""``hongshi`` against the recorded answers of Ricker-RH/redten's combination rules
(``tests/data/redten-hongshi.jsonl``; the peer, its commit and the recorder are named in
``tests/data/README.md``). The peer has no move generator: its legal-play sets are every subset
of a hand its ``detectCombo`` and ``canBeat`` accept, compared by shape (ranks, the red tens told
apart).

Every case must agree with paixing, or be explained by one entry of ``EXPLANATIONS``: a rule of
``hongshi.yaml`` the peer reads otherwise, named by the note id the variant cites it under (the
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

CASES_FILE = DATA / "redten-hongshi.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]

PEER_TO_OURS = {"PAIR": "pair", "BOMB": "bomb", "STRAIGHT": "straight", "RED_TEN_BOMB": "double_red_ten"}
"""The peer's kinds with one kind of ours; a peer ``SINGLE`` is a single, or a red ten."""

RED_TENS = {"10H": "red_ten_h", "10D": "red_ten_d"}
DECK = [r + s for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2") for s in "SHCD"]
"""The recorder's card order (rank, then ♠ ♥ ♣ ♦)."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("hongshi")


def cards(xs: list[str]) -> list[paixing.Card]:
    return paixing.parse_cards(" ".join(xs))


def our_kinds(rs: paixing.Ruleset, xs: list[str]) -> list[str]:
    return sorted(p.type.id for p in paixing.classify(rs, cards(xs)) if p.type.playable)


def peer_kinds(kind: str, xs: list[str]) -> list[str]:
    """The peer's answer in our words: its one combination is each reading we also give (a lone
    red ten is a red ten and, the weaker reading, a single 10; both red tens also a pair)."""
    if kind == "invalid":
        return []
    if kind == "SINGLE":
        return sorted(["single", RED_TENS[xs[0]]]) if xs[0] in RED_TENS else ["single"]
    if kind == "RED_TEN_BOMB":
        return ["double_red_ten", "pair"]
    return [PEER_TO_OURS[kind]]


def ranks(xs: list[str]) -> list[str]:
    """The ranks of cards, or of a play's shape (a rank alone stays itself)."""
    return [c if c not in RED_TENS and c[-1] not in "SHCD" else c[:-1] for c in xs]


def is_run(xs: list[str] | tuple[str, ...]) -> bool:
    """One card a rank, at least three: the shape of a straight."""
    return len(xs) >= 3 and len(set(ranks(list(xs)))) == len(xs)


Explanation = tuple[str, str, Callable[[list[str]], bool]]

EXPLANATIONS: list[Explanation] = [
    ("sequence-a2", "a straight may hold the 2 and the A below it (A23, 2345); the peer's runs stop at A and never hold a 2",
     lambda xs: is_run(xs) and "2" in ranks(xs)),
    ("red-ten-rank", "a red ten is a 10 in a straight; the peer keeps red tens out of straights",
     lambda xs: is_run(xs) and any(c in RED_TENS for c in xs)),
]
"""Why a classification (or a comparison with such a play) may differ: (the note id, the rule, which plays)."""

EXPECTED_EXPLAINED = {
    "classify": {"sequence-a2": 49, "red-ten-rank": 5},
    "compare": {},
    "respond": {"sequence-a2": 6, "red-ten-rank": 5},
}
"""How many recorded cases each note explains, per kind (pinned: a change here is a change of rule)."""


def explain(*plays: list[str]) -> str | None:
    return next((note for note, _, covers in EXPLANATIONS if any(covers(p) for p in plays)), None)


def verdict(rs: paixing.Ruleset, case: dict[str, Any]) -> tuple[bool, str | None]:
    """(agrees, the note that explains a difference or None)."""
    if case["kind"] == "classify":
        ok = our_kinds(rs, case["cards"]) == peer_kinds(case["peer"], case["cards"])
        return ok, None if ok else explain(case["cards"])
    if case["kind"] == "compare":
        ok = paixing.beats_cards(rs, cards(case["play"]), cards(case["last"])) == case["peer_beats"]
        return ok, None if ok else explain(case["play"], case["last"])
    ours = plays_of(rs, case)
    theirs = {shape(p) for p in case["peer_plays"]}
    if ours == theirs:
        return True, None
    notes = {explain(list(p)) for p in ours ^ theirs}
    return False, notes.pop() if len(notes) == 1 else None


def plays_of(rs: paixing.Ruleset, case: dict[str, Any]) -> set[tuple[str, ...]]:
    """Our legal plays as card sets (a lone red ten's two readings are one set of cards)."""
    target = None
    if case["last"] is not None:
        target = max((p for p in paixing.classify(rs, cards(case["last"])) if p.type.playable), key=lambda p: p.type.index)
    return {shape(list(map(str, p.cards))) for p in paixing.legal_plays(rs, cards(case["hand"]), target)}


def shape(xs: list[str]) -> tuple[str, ...]:
    """A play as the rules see it: its ranks, the red tens told apart (which black card of a
    rank a player gives is his choice; a generator lists one of them)."""
    return tuple(sorted((c if c in RED_TENS else c[:-1] for c in xs), key=lambda c: (DECK.index(c if c in RED_TENS else c + "S"), c)))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_case_agrees_or_is_explained(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    ok, why = verdict(rs, case)
    if ok:
        return
    assert why is not None, f"{case['id']}: unexplained difference: {case}"
    assert why in {n.id for n in rs.variant.notes}, f"{case['id']}: note {why} missing from hongshi.yaml"


def test_counts_are_pinned(rs: paixing.Ruleset) -> None:
    """500+ classify/compare cases and 200+ legal-play sets; how many each note explains."""
    kinds = Counter(c["kind"] for c in CASES)
    assert kinds == {"classify": 405, "compare": 400, "respond": 250}
    explained: dict[str, Counter[str]] = {"classify": Counter(), "compare": Counter(), "respond": Counter()}
    for case in CASES:
        ok, why = verdict(rs, case)
        if not ok and why is not None:
            explained[case["kind"]][why] += 1
    assert {k: dict(v) for k, v in explained.items()} == EXPECTED_EXPLAINED
