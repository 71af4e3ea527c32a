"""A hand view carried over a play (``HandView.without``) is the view of the hand that is left.

Trick play keeps each seat's view and carries it over each of the seat's plays instead of
counting and sorting the hand again; these properties hold the carried view to a fresh one on
decks with two packs, jokers, natural wild cards (a level card) and jokerless decks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paixing import ruleset
from paixing.hands.view import HandView
from paixing.rules.cards import parse_cards

VARIANTS = ["doudizhu", "chibi-dagun", "guandan", "doudizhu-laizi", "chudadi"]


def fields(view: HandView) -> tuple[object, ...]:
    return (view.counts, view.wilds, view.by_rank, view.cards)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_carried_view_is_the_view_of_the_hand_left(variant: str, data: st.DataObject) -> None:
    rs = ruleset(variant)
    if variant == "guandan":
        rs = rs.for_hand(level="5")  # the level's heart is wild: a natural wild card
    deck = rs.deck()
    hand = data.draw(st.permutations(deck).map(lambda d: d[: min(27, len(d))]))
    played = data.draw(st.lists(st.sampled_from(range(len(hand))), unique=True, max_size=8))
    view = HandView(rs, hand)
    if data.draw(st.booleans()):
        view.by_rank  # noqa: B018 - the picks are carried over only once they were built
    out = [hand[i] for i in played]
    left = [c for i, c in enumerate(hand) if i not in played]
    assert fields(view.without(out, left)) == fields(HandView(rs, left))


def test_a_card_the_hand_does_not_hold_is_refused() -> None:
    rs = ruleset("doudizhu")
    view = HandView(rs, parse_cards("3S 4H 5C"))
    with pytest.raises(ValueError, match="6S is not in the hand"):
        view.without(parse_cards("6S"), parse_cards("3S 4H 5C"))
    with pytest.raises(ValueError):
        view.without(parse_cards("RJ"), parse_cards("3S 4H 5C"))
