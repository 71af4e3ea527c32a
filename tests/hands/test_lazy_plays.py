"""The fast move generator's own machinery: plays made when read (``PlayList``), the answer plan
(which types a response asks, and which of their plays still need ``beats``), and runs read off
the ranks held. Sets are guarded by the brute-force properties (test_properties.py); these pin
what those cannot see: order, identity of a play read twice, the list behaving as a list."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from paixing.hands import HandView, Play, beats, legal_plays, ruleset
from paixing.hands.lazy import PlayList
from paixing.hands.moves import answer_plan
from paixing.rules.cards import parse_cards

HAND = parse_cards("3S 3H 3D 4S 4H 4D 5S 6S 7S 8S 9S 9H 2S 2H 2D 2C BJ RJ")


def test_plays_are_made_when_read_and_read_the_same_each_time() -> None:
    rs = ruleset("doudizhu")
    plays = legal_plays(rs, HAND)
    assert isinstance(plays, PlayList)
    assert type(list.__getitem__(plays, 0)) is tuple  # not made yet
    first = plays[0]
    assert isinstance(first, Play) and plays[0] is first
    assert list.__getitem__(plays, 0) is first
    assert plays[-1] is plays[len(plays) - 1]


def test_the_play_list_reads_like_the_list_of_its_plays() -> None:
    rs = ruleset("doudizhu")
    made = list(legal_plays(rs, HAND))
    assert all(isinstance(p, Play) for p in made)

    def fresh() -> list[Play]:
        return legal_plays(rs, HAND)

    assert fresh() == made and made == fresh()
    assert (fresh() != made) is False
    assert fresh() == fresh()
    assert fresh()[2:5] == made[2:5]
    assert made[7] in fresh()
    assert fresh().index(made[7]) == 7
    assert fresh().count(made[7]) == 1
    assert list(reversed(fresh())) == made[::-1]
    assert fresh() + [] == made and [] + fresh() == made
    assert copy.copy(fresh()) == made
    assert [p.notation for p in fresh()] == [p.notation for p in made]
    assert [str(p) for p in made[:3]] == ["3D", "4D", "5S"]


@pytest.mark.parametrize("variant", ["doudizhu", "chibi-dagun", "banzipao", "chudadi", "doudizhu-laizi", "guandan", "tienlen"])
def test_a_response_is_the_lead_filtered_by_beats_in_order(variant: str) -> None:
    """The answer plan (types skipped by rung and class, floors, plays not checked) gives
    exactly the plays of a free lead that beat the target, in the same order."""
    base = ruleset(variant)
    rng = random.Random(variant)
    for _ in range(12):
        rs = base.for_hand(wild_ranks=("7",)) if variant == "doudizhu-laizi" else base
        deck = rs.deck()
        rng.shuffle(deck)
        hand, other = deck[:13], deck[13:26]
        lead = list(legal_plays(rs, hand))
        for target in rng.sample(list(legal_plays(rs, other)), 5):
            assert list(legal_plays(rs, hand, target)) == [p for p in lead if beats(p, target)]


def test_the_answer_plan_checks_only_what_the_floor_cannot_decide() -> None:
    rs = ruleset("doudizhu")
    (single,) = [p for p in legal_plays(rs, parse_cards("5S")) if p.type_id == "single"]
    plan = {t.id: (length, step, check) for t, _, length, step, check, *_ in answer_plan(rs, single)}
    # a single is answered by a higher single (generated above its rank), a bomb, the rocket
    assert plan == {"single": (None, 1, False), "bomb": (None, -1, False), "rocket": (None, -1, False)}
    (straight,) = [p for p in legal_plays(rs, parse_cards("5S 6S 7S 8S 9S")) if p.type_id == "straight"]
    plan = {t.id: (length, step, check) for t, _, length, step, check, *_ in answer_plan(rs, straight)}
    assert plan["straight"] == (5, 1, False)


def test_runs_read_off_the_ranks_held_match_the_walk_along_the_sequence() -> None:
    rs = ruleset("doudizhu")
    assert rs.tables.plain_seq
    walk = dataclasses.replace(rs, tables=dataclasses.replace(rs.tables, plain_seq=False))
    rng = random.Random(13)
    for _ in range(200):
        hand = rng.sample(rs.deck(), rng.randint(0, 30))
        fast, slow = HandView(rs, hand), HandView(walk, hand)
        for n in (1, 2, 3, 4):
            assert fast.runs(n) == slow.runs(n)
            assert fast.held(n) == [r for r, c in enumerate(fast.counts) if c >= n]
