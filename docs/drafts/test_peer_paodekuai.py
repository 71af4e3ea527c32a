"""DRAFT (issue 8, phase 2 moves it to tests/): ``paodekuai`` against the recorded answers of
esrrhs/paodekuai_ai's move generator (``tests/data/esrrhs-paodekuai.jsonl``, see its README).

Each peer answer must be one of paixing's answers (as the last play of the responder where the
variant allows it only as a last play), and for the kicker-free types (single, pair, trio,
straight, consecutive pairs, plane, bomb) the two answer sets must be equal; a difference must be
explained by a rule the variant cites (its note id).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import paixing
import pytest
from paixing.examples import plays_against

DATA = Path(__file__).parents[2] / "tests" / "data" / "esrrhs-paodekuai.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in DATA.read_text("utf-8").splitlines() if x.strip()]
ORDER = {r: i for i, r in enumerate(["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"])}
PLAIN = {"ct_single", "ct_double", "ct_three", "ct_continue", "ct_double_continue", "ct_double_three", "ct_boom"}

EXPLAINED_TYPES = {
    "ct_three": "trio-kickers",  # a bare trio is a last play only (the peer: any time)
    "ct_three_plus_one": "trio-kickers",  # 三带一 a last play only
    "ct_double_three": "trio-kickers",  # a bare plane is a last play only
    "ct_double_three_plus_one": "trio-kickers",  # a plane short of wings is a last play only
    "ct_four_plus_two": "four-kickers",
    "ct_four_plus_three": "four-kickers",
}
"""Peer types whose plays paixing allows only as a last play, or not at all: the note id."""


def key(cards: list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("paodekuai")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_recorded_response(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    notes = {n.id for n in rs.variant.notes}
    hand, last = " ".join(case["hand"]), " ".join(case["last"])
    ours = {key([c.rank for c in p.cards]) for p in plays_against(rs, hand, last)}
    why = EXPLAINED_TYPES.get(case["last_type"])
    for answer in case["responses"]:
        if answer["type"] == "ct_pass" or key(answer["cards"]) in ours:
            continue
        reason = why or EXPLAINED_TYPES.get(answer["type"])
        assert reason in notes, f"{case['id']}: peer plays {answer['cards']} on {case['last']}, we do not"
    if case["last_type"] in PLAIN and why is None:
        peer = {key(a["cards"]) for a in case["responses"] if a["type"] != "ct_pass"}
        plain = {p for p in ours if len(p) == len(case["last"]) or (len(p) == 4 and len(set(p)) == 1)}
        assert plain == peer, f"{case['id']}: extra {sorted(plain - peer)}, missing {sorted(peer - plain)}"
