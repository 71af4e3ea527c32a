"""The rows of benchmarks/movegen.py no peer implements: 赤壁打滚, 锄大地, 跑得快, 癞子斗地主.

赤壁打滚 (``chibi-dagun``, 108 cards, four wild jokers): 27-card leads holding exactly 0, 1, 2
and 4 jokers. The free-for-all family: 锄大地 (``chudadi``) 13-card leads and responses and
跑得快 (``paodekuai``) 16-card leads (the Big Two peer of tests/data has no legal-move
generator of its own, and the 跑得快 peer is Java). 癞子斗地主 (``doudizhu-laizi``) 20-card
leads holding 0, 1, 2 and 4 cards of the wild rank (its peer, fattigerlee/poker, is Go and has
no lead generator).
"""

from __future__ import annotations

import random
from collections import defaultdict

import paixing
from movegen_core import Impl, Row
from movegen_doudizhu import CHAR_TO_ENGINE, RL_CHARS, read_paixing
from paixing.hands import legal_plays


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def chibi_rows(states: int, seed: int) -> list[Row]:
    rs = paixing.ruleset("chibi-dagun")
    deck = rs.deck()
    jokers = [c for c in deck if rs.is_wild(c)]
    naturals = [c for c in deck if not rs.is_wild(c)]
    rows = []
    for j in (0, 1, 2, 4):
        rng = random.Random(f"{seed}-chibi-{j}")
        ours = Impl("paixing", read_paixing)
        for _ in range(states):
            hand = rng.sample(jokers, j) + rng.sample(naturals, 27 - j)
            ours.calls.append(lambda hand=hand: legal_plays(rs, hand, None))
        rows.append(Row(f"赤壁打滚 27-card lead, {_plural(j, 'joker')}", rs.id, [ours], states=states, key=f"chibi27j{j}"))
    return rows


def ffa_rows(states: int, seed: int) -> list[Row]:
    """A response's target is a lead of another hand dealt from the rest of the deck, drawn by
    hand type first (so five-card hands come up about as often as singles)."""
    rows = []
    for label, variant, size, respond in (
        ("锄大地 13-card lead", "chudadi", 13, False),
        ("锄大地 13-card response", "chudadi", 13, True),
        ("跑得快 16-card lead", "paodekuai", 16, False),
    ):
        rs = paixing.ruleset(variant)
        rng = random.Random(f"{seed}-{label}")
        ours = Impl("paixing", read_paixing)
        for _ in range(states):
            deck = rs.deck()
            rng.shuffle(deck)
            hand, rest = deck[:size], deck[size:]
            target = ffa_target(rng, rs, rest[:size]) if respond else None
            ours.calls.append(lambda rs=rs, hand=hand, target=target: legal_plays(rs, hand, target))
        rows.append(Row(label, variant, [ours], states=states))
    return rows


def laizi_rows(states: int, seed: int) -> list[Row]:
    """The wild rank is drawn per state among the thirteen non-joker ranks; each hand uses its
    ``for_hand`` ruleset."""
    base = paixing.ruleset("doudizhu-laizi")
    ranks = [CHAR_TO_ENGINE.get(c, c) for c in RL_CHARS[:13]]
    rows = []
    for j in (0, 1, 2, 4):
        rng = random.Random(f"{seed}-laizi-{j}")
        ours = Impl("paixing", read_paixing)
        for _ in range(states):
            rs = base.for_hand(wild_ranks=(rng.choice(ranks),))
            deck = rs.deck()
            wilds = [c for c in deck if rs.is_wild(c)]
            hand = rng.sample(wilds, j) + rng.sample([c for c in deck if not rs.is_wild(c)], 20 - j)
            ours.calls.append(lambda rs=rs, hand=hand: legal_plays(rs, hand, None))
        rows.append(Row(f"癞子斗地主 20-card lead, {_plural(j, 'wild')}", base.id, [ours], states=states))
    return rows


def ffa_target(rng: random.Random, rs: paixing.Ruleset, other: list[paixing.Card]) -> paixing.Play:
    """A lead of ``other``, drawn by hand type first."""
    by_type: dict[str, list[paixing.Play]] = defaultdict(list)
    for p in paixing.legal_plays(rs, other):
        by_type[p.type_id].append(p)
    return rng.choice(by_type[rng.choice(sorted(by_type))])
