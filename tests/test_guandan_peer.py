"""``guandan`` against the recorded answers of StevenUST/GuanDanZero's 掼蛋 move generator
(``tests/data/guandan_peer.json``; the peer, its commit and the recorder are named in
``tests/data/README.md``).

Two comparisons, both at the recorded level (7: the wild cards are the two ♥7):

- **lead sets**: for each recorded 27-card hand, the set of plays paixing offers on a free lead
  and the set the peer offers, each play written as its type and the ranks of its cards (a wild
  card ``*``; plays that differ only in the suits of natural cards are one);
- **beats**: for each recorded pair of plays, whether the first beats the second (some reading
  beats every reading of the other, the peer's readings being its combinations of exactly
  those cards).

Every difference must be explained by one entry of ``EXPLANATIONS``: a rule the variant
states under that note id, checked on the play itself (not assumed). The number of
differences each note explains is pinned, so a change of either side shows.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paixing
import pytest
from paixing import NotAPlay, Play, beats_cards, classify, legal_plays, parse_cards

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "guandan_peer.json").read_text("utf-8"))
LEVEL = "7"

TYPE = {
    "single": "Single", "pair": "Pair", "triple": "Trip", "full_house": "ThreeWithTwo",
    "straight": "Straight", "pair_chain": "ThreePairs", "plate": "TwoTrips", "bomb": "Bomb",
    "straight_flush": "StraightFlush", "four_jokers": "Bomb",
}
"""paixing's type ids → the peer's type names."""
ORDER = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "BJ", "RJ", "*"])}

EXPLANATIONS = {
    "full-house": "a full house's pair may be two jokers (the peer never pairs a triple with jokers)",
    "suited-run": "five consecutive cards of one suit may also be played as a plain straight "
                  "(the peer reads them as a straight flush only)",
    "wilds": "a wild card stands for any card but a joker: the peer makes triples of jokers with "
             "wild cards, and misses a triple of one card and both wild cards inside a 钢板 or a "
             "三带二 (its list of such triples is cut short when the hand holds a natural level card)",
}
"""The note ids of guandan.yaml that explain a difference, with the rule each states."""

EXPECTED_LEADS: dict[str, int] = {}
"""How many lead-set differences each note explains (pinned)."""
EXPECTED_BEATS: dict[str, int] = {}
"""How many beat answers each note explains (pinned)."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("guandan").for_hand(level=LEVEL)


def key(rs: paixing.Ruleset, play: Play) -> str:
    """A play as the recording writes it: the peer's type name, then its cards' ranks."""
    ranks = ["*" if rs.is_wild(c) else c.rank for c in play.cards]
    return f"{TYPE[play.type_id]} {' '.join(sorted(ranks, key=ORDER.__getitem__))}"


def _joker_pair(rs: paixing.Ruleset, play: Play) -> bool:
    ranks = [c.rank for c in play.cards]
    return play.type_id == "full_house" and (ranks.count("BJ") == 2 or ranks.count("RJ") == 2)


def _one_suit(rs: paixing.Ruleset, play: Play) -> bool:
    """A straight whose natural cards are all of one suit (the wild cards, hearts, may stand in
    for that suit): the peer, which ignores wild cards' suits, reads it as a straight flush only."""
    return play.type_id == "straight" and len({c.suit for c in play.cards if not rs.is_wild(c)}) == 1


def _wild_triple(rs: paixing.Ruleset, play: Play) -> bool:
    """A 钢板 or 三带二 with a triple made of one natural card and both wild cards."""
    if play.type_id not in ("plate", "full_house"):
        return False
    natural = Counter(c.rank for c in play.cards if not rs.is_wild(c))
    return len(play.wild_as) == 2 and len(set(play.wild_as)) == 1 and natural[rs.ranks[play.wild_as[0]]] == 1


WHY_OURS: dict[str, Callable[[paixing.Ruleset, Play], bool]] = {
    "full-house": _joker_pair, "suited-run": _one_suit, "wilds": _wild_triple,
}
"""For a play only paixing offers: the test that the note's rule is what allows it (all of
paixing's plays with that key must pass it)."""


def _why_peer(key: str) -> str | None:
    """For a play only the peer offers (its key): the note whose rule forbids it."""
    ranks = key.split()[1:]
    if "*" in ranks and ("BJ" in ranks or "RJ" in ranks) and key.split()[0] != "ThreeWithTwo":
        return "wilds"  # a wild card standing for a joker
    return None


def lead_differences(rs: paixing.Ruleset, case: dict[str, Any]) -> list[tuple[str, str | None]]:
    """Every difference of one lead set: (what differs, the note that explains it or None)."""
    ours: dict[str, list[Play]] = {}
    for p in legal_plays(rs, parse_cards(" ".join(case["hand"]))):
        ours.setdefault(key(rs, p), []).append(p)
    peer = set(case["plays"])
    out = [(f"the peer plays {k}, we do not", _why_peer(k)) for k in sorted(peer - ours.keys())]
    for k in sorted(ours.keys() - peer):
        why = next((n for n, ok in WHY_OURS.items() if all(ok(rs, p) for p in ours[k])), None)
        out.append((f"we play {k}, the peer does not", why))
    return out


def beat_difference(rs: paixing.Ruleset, case: dict[str, Any]) -> tuple[str, str | None] | None:
    """The difference of one recorded pair, if any: (what differs, the note or None)."""
    play, last = parse_cards(" ".join(case["play"])), parse_cards(" ".join(case["last"]))
    try:
        ours = beats_cards(rs, play, last)
    except NotAPlay as exc:
        return f"{case['play']} on {case['last']}: {exc}", None
    if ours == case["peer_beats"]:
        return None
    what = f"{case['play']} on {case['last']}: we say {ours}, the peer {case['peer_beats']}"
    mine, theirs = classify(rs, play), classify(rs, last)
    readings = {key(rs, p) for p in mine} ^ set(case["play_readings"]) or {key(rs, p) for p in theirs} ^ set(case["last_readings"])
    if readings and all(k.startswith("Straight ") for k in readings):
        return what, "suited-run"
    return what, None


def test_recording() -> None:
    assert DATA["peer"] == "StevenUST/GuanDanZero"
    assert len(DATA["leads"]) >= 200 and len(DATA["beats"]) >= 500
    assert Counter(c["wilds"] for c in DATA["leads"]) == {0: 70, 1: 70, 2: 70}
    assert {c["level"] for c in DATA["leads"] + DATA["beats"]} == {LEVEL}


def test_lead_sets(rs: paixing.Ruleset) -> None:
    notes = {n.id for n in rs.variant.notes}
    seen: Counter[str] = Counter()
    unexplained = []
    for case in DATA["leads"]:
        for what, why in lead_differences(rs, case):
            if why is None:
                unexplained.append(f"{case['id']}: {what}")
            else:
                assert why in notes and why in EXPLANATIONS
                seen[why] += 1
    assert not unexplained, "\n".join(unexplained[:40])
    assert dict(seen) == EXPECTED_LEADS


def test_beats(rs: paixing.Ruleset) -> None:
    notes = {n.id for n in rs.variant.notes}
    seen: Counter[str] = Counter()
    unexplained = []
    for case in DATA["beats"]:
        found = beat_difference(rs, case)
        if found is None:
            continue
        what, why = found
        if why is None:
            unexplained.append(f"{case['id']}: {what}")
        else:
            assert why in notes and why in EXPLANATIONS
            seen[why] += 1
    assert not unexplained, "\n".join(unexplained[:40])
    assert dict(seen) == EXPECTED_BEATS
