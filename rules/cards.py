"""Card notation: the one way cards are written in the CLI, the tests and the YAML examples.

A card is a rank and a suit (``7S``, ``10H``, ``TD``; ``♠♥♣♦`` accepted for ``S H C D``).
Jokers are tokens of their own: ``BJ`` (small/black) and ``RJ`` (big/red). A token made only of
ranks (``55667788``, ``TTJJQQ``) means those ranks with the suit left open: such a card has
``suit=None`` and only ever matters where the variant makes suits count.

Output uses the same notation, so anything printed can be pasted back: suited cards as
``10H``, open-suit runs as one token (``TTJJQQ``), jokers alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""Natural ranks in the conventional order of Chinese climbing games (3 low, 2 high)."""
JOKERS: tuple[str, ...] = ("BJ", "RJ")
EXTRAS: tuple[str, ...] = ("FL", "MJ", "DOG", "PH", "DR")
"""Extra cards a variant may add to the deck (``deck.extra``), each a suitless token of its own:
``FL`` a flower card (花牌); ``MJ`` the Mah Jong (the 1), ``DOG`` the Dog, ``PH`` the Phoenix and
``DR`` the Dragon, the special cards of Tichu-like games. What each one does (a rank of
``ranks.order``, a wild card, a trick effect) is the variant's to say."""
SPECIALS: tuple[str, ...] = JOKERS + EXTRAS
"""Suitless cards that are always tokens of their own."""
SUITS: tuple[str, ...] = ("S", "H", "C", "D")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_RUN_RANK = {"10": "T"}
"""Inside a rank-only run 10 is written T, so ``TTJJQQ`` reads at a glance."""


class CardError(ValueError):
    """A card string that is not valid notation; the message names the token and its position."""


class Card(NamedTuple):
    """One physical card. ``suit`` is ``None`` for jokers and for cards whose suit was left open.

    A named tuple rather than a dataclass: hands are counted through dictionaries keyed by
    card, and a tuple hashes and compares in C."""

    rank: str
    suit: str | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank in JOKERS

    @property
    def is_special(self) -> bool:
        """A joker or an extra card: no suit, and always a token of its own."""
        return self.rank in SPECIALS

    def __str__(self) -> str:
        if self.suit is None:
            return _RUN_RANK.get(self.rank, self.rank)
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def _rank_token(text: str) -> str | None:
    """Canonical rank for ``text`` (``T``/``10`` → ``10``), or None."""
    if text in ("T", "10"):
        return "10"
    return text if text in RANKS else None


def _parse_run(token: str) -> list[str] | None:
    """Split a rank-only run such as ``1010JJ`` or ``TTJJ`` into ranks, or None if it is not one."""
    ranks: list[str] = []
    i = 0
    while i < len(token):
        if token.startswith("10", i):
            ranks.append("10")
            i += 2
            continue
        rank = _rank_token(token[i])
        if rank is None:
            return None
        ranks.append(rank)
        i += 1
    return ranks


_SUITED = re.compile(r"^(10|[2-9TJQKA])([SHCD])$")


def parse_card_token(token: str, position: int = 1) -> list[Card]:
    """Parse one token into its cards; ``position`` (1-based) goes into the error message.
    TypeError for a token that is not a str (a number, bytes, a Card)."""
    if not isinstance(token, str):
        raise TypeError(f"card token at position {position}: expected a str such as '7S' or '55667788', got {type(token).__name__}")
    raw = token
    norm = "".join(_SYMBOL_TO_SUIT.get(ch, ch) for ch in token.strip()).upper()
    if norm in SPECIALS:
        return [Card(norm)]
    m = _SUITED.match(norm)
    if m:
        rank = _rank_token(m.group(1))
        assert rank is not None
        return [Card(rank, m.group(2))]
    if norm and not any(j in norm for j in SPECIALS):
        run = _parse_run(norm)
        if run is not None:
            return [Card(r) for r in run]
    if any(j in norm for j in JOKERS):
        hint = "jokers BJ and RJ are tokens of their own"
    elif any(j in norm for j in EXTRAS):
        hint = f"the special cards {', '.join(EXTRAS)} are tokens of their own"
    else:
        hint = "expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"
    raise CardError(f"bad card token {raw!r} at position {position}: {hint}")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse card notation (a string, or tokens already split) into a list of cards.

    CardError (a ValueError) for a token that is not notation; TypeError for what is neither
    a str nor an iterable of str tokens (bytes are refused, not read as their byte values)."""
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,，]+", text.strip()) if t]
    elif isinstance(text, bytes | bytearray) or not isinstance(text, Iterable):
        raise TypeError(f"parse_cards: expected a str of card notation or a list of str tokens, got {type(text).__name__}")
    else:
        tokens = list(text)
    cards: list[Card] = []
    for i, token in enumerate(tokens, start=1):
        cards.extend(parse_card_token(token, i))
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards back as notation, in the order given; open-suit neighbours share one token."""
    if not isinstance(cards, list | tuple):
        cards = list(cards)  # read twice below
    try:  # every card suited or special (the game's own cards): one token each, no run to merge
        return " ".join(map(_TOKEN.__getitem__, cards))  # no comprehension: one frame fewer
    except KeyError:
        pass
    tokens: list[str] = []
    run = ""
    for card in cards:
        if card.suit is None and not card.is_special:
            run += str(card)
            continue
        if run:
            tokens.append(run)
            run = ""
        tokens.append(str(card))
    if run:
        tokens.append(run)
    return " ".join(tokens)


_TOKEN: dict[Card, str] = {
    card: str(card) for card in [Card(r, s) for r in RANKS for s in SUITS] + [Card(x) for x in SPECIALS]
}
"""The token of every suited or special card (open-suit cards are not here: neighbours merge)."""


def full_pack(jokers: bool = True) -> list[Card]:
    """One pack in a fixed order: ranks low to high, suits S H C D, then BJ RJ."""
    cards = [Card(r, s) for r in RANKS for s in SUITS]
    if jokers:
        cards += [Card("BJ"), Card("RJ")]
    return cards
