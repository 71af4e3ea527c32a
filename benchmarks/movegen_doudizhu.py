"""The 斗地主 rows of benchmarks/movegen.py: paixing beside RLCard, DouZero and OpenSpiel.

Four kinds (``lead20``, ``lead17``, ``resp17``, ``resp20``): a 20- or 17-card hand leading, or
answering a play. A response's target is a lead of another hand dealt from the rest of the
deck, drawn by RLCard's type family first (so planes with wings and four-with-two come up about
as often as singles), read as RLCard reads it (plain 斗地主 reads 333444555666 three ways).

paixing is timed on the ``doudizhu`` variant (DouZero's kicker rules) twice: ``legal_plays``
alone, and "cards picked" (``legal_plays`` then ``p.cards`` of every play, what a caller that
shows or applies the plays pays). Each peer gets its own native input prepared beforehand
(RLCard: its sorted one-character string and player stand-ins; DouZero: its integer cards;
OpenSpiel: a game state built by chance outcomes and moves, benchmarks/movegen_openspiel.py),
so only move generation is timed. "Same plays" compares each peer's set of plays (as card
ranks, pass dropped) with paixing's on the peer's rules: RLCard with ``doudizhu-rlcard``,
DouZero and OpenSpiel with ``doudizhu`` (OpenSpiel's rules differ: ``openspiel_differences``
counts how).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import movegen_openspiel as ospiel
import paixing
from movegen_core import Impl, Row
from paixing.hands import legal_plays

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
KINDS = (
    ("lead20", "斗地主 20-card lead", 20, False),
    ("lead17", "斗地主 17-card lead", 17, False),
    ("resp17", "斗地主 17-card response", 17, True),
    ("resp20", "斗地主 20-card response", 20, True),
)


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
    """Movegen's play string: ranks in 斗地主 order, ``T`` for 10, ``BJ``/``RJ`` for jokers."""
    toks = ["T" if c.rank == "10" else c.rank for c in cards]
    return "".join(sorted(toks, key=TOKEN_ORDER.__getitem__))


def rl_string(rl: str) -> str:
    return "".join(CHAR_TO_TOKEN[c] for c in sorted(rl, key=CHAR_ORDER.__getitem__))


def douzero_string(move: list[int]) -> str:
    return "".join(sorted((DOUZERO_TO_TOKEN[v] for v in move), key=TOKEN_ORDER.__getitem__))


def string_cards(play: str) -> list[paixing.Card]:
    """A play string's cards again (for naming the type of a play only one side returns)."""
    chars, i = [], 0
    while i < len(play):
        chars.append(play[i])
        i += 2 if play[i] in "BR" else 1  # BJ, RJ
    return engine_cards("".join(chars))


def rl_sorted(cards: Iterable[str]) -> str:
    return "".join(sorted(cards, key=CHAR_ORDER.__getitem__))


def family(rl_type: str) -> str:
    return rl_type.rstrip("0123456789").rstrip("_")


def read_paixing(result: Any) -> set[str]:
    return {play_string(p.cards) for p in result}


def read_picked(result: Any) -> set[str]:
    return {play_string(cards) for cards in result}


def read_rlcard(result: Any) -> set[str]:
    return {rl_string(p) for p in result if p != "pass"}


def read_douzero(result: Any) -> set[str]:
    return {douzero_string(m) for m in result if m}


# ---------------------------------------------------------------------------------- states
def deal(rng: random.Random, n: int, pool: str) -> str:
    return rl_sorted(rng.sample(pool, n))


def rest_of(hand: str, deck: str = DECK) -> str:
    left = list(deck)
    for c in hand:
        left.remove(c)
    return "".join(left)


def pick_target(rng: random.Random, rest: str, rlcard: SimpleNamespace) -> str:
    """A lead of another random hand from ``rest``, drawn by type family first."""
    other = deal(rng, rng.choice([17, 20]), rest)
    tree: dict[str, list[str]] = defaultdict(list)
    for p in sorted(rlcard.lead(other)):
        tree[family(rlcard.types[p][0][0])].append(p)
    return rng.choice(tree[rng.choice(sorted(tree))])


def read_target(rs: paixing.Ruleset, target: str, rl_type: str) -> paixing.Play:
    """The reading of ``target`` RLCard gives it."""
    want = RL_FAMILY_TO_TYPE[family(rl_type)]
    (play,) = [p for p in paixing.classify(rs, engine_cards(target)) if p.type_id == want]
    return play


def _bind(fn: Callable[..., Any], *args: Any) -> Callable[[], Any]:
    return lambda: fn(*args)


def _picked(rs: paixing.Ruleset, cards: list[paixing.Card], target: paixing.Play | None) -> Callable[[], Any]:
    return lambda: [p.cards for p in legal_plays(rs, cards, target)]


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


def _rlcard_call(rlcard: SimpleNamespace, hand: str, target: str | None) -> Callable[[], Any]:
    if target is None:
        return _bind(rlcard.lead, hand)
    player = SimpleNamespace(current_hand=[rlcard.Card(c + "J", "") if c in "BR" else rlcard.Card("S", c) for c in hand])
    return _bind(rlcard.gt, player, SimpleNamespace(played_cards=target))


def _openspiel_state(os_: SimpleNamespace, rng: random.Random, hand: str, target: str | None, rl_type: str) -> Any | None:
    rest = rest_of(hand)
    if target is None:
        filler = "" if len(hand) == 20 else "".join(rng.sample(rest, 20 - len(hand)))
        return ospiel.lead_state(os_, hand, rest, filler)
    if len(hand) != 17:
        return None  # a 20-card hand never answers in OpenSpiel's game
    return ospiel.response_state(os_, hand, target, family(rl_type), rest)


