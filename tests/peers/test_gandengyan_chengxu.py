"""``gandengyan`` against the recorded answers of ChengXu1973/gandengyan's 干瞪眼 rules
(``tests/data/chengxu-gandengyan.jsonl``; the peer, its commit and the recorder are named in
``tests/data/README.md``).

Every case must agree with paixing, or be explained: by a note of ``gandengyan.yaml`` (a rule
the peer reads otherwise; the test checks the note exists) or by a cited defect of the peer's
``src/utils/cards.ts`` (``PEER_DEFECTS``). A legal-play set that differs is explained only when
every play in the difference is (or the play on the table is). The counts are pinned, so a new
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

CASES_FILE = DATA / "chengxu-gandengyan.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]

PEER_TO_OURS = {"single": "single", "pair": "pair", "sequence": "straight", "sequence_of_pairs": "pair_chain", "bomb": "bomb"}
"""The peer's ``CombinationType`` names (as the recorder writes them) → our hand types."""

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]

PEER_DEFECTS = {
    "peer-twos-uncounted": "cards.ts CheckIsSequence / CheckIsSequenceOfPairs count ranks with "
    "count.slice(0, CardPoint.Number2), so a 2 is never counted: it passes as a filler, like a joker "
    "(K-A-2 is a sequence, QQKKAA22 a run of pairs), though its own comment says 2s are not in runs",
    "peer-range-above-ace": "cards.ts GetRangeOfSequence / GetRangeOfSequenceOfPairs cap the jokers' "
    "upward reach with CardPoint.Ace + lastIndexOf(1) (a sum where Ace − last was meant), so a joker "
    "may stand above the ace: K-A-joker answers Q-K-A as K-A-2",
    "peer-priority-reading": "cards.ts GetCardsInfo(cards, priorityType) reads an answer as the "
    "target's type first and keeps that one reading: 7-joker-joker answering a sequence is a "
    "sequence, never the bomb 7-7-7; paixing lets a play beat by any of its readings",
}
"""Differences that are the peer's, with where in its source they come from."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("gandengyan")


def cards(xs: list[str] | tuple[str, ...]) -> list[paixing.Card]:
    """Cards in notation, or a play by its ranks with W for each joker (the first W the black)."""
    wild = iter(("BJ", "RJ"))
    return paixing.parse_cards(" ".join(next(wild) if c == "W" else c for c in xs))


def naturals(xs: list[str] | tuple[str, ...]) -> list[str]:
    return [c if c in RANKS else c[:-1] for c in xs if c not in ("BJ", "RJ", "W")]


def jokers(xs: list[str] | tuple[str, ...]) -> int:
    return sum(1 for c in xs if c in ("BJ", "RJ", "W"))


def alone_explained(xs: list[str] | tuple[str, ...]) -> str | None:
    """Why one set of cards may read otherwise to the peer, from its cards alone."""
    nat = naturals(xs)
    if not nat and jokers(xs) == 2:
        return "joker-bomb"  # both jokers: our highest bomb, no play to the peer
    if set(nat) == {"2"} and jokers(xs):
        return "jokers"  # a joker standing for a 2
    if "2" in nat and len(set(nat)) >= 2:
        return "peer-twos-uncounted"
    return None


def past_ace(play: list[str] | tuple[str, ...]) -> bool:
    """A run with jokers that reaches past the ace if its jokers go on top."""
    nat = naturals(play)
    if not jokers(play) or "2" in nat or len(set(nat)) < 2:
        return False
    groups = len(play) if len(set(nat)) == len(nat) else len(play) // 2
    return min(RANKS.index(r) for r in nat) + groups - 1 > RANKS.index("A")


def our_kinds(rs: paixing.Ruleset, xs: list[str] | tuple[str, ...]) -> list[str]:
    return sorted({p.type.id for p in paixing.classify(rs, cards(xs))})


Explanation = tuple[str, Callable[[paixing.Ruleset, Any, list[str]], bool]]

PAIR_EXPLANATIONS: list[Explanation] = [
    ("peer-range-above-ace", lambda rs, play, last: past_ace(play)),
    ("peer-priority-reading", lambda rs, play, last: jokers(play) > 0 and len(our_kinds(rs, play)) > 1),
]
"""Why an answer may be judged otherwise (after the cards' own ``alone_explained``)."""


def explain_pair(rs: paixing.Ruleset, play: list[str] | tuple[str, ...], last: list[str]) -> str | None:
    why = alone_explained(last) or alone_explained(play)
    return why or next((key for key, covers in PAIR_EXPLANATIONS if covers(rs, play, last)), None)


EXPECTED_EXPLAINED: dict[str, dict[str | None, int]] = {
    "classify": {"jokers": 8, "peer-twos-uncounted": 19, "joker-bomb": 9},
    "compare": {"jokers": 30, "peer-twos-uncounted": 11, "peer-range-above-ace": 1},
    "respond": {
        "jokers": 14, "jokers+peer-twos-uncounted": 2, "joker-bomb+jokers+peer-twos-uncounted": 1,
        "peer-twos-uncounted": 29, "joker-bomb+peer-priority-reading": 2, "joker-bomb": 2, "joker-bomb+jokers": 1,
    },
}
"""How many recorded cases each explanation covers, per kind (pinned: a change here is a change
of rule)."""


def our_beats(rs: paixing.Ruleset, play: list[str], last: list[str]) -> bool:
    try:
        return paixing.beats_cards(rs, cards(play), cards(last))
    except paixing.NotAPlay:
        return False


def ranks_of(xs: Any) -> tuple[str, ...]:
    """A play by its ranks, the jokers as W (which joker fills in makes no other play)."""
    return tuple(sorted("W" if str(c) in ("BJ", "RJ") else str(c)[:-1] for c in xs))


def plays_of(rs: paixing.Ruleset, case: dict[str, Any]) -> set[tuple[str, ...]] | None:
    target = None
    if case["last"] is not None:
        readings = paixing.classify(rs, cards(case["last"]))
        if not readings:
            return None
        target = readings[0]
    return {ranks_of(p.cards) for p in paixing.legal_plays(rs, cards(case["hand"]), target)}


def verdict(rs: paixing.Ruleset, case: dict[str, Any]) -> tuple[bool, str | None]:
    """(agrees, what explains a difference or None)."""
    if case["kind"] == "classify":
        theirs = [] if case["peer"] == "invalid" else [PEER_TO_OURS[case["peer"]]]
        ours = our_kinds(rs, case["cards"])
        ok = ours == theirs or (bool(theirs) and theirs[0] in ours)
        return ok, None if ok else alone_explained(case["cards"])
    if case["kind"] == "compare":
        ok = our_beats(rs, case["play"], case["last"]) == case["peer_beats"]
        return ok, None if ok else explain_pair(rs, case["play"], case["last"])
    ours = plays_of(rs, case)
    theirs = {ranks_of_text(p) for p in case["peer_plays"]}
    if ours == theirs:
        return True, None
    if ours is None:
        return False, alone_explained(case["last"])
    if case["last"] is None:
        whys = {alone_explained(p) for p in ours ^ theirs}
    else:
        whys = {explain_pair(rs, p, case["last"]) for p in ours ^ theirs}
    return False, None if None in whys else "+".join(sorted(w for w in whys if w is not None))


def ranks_of_text(xs: list[str]) -> tuple[str, ...]:
    return tuple(sorted("W" if c in ("BJ", "RJ") else c[:-1] for c in xs))


def known(rs: paixing.Ruleset, why: str) -> bool:
    notes = {n.id for n in rs.variant.notes}
    return all(part in notes or part in PEER_DEFECTS for part in why.split("+"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_case_agrees_or_is_explained(rs: paixing.Ruleset, case: dict[str, Any]) -> None:
    ok, why = verdict(rs, case)
    if ok:
        return
    assert why is not None, f"{case['id']}: unexplained difference: {case}"
    assert known(rs, why), f"{case['id']}: {why} is neither a note of gandengyan.yaml nor a peer defect"


def test_explained_counts(rs: paixing.Ruleset) -> None:
    """Enough cases (500+ classify and compare, 200+ legal-play sets) and the number each
    explanation covers, pinned."""
    kinds = Counter(c["kind"] for c in CASES)
    assert kinds["classify"] >= 500 and kinds["compare"] >= 500 and kinds["respond"] >= 200
    seen: dict[str, Counter[str | None]] = {}
    for c in CASES:
        ok, why = verdict(rs, c)
        if not ok:
            seen.setdefault(c["kind"], Counter())[why] += 1
    assert {k: dict(v) for k, v in seen.items()} == EXPECTED_EXPLAINED
