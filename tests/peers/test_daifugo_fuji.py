"""``daifugo`` against the recorded answers of the UECda move generator of
YuriCat/FujiGokoroUECda (``tests/data/fuji-daifugo.jsonl``; the peer, its commit and the
recorder are named in ``tests/data/README.md``).

A play is compared as its cards and what they stand for: n of a kind by rank and size (the
peer names a suit for the joker in a group; suits of a group decide nothing here), a run by the
cards it stands for, the lone joker as itself. Every case must agree, or each play in the
difference is explained by one entry of ``EXPLANATIONS``: a rule of ``daifugo.yaml`` the peer
reads otherwise (its note id, checked to exist). The counts are pinned, so a new difference
cannot hide behind an old explanation.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import paixing
import pytest
from paixing.game.obligations.base import Turn
from paixing.game.obligations.suit_lock import LockedSuits

from tests.helpers import DATA

CASES_FILE = DATA / "fuji-daifugo.jsonl"
CASES: list[dict[str, Any]] = [json.loads(x) for x in CASES_FILE.read_text("utf-8").splitlines() if x.strip()]

Key = tuple[Any, ...]
"""(the cards used, sorted; then ``joker``, ``group`` rank size, or ``run`` and the cards stood for)."""


@pytest.fixture(scope="module")
def rules() -> tuple[paixing.Ruleset, paixing.Ruleset]:
    rs = paixing.ruleset("daifugo")
    return rs, rs.for_hand(flipped=True)


def used(text: str) -> tuple[str, ...]:
    return tuple(sorted(text.split()))


def peer_key(move: str) -> Key:
    cards, chara = move.split("=")
    stood = chara.split()
    if stood == ["RJ"]:
        return (used(cards), "joker")
    ranks = {c[:-1] for c in stood if c != "RJ"}
    if len(ranks) == 1 and len(stood) > 1 or len(stood) == 1:
        return (used(cards), "group", stood[0][:-1], len(cards.split()))
    return (used(cards), "run", tuple(sorted(stood)))


def our_key(p: paixing.Play) -> Key:
    cards = tuple(sorted(str(c) for c in p.cards))
    if p.type.id == "joker":
        return (cards, "joker")
    if p.type.id != "stairs":
        return (cards, "group", p.type.tables.ranks[p.groups[0][0]], len(p.cards))
    tables = p.type.tables
    natural = [str(c) for c in p.cards if not tables.is_wild(c)]
    return (cards, "run", tuple(sorted(natural + [str(c) for c in p.stands_for])))


def virtual(key: Key) -> bool:
    """A run in which the peer's joker stands for its virtual rank below 3 (U) or above 2 (O)."""
    return key[1] == "run" and any(c[:-1] in ("U", "O") for c in key[2])


EXPLANATIONS = {
    "sequence-ends": "a run goes from 3 up to 2: the peer's joker may also stand for a rank below 3 or above 2 (UECda's virtual ranks)",
    "run-compare": "a run beats a run of its length with a higher top, sharing ranks allowed; UECda wants every rank above",
}
"""Why a play may be in one answer and not the other: a note id of daifugo.yaml."""

EXPECTED_EXPLAINED = {
    "classify": {"sequence-ends": 2},
    "compare": {"run-compare": 3},
    "legal": {"run-compare": 2},
}
"""How many recorded cases each explanation covers, per kind (pinned)."""


def board(rs: paixing.Ruleset, case: dict[str, Any]) -> paixing.Play:
    """The board read as the peer was told it stands (``board_as``)."""
    want = peer_key(f"{case['board']}={case['board_as']}")
    (target,) = [p for p in paixing.classify(rs, paixing.parse_cards(case["board"])) if our_key(p) == want]
    return target


def overlaps(key: Key, target: paixing.Play | None) -> bool:
    """A run of ours that shares a rank with the run on the board (567 on 456)."""
    if key[1] != "run" or target is None or target.type.id != "stairs":
        return False
    board = our_key(target)
    return bool({c[:-1] for c in key[2]} & {c[:-1] for c in board[2]})


def explain(key: Key, target: paixing.Play | None) -> str | None:
    if virtual(key):
        return "sequence-ends"
    if overlaps(key, target):
        return "run-compare"
    return None


def verdict(rules: tuple[paixing.Ruleset, paixing.Ruleset], case: dict[str, Any]) -> tuple[bool, set[str | None]]:
    """(agrees, the explanations of the plays that differ)."""
    rs = rules[case.get("order", 0)]
    theirs = {peer_key(m) for m in case["peer"] if m != "pass"}
    target: paixing.Play | None = None
    if case["kind"] == "classify":
        ours = {our_key(p) for p in paixing.classify(rs, paixing.parse_cards(case["cards"]))}
    elif case["kind"] == "compare":
        target = board(rs, case)
        ours = {our_key(p) for p in paixing.classify(rs, paixing.parse_cards(case["play"])) if paixing.beats(p, target)}
    else:
        target = board(rs, case)
        cards = paixing.parse_cards(case["hand"])
        plays = paixing.legal_plays(rs, cards, target)
        if case["lock"]:
            plays, _ = LockedSuits(2).restrict(Turn(hand=cards, target=target, trick=(target, target)), plays, True)
        ours = {our_key(p) for p in plays}
    if ours == theirs:
        return True, set()
    return False, {explain(k, target) for k in ours ^ theirs}


@pytest.mark.parametrize("case", CASES, ids=[f"{c['kind']}-{i}" for i, c in enumerate(CASES)])
def test_case_agrees_or_is_explained(rules: tuple[paixing.Ruleset, paixing.Ruleset], case: dict[str, Any]) -> None:
    ok, why = verdict(rules, case)
    if ok:
        return
    assert None not in why, f"unexplained difference: {case}"
    notes = {n.id for n in rules[0].variant.notes}
    assert why <= notes


def test_explained_counts(rules: tuple[paixing.Ruleset, paixing.Ruleset]) -> None:
    """Enough cases (500+ classify and compare, 200+ legal-play sets) and the number each
    explanation covers, pinned."""
    kinds = Counter(c["kind"] for c in CASES)
    assert kinds["classify"] + kinds["compare"] >= 500 and kinds["legal"] >= 200
    seen: dict[str, Counter[str]] = {k: Counter() for k in EXPECTED_EXPLAINED}
    for c in CASES:
        ok, why = verdict(rules, c)
        for w in why:
            seen[c["kind"]][str(w)] += 1
    assert {k: dict(v) for k, v in seen.items()} == EXPECTED_EXPLAINED
