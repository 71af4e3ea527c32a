"""掼蛋 rows of benchmarks/movegen.py: 27-card free leads holding 0, 1 and 2 wild cards.

paixing plays the ``guandan`` variant at level 7 (``Ruleset.for_hand(level="7")``: the wild
cards are the two ♥7). The peer column is StevenUST/GuanDanZero's move generator
(``utils.findAllCombs``, the peer of tests/data/guandan_peer.json), timed from a checkout of
commit 8bbcc74 named by ``--guandan-peer DIR`` or the ``GUANDAN_PEER`` environment variable
(the row runs without it). Each implementation gets its native input prepared beforehand
(paixing: a list of Card; the peer: its card-count dict), so only move generation is timed.
The peer's four-joker bomb is taken from its ``findJokerBomb`` (its ``findAllCombs`` builds
that one from a leftover loop variable; see tests/data/README.md).

"same plays" compares the sets of plays as card ranks (suits and readings aside): the two
differ where the rules differ (tests/peers/test_guandan_guandanzero.py lists and explains each kind).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import paixing
from movegen_core import Impl, Row
from movegen_doudizhu import TOKEN_ORDER, read_paixing
from paixing.hands import legal_plays

LEVEL = "7"
PEER_NAME = "GuanDanZero"
PEER_LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def load_peer(path: str | None) -> ModuleType | None:
    """The peer's ``utils`` module from a checkout, with its joker bomb taken apart (see above)."""
    path = path or os.environ.get("GUANDAN_PEER")
    if not path:
        return None
    sys.path.insert(0, path)
    try:
        import utils  # the peer's module
    except ImportError:
        return None
    joker_bomb = utils.findJokerBomb
    utils.findJokerBomb = lambda card_dict: []
    utils.paixing_joker_bomb = joker_bomb
    return utils


def peer_card(card: paixing.Card) -> str:
    """A paixing card in the peer's notation (``H7``, ``ST``, ``SB`` black joker, ``HR`` red)."""
    if card.rank == "BJ":
        return "SB"
    if card.rank == "RJ":
        return "HR"
    return f"{card.suit}{'T' if card.rank == '10' else card.rank}"


def _token(peer: str) -> str:
    return {"SB": "BJ", "HR": "RJ"}.get(peer, peer[1])


def peer_answers(result: Any) -> set[str]:
    """The peer's plays as movegen's play strings (``play_string`` of paixing's plays)."""
    return {"".join(sorted((_token(c) for c in comb.cards), key=TOKEN_ORDER.__getitem__)) for comb in result}


def _peer_call(utils: ModuleType, cards: list[paixing.Card]) -> Callable[[], Any]:
    level = PEER_LEVELS.index(LEVEL) + 1  # the peer counts level 2 as 1 … A as 13
    d = utils.cardsToDict([peer_card(c) for c in cards])

    def call() -> Any:
        found = utils.findAllCombs(d, level)
        for jb in utils.paixing_joker_bomb(d):
            found.append(utils.CardComb("Bomb", 16, jb))
        return found

    return call


def guandan_rows(states: int, seed: int, peer: ModuleType | None) -> list[Row]:
    """One row per wild count; the peer's "same plays" compares with paixing's answer."""
    rs = paixing.ruleset("guandan").for_hand(level=LEVEL)
    deck = rs.deck()
    wilds = [c for c in deck if rs.is_wild(c)]
    naturals = [c for c in deck if not rs.is_wild(c)]
    rows = []
    for w in (0, 1, 2):
        rng = random.Random(f"{seed}-guandan-{w}")
        ours = Impl("paixing", read_paixing)
        impls = [ours]
        if peer is not None:
            theirs = Impl(PEER_NAME, peer_answers, refs=[], compared_with=rs.id)
            impls.append(theirs)
        for i in range(states):
            hand = rng.sample(wilds, w) + rng.sample(naturals, 27 - w)
            ours.calls.append(lambda hand=hand: legal_plays(rs, hand, None))
            if peer is not None:
                theirs.calls.append(_peer_call(peer, hand))
                theirs.refs.append(lambda i=i, ours=ours: ours.answers[i] or set())  # type: ignore[union-attr]
        label = f"掼蛋 27-card lead, {w} wild{'s' if w != 1 else ''} (level {LEVEL})"
        rows.append(Row(label, rs.id, impls, states=states))
    return rows
