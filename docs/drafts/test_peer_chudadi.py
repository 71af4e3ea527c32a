"""DRAFT (issue 8, phase 2 moves it to tests/): ``chudadi`` against the recorded cases of
henrycharlesworth/big2_PPOalgorithm (``tests/data/big2ppo-chudadi.jsonl``, see its README).

Every case must agree with paixing, or be explained by a rule the variant cites: the
explanation names the note id of ``chudadi.yaml`` and the test checks the note exists.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import paixing
import pytest

DATA = Path(__file__).parents[2] / "tests" / "data" / "big2ppo-chudadi.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in DATA.read_text("utf-8").splitlines() if x.strip()]

PEER_TO_OURS = {
    "single": "single", "pair": "pair", "triple": "trio", "straight": "straight",
    "flush": "flush", "full_house": "full_house", "straight_flush": "straight_flush",
}
"""The peer's kinds that are also ours; ``two_pair`` and ``four`` are not (note no-four-cards)."""

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("chudadi")


def ranks_of(cards: list[str]) -> list[str]:
    return sorted((c[:-1] for c in cards), key=RANKS.index)


def wraps(cards: list[str]) -> bool:
    """A2345 or 23456 (ours, not the peer's) or JQKA2 (the peer's, not ours)."""
    r = set(ranks_of(cards))
    return len(r) == 5 and "2" in r and (r <= set("A2345") | {"A"} or r == {"2", "3", "4", "5", "6"}
                                         or r == {"J", "Q", "K", "A", "2"})


def explain_classify(case: dict[str, Any], ours: list[str]) -> str | None:
    """The note id that explains a classification difference, or None (no known reason)."""
    peer, cards = case["peer"], case["cards"]
    if peer in ("two_pair", "four"):
        return "no-four-cards"
    if len(cards) == 5 and wraps(cards):
        return "straights"
    if peer == "invalid" and ours == ["four_one"]:
        return "five-cards"
    return None


def explain_compare(case: dict[str, Any]) -> str | None:
    kinds = {case["play_kind"], case["last_kind"]}
    if kinds & {"two_pair", "four"}:
        return "no-four-cards"
    if wraps(case["play"]) or wraps(case["last"]):
        return "straights"
    if kinds == {"flush"}:
        return "flush-order"
    return None


def note_ids(rs: paixing.Ruleset) -> set[str]:
    return {n.id for n in rs.variant.notes}


@pytest.mark.parametrize("case", [c for c in CASES if c["kind"] == "classify"], ids=lambda c: c["id"])
def test_classify(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    ours = sorted(p.type.id for p in paixing.classify(rs, paixing.parse_cards(" ".join(case["cards"]))))
    want = [PEER_TO_OURS[case["peer"]]] if case["peer"] in PEER_TO_OURS else []
    if ours == want:
        return
    why = explain_classify(case, ours)
    assert why in note_ids(rs), f"{case['id']}: {case['cards']} peer {case['peer']}, ours {ours}"


@pytest.mark.parametrize("case", [c for c in CASES if c["kind"] == "compare"], ids=lambda c: c["id"])
def test_compare(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    ours = paixing.beats_cards(rs, paixing.parse_cards(" ".join(case["play"])), paixing.parse_cards(" ".join(case["last"])))
    if ours == case["peer_beats"]:
        return
    why = explain_compare(case)
    assert why in note_ids(rs), f"{case['id']}: {case['play']} on {case['last']}: peer {case['peer_beats']}"
