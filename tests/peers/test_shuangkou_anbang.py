"""``shuangkou`` against the recorded answers of a 温州双扣 move generator: the rules library
zhengchengdong/shuangkou.dml (with its base puke.dml), wired as the server
hangzhouanbang/qipai_wenzhoushuangkou wires it, in its plain mode (``bubian``: no wild jokers).
The recording, its commits and the recorder are named in ``tests/data/README.md``
(``tests/data/shuangkou_peer.jsonl``).

Three comparisons, each play written as the peer's type and its cards' ranks:

- **leads**: for each recorded hand, the set of plays paixing offers on a free lead and the set
  the peer's ``generateAllKedaPaiSolutions`` offers;
- **answers**: for each recorded hand and play to beat, the plays that beat it (the peer's two
  answer calculators together);
- **compares**: for each recorded pair of plays, whether the first beats the second, and every
  reading each side gives both sets of cards (classification).

Every difference must be explained by one entry of ``EXPLANATIONS``: a note of
``variants/shuangkou.yaml`` or a peer defect, checked on the play itself. The number of
differences each explains is pinned, so a change of either side shows.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

import paixing
import pytest
from paixing import Play, beats, classify, legal_plays, parse_cards

from tests.helpers import DATA

CASES: list[dict[str, Any]] = [
    json.loads(line) for line in (DATA / "shuangkou_peer.jsonl").read_text("utf-8").splitlines()
]
TYPE = {
    "single": "Danzhang", "pair": "Duizi", "triple": "Sanzhang", "straight": "Shunzi",
    "pair_chain": "Liandui", "trio_chain": "Liansanzhang", "bomb": "DanGeZhadan",
    "three_jokers": "WangZhadan", "three_jokers_red": "WangZhadan", "four_jokers": "WangZhadan",
}
"""paixing's type ids → the peer's type names (its ``…DianShuZu`` classes)."""
ORDER = {r: i for i, r in enumerate(["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ"])}

EXPLANATIONS = {
    "reading": "chained bombs (X相Y连环炸弹) belong to the 火拼/百变 rooms, not plain 双扣: the peer "
               "always offers them (its LianXuZhadan, 2 linking A and 3)",
    "jokers": "a black and a red joker are no pair, and 天王炸 is the highest eight-line bomb: the "
              "peer's answer calculator reads BJ RJ as a pair of black jokers, and its bomb "
              "comparator counts 天王炸 as seven lines, below every seven-card bomb",
}
"""The note ids of shuangkou.yaml that explain a difference, with the rule each states."""

EXPECTED = {
    "leads": {"reading": 1},
    "answers": {"reading": 2, "jokers": 6},
    "compares": {"reading": 1, "jokers": 12},
}
"""How many differences each note explains, per comparison (pinned)."""
EXPECTED_SIZES = {"lead": 210, "answer": 250, "compare": 906}
"""600 random pairs, then every ordered pair of 18 bombs (4–8 of 3, 10 and 2; the three joker bombs)."""


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("shuangkou")


def _rank(card: Any) -> str:
    return "10" if card.rank == "T" else card.rank


def key(play: Play) -> str:
    """A play as the recording writes it: the peer's type name, then its cards' ranks."""
    return f"{TYPE[play.type_id]} {' '.join(sorted((_rank(c) for c in play.cards), key=ORDER.__getitem__))}"


def _cards(ranks: str) -> list[Any]:
    return parse_cards(ranks)


@functools.cache
def _readings(rs: paixing.Ruleset, cards: str) -> tuple[Play, ...]:
    """paixing's readings of these cards (classified once: the recording repeats many sets)."""
    return tuple(classify(rs, _cards(cards)))


def _why_peer(k: str) -> str | None:
    """The note whose rule forbids a play only the peer offers (its key)."""
    kind, ranks = k.split()[0], k.split()[1:]
    if kind == "LianXuZhadan":
        return "reading"
    if kind in ("Duizi", "null") and sorted(ranks) == ["BJ", "RJ"]:
        return "jokers"
    return None


def _joker_bomb_order(play: str, last: str) -> bool:
    """天王炸 against a bomb of seven or eight: the peer puts 天王炸 below it."""
    sizes = {len(play.split()), len(last.split())}
    return "BJ BJ RJ RJ" in (play, last) and bool(sizes & {7, 8})


def _cards_of(k: str) -> str:
    return " ".join(k.split()[1:])


def set_differences(ours: set[str], peer: set[str], last: str = "") -> list[tuple[str, str | None]]:
    """Every difference of two play sets (the answers to ``last``, if given): (what differs, the
    note that explains it or None)."""
    def why(k: str) -> str | None:
        return _why_peer(k) or ("jokers" if last and _joker_bomb_order(_cards_of(k), last) else None)
    out = [(f"the peer plays {k}, we do not", why(k)) for k in sorted(peer - ours)]
    out += [(f"we play {k}, the peer does not", why(k)) for k in sorted(ours - peer)]
    return out


def lead_differences(rs: paixing.Ruleset, case: dict[str, Any]) -> list[tuple[str, str | None]]:
    ours = {key(p) for p in legal_plays(rs, _cards(case["hand"]))}
    return set_differences(ours, set(case["plays"]))


def answer_differences(rs: paixing.Ruleset, case: dict[str, Any]) -> list[tuple[str, str | None]]:
    last = " ".join(case["last"].split()[1:])
    if case["last"].startswith("LianXuZhadan"):
        return [(f"the peer's play to beat {case['last']} is none here", "reading")]
    target = next(p for p in classify(rs, _cards(last)) if TYPE[p.type_id] == case["last"].split()[0])
    ours = {key(p) for p in legal_plays(rs, _cards(case["hand"]), target)}
    return set_differences(ours, set(case["plays"]), last)


def compare_differences(rs: paixing.Ruleset, case: dict[str, Any]) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for cards, peer in ((case["play"], case["play_readings"]), (case["last"], case["last_readings"])):
        ours = {key(p) for p in _readings(rs, cards)}
        out += [(f"{cards} read as {what}", why) for what, why in set_differences(ours, set(peer))]
    if case["last_reading"].startswith("LianXuZhadan") or any(w == "reading" for _, w in out):
        return out or [(f"{case['last']}: a chained bomb", "reading")]
    play, last = _readings(rs, case["play"]), _readings(rs, case["last"])
    if not play or not last:
        return out + [(f"{case['play']} on {case['last']}: not a play here", None)]
    # beats_cards' rule: some reading of the play beats every reading of the other
    ours_beats = any(all(beats(p, q) for q in last) for p in play)
    if ours_beats != case["peer_beats"]:
        why = "jokers" if _joker_bomb_order(case["play"], case["last"]) else None
        out.append((f"{case['play']} on {case['last']}: we say {ours_beats}, the peer {case['peer_beats']}", why))
    return out


def test_recording_sizes() -> None:
    """The recording holds what tests/data/README.md says."""
    assert Counter(c["kind"] for c in CASES if c["kind"] != "meta") == EXPECTED_SIZES


@pytest.mark.parametrize(("kind", "name", "fn"), [
    ("lead", "leads", lead_differences),
    ("answer", "answers", answer_differences),
    ("compare", "compares", compare_differences),
])
def test_every_difference_is_explained(rs: paixing.Ruleset, kind: str, name: str, fn: Any) -> None:
    found: Counter[str] = Counter()
    unexplained = []
    for case in (c for c in CASES if c["kind"] == kind):
        for what, why in fn(rs, case):
            if why is None:
                unexplained.append(what)
            else:
                found[why] += 1
    assert unexplained == []
    assert dict(found) == EXPECTED[name]