class Peers(SimpleNamespace):
    """The peers found installed: ``rlcard``, ``douzero``, ``openspiel`` (each may be None)."""


def doudizhu_rows(states: int, seed: int, peers: Peers) -> list[Row]:
    """One row per kind, every implementation in it, interleaved by ``measure``."""
    rs = paixing.ruleset("doudizhu")
    rows: list[Row] = []
    for key, label, size, respond in KINDS:
        if respond and peers.rlcard is None:
            continue  # targets come from RLCard's action space
        rng = random.Random(f"{seed}-{label}")
        hands = [deal(rng, size, DECK) for _ in range(states)]
        targets = [pick_target(rng, rest_of(h), peers.rlcard) for h in hands] if respond else [None] * states
        rows.append(_row(key, label, rs, hands, targets, peers, random.Random(f"{seed}-{label}-openspiel")))
    return rows


@dataclass
class _State:
    """One state of a row, as every implementation's adder needs it."""

    i: int
    hand: str
    target: str | None
    rl_type: str
    cards: list[paixing.Card]
    mine: Callable[[], set[str]]
    """paixing's (``doudizhu``) answer of this state, once measured"""


def _add_rlcard(impl: Impl, st: _State, peers: Peers, rng: random.Random) -> None:
    rs_rl = paixing.ruleset(impl.compared_with)
    tplay = read_target(rs_rl, st.target, st.rl_type) if st.target is not None else None
    impl.calls.append(_rlcard_call(peers.rlcard, st.hand, st.target))
    impl.refs.append(lambda c=st.cards, t=tplay: read_paixing(legal_plays(rs_rl, c, t)))  # type: ignore[union-attr]


def _add_douzero(impl: Impl, st: _State, peers: Peers, rng: random.Random) -> None:
    hand = [CHAR_TO_DOUZERO[c] for c in st.hand]
    impl.calls.append(_douzero_lead(peers.douzero, hand) if st.target is None else
                      _douzero_response(peers.douzero, hand, [CHAR_TO_DOUZERO[c] for c in st.target]))
    impl.refs.append(st.mine)  # type: ignore[union-attr]


def _add_openspiel(impl: Impl, st: _State, peers: Peers, rng: random.Random) -> None:
    state = _openspiel_state(peers.openspiel, rng, st.hand, st.target, st.rl_type)
    impl.calls.append(None if state is None else ospiel.legal_call(state))
    impl.refs.append(None if state is None else st.mine)  # type: ignore[union-attr]


def _peer_impls(peers: Peers, rs: paixing.Ruleset) -> list[tuple[Impl, Callable[..., None]]]:
    """Each installed peer's Impl and the function that adds a state to it."""
    out: list[tuple[Impl, Callable[..., None]]] = []
    if peers.rlcard is not None:
        out.append((Impl("RLCard", read_rlcard, refs=[], compared_with="doudizhu-rlcard"), _add_rlcard))
    if peers.douzero is not None:
        out.append((Impl("DouZero", read_douzero, refs=[], compared_with=rs.id), _add_douzero))
    if peers.openspiel is not None:
        read = ospiel.answer_reader(peers.openspiel, rl_string)
        out.append((Impl("OpenSpiel", read, refs=[], compared_with=rs.id), _add_openspiel))
    return out


def _row(key: str, label: str, rs: paixing.Ruleset, hands: list[str],
         targets: list[str | None], peers: Peers, rng: random.Random) -> Row:
    ours = Impl("paixing", read_paixing)
    picked = Impl("paixing cards picked", read_picked)
    others = _peer_impls(peers, rs)
    for i, (hand, target) in enumerate(zip(hands, targets, strict=True)):
        cards = engine_cards(hand)
        rl_type = peers.rlcard.types[target][0][0] if target is not None else ""
        tplay = read_target(rs, target, rl_type) if target is not None else None
        ours.calls.append(_bind(legal_plays, rs, cards, tplay))
        picked.calls.append(_picked(rs, cards, tplay))
        st = _State(i, hand, target, rl_type, cards, lambda i=i: ours.answers[i] or set())
        for impl, add in others:
            add(impl, st, peers, rng)
    row = Row(label, rs.id, [ours, picked, *(impl for impl, _ in others)], states=len(hands), key=key)
    sp = next((impl for impl, _ in others if impl.name == "OpenSpiel"), None)
    if sp is not None and sp.states < row.states:
        row.notes.append(_openspiel_gap(sp, row.states))
    return row


def _openspiel_gap(sp: Impl, states: int) -> str:
    if sp.states == 0:
        return "OpenSpiel: no state (a 20-card hand never answers in its game: the landlord leads first)"
    return (f"OpenSpiel: {sp.states}/{states} states (targets it cannot play are left out: "
            "四带二, which it does not have, and 20-card targets, which would end its hand)")


def openspiel_differences(row: Row, rs: paixing.Ruleset) -> dict[str, int]:
    """Plays only one side returns, over the row's states, by the type paixing reads them as
    (``paixing only: four_two_singles``, ``OpenSpiel only: …``)."""
    sp = next((i for i in row.impls if i.name == "OpenSpiel"), None)
    if sp is None:
        return {}
    counts: Counter[str] = Counter()
    for ours, theirs in zip(row.paixing.answers, sp.answers, strict=True):
        if ours is None or theirs is None:
            continue
        for side, plays in (("paixing only", ours - theirs), ("OpenSpiel only", theirs - ours)):
            for play in plays:
                types = sorted({p.type_id for p in paixing.classify(rs, string_cards(play))}) or ["not a play"]
                counts[f"{side}: {'/'.join(types)}"] += 1
    return dict(sorted(counts.items()))
