"""Record classification and comparison answers of henrycharlesworth/big2_PPOalgorithm gameLogic.py.

Run outside paixing: python record_big2.py COMMIT > big2ppo-chudadi.jsonl
"""
import json
import random
import sys

import gameLogic as gl
import numpy as np

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = {1: "D", 2: "C", 3: "H", 0: "S"}


def name(n: int) -> str:
    n = int(n)
    return RANKS[(n - 1) // 4] + SUITS[n % 4]


def kind(hand) -> str:
    h = np.array(sorted(hand), dtype=float)
    n = h.size
    if n == 5:  # gl.isRealHand accepts any 5 cards: isFullHouse's (False,) is truthy
        return five(h)
    if not gl.isRealHand(h.copy()):
        return "invalid"
    if n == 1:
        return "single"
    if n == 2:
        return "pair"
    if n == 3:
        return "triple"
    if n == 4:
        return "four" if gl.isFourOfAKind(h.copy()) else "two_pair"
    raise AssertionError(n)


def five(h) -> str:
    """The peer's own five-card predicates, in validatePlayedHand's order."""
    if gl.isStraightFlush(h.copy()):
        return "straight_flush"
    if gl.isFullHouse(h.copy())[0]:
        return "full_house"
    if gl.isFlush(h.copy()):
        return "flush"
    if gl.isStraight(h.copy()):
        return "straight"
    return "invalid"


def made(rng: random.Random, size: int):
    """A card set likely to be a real hand of this size (half the time), else any cards."""
    deck = list(range(1, 53))
    if rng.random() < 0.4:
        return rng.sample(deck, size)
    by_rank = {r: [r * 4 + s for s in range(1, 5)] for r in range(13)}
    if size <= 4:
        r = rng.randrange(13)
        if size == 4 and rng.random() < 0.5:
            r2 = rng.choice([x for x in range(13) if x != r])
            return rng.sample(by_rank[r], 2) + rng.sample(by_rank[r2], 2)
        return rng.sample(by_rank[r], size)
    pick = rng.random()
    if pick < 0.35:  # straight, sometimes wrapping past 2 to test A2345/23456
        start = rng.randrange(-2, 9)
        ranks = [(start + i) % 13 for i in range(5)]
        suit = rng.randrange(1, 5) if rng.random() < 0.3 else None
        return [r * 4 + (suit or rng.randrange(1, 5)) for r in ranks]
    if pick < 0.6:  # flush
        suit = rng.randrange(1, 5)
        return [r * 4 + suit for r in rng.sample(range(13), 5)]
    if pick < 0.85:  # full house
        a, b = rng.sample(range(13), 2)
        return rng.sample(by_rank[a], 3) + rng.sample(by_rank[b], 2)
    a, b = rng.sample(range(13), 2)  # four plus one
    return by_rank[a] + [b * 4 + rng.randrange(1, 5)]


def main() -> None:
    commit = sys.argv[1]
    rng = random.Random(20261130)
    out = []
    for i in range(700):
        cards = made(rng, rng.choice([1, 2, 2, 3, 4, 5, 5, 5, 5]))
        out.append({"id": f"classify-{i:03d}", "kind": "classify", "cards": [name(c) for c in sorted(cards)],
                    "peer": kind(cards)})
    pools = {n: [] for n in range(1, 6)}
    while min(len(v) for v in pools.values()) < 400:
        size = rng.randrange(1, 6)
        cards = made(rng, size)
        if kind(cards) != "invalid":
            pools[size].append(sorted(cards))
    for i in range(700):
        size = rng.choice([1, 2, 3, 4, 5, 5, 5, 5])
        a, b = rng.sample(pools[size], 2)
        if set(a) & set(b):
            continue
        ans = gl.validatePlayedHand(np.array(a, dtype=float), np.array(b, dtype=float), 0)
        out.append({"id": f"compare-{i:03d}", "kind": "compare", "play": [name(c) for c in a],
                    "last": [name(c) for c in b], "play_kind": kind(a), "last_kind": kind(b),
                    "peer_beats": bool(ans)})
    for row in out:
        row["source"] = f"henrycharlesworth/big2_PPOalgorithm@{commit[:12]} gameLogic.py"
        print(json.dumps(row, ensure_ascii=False, separators=(",", ":")))


main()
