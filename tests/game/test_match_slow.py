"""The slow run of whole matches (``-m slow``): ``PAIXING_SLOW_MATCHES`` random matches (greedy where
the variant has calls: see the test) of every
built-in variant with a match (``game.session``) and of the test variant with levels and
tribute; every match ends within the cap, every hand keeps its invariants (cards conserved,
zero-sum scores) and every match record replays.

``PAIXING_SLOW_MATCHES=1000 pytest -m slow tests/game/test_match_slow.py`` is the issue's 1,000
whole matches per match variant; CI (``HYPOTHESIS_PROFILE=ci``) plays 20."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from paixing import ruleset
from paixing.game.session import replay_session
from paixing.rules.loader import builtin_ids, load_variant
from paixing.runs.matches import play_match

from tests.helpers import LEVELS

SLOW_MATCHES = int(os.environ.get("PAIXING_SLOW_MATCHES", 20 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 200))


def match_variants() -> list[str]:
    found = []
    for vid in builtin_ids():
        game = load_variant(vid).game
        if game is not None and game.session is not None:
            found.append(vid)
    return [*found, LEVELS]


@pytest.mark.slow
@pytest.mark.parametrize("variant", match_variants())
def test_many_whole_matches(variant: str) -> None:
    """Random bots, but greedy ones where the variant has calls: a random player calls at every
    chance and mostly fails (Tichu: −100 or −200 a call), so both sides' points drift
    down and a match to a target need not end, as it would not between such players."""
    rs = ruleset(variant)
    deck = Counter(rs.deck())
    winners = Counter[int]()
    bots = ["greedy" if rs.variant.game is not None and rs.variant.game.calls else "random"] * rs.variant.players
    for i in range(SLOW_MATCHES):
        session, result = play_match(rs, bots, 7, i)
        winners[result.winner] += 1
        for record in session.records:
            dealt = Counter(c for hand in record["deal"] for c in hand.split())
            assert sum(dealt.values()) == sum(deck.values()) - rs.variant.game.deal.kitty  # type: ignore[union-attr]
            assert sum(record["result"]["scores"]) == 0
        if i < 50:  # replaying is as slow as playing: the first matches of each run
            again = replay_session(session.to_record(7), rs)
            assert again.ok, f"match {i}: {again.error}"
    assert sum(winners.values()) == SLOW_MATCHES
