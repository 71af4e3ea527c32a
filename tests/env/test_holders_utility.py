"""The OpenSpiel utility of a game of secret sides by held cards (``teams: holders``): two
against two or one against three, each score row zero-sum in the layouts its ``alone`` or
``not alone`` allows."""

from __future__ import annotations

import paixing
from paixing.env.spiel_utility import Utility, side_layouts, utility_of


def test_hongshi_is_zero_sum_within_its_bounds() -> None:
    rs = paixing.ruleset("hongshi")
    assert utility_of(rs) == Utility(-36, 36, True)  # the lone holder out last, 明打 lost: -9 × 4


def test_holders_layouts_follow_alone() -> None:
    rs = paixing.ruleset("hongshi")
    contract = rs.variant.game.contracts[0] if rs.variant.game else None
    assert contract is not None and contract.teams == "holders"
    assert side_layouts(rs, contract) == [(2, 2, 0), (1, 3, 0)]
    assert side_layouts(rs, contract, ["alone", "declarer.place == 1"]) == [(1, 3, 0)]
    assert side_layouts(rs, contract, ["not alone"]) == [(2, 2, 0)]
