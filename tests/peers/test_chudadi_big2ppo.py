"""``chudadi`` against the recorded cases of henrycharlesworth/big2_PPOalgorithm
(``tests/data/big2ppo-chudadi.jsonl``; the peer, its commit and the recorder are named in
``tests/data/README.md``).

Every case must agree with paixing, or be explained by one entry of ``EXPLANATIONS``: a rule
of the Hong Kong game that ``chudadi.yaml`` follows and the peer does not, named by the note id
the variant cites it under (the test checks the note exists). The counts of explained cases
are pinned too, so a new difference cannot hide behind an old explanation.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import paixing
import pytest

from tests.helpers import DATA

CASES_FILE = DATA / "big2ppo-chudadi.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]

PEER_TO_OURS = {
    "single": "single", "pair": "pair", "triple": "trio", "straight": "straight",
    "flush": "flush", "full_house": "full_house", "straight_flush": "straight_flush",
}
"""The peer's kinds that are also ours; ``two_pair`` and ``four`` are not (note no-four-cards)."""

OURS_NOT_PEERS = ({"A", "2", "3", "4", "5"}, {"2", "3", "4", "5", "6"})
"""Straights of the Hong Kong rules the peer lacks."""
PEERS_NOT_OURS = {"J", "Q", "K", "A", "2"}
"""The peer's top straight, which Hong Kong rules do not have."""


def rank_set(cards: list[str]) -> set[str]:
    return {c[:-1] for c in cards}


def rank_set_list(cards: list[str]) -> list[str]:
    return [c[:-1] for c in cards]


def wraps(cards: list[str]) -> bool:
    """A2345 or 23456 (ours, not the peer's) or JQKA2 (the peer's, not ours)."""
    r = rank_set(cards)
    return len(cards) == 5 and (r in OURS_NOT_PEERS or r == PEERS_NOT_OURS)


def is_four_cards(kind: str) -> bool:
    return kind in ("two_pair", "four")


Explanation = tuple[str, str, Callable[[dict[str, Any]], bool]]

EXPLANATIONS: list[Explanation] = [
    ("no-four-cards", "the peer plays two pair and a bare four of a kind; HK rules have no four-card play",
     lambda c: is_four_cards(c.get("peer", "")) or is_four_cards(c.get("play_kind", "")) or is_four_cards(c.get("last_kind", ""))),
    ("no-four-cards", "four of a kind + 1 (金剛) is a five-card hand of HK rules; the peer has none",
     lambda c: c["kind"] == "classify" and c["peer"] == "invalid" and len(c["cards"]) == 5
     and max(Counter(rank_set_list(c["cards"])).values()) == 4),
    ("straights", "A2345 and 23456 are HK straights (A2345 lowest), JQKA2 is not; the peer the reverse",
     lambda c: wraps(c.get("cards", [])) or wraps(c.get("play", [])) or wraps(c.get("last", []))),
    ("flush-order", "flushes compare every card in turn (HK); the peer only the highest card",
     lambda c: c["kind"] == "compare" and c["play_kind"] == "flush" and c["last_kind"] == "flush"),
]
"""Why a case may differ: (the variant's note id, the rule, which cases it covers)."""

EXPECTED_EXPLAINED = {"no-four-cards": 71, "straights": 25, "flush-order": 4}
"""How many recorded cases each note explains (pinned: a change here is a change of rule)."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("chudadi")


def best_reading(ours: list[str]) -> list[str]:
    """A straight flush also reads as a straight and a flush (docs/rule-language.md, *Several
    readings*: a play is judged by its best reading); the peer names only the best one."""
    return ["straight_flush"] if "straight_flush" in ours else ours


def our_kind(rs: paixing.Ruleset, cards: list[str]) -> list[str]:
    return best_reading(sorted(p.type.id for p in paixing.classify(rs, paixing.parse_cards(" ".join(cards)))))


def our_beats(rs: paixing.Ruleset, case: dict[str, Any]) -> bool:
    """Whether ``play`` beats ``last`` for chudadi; a play that is no play of ours never beats."""
    if not our_kind(rs, case["play"]) or not our_kind(rs, case["last"]):
        return False
    return paixing.beats_cards(rs, paixing.parse_cards(" ".join(case["play"])), paixing.parse_cards(" ".join(case["last"])))


def agrees(rs: paixing.Ruleset, case: dict[str, Any]) -> bool:
    if case["kind"] == "classify":
        want = [PEER_TO_OURS[case["peer"]]] if case["peer"] in PEER_TO_OURS else []
        return our_kind(rs, case["cards"]) == want
    return our_beats(rs, case) == case["peer_beats"]


def explanation(case: dict[str, Any]) -> str | None:
    return next((note for note, _, covers in EXPLANATIONS if covers(case)), None)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_case_agrees_or_is_explained(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    if agrees(rs, case):
        return
    why = explanation(case)
    assert why is not None, f"{case['id']}: unexplained difference: {case}"
    assert why in {n.id for n in rs.variant.notes}, f"{case['id']}: note {why} missing from chudadi.yaml"


def test_explained_counts(rs: paixing.Ruleset) -> None:
    """Enough cases (500+ per kind) and the number each rule explains, pinned."""
    kinds = Counter(c["kind"] for c in CASES)
    assert kinds["classify"] >= 500 and kinds["compare"] >= 500
    seen = Counter(explanation(c) for c in CASES if not agrees(rs, c))
    assert dict(seen) == EXPECTED_EXPLAINED
