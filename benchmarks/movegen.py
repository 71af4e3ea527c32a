"""Move-generation speed: paixing's ``legal_plays`` beside RLCard and DouZero.

    python benchmarks/movegen.py [--states N] [--repeat R] [--seed S]

Kinds: 斗地主 20- and 17-card free leads and 17-card responses, timed against
RLCard 1.2.0 (``DoudizhuJudger.playable_cards_from_hand``; ``utils.get_gt_cards``) with the
``doudizhu-rlcard`` variant, and against DouZero (``MovesGener(cards).gen_moves()`` for a lead;
for a response, DouZero's own ``GameEnv.get_legal_card_play_actions``: detect the rival move's
type, generate that type, filter by rank, add bombs and rocket) with the ``doudizhu`` variant,
whose kicker rules are DouZero's. Then 赤壁打滚 (``chibi-dagun``, 108 cards, four wild jokers)
27-card leads holding exactly 0, 1, 2 and 4 jokers, which no peer implements. Last, the
free-for-all family: 锄大地 (``chudadi``, suits, five-card hands, A at both ends) 13-card leads
and responses and 跑得快 (``paodekuai``) 16-card leads, without a peer (see ``ffa_rows``).
癞子斗地主 (``doudizhu-laizi``) 20-card leads holding 0, 1, 2 and 4 wild cards, without a peer
(see ``laizi_rows``). Then 掼蛋 (``guandan`` at level 7) 27-card leads holding 0, 1 and 2 wild
cards (the ♥7s), beside StevenUST/GuanDanZero's ``findAllCombs`` when ``--guandan-peer DIR``
names a checkout of it (``benchmarks/guandan_rows.py``).

Every implementation gets its own native input prepared beforehand (paixing: a list of Card and,
for a response, the target already read as a Play; RLCard: its sorted one-character string and
player stand-ins; DouZero: its integer cards), so only move generation is timed. Each call is
timed alone with ``time.perf_counter_ns`` (garbage collection off), ``--repeat`` times per
state, implementations interleaved state by state; the table shows the median per call.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import paixing
from guandan_rows import PEER_NAME as GUANDAN_PEER
from guandan_rows import guandan_rows, load_peer, peer_answers
from paixing.hands import (
    legal_plays,  # the generator the game calls (the public paixing.legal_plays also checks its inputs)
)
from rich.console import Console
from rich.table import Table

RL_CHARS = "3456789TJQKA2BR"
CHAR_ORDER = {c: i for i, c in enumerate(RL_CHARS)}
TOKENS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")
CHAR_TO_TOKEN = dict(zip(RL_CHARS, TOKENS, strict=True))
TOKEN_ORDER = {t: i for i, t in enumerate(TOKENS)}
CHAR_TO_ENGINE = {"T": "10", "B": "BJ", "R": "RJ"}
CHAR_TO_DOUZERO = {c: v for c, v in zip(RL_CHARS, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30], strict=True)}
DOUZERO_TO_TOKEN = {v: CHAR_TO_TOKEN[c] for c, v in CHAR_TO_DOUZERO.items()}
DECK = "".join(c * 4 for c in RL_CHARS[:13]) + "BR"
RL_FAMILY_TO_TYPE = {
    "solo": "single", "pair": "pair", "trio": "trio", "trio_solo": "trio_single",
    "trio_pair": "trio_pair", "four_two_solo": "four_two_singles", "four_two_pair": "four_two_pairs",
    "bomb": "bomb", "rocket": "rocket", "solo_chain": "straight", "pair_chain": "pair_chain",
    "trio_chain": "plane", "trio_solo_chain": "plane_singles", "trio_pair_chain": "plane_pairs",
}


# ---------------------------------------------------------------------------------- peers
def load_rlcard() -> SimpleNamespace | None:
    try:
        from rlcard.games.base import Card as RLCardCard
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.games.doudizhu.utils import CARD_TYPE, get_gt_cards
    except ImportError:
        return None
    return SimpleNamespace(Card=RLCardCard, lead=DoudizhuJudger.playable_cards_from_hand, gt=get_gt_cards, types=CARD_TYPE[0])


def load_douzero() -> SimpleNamespace | None:
    try:
        from douzero.env.game import GameEnv
        from douzero.env.move_generator import MovesGener
    except ImportError:
        return None
    return SimpleNamespace(MovesGener=MovesGener, legal=GameEnv.get_legal_card_play_actions)


# ---------------------------------------------------------------------------------- conversions
def engine_cards(rl: str) -> list[paixing.Card]:
    return [paixing.Card(CHAR_TO_ENGINE.get(c, c)) for c in rl]


def play_string(cards: Iterable[paixing.Card]) -> str:
    toks = ["T" if c.rank == "10" else c.rank for c in cards]
    return "".join(sorted(toks, key=TOKEN_ORDER.__getitem__))


def rl_string(rl: str) -> str:
    return "".join(CHAR_TO_TOKEN[c] for c in sorted(rl, key=CHAR_ORDER.__getitem__))


def douzero_string(move: list[int]) -> str:
    return "".join(sorted((DOUZERO_TO_TOKEN[v] for v in move), key=TOKEN_ORDER.__getitem__))


def rl_sorted(cards: Iterable[str]) -> str:
    return "".join(sorted(cards, key=CHAR_ORDER.__getitem__))


def family(rl_type: str) -> str:
    return rl_type.rstrip("0123456789").rstrip("_")


# ---------------------------------------------------------------------------------- states
@dataclass
class Impl:
    """One implementation on one kind: a call per state, and what its answers look like."""

    name: str
    calls: list[Callable[[], object]] = field(default_factory=list)
    answers: list[set[str]] = field(default_factory=list)
    samples: list[int] = field(default_factory=list)


@dataclass
class Row:
    kind: str
    variant: str
    paixing: Impl
    peer: Impl | None = None
    plays: float = 0.0
    agree: int = 0
    states: int = 0


def deal(rng: random.Random, n: int, pool: str) -> str:
    return rl_sorted(rng.sample(pool, n))


def pick_target(rng: random.Random, rest: str, rlcard: SimpleNamespace) -> str:
    """A lead of another random hand from ``rest``, drawn by type family first (so planes with
    wings and four-with-two come up about as often as singles)."""
    other = deal(rng, rng.choice([17, 20]), rest)
    tree: dict[str, list[str]] = defaultdict(list)
    for p in sorted(rlcard.lead(other)):
        tree[family(rlcard.types[p][0][0])].append(p)
    return rng.choice(tree[rng.choice(sorted(tree))])


def read_target(rs: paixing.Ruleset, target: str, rl_type: str) -> paixing.Play:
    """The reading of ``target`` RLCard gives it (plain 斗地主 reads 333444555666 three ways)."""
    want = RL_FAMILY_TO_TYPE[family(rl_type)]
    (play,) = [p for p in paixing.classify(rs, engine_cards(target)) if p.type_id == want]
    return play


def doudizhu_rows(states: int, seed: int, rlcard: SimpleNamespace | None, douzero: SimpleNamespace | None) -> list[Row]:
    rs_rl = paixing.ruleset("doudizhu-rlcard")
    rs_dz = paixing.ruleset("doudizhu")
    rows: list[Row] = []
    for label, size, respond in (("20-card lead", 20, False), ("17-card lead", 17, False), ("17-card response", 17, True)):
        rng = random.Random(f"{seed}-{label}")
        hands = [deal(rng, size, DECK) for _ in range(states)]
        targets: list[str | None] = [None] * states
        if respond:
            if rlcard is None:
                continue  # targets come from RLCard's action space
            targets = [pick_target(rng, _rest(h), rlcard) for h in hands]
        for rs, peer_name in ((rs_rl, "RLCard"), (rs_dz, "DouZero")):
            ours = Impl("paixing")
            peer: Impl | None = None
            if peer_name == "RLCard" and rlcard is not None:
                peer = Impl(peer_name)
            if peer_name == "DouZero" and douzero is not None:
                peer = Impl(peer_name)
            for hand, target in zip(hands, targets, strict=True):
                cards = engine_cards(hand)
                tplay = read_target(rs, target, rlcard.types[target][0][0]) if target is not None and rlcard else None
                ours.calls.append(_bind(legal_plays, rs, cards, tplay))
                if peer is None:
                    continue
                if peer_name == "RLCard":
                    assert rlcard is not None
                    if target is None:
                        peer.calls.append(_bind(rlcard.lead, hand))
                    else:
                        player = SimpleNamespace(current_hand=[rlcard.Card(c + "J", "") if c in "BR" else rlcard.Card("S", c) for c in hand])
                        peer.calls.append(_bind(rlcard.gt, player, SimpleNamespace(played_cards=target)))
                else:
                    assert douzero is not None
                    dz_hand = [CHAR_TO_DOUZERO[c] for c in hand]
                    if target is None:
                        peer.calls.append(_douzero_lead(douzero, dz_hand))
                    else:
                        dz_target = [CHAR_TO_DOUZERO[c] for c in target]
                        peer.calls.append(_douzero_response(douzero, dz_hand, dz_target))
            rows.append(Row(f"斗地主 {label}", rs.id, ours, peer, states=states))
    return rows


def _rest(hand: str) -> str:
    left = list(DECK)
    for c in hand:
        left.remove(c)
    return "".join(left)


def _bind(fn: Callable[..., Any], *args: Any) -> Callable[[], Any]:
    return lambda: fn(*args)


def _douzero_lead(douzero: SimpleNamespace, hand: list[int]) -> Callable[[], Any]:
    return lambda: douzero.MovesGener(hand).gen_moves()


def _douzero_response(douzero: SimpleNamespace, hand: list[int], target: list[int]) -> Callable[[], Any]:
    """DouZero's own response code, ``GameEnv.get_legal_card_play_actions``, on a stand-in game
    whose last move is ``target`` (fresh copies: DouZero sorts the rival move in place)."""

    def call() -> Any:
        game = SimpleNamespace(
            acting_player_position="landlord",
            info_sets={"landlord": SimpleNamespace(player_hand_cards=list(hand))},
            card_play_action_seq=[list(target)],
        )
        return douzero.legal(game)

    return call


def chibi_rows(states: int, seed: int) -> list[Row]:
    rs = paixing.ruleset("chibi-dagun")
    deck = rs.deck()
    jokers = [c for c in deck if rs.is_wild(c)]
    naturals = [c for c in deck if not rs.is_wild(c)]
    rows = []
    for j in (0, 1, 2, 4):
        rng = random.Random(f"{seed}-chibi-{j}")
        ours = Impl("paixing")
        for _ in range(states):
            hand = rng.sample(jokers, j) + rng.sample(naturals, 27 - j)
            ours.calls.append(_bind(legal_plays, rs, hand, None))
        rows.append(Row(f"赤壁打滚 27-card lead, {j} joker{'s' if j != 1 else ''}", rs.id, ours, None, states=states))
    return rows


def ffa_rows(states: int, seed: int) -> list[Row]:
    """锄大地 (``chudadi``) 13-card leads and responses and 跑得快 (``paodekuai``) 16-card leads.
    A response's target is a lead of another hand dealt from the rest of the deck, drawn by
    hand type first (so five-card hands come up about as often as singles). No peer column:
    the Big Two peer of tests/data (big2_PPOalgorithm's ``gameLogic.py``) has no legal-move
    generator of its own, and the 跑得快 peer (esrrhs/paodekuai_ai) is Java."""
    rows = []
    for label, variant, size, respond in (
        ("锄大地 13-card lead", "chudadi", 13, False),
        ("锄大地 13-card response", "chudadi", 13, True),
        ("跑得快 16-card lead", "paodekuai", 16, False),
    ):
        rs = paixing.ruleset(variant)
        rng = random.Random(f"{seed}-{label}")
        ours = Impl("paixing")
        for _ in range(states):
            deck = rs.deck()
            rng.shuffle(deck)
            hand, rest = deck[:size], deck[size:]
            target = _ffa_target(rng, rs, rest[:size]) if respond else None
            ours.calls.append(_bind(legal_plays, rs, hand, target))
        rows.append(Row(label, variant, ours, None, states=states))
    return rows


def laizi_rows(states: int, seed: int) -> list[Row]:
    """癞子斗地主 20-card leads holding exactly 0, 1, 2 and 4 cards of the wild rank (drawn per
    state among the thirteen non-joker ranks), with the hand's ``for_hand`` ruleset. No peer
    column: the cross-check peer (fattigerlee/poker, Go; tests/data/README.md) has no lead
    generator (``GetCardType`` reads one play, ``FindCardsBuXiPaiLaiZi`` finds one beater),
    and it cannot be timed from this Python run."""
    base = paixing.ruleset("doudizhu-laizi")
    ranks = [CHAR_TO_ENGINE.get(c, c) for c in RL_CHARS[:13]]
    rows = []
    for j in (0, 1, 2, 4):
        rng = random.Random(f"{seed}-laizi-{j}")
        ours = Impl("paixing")
        for _ in range(states):
            rs = base.for_hand(wild_ranks=(rng.choice(ranks),))
            deck = rs.deck()
            wilds = [c for c in deck if rs.is_wild(c)]
            hand = rng.sample(wilds, j) + rng.sample([c for c in deck if not rs.is_wild(c)], 20 - j)
            ours.calls.append(_bind(legal_plays, rs, hand, None))
        rows.append(Row(f"癞子斗地主 20-card lead, {j} wild{'s' if j != 1 else ''}", base.id, ours, None, states=states))
    return rows


def _ffa_target(rng: random.Random, rs: paixing.Ruleset, other: list[paixing.Card]) -> paixing.Play:
    by_type: dict[str, list[paixing.Play]] = defaultdict(list)
    for p in paixing.legal_plays(rs, other):
        by_type[p.type_id].append(p)
    return rng.choice(by_type[rng.choice(sorted(by_type))])


# ---------------------------------------------------------------------------------- timing
def answers(impl: Impl, result: object) -> set[str]:
    """An implementation's answer as a set of RLCard-style strings (``pass`` dropped)."""
    if impl.name == "paixing":
        return {play_string(p.cards) for p in result}  # type: ignore[attr-defined]
    if impl.name == "RLCard":
        return {rl_string(p) for p in result if p != "pass"}  # type: ignore[attr-defined]
    if impl.name == GUANDAN_PEER:
        return peer_answers(result)
    return {douzero_string(m) for m in result if m}  # type: ignore[attr-defined]


def measure(rows: list[Row], repeat: int) -> None:
    clock = time.perf_counter_ns
    for row in rows:
        impls = [row.paixing] + ([row.peer] if row.peer else [])
        for i in range(row.states):
            for impl in impls:  # warm-up call, also the answer compared
                impl.answers.append(answers(impl, impl.calls[i]()))
            gc.disable()
            try:
                for _ in range(repeat):
                    for impl in impls:
                        call = impl.calls[i]
                        t0 = clock()
                        call()
                        impl.samples.append(clock() - t0)
            finally:
                gc.enable()
        row.plays = statistics.fmean(len(a) for a in row.paixing.answers)
        if row.peer:
            row.agree = sum(a == b for a, b in zip(row.paixing.answers, row.peer.answers, strict=True))


def paixing_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("paixing")
    except PackageNotFoundError:
        return "?"


def median_us(impl: Impl) -> float:
    return statistics.median(impl.samples) / 1000


def cpu_name() -> str:
    """The processor's model name (``/proc/cpuinfo`` on Linux), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def report(rows: list[Row], states: int, repeat: int, seed: int) -> None:
    console = Console(width=max(132, Console().width))
    console.print(f"[bold]paixing move generation[/bold] on {platform.platform()}")
    console.print(
        f"CPU: {cpu_name()} ({os.cpu_count()} logical); "
        f"Python {platform.python_version()} ({platform.python_implementation()}); paixing {paixing_version()}"
    )
    console.print(f"{states} seeded states per kind (seed {seed}), {repeat} timed calls each; median µs per call")
    table = Table(show_lines=False)
    table.add_column("kind")
    table.add_column("variant")
    table.add_column("plays/call", justify="right")
    table.add_column("paixing µs", justify="right")
    table.add_column("peer")
    table.add_column("peer µs", justify="right")
    table.add_column("peer/paixing", justify="right")
    table.add_column("same plays", justify="right")
    for row in rows:
        ours = median_us(row.paixing)
        if row.peer:
            theirs = median_us(row.peer)
            ratio = theirs / ours
            style = "green" if ratio > 1 else "red"
            peer_cells = [row.peer.name, f"{theirs:,.1f}", f"[{style}]{ratio:.2f}[/{style}]", f"{row.agree}/{row.states}"]
        else:
            peer_cells = ["—", "", "", ""]
        table.add_row(row.kind, row.variant, f"{row.plays:.1f}", f"{ours:,.1f}", *peer_cells)
    console.print(table)
    console.print(
        "peer/paixing > 1: paixing faster. same plays: states where both return the same set of plays "
        "(RLCard against doudizhu-rlcard, DouZero against doudizhu, GuanDanZero against guandan at level 7: "
        "the rule differences tests/test_guandan_peer.py explains)."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=200, help="seeded states per kind (default 200)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per state and implementation (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--guandan-peer", help="a checkout of StevenUST/GuanDanZero (or env GUANDAN_PEER): its 掼蛋 column")
    args = parser.parse_args(argv)
    rlcard, douzero = load_rlcard(), load_douzero()
    if rlcard is None:
        print("RLCard not installed: its columns are left out (pip install rlcard==1.2.0)", file=sys.stderr)
    if douzero is None:
        print("DouZero not installed: its columns are left out (pip install --no-deps douzero)", file=sys.stderr)
    rows = doudizhu_rows(args.states, args.seed, rlcard, douzero) + chibi_rows(args.states, args.seed)
    rows += ffa_rows(args.states, args.seed) + laizi_rows(args.states, args.seed)
    rows += guandan_rows(args.states, args.seed, load_peer(args.guandan_peer), Row, Impl)
    measure(rows, args.repeat)
    report(rows, args.states, args.repeat, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
