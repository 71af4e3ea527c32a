"""Record frohlfing/tichu's answers (src/lib/combinations.py) for paixing's tichu cross-check.

Run from a checkout of the peer (its ``src/lib`` importable as ``src.lib``):
    PYTHONPATH=<checkout> python record_frohlfing_tichu.py > frohlfing-tichu.jsonl
Nothing of paixing is imported: cases are drawn here, in paixing's card notation, and answered by
the peer. Seed 20261203.
"""
from __future__ import annotations

import json
import random
import sys

from src.lib.cards import CardSuit
from src.lib.combinations import build_action_space, build_combinations, get_trick_combination

SOURCE = "frohlfing/tichu@83e71b07f52f src/lib/combinations.py"
RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
SUITS = {"C": CardSuit.SWORD, "D": CardSuit.PAGODA, "H": CardSuit.JADE, "S": CardSuit.STAR}
SPECIAL = {"DOG": (0, CardSuit.SPECIAL), "MJ": (1, CardSuit.SPECIAL), "DR": (15, CardSuit.SPECIAL), "PH": (16, CardSuit.SPECIAL)}
DECK = [r + s for r in RANKS for s in SUITS] + list(SPECIAL)
TYPES = ["pass", "single", "pair", "triple", "stair", "fullhouse", "street", "bomb"]


def peer_card(c: str):
    return SPECIAL[c] if c in SPECIAL else (RANKS[c[:-1]], SUITS[c[-1]])


def ours(card) -> str:
    for k, v in SPECIAL.items():
        if v == tuple(card):
            return k
    r = next(k for k, v in RANKS.items() if v == card[0])
    return r + next(k for k, v in SUITS.items() if v == card[1])


def combos(xs: list[str]):
    return build_combinations([peer_card(c) for c in xs])


def whole(xs: list[str]):
    """The peer's readings of exactly these cards: every combination it builds from them that
    uses them all, as (type, length, rank)."""
    return sorted({(TYPES[t], n, v) for cards, (t, n, v) in combos(xs) if len(cards) == len(xs)})


def key(cards, comb) -> list:
    t, n, v = comb
    return [TYPES[t], n, v, " ".join(sorted(ours(c) for c in cards))]


def responses(hand: list[str], last: list[str] | None) -> list:
    trick = (0, 0, 0) if last is None else get_trick_combination([peer_card(c) for c in last], 0)
    space = build_action_space(combos(hand), trick, 0)
    return sorted({tuple(key(cards, comb)) for cards, comb in space if cards})


def shaped(rng: random.Random, pool: list[str], kind: str | None = None, length: int | None = None) -> list[str]:
    """A random set that is often a real play: a group, a run, a run of pairs, a full house, a
    one-suit run, with the Phoenix now and then, or just random cards."""
    kind = kind or rng.choice(["group", "run", "pairs", "full", "flush", "random", "random"])
    by_rank: dict[str, list[str]] = {}
    for c in pool:
        if c not in SPECIAL:
            by_rank.setdefault(c[:-1], []).append(c)
    names = list(RANKS)
    out: list[str] = []
    if kind == "group":
        r = rng.choice([r for r in by_rank])
        out = rng.sample(by_rank[r], min(len(by_rank[r]), rng.choice([1, 2, 3, 4])))
    elif kind in ("run", "pairs", "flush"):
        size = 1 if kind != "pairs" else 2
        length = length or (rng.randint(5, 9) if kind != "pairs" else rng.randint(2, 4))
        start = rng.randint(0, len(names) - length)
        suit = rng.choice(list(SUITS))
        for r in names[start:start + length]:
            have = [c for c in by_rank.get(r, []) if kind != "flush" or c.endswith(suit)]
            out += rng.sample(have, min(size, len(have)))
        if kind == "run" and start == 0 and "MJ" in pool and rng.random() < 0.5:
            out = ["MJ"] + out[:-1]
    elif kind == "full":
        r1, r2 = rng.sample(list(by_rank), 2)
        out = rng.sample(by_rank[r1], min(3, len(by_rank[r1]))) + rng.sample(by_rank[r2], min(2, len(by_rank[r2])))
    else:
        out = rng.sample(pool, rng.randint(1, 7))
    if "PH" in pool and "PH" not in out and out and rng.random() < 0.35:
        out[rng.randrange(len(out))] = "PH"
    return sorted(set(out), key=DECK.index)


def main() -> None:
    rng = random.Random(20261203)
    lines: list[dict] = []
    n = 0
    while n < 650:
        xs = shaped(rng, DECK)
        if not xs:
            continue
        lines.append({"id": f"classify-{n:03d}", "kind": "classify", "cards": xs, "peer": whole(xs), "source": SOURCE})
        n += 1
    n = 0
    while n < 650:
        kind = rng.choice(["group", "run", "pairs", "full", "flush", "random"])
        length = rng.randint(5, 7) if kind in ("run", "flush") else rng.randint(2, 3) if kind == "pairs" else None
        last = shaped(rng, DECK, kind, length)
        rest = [c for c in DECK if c not in last]
        same = rng.random() < 0.6
        play = shaped(rng, rest, kind if same else None, length if same else None)
        if not last or not play or not whole(last) or not whole(play) or last == ["DOG"]:
            continue
        trick = get_trick_combination([peer_card(c) for c in last], 0)
        space = build_action_space(combos(play), trick, 0)
        beats = any(len(cards) == len(play) for cards, _ in space)
        lines.append({"id": f"compare-{n:03d}", "kind": "compare", "play": play, "last": last, "peer_beats": beats, "source": SOURCE})
        n += 1
    n = 0
    while n < 260:
        last = shaped(rng, DECK) if rng.random() < 0.8 else None
        if last is not None and (not whole(last) or last == ["DOG"]):
            continue
        rest = [c for c in DECK if last is None or c not in last]
        hand = sorted(rng.sample(rest, rng.randint(6, 11)), key=DECK.index)
        lines.append({"id": f"respond-{n:03d}", "kind": "respond", "hand": hand, "last": last, "peer_plays": responses(hand, last), "source": SOURCE})
        n += 1
    for line in lines:
        sys.stdout.write(json.dumps(line, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
