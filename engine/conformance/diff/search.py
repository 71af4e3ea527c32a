"""The card sets a diff looks at, shortest first: every small hand (by rank, in one or two suit
patterns, wild cards included) and the sample plays of both variants (every type, length and
rung, so long plays such as an 8-card bomb pair are not missed)."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from paixing.hands.compile import Ruleset
from paixing.hands.moves import legal_plays
from paixing.rules.cards import SPECIALS, SUITS, Card

from ..vectors.samples import samples

SMALL = 4
"""Hands of up to this many cards are all looked at."""
DEALT_HANDS = 6
"""Random hands per variant whose longer plays are looked at too (kickers, long chains)."""
DEALT_SIZE = 12


def _symbols(a: Ruleset, b: Ruleset) -> list[str]:
    """Every rank and special card either deck holds, in the first variant's order."""
    out: list[str] = []
    for rs in (a, b):
        for card in rs.deck():
            name = card.rank
            if name not in out:
                out.append(name)
    return out


def _suited(names: tuple[str, ...], one_suit: bool) -> tuple[Card, ...] | None:
    """The cards ``names`` with suits: all spades (None when a rank repeats), or suits turning
    round per repeated rank (S, H, C, D, S …)."""
    if one_suit and len(set(names)) < len(names):
        return None
    seen: dict[str, int] = {}
    out: list[Card] = []
    for name in names:
        if name in SPECIALS:
            out.append(Card(name))
            continue
        k = seen.get(name, 0)
        seen[name] = k + 1
        out.append(Card(name, SUITS[0] if one_suit else SUITS[k % len(SUITS)]))
    return tuple(out)


def small_hands(a: Ruleset, b: Ruleset, size: int = SMALL) -> list[tuple[Card, ...]]:
    """Every hand of up to ``size`` cards over both decks' ranks, two suit patterns each."""
    out: list[tuple[Card, ...]] = []
    symbols = _symbols(a, b)
    for n in range(1, size + 1):
        for names in combinations_with_replacement(symbols, n):
            for one_suit in (False, True):
                cards = _suited(names, one_suit)
                if cards is not None and cards not in out[-2:]:
                    out.append(cards)
    return out


def dealt_plays(a: Ruleset, b: Ruleset, size: int, hands: int = DEALT_HANDS) -> list[tuple[Card, ...]]:
    """The plays longer than ``size`` cards that either variant finds in a few seeded random
    hands of its own deck: plays no sample shows (a kicker that is a bomb, a wing next to
    the plane)."""
    out: list[tuple[Card, ...]] = []
    for rs in (a, b):
        rng = random.Random(f"paixing-diff:{rs.id}")
        deck = rs.deck()
        for _ in range(hands):
            hand = rng.sample(deck, min(DEALT_SIZE, len(deck)))
            out += [p.cards for p in legal_plays(rs, hand) if len(p) > size]
    return out


def extended_samples(a: Ruleset, b: Ruleset, longest: int = 8) -> list[tuple[Card, ...]]:
    """The lowest sample play of each type and length, up to ``longest`` cards, with one or
    two cards more: where a kicker rule or a wild-card limit decides whether the longer set is
    still a play."""
    extra = small_hands(a, b, 2)
    base = [s.cards for rs in (a, b) for s in samples(rs) if s.why == "lowest" and len(s.cards) <= longest]
    return [cards + e for cards in base for e in extra]


def candidates(a: Ruleset, b: Ruleset, size: int = SMALL, dealt: bool = True) -> list[tuple[Card, ...]]:
    """Small hands, both variants' sample plays and (when ``dealt``) the longer plays of a few
    random hands, without repeats, shortest first."""
    seen: set[tuple[Card, ...]] = set()
    out: list[tuple[Card, ...]] = []
    pool = small_hands(a, b, size) + [s.cards for rs in (a, b) for s in samples(rs)]
    if dealt:
        pool += dealt_plays(a, b, size) + extended_samples(a, b)
    for cards in pool:
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            out.append(cards)
    return sorted(out, key=len)
