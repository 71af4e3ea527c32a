"""Tribute between hands (engine/game/steps/tribute.py): who gives whom which card, double
tribute, resisting with both big jokers, the return (a decision of the receiver, refused when
too high), who leads after, and the events records replay."""

from __future__ import annotations

from typing import Any

import pytest
from paixing import ruleset
from paixing.game.actions import Action, IllegalAction
from paixing.game.records import replay
from paixing.game.state import Game
from paixing.rules.cards import parse_cards

from tests.helpers import LEVELS

HANDS = [
    "10S 10H JS JH QS QH KS KH AS AH BJ",  # seat 0
    "10C 10D JC JD QC QD KC KD AC AD RJ",  # seat 1
    "10S 10H JS JH QS QH KS KH AS AH BJ",  # seat 2
    "10C 10D JC JD QC QD KC KD AC AD RJ",  # seat 3
]


def game(previous: list[int], hands: list[str] = HANDS, dealer: int = 0) -> Game:
    match: dict[str, Any] = {"levels": ["J", "10"], "declarers": 0, "previous": previous, "hands": 1}
    return Game(ruleset(LEVELS), 0, hands=[parse_cards(h) for h in hands], dealer=dealer, match=match)


def tribute_events(g: Game) -> list[dict[str, Any]]:
    return [e.to_json() for e in g.log if e.kind.startswith("tribute")]


def test_first_hand_has_no_tribute_and_fixed_sides_are_known() -> None:
    g = Game(ruleset(LEVELS), 0, hands=[parse_cards(h) for h in HANDS], dealer=1)
    assert g.phase == "play" and g.turn == 1 and tribute_events(g) == []
    assert [g.seats.side(s) for s in range(4)] == [0, 1, 0, 1]
    assert g.roles() == [None] * 4
    assert g.observation(0).mates == frozenset({2}) and g.observation(3).mates == frozenset({1})
    assert g.level == "10"


def test_single_tribute_from_the_last_opponent_and_its_return() -> None:
    g = game([0, 1, 3, 2])  # 头游 seat 0, partner 2 last: the lower-placed opponent (3) gives
    assert tribute_events(g) == [{"event": "tribute", "seat": 3, "to": 0, "card": "RJ"}]
    assert g.phase == "contract" and g.turn == 0
    # the return: any card of at most J in the natural order, one action per distinct card
    assert [str(a) for a in g.legal_actions()] == ["give 10H", "give 10S", "give JH", "give JS"]
    with pytest.raises(IllegalAction, match="give QS is not allowed now; choose give 10H, give 10S, give JH, give JS"):
        g.apply("give QS")
    g.apply("give JH")
    assert tribute_events(g)[-1] == {"event": "tribute_back", "seat": 0, "to": 3, "card": "JH"}
    assert g.phase == "play" and g.turn == 3  # the giver leads
    assert parse_cards("RJ")[0] in g.hands[0] and parse_cards("JH")[0] in g.hands[3]
    assert sorted(map(len, g.hands)) == [11, 11, 11, 11]


def test_double_tribute_higher_card_to_the_first_out() -> None:
    hands = list(HANDS)
    hands[0] = "10S 10H JS JH QS QH KS KH AS AH RJ"
    hands[1] = "10C 10D JC JD QC QD KC KD AC AD BJ"  # seat 1's highest is the BJ, seat 3's the RJ
    g = game([2, 0], hands)  # 双上 by seats 2 and 0: both 1 and 3 give
    assert tribute_events(g) == [
        {"event": "tribute", "seat": 3, "to": 2, "card": "RJ"},
        {"event": "tribute", "seat": 1, "to": 0, "card": "BJ"},
    ]
    assert g.turn == 2
    g.apply("give 10S")
    assert g.turn == 0
    g.apply(Action("give", card=parse_cards("10H")[0]))
    assert g.phase == "play" and g.turn == 3


def test_equal_tributes_go_by_playing_order_from_the_first_out() -> None:
    hands = [
        "10S 10H JS JH QS QH KS KH RJ RJ BJ",
        "10C 10D JC JD QC QD KC KD AC AD AS",
        "10S 10H JS JH QS QH KS KH AS AH BJ",
        "10C 10D JC JD QC QD KC KD AC AD AH",
    ]
    g = game([2, 0], hands)  # both givers' highest is an A: seat 3 (next after seat 2) gives to 2
    assert tribute_events(g) == [
        {"event": "tribute", "seat": 3, "to": 2, "card": "AH"},
        {"event": "tribute", "seat": 1, "to": 0, "card": "AS"},
    ]


def test_resisting_with_both_big_jokers() -> None:
    hands = list(HANDS)
    hands[1], hands[3] = "10C 10D JC JD QC QD KC KD AC RJ RJ", "10C 10D JC JD QC QD KC KD AC AD AD"
    g = game([0, 3, 2, 1], hands)  # seat 1 is last and holds RJ RJ
    assert tribute_events(g) == [{"event": "tribute_resisted", "seats": [1], "cards": "RJ RJ"}]
    assert g.phase == "play" and g.turn == 0  # the first out leads
    g2 = game([2, 0])  # double tribute: seats 1 and 3 hold one RJ each, together both
    assert tribute_events(g2) == [{"event": "tribute_resisted", "seats": [1, 3], "cards": "RJ RJ"}]
    assert g2.turn == 2


def test_a_tribute_hand_replays_and_a_changed_return_is_refused() -> None:
    g = game([0, 1, 3, 2])
    g.apply("give 10S")
    while not g.over:
        g.apply(g.legal_actions()[0])
    record = g.to_record()
    assert record["match"]["previous"] == [0, 1, 3, 2] and record["level"] == "J"
    assert replay(record).ok
    record["actions"][0] = "give QS"
    again = replay(record)
    assert not again.ok and "give QS is not allowed now" in (again.error or "")


def test_the_return_has_slots_in_the_environments_action_space() -> None:
    from paixing.env.actions import action_space

    g = game([0, 1, 3, 2])
    space = action_space(g.rs)
    indices = space.legal(g.legal_actions())
    assert sorted(str(a) for group in indices.values() for a in group) == ["give 10H", "give 10S", "give JH", "give JS"]
    assert len(indices) == 4  # one slot per card
