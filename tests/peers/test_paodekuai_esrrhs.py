"""``paodekuai`` against the recorded answers of esrrhs/paodekuai_ai's move generator
(``tests/data/esrrhs-paodekuai.jsonl``; the peer, its commit and the recorder are named in
``tests/data/README.md``).

The peer lists, for a hand and a play to beat, every play that beats it, but with one kicker
choice per core (it prunes kickers). So the test compares **cores** (the trios of a trio or a
plane, the four of a bomb, the whole play otherwise): every core of the peer must be one of
ours and every core of ours one of the peer's, or the difference must be explained by one
entry of ``EXPLANATIONS``, a rule ``paodekuai.yaml`` cites under that note id. Each peer play
itself must also be a legal play of ours (kickers included), or explained. The counts of
explained differences are pinned.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import paixing
import pytest
from paixing.hands.examples import plays_against

from tests.helpers import DATA

CASES_FILE = DATA / "esrrhs-paodekuai.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]
ORDER = {r: i for i, r in enumerate(["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"])}

LAST_PLAY_ONLY = {"ct_three", "ct_three_plus_one", "ct_double_three", "ct_double_three_plus_one"}
"""Peer types that paodekuai allows only as a player's last cards (trio_short, plane_short)."""
NOT_OURS = {"ct_four_plus_two", "ct_four_plus_three"}
"""Peer types paodekuai does not have at all."""

EXPLANATIONS = {
    "trio-kickers": "a bare trio, a trio with one and a plane short of wings are last plays only "
                    "(the peer plays them at any time); the test checks each is ours as a last play",
    "four-kickers": "four of a kind is a bomb only: no 四带二 or 四带三 (the peer has both)",
}
"""The note ids of paodekuai.yaml that explain a difference, with the rule each states."""

EXPECTED_EXPLAINED = {"trio-kickers": 95}
"""How many peer plays each note explains (pinned: a change here is a change of rule). No
recorded lead was a four with kickers, so four-kickers explains none today."""

Key = tuple[str, ...]


def key(cards: list[str]) -> Key:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def core(cards: Key) -> Key:
    """The trios (or four) of a play with kickers, the whole play otherwise."""
    counts = Counter(cards)
    big = [r for r in cards if counts[r] >= 3]
    return tuple(big) if big else cards


def ours(rs: paixing.Ruleset, hand: list[str], last: list[str]) -> set[Key]:
    return {key([c.rank for c in p.cards]) for p in plays_against(rs, " ".join(hand), " ".join(last))}


def explain(rs: paixing.Ruleset, case: dict[str, Any], answer: dict[str, Any]) -> str | None:
    """The note explaining why the peer's play is not one of ours, or None."""
    if answer["type"] in NOT_OURS:
        return "four-kickers"
    if answer["type"] in LAST_PLAY_ONLY and key(answer["cards"]) in ours(rs, answer["cards"], case["last"]):
        return "trio-kickers"
    return None


def differences(rs: paixing.Ruleset, case: dict[str, Any]) -> list[tuple[str, str | None]]:
    """Every difference of the case: (what differs, the note that explains it or None)."""
    mine = ours(rs, case["hand"], case["last"])
    peer = [a for a in case["responses"] if a["type"] != "ct_pass"]
    out: list[tuple[str, str | None]] = []
    for answer in peer:
        if key(answer["cards"]) not in mine:
            out.append((f"peer plays {answer['cards']} ({answer['type']})", explain(rs, case, answer)))
    peer_cores = {core(key(a["cards"])) for a in peer}
    for extra in sorted({core(k) for k in mine} - peer_cores):
        out.append((f"we play the core {extra}, the peer does not", None))
    return out


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("paodekuai")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_recorded_response(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    notes = {n.id for n in rs.variant.notes}
    for what, why in differences(rs, case):
        assert why is not None, f"{case['id']}: {what} on {case['last']} from {case['hand']}: unexplained"
        assert why in notes and why in EXPLANATIONS, f"{case['id']}: note {why} missing"


def test_explained_counts(rs: paixing.Ruleset) -> None:
    """Enough cases, and the number of differences each rule explains, pinned."""
    assert len(CASES) >= 500
    seen = Counter(why for case in CASES for _, why in differences(rs, case))
    assert dict(seen) == EXPECTED_EXPLAINED
