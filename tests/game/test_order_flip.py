"""``play.order_flip`` (革命): a play of a listed hand type reverses the rank order for the rest of
the hand, a second one puts it back; the answer to the play that made the change is read in the
new order, legal plays and ``beats`` follow it, and the observation says so."""

from __future__ import annotations

import paixing
import pytest
from paixing import parse_cards, ruleset
from paixing.game import Game
from paixing.hands.play import beats
from paixing.hands.tables import flip_order

# seat 0: a four of 5s; seat 1: a four of 4s and the ♠3; seat 3: three 7s (and 8s) with the
# joker; seat 2: the rest
DEAL = [
    "3D 5S 5H 5D 5C 9S 10S JS 6C 7C 2H KS QD KD",
    "3S 3H 3C 4D 4C 4H 4S AC 9C 10C JC QC KC",
    None,
    "7S 7H 7D 8S 8H 8D 9H 9D 10D JD JH RJ 2S",
]


def deal() -> list[list[paixing.Card]]:
    """The deal: 14, 13, 13, 13 cards, every card of the deck once."""
    given = [parse_cards(h) if h else [] for h in DEAL]
    held = {c for h in given for c in h}
    given[2] = [c for c in ruleset("daifugo").deck() if c not in held]
    return given


@pytest.fixture
def game() -> Game:
    return Game(ruleset("daifugo"), 0, hands=deal(), dealer=0)


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_flip_order_keeps_the_named_ranks() -> None:
    assert flip_order(("3", "4", "5", "2", "BJ", "RJ"), frozenset({"BJ", "RJ"})) == ("2", "5", "4", "3", "BJ", "RJ")
    assert flip_order(("3", "RJ", "4", "5"), frozenset({"RJ"})) == ("5", "RJ", "4", "3")


def test_a_four_reverses_the_order_at_once(game: Game) -> None:
    game.apply("5S 5H 5D 5C")
    assert game.flipped and game.rs.hand.flipped
    assert game.log[-1].to_json() == {"event": "order_flip", "seat": 0, "flipped": True}
    # the four just played is answered in the reversed order: 4444 beats it, no higher four does
    assert legal(game) == ["4C 4D 4H 4S", "pass"]
    assert game.observation(1).order_flipped is True


def test_a_second_four_puts_it_back(game: Game) -> None:
    game.apply("5S 5H 5D 5C")
    game.apply("4D 4C 4H 4S")
    assert not game.flipped and game.rs is game.setup.hand_rs
    assert [e.to_json() for e in game.log if e.kind == "order_flip"] == [
        {"event": "order_flip", "seat": 0, "flipped": True},
        {"event": "order_flip", "seat": 1, "flipped": False},
    ]
    game.apply("pass")
    # back in the normal order: three 7s and the joker (7777) beat the 4s, and flip it again
    assert legal(game) == ["7D 7H 7S RJ = 7777", "8D 8H 8S RJ = 8888", "pass"]
    game.apply("7D 7H 7S RJ = 7777")
    assert game.flipped and game.observation(0).order_flipped


def test_the_reversed_order_for_every_comparison() -> None:
    flipped = ruleset("daifugo").for_hand(flipped=True)

    def play(cards: str) -> paixing.Play:
        (p,) = paixing.classify(flipped, parse_cards(cards))
        return p

    assert beats(play("3H"), play("4S")) and not beats(play("2S"), play("AS"))
    assert beats(play("3S 4S 5S"), play("4H 5H 6H"))  # runs too
    assert beats(play("RJ"), play("3H"))  # the joker stays above every single
    assert beats(play("3S"), play("RJ"))  # and the ♠3 still beats it
    assert flipped.ranks == ("2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")


def test_it_replays_and_copies(game: Game) -> None:
    game.apply("5S 5H 5D 5C")
    other = game.copy()
    assert other.flipped and other.rs is game.rs
    other.apply("4D 4C 4H 4S")
    assert game.flipped and not other.flipped
