"""Secret sides made by who holds named cards (``held_cards``, ``show_cards``, ``teams: holders``):
who knows whose side when, the contract and its scores, and the records of such hands."""

from __future__ import annotations

import random

from paixing.agents.determinize import resample
from paixing.game.entry import parse_action
from paixing.game.readings import record_text
from paixing.game.state import Game
from paixing.hands.classify import classify
from paixing.hands.compile import compile_variant
from paixing.rules.cards import Card, parse_cards
from paixing.rules.loader import load_variant

from tests.helpers import ROOT

RS = compile_variant(load_variant(ROOT / "variants" / "hongshi.yaml"))


def _reading(cards: str) -> str:
    play = next(p for p in classify(RS, parse_cards(cards)) if p.type.id == "double_red_ten")
    return record_text(RS, play)


def test_record_names_the_reading_of_named_suited_cards_after_a_same_rank_play() -> None:
    """A record stores the reading of cards that read several ways; the count of readings was
    cached by rank alone, so after 10S 10C (one reading) 10D 10H was written bare and did not replay."""
    plain = next(iter(classify(RS, parse_cards("10S 10C"))))
    assert record_text(RS, plain) == "10C 10S"
    assert _reading("10D 10H") == "10D 10H = double_red_ten"


def _deal(**fixed: str) -> list[list[Card]]:
    """Four hands of 13: seat k (``s0`` … ``s3``) holds its named cards, the rest dealt in order."""
    named = {int(k[1:]): parse_cards(v) for k, v in fixed.items()}
    taken = {c for cards in named.values() for c in cards}
    rest = [c for c in RS.deck() if c not in taken]
    hands = []
    for seat in range(4):
        hand = list(named.get(seat, []))
        while len(hand) < 13:
            hand.append(rest.pop(0))
        hands.append(hand)
    return hands


def _game(shows: tuple[int, ...] = (), **fixed: str) -> Game:
    """A hand with these cards, through the contract steps: the seats in ``shows`` show (亮)."""
    g = Game(RS, seed=1, hands=_deal(**fixed))
    while g.phase == "contract":
        seat = g.turn
        kind = "bid" if seat in shows else "pass"
        g.apply(next(a for a in g.legal_actions() if a.kind == kind))
    return g


def _play(g: Game, seat: int, text: str) -> None:
    assert g.turn == seat
    target = g.last[1] if g.last is not None else None
    g.apply(parse_action(RS, text, g.hands[seat], target))


def test_two_holders_know_only_their_own_side_until_a_red_ten_is_played() -> None:
    g = _game(s0="3S", s1="10H", s3="10D")
    assert g.contract is not None and g.contract.id == "anda"
    assert (g.seats.declarer, g.seats.partner) == (1, 3)
    obs = [g.observation(s) for s in range(4)]
    assert [o.declarer for o in obs] == [-1, 1, -1, -1]
    assert [o.partner for o in obs] == [None, None, None, 3]
    assert [o.mates for o in obs] == [frozenset()] * 4
    assert [o.role for o in obs] == [None] * 4
    made = [e for e in g.log if e.kind == "contract"]
    assert [e.to_json()["declarer"] for e in made] == [-1]


def test_a_played_red_ten_makes_its_side_public_and_both_make_every_side_public() -> None:
    g = _game(s0="3S 4S", s1="10H 5S", s3="10D 6S")
    _play(g, 0, "3S")
    _play(g, 1, "10H = red_ten_h")
    assert [e.to_json() for e in g.log if e.kind == "side_public"] == [{"event": "side_public", "seat": 1, "cards": "10H", "shown": False}]
    assert [g.observation(s).mates for s in range(4)] == [frozenset(), frozenset(), frozenset(), frozenset({1})]
    for seat in (2, 3, 0):
        _play(g, seat, "pass")
    _play(g, 1, "5S")
    _play(g, 2, "pass")
    _play(g, 3, "10D = red_ten_d")
    assert [g.observation(s).mates for s in range(4)] == [frozenset({2}), frozenset({3}), frozenset({0}), frozenset({1})]
    assert [g.observation(s).declarer for s in range(4)] == [1, 1, 1, 1]


def test_the_holder_of_both_plays_alone_and_knows_every_side() -> None:
    g = _game(s0="3S", s2="10H 10D")
    assert (g.seats.declarer, g.seats.partner, g.seats.opponents) == (2, -1, [3, 0, 1])
    assert g.seats.knows(2, 0) and not g.seats.knows(0, 1)
    assert [g.observation(s).mates for s in range(4)] == [frozenset()] * 4


def test_a_show_keeps_the_sides_makes_the_shower_public_and_changes_the_contract() -> None:
    """The show kept the partner only when his seat was higher than the declarer's (a bug made
    every hand with the partner seated before the declarer a solo)."""
    g = _game(shows=(3,), s0="3S 10D", s3="10H")
    assert g.contract is not None and g.contract.id == "mingda"
    assert (g.seats.declarer, g.seats.partner) == (3, 0)
    assert [g.observation(s).mates for s in range(4)] == [frozenset({3}), frozenset(), frozenset(), frozenset()]
    shown = [e.to_json() for e in g.log if e.kind == "side_public"]
    assert shown == [{"event": "side_public", "seat": 3, "cards": "10H", "shown": True}]


def test_a_determinized_world_takes_its_sides_from_its_own_cards() -> None:
    """The search bot's worlds: sides the seat does not know follow the red tens as each world
    deals them (the real holders leaked into the search before); a shown red ten stays put."""
    g = _game(shows=(3,), s0="3S", s1="10H", s3="10D")
    rng = random.Random(5)
    worlds = [resample(g, 0, rng) for _ in range(60)]
    assert all(Card("10", "D") in w.hands[3] for w in worlds)
    assert {(w.seats.declarer, w.seats.partner) for w in worlds} == {(1, 3), (2, 3), (3, -1)}
    for w in worlds:
        holder = next(s for s in range(4) if Card("10", "H") in w.hands[s])
        assert w.seats.declarer == holder and w.seats.public == frozenset({3})


def test_after_a_show_a_pair_of_black_tens_keeps_the_red_ten() -> None:
    """A red ten shown is no longer a secret, but it is still a red ten: the hand may pair its
    black 10s and keep it (the shown ♥10 stood in for any 10, so the only pair of 10s spent it)."""
    g = _game(shows=(0,), s0="3S 10H 10S 10C", s1="10D")
    pairs = {tuple(sorted(map(str, a.play.cards))) for a in g.legal_actions() if a.play is not None and a.play.type.id == "pair"}
    assert ("10C", "10S") in pairs and ("10C", "10H") in pairs
