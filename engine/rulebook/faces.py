"""Cards as a book draws them, the same in Markdown and in HTML.

A ``Face`` is one card ready to draw (rank, suit symbol or joker label, colour class, its
notation); book text is rich text, a list of segments (``T`` plain text, ``C`` cards, ``B``
strong), so the templates, not the book builder, decide how a card looks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from paixing.hands.compile import Ruleset
from paixing.rules.cards import SUIT_SYMBOLS, Card, parse_cards


@dataclass(frozen=True)
class Face:
    """One card as drawn: rank, suit symbol (or joker label), colour class, its notation."""

    rank: str
    suit: str
    cls: str
    title: str
    wild: bool = False
    """Wild in the hand it is shown in (the templates mark it: ``*`` after it)."""

    @property
    def text(self) -> str:
        """The card as Markdown writes it: ``3♦``, ``★RJ``; ``5*`` when wild."""
        return f"{self.rank}{self.suit}" + ("*" if self.wild else "")


def face(card: Card, wild: bool = False) -> Face:
    """``card`` as drawn; ``wild`` marks a card that is wild in the hand it is shown in."""
    drawn = _drawn(card)
    if not wild:
        return drawn
    return Face(drawn.rank, drawn.suit, drawn.cls + " wild", drawn.title, True)


_SPECIAL_FACES = {"MJ": "1", "DOG": "↷", "PH": "✦", "DR": "✸"}
"""The mark drawn on an extra card besides its token (the flower card: ✿)."""


def _drawn(card: Card) -> Face:
    if card.is_joker:
        return Face("★", card.rank, "joker joker-red" if card.rank == "RJ" else "joker joker-black", card.rank)
    if card.is_special:  # a flower card, or another extra card (MJ, DOG, PH, DR)
        return Face(_SPECIAL_FACES.get(card.rank, "✿"), card.rank, "joker joker-black", card.rank)
    if card.suit is None:
        return Face(card.rank, "", "open", card.rank)
    color = "red" if card.suit in ("H", "D") else "black"
    return Face(card.rank, SUIT_SYMBOLS[card.suit], color, f"{card.rank}{card.suit}")


def suit_face(suit: str) -> Face:
    """A suit on its own (the suit order)."""
    return Face("", SUIT_SYMBOLS[suit], "red" if suit in ("H", "D") else "black", suit)


Seg = dict[str, Any]
"""A piece of rich text: ``{"text": str}``, ``{"cards": [Face]}`` or ``{"strong": str}``."""
Rich = list[Seg]


def T(text: str) -> Seg:
    return {"text": text}


def C(cards: Iterable[Card], rs: Ruleset | None = None) -> Seg:
    """Cards; with ``rs`` (the ruleset of the hand they are shown in), its wild cards marked."""
    return {"cards": [face(c, rs is not None and rs.is_wild(c)) for c in cards]}


def B(text: str) -> Seg:
    return {"strong": text}


def cards_of(rs: Ruleset, notation: str) -> list[Card]:
    """Cards of a notation string, sorted the way the engine prints them (wilds last); cards of
    ranks the variant does not play (the deck's removed cards) keep their written order, first."""
    cards = parse_cards(notation)
    known = {c for c in cards if c.rank in rs.rank_index or rs.is_wild(c)}
    return [c for c in cards if c not in known] + rs.sort_cards([c for c in cards if c in known])


def as_written(notation: str) -> list[Card]:
    """Cards of a notation string in the order the variant file wrote them."""
    return parse_cards(notation)


def rank_cards(ranks: Iterable[str]) -> list[Card]:
    return [Card(r) for r in ranks]
