"""Record lead sets and beat answers of StevenUST/GuanDanZero's 掼蛋 move generator.

Run OUTSIDE paixing (nothing here is imported by the package or the tests), from a checkout of
the peer (its ``utils.py`` and ``cardcomb.py``; numpy is its only dependency):

    python tests/data/peers/record_guandanzero.py PEER_DIR > tests/data/guandan_peer.json

What is recorded (see tests/data/README.md):

- ``leads``: random 27-card hands from the 108-card deck at a fixed level, a third each with
  0, 1 and 2 wild cards (the hearts of the level rank); for each, every play the peer's
  ``findAllCombs`` offers, written ``"Type ranks"`` with the cards' own ranks low to high and a
  wild card written ``*`` (so plays that differ only in the suits of natural cards are one).
- ``beats``: pairs of plays from two hands of one deal (disjoint cards) and whether the first
  beats the second: some reading of the first beats every reading of the second, a reading
  being a combination the peer's ``findAllCombs`` finds in exactly those cards, and "beats"
  the peer's ``filterActions``.

One slip of the peer is worked around, not copied: ``findAllCombs`` builds its four-joker
bomb from the loop variable of the bomb loop (``CardComb('Bomb', 16, bomb)``), so the joker
bomb gets another bomb's cards, or fails when the hand holds no other bomb. The recorder asks
the peer's own ``findJokerBomb`` for it instead.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

LEVEL = "7"
"""The level of every recorded hand (the peer's ``level`` argument is the rank index - 1)."""
SEED = 20261130
LEADS = 210
PAIRS = 500

PEER_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
OURS = {"T": "10"}
ORDER = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "BJ", "RJ", "*"])}


def load_peer(path: str):  # type: ignore[no-untyped-def]
    sys.path.insert(0, path)
    import utils  # the peer's module

    return utils


def deck() -> list[str]:
    """The 108 cards in the peer's notation (SB = black/small joker, HR = red/big joker)."""
    cards = [s + r for s in "SHCD" for r in PEER_RANKS] * 2
    return cards + ["SB", "SB", "HR", "HR"]


def ours(card: str) -> str:
    """A peer card in paixing notation (7H, 10S, BJ, RJ)."""
    if card == "SB":
        return "BJ"
    if card == "HR":
        return "RJ"
    return OURS.get(card[1], card[1]) + card[0]


def token(card: str, wild: str) -> str:
    """A card's rank for a play's key; the wild card (the level heart) is ``*``."""
    if card == wild:
        return "*"
    return ours(card)[:-1] if card not in ("SB", "HR") else ours(card)


def key(comb, wild: str) -> str:  # type: ignore[no-untyped-def]
    ranks = sorted((token(c, wild) for c in comb.cards), key=ORDER.__getitem__)
    return f"{comb.t} {' '.join(ranks)}"


class Peer:
    """The peer's move generator at one level, with its joker bomb taken from findJokerBomb."""

    def __init__(self, utils, level: str) -> None:  # type: ignore[no-untyped-def]
        self.u = utils
        self.level = PEER_RANKS.index(level) + 1  # "2" → 1 … "A" → 13, as the peer counts
        self.wild = utils.getWildCard(self.level)
        self._joker_bomb = utils.findJokerBomb
        utils.findJokerBomb = lambda card_dict: []  # findAllCombs' own joker bomb is broken

    def combs(self, cards: list[str]):  # type: ignore[no-untyped-def]
        d = self.u.cardsToDict(cards)
        found = list(self.u.findAllCombs(d, self.level))
        for jb in self._joker_bomb(d):
            found.append(self.u.CardComb("Bomb", 16, jb))
        return found

    def readings(self, cards: list[str]):  # type: ignore[no-untyped-def]
        """Every combination the peer finds made of exactly these cards."""
        want = sorted(cards)
        return [c for c in self.combs(cards) if sorted(c.cards) == want]

    def beats(self, play: list[str], last: list[str]) -> bool:
        mine, theirs = self.readings(play), self.readings(last)
        return any(all(a in self.u.filterActions([a], b, self.level) for b in theirs) for a in mine)


def hand_with(rng: random.Random, wild: str, wilds: int, size: int = 27) -> list[str]:
    rest = deck()
    rest.remove(wild)
    rest.remove(wild)
    return [wild] * wilds + rng.sample(rest, size - wilds)


def lead_cases(rng: random.Random, peer: Peer) -> list[dict]:  # type: ignore[type-arg]
    cases = []
    for i in range(LEADS):
        hand = hand_with(rng, peer.wild, i % 3)
        plays = sorted({key(c, peer.wild) for c in peer.combs(hand)})
        cases.append({"id": f"lead-{i:03d}", "level": LEVEL, "wilds": i % 3, "hand": [ours(c) for c in hand], "plays": plays})
    return cases


def pick(rng: random.Random, combs, want: str | None):  # type: ignore[no-untyped-def]
    """A random play, of type ``want`` (or a bomb) most of the time when there is one."""
    if want is not None and rng.random() < 0.7:
        same = [c for c in combs if c.t == want or (rng.random() < 0.15 and c.t in ("Bomb", "StraightFlush"))]
        if same:
            return rng.choice(same)
    types = sorted({c.t for c in combs})
    kind = rng.choice(types)
    return rng.choice([c for c in combs if c.t == kind])


def beat_cases(rng: random.Random, peer: Peer) -> list[dict]:  # type: ignore[type-arg]
    cases = []
    for i in range(PAIRS):
        cards = hand_with(rng, peer.wild, 2, 54)
        rest = [c for c in cards if c != peer.wild]
        k = i % 3
        mine = [peer.wild] * k + rest[: 27 - k]
        theirs = [peer.wild] * (2 - k) + rest[27 - k :][: 25 + k]
        last = pick(rng, peer.combs(theirs), None)
        play = pick(rng, peer.combs(mine), last.t)
        cases.append({
            "id": f"beats-{i:03d}",
            "level": LEVEL,
            "play": [ours(c) for c in play.cards],
            "last": [ours(c) for c in last.cards],
            "play_readings": sorted({key(c, peer.wild) for c in peer.readings(list(play.cards))}),
            "last_readings": sorted({key(c, peer.wild) for c in peer.readings(list(last.cards))}),
            "peer_beats": peer.beats(list(play.cards), list(last.cards)),
        })
    return cases


def main() -> None:
    peer = Peer(load_peer(sys.argv[1]), LEVEL)
    rng = random.Random(SEED)
    out = {
        "peer": "StevenUST/GuanDanZero",
        "commit": "8bbcc749a8d406d13192a5c0e6cf3fc239a60ae1",
        "recorder": Path(__file__).name,
        "seed": SEED,
        "leads": lead_cases(rng, peer),
        "beats": beat_cases(rng, peer),
    }
    json.dump(out, sys.stdout, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
