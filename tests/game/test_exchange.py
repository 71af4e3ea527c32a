"""The exchange by places (``tribute: {exchange: …}``): in a later hand the last player gives his
two highest cards (the joker first) to the first, the one before last his highest to the
second; each receiver gives as many back of his choice; the last player leads. The session
carries the places (``previous_places``) and its record replays."""

from __future__ import annotations

from paixing import ruleset
from paixing.agents.play import play_hand, seated_bots
from paixing.game import Game
from paixing.game.session import CARRIERS, Session, replay_session

from tests.game.test_order_flip import deal


def later_hand(places: tuple[int, ...]) -> Game:
    return Game(ruleset("daifugo"), 0, hands=deal(), dealer=0, hand_number=2, previous_places=places)


def test_the_first_hand_has_no_exchange() -> None:
    g = Game(ruleset("daifugo"), 0, hands=deal(), dealer=0)
    assert g.phase == "play" and not [e for e in g.log if e.kind == "tribute"]


def test_the_last_gives_two_the_one_before_last_one() -> None:
    g = later_hand((2, 1, 0, 3))  # seat 2 was 大富豪, 1 富豪, 0 贫民, 3 大贫民
    assert [e.to_json() for e in g.log if e.kind == "tribute"] == [
        {"event": "tribute", "seat": 3, "to": 2, "card": "RJ"},  # the joker must go
        {"event": "tribute", "seat": 3, "to": 2, "card": "2S"},
        {"event": "tribute", "seat": 0, "to": 1, "card": "2H"},
    ]
    assert g.phase == "contract" and g.turn == 2
    choices = [str(a) for a in g.legal_actions()]
    assert choices[:2] == ["give 6D", "give 6H"] and "give RJ" in choices  # any card of his
    g.apply("give 6D")
    g.apply("give RJ")
    assert g.turn == 1
    g.apply("give 3H")
    assert g.phase == "play" and g.turn == 3  # the 大贫民 leads
    backs = [e.to_json() for e in g.log if e.kind == "tribute_back"]
    assert backs == [
        {"event": "tribute_back", "seat": 2, "to": 3, "card": "6D"},
        {"event": "tribute_back", "seat": 2, "to": 3, "card": "RJ"},
        {"event": "tribute_back", "seat": 1, "to": 0, "card": "3H"},
    ]
    assert [len(h) for h in g.hands] == [14, 13, 13, 13]


def test_a_session_carries_the_places_and_replays() -> None:
    rs = ruleset("daifugo")
    session = Session.start(rs)
    for k in range(3):
        g = session.next_game(10 + k)
        if k:
            assert g.previous_places == tuple(session.carried["previous_places"])
            assert len([e for e in g.log if e.kind == "tribute"]) == 3
        play_hand(g, seated_bots(["greedy"] * 4, k))
        session.finish(g)
    assert "previous_places" in CARRIERS
    again = replay_session(session.to_record(10), rs)
    assert again.ok, again.error
    assert again.scores == session.totals and sum(session.totals) == 0


def test_other_variants_carry_no_places() -> None:
    session = Session.start(ruleset("zhengshangyou"))
    g = session.next_game(1)
    play_hand(g, seated_bots(["greedy"] * 3, 0))
    session.finish(g)
    assert session.carried["previous_places"] is None
    assert "previous_places" not in g.to_record()
