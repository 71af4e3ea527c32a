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
from typing import Any

import paixing
import pytest
from paixing import NotAPlay, Play, beats_cards, classify, legal_plays, parse_cards

from tests.helpers import DATA as DATA_DIR

DATA: dict[str, Any] = json.loads((DATA_DIR / "guandan_peer.json").read_text("utf-8"))
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
    "wilds": "a wild card stands for any card but a joker, in any play: the peer makes triples of "
             "jokers with wild cards, never pairs a triple with both wild cards, and loses the "
             "triples holding a wild card inside 钢板 and 三带二 when the hand holds three cards of "
             "the level rank (its list of such triples then starts with the level rank's and is cut "
             "short)",
    "sequences": "sequences compare in the natural order, the level rank at its natural place: "
                 "the peer, when a sequence does not beat by its lowest rank, compares again in "
                 "the level order, where the rank just below the level rank counts as the level "
                 "rank (its sequences count ranks one higher than its groups)",
}
"""The note ids of guandan.yaml that explain a difference, with the rule each states."""

EXPECTED_LEADS = {
    0: {"full-house": 29},
    1: {"full-house": 115, "wilds": 865},
    2: {"full-house": 151, "wilds": 4357, "suited-run": 8},
}
"""How many lead-set differences each note explains, by the wild cards in hand (pinned)."""
EXPECTED_BEATS = {"sequences": 5, "wilds": 1}
"""How many beat answers each note explains (pinned)."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("guandan").for_hand(level=LEVEL)


def key(rs: paixing.Ruleset, play: Play) -> str:
    """A play as the recording writes it: the peer's type name, then its cards' ranks."""
    ranks = ["*" if rs.is_wild(c) else c.rank for c in play.cards]
    return f"{TYPE[play.type_id]} {' '.join(sorted(ranks, key=ORDER.__getitem__))}"


def _joker_pair(rs: paixing.Ruleset, play: Play, hand: list[str]) -> bool:
    ranks = [c.rank for c in play.cards]
    return play.type_id == "full_house" and (ranks.count("BJ") == 2 or ranks.count("RJ") == 2)


def _one_suit(rs: paixing.Ruleset, play: Play, hand: list[str]) -> bool:
    """A straight whose natural cards are all of one suit (the wild cards, hearts, may stand in
    for that suit): the peer, which ignores wild cards' suits, reads it as a straight flush only."""
    return play.type_id == "straight" and len({c.suit for c in play.cards if not rs.is_wild(c)}) == 1


def _wild_triple(rs: paixing.Ruleset, play: Play, hand: list[str]) -> bool:
    """A 钢板 or 三带二 whose triples hold a wild card, from a hand with three or more cards of
    the level rank; or a 三带二 whose pair is both wild cards."""
    if play.type_id not in ("plate", "full_house"):
        return False
    wild = [c for c in play.cards if rs.is_wild(c)]
    triples = {r for r, n in play.groups}
    if play.type_id == "full_house" and len(wild) == 2 and not set(play.wild_as) & triples:
        return True
    return bool(set(play.wild_as) & triples) and sum(c.startswith(LEVEL) for c in hand) >= 3


WHY_OURS: dict[str, Callable[[paixing.Ruleset, Play, list[str]], bool]] = {
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
        why = next((n for n, ok in WHY_OURS.items() if all(ok(rs, p, case["hand"]) for p in ours[k])), None)
        out.append((f"we play {k}, the peer does not", why))
    return out


SEQUENCES = {"straight", "pair_chain", "plate"}


def _below_level(rs: paixing.Ruleset, plays: list[Play]) -> bool:
    """Some reading is a sequence starting at the rank just below the level rank."""
    below = rs.variant.ranks.sequence[rs.variant.ranks.sequence.index(LEVEL) - 1]
    return any(p.type_id in SEQUENCES and rs.ranks[p.groups[0][0]] == below for p in plays)


def beat_difference(rs: paixing.Ruleset, case: dict[str, Any]) -> tuple[str, str | None] | None:
    """The difference of one recorded pair, if any: (what differs, the note or None)."""
    play, last = parse_cards(" ".join(case["play"])), parse_cards(" ".join(case["last"]))
    try:
        ours = beats_cards(rs, play, last)
    except NotAPlay as exc:
        peer_only = [_why_peer(k) for k in case["play_readings"] + case["last_readings"] if _why_peer(k)]
        return f"{case['play']} on {case['last']}: {exc}", peer_only[0] if peer_only else None
    if ours == case["peer_beats"]:
        return None
    what = f"{case['play']} on {case['last']}: we say {ours}, the peer {case['peer_beats']}"
    mine, theirs = classify(rs, play), classify(rs, last)
    if case["peer_beats"] and _below_level(rs, mine) and all(p.type_id in SEQUENCES for p in theirs):
        return what, "sequences"
    readings = {key(rs, p) for p in mine} ^ set(case["play_readings"]) or {key(rs, p) for p in theirs} ^ set(case["last_readings"])
    if readings and all(k.startswith("Straight ") for k in readings):
        return what, "suited-run"
    return what, None


def test_recording() -> None:
    assert DATA["peer"] == "StevenUST/GuanDanZero"
    assert len(DATA["leads"]) >= 200 and len(DATA["beats"]) >= 500
    assert Counter(c["wilds"] for c in DATA["leads"]) == {0: 70, 1: 70, 2: 70}
    assert {c["level"] for c in DATA["leads"] + DATA["beats"]} == {LEVEL}


@pytest.mark.parametrize("wilds", [0, 1, 2])
def test_lead_sets(rs: paixing.Ruleset, wilds: int) -> None:
    notes = {n.id for n in rs.variant.notes}
    seen: Counter[str] = Counter()
    unexplained = []
    for case in (c for c in DATA["leads"] if c["wilds"] == wilds):
        for what, why in lead_differences(rs, case):
            if why is None:
                unexplained.append(f"{case['id']}: {what}")
            else:
                assert why in notes and why in EXPLANATIONS
                seen[why] += 1
    assert not unexplained, "\n".join(unexplained[:40])
    assert dict(seen) == EXPECTED_LEADS[wilds]


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
