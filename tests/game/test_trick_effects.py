"""``play.trick_effects``: an 8 ends the trick and its player leads again (八切り), through a run
or with a wild card standing for it; the ♠3 on a lone joker ends it too (``on``); the lead passed
to the partner (``lead_to_partner``) on a fixed-sides variant."""

from __future__ import annotations

from pathlib import Path

import paixing
import pytest
from paixing import parse_cards, ruleset
from paixing.game import Game
from paixing.game.effects import trick_outcome

from tests.game.test_order_flip import deal
from tests.helpers import write


def game() -> Game:
    return Game(ruleset("daifugo"), 0, hands=deal(), dealer=0)


def reading(cards: str) -> paixing.Play:
    (p,) = paixing.classify(ruleset("daifugo"), parse_cards(cards))
    return p


def test_an_eight_ends_the_trick() -> None:
    g = game()
    g.apply("6C")
    g.apply("pass")
    g.apply("8C")
    assert [e.to_json() for e in g.log[-4:]] == [
        {"event": "play", "seat": 2, "cards": "8C", "type": "single"},
        {"event": "trick_effect", "seat": 2, "effect": "ends_trick"},
        {"event": "trick", "seat": 2, "captured": 0},
        {"event": "lead", "seat": 2},
    ]
    assert g.last is None and g.turn == 2


@pytest.mark.parametrize(("cards", "beaten", "expected"), [
    ("8S", None, ("ends_trick", "close")),
    ("7S 8S 9S", None, ("ends_trick", "close")),        # a run through 8
    ("7S 9S RJ", None, ("ends_trick", "close")),        # the joker stands for the 8S
    ("8D RJ", None, ("ends_trick", "close")),           # a pair of 8s with the joker
    ("9S 10S JS", None, None),
    ("3S", "RJ", ("ends_trick", "close")),              # the ♠3 on a lone joker
    ("3S", "2H", None),                                 # on anything else it is a plain 3
    ("3S", None, None),
])
def test_what_triggers(cards: str, beaten: str | None, expected: tuple[str, str] | None) -> None:
    effects = ruleset("daifugo").variant.game.play.trick_effects  # type: ignore[union-attr]
    assert trick_outcome(effects, reading(cards), reading(beaten) if beaten else None) == expected


def test_the_spade_three_on_the_joker_ends_the_trick() -> None:
    g = game()
    g.apply("2H")
    g.apply("pass")
    g.apply("pass")
    g.apply("RJ")
    g.apply("pass")
    assert [str(a) for a in g.legal_actions()] == ["3S", "pass"]  # only the ♠3 beats the joker
    g.apply("3S")
    assert g.last is None and g.turn == 1
    assert g.log[-3].to_json() == {"event": "trick_effect", "seat": 1, "effect": "ends_trick"}


def test_lead_to_partner(tmp_path: Path) -> None:
    base = Game(ruleset("shuangkou"), 3)
    leader = base.turn
    card = base.rs.sort_cards(base.hands[leader])[0]
    child = write(tmp_path / "dog.yaml", f"id: dog\nextends: shuangkou\nname: {{zh: 狗, en: Dog}}\n"
                  f"game: {{play: {{trick_effects: [{{lead_to_partner: {{cards: [{card}]}}}}]}}}}\n")
    g = Game(ruleset(str(child)), 3)
    assert g.turn == leader and g.hands == base.hands
    g.apply(str(card))
    partner = (leader + 2) % 4
    assert g.last is None and g.turn == partner
    assert [e.to_json() for e in g.log[-3:]] == [
        {"event": "trick_effect", "seat": leader, "effect": "lead_to_partner"},
        {"event": "trick", "seat": leader, "captured": 0},
        {"event": "lead", "seat": partner},
    ]
