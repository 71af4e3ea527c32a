"""The action space after a revolution (``play.order_flip``): the plays of the reversed-order
rules map to the same indices by rank name, and every legal action comes back from its index."""

from __future__ import annotations

import random

from paixing import ruleset
from paixing.env.actions import action_space
from paixing.game import Game

from tests.game.test_order_flip import deal


def test_every_legal_action_round_trips_after_a_revolution() -> None:
    rs = ruleset("daifugo")
    space = action_space(rs)
    checked = 0
    for seed in range(4):
        g = Game(rs, 0, hands=deal(), dealer=0)
        g.apply("5S 5H 5D 5C")
        assert g.flipped
        rng = random.Random(seed)
        while not g.over:
            legal = g.legal_actions()
            for index, action in zip(space.indices(legal), legal, strict=True):
                assert action in space.details(g, index)
                checked += 1
            g.apply(legal[rng.randrange(len(legal))])
    assert checked > 500
