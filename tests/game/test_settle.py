"""Settlement as a pure function: hand-made facts in, a Settlement out, for every score row of
every built-in contract; end rules, transfer kinds and multiplier parts on their own."""

from __future__ import annotations

import pytest
from paixing.game.ends import hand_over
from paixing.game.facts import HandFacts
from paixing.game.settle import settle
from paixing.game.transfers import TRANSFERS, apply_transfers
from paixing.hands.cache import ruleset
from paixing.rules.scoring import Contract, Transfer


def contract(variant: str, cid: str) -> Contract:
    game = ruleset(variant).variant.game
    assert game is not None
    return next(c for c in game.contracts if c.id == cid)


def four(finish: tuple[int, ...], captured: tuple[int, ...] = (0, 0, 0, 0), sides: tuple[int, ...] = (0, 1, 0, 1),
         declarer: int = 0, partner: int = 2, hand_values: tuple[int, ...] = (0, 0, 0, 0)) -> HandFacts:
    left = tuple(0 if s in finish else 1 for s in range(4))
    active = tuple(s for s in range(4) if sides[s] >= 0)
    return HandFacts(players=4, declarer=declarer, partner=partner, sides=sides, active=active, finish=finish,
                     captured=captured, hand_values=hand_values, cards_left=left, plays_made=(1, 1, 1, 1))


SOLO = (0, 1, 1, 1)
DUEL = (0, 1, -1, -1)


@pytest.mark.parametrize(
    ("variant", "cid", "facts", "row", "scores", "reason"),
    [
        ("banzipao", "baopai", four((0,), sides=SOLO, partner=-1), 0, [9, -3, -3, -3], "first_out"),
        ("banzipao", "baopai", four((2,), sides=SOLO, partner=-1), 1, [-9, 3, 3, 3], "first_out"),
        ("banzipao", "fanbao", four((0,), sides=DUEL, partner=-1), 0, [9, -9, 0, 0], "first_out"),
        ("banzipao", "fanbao", four((1,), sides=DUEL, partner=-1), 1, [-18, 18, 0, 0], "first_out"),
        ("guizhou-banzipao", "fanbao", four((0,), sides=DUEL, partner=-1), 0, [16, -18, 1, 1], "first_out"),
        ("guizhou-banzipao", "fanbao", four((1,), sides=DUEL, partner=-1), 1, [-18, 16, 1, 1], "first_out"),
        ("banzipao", "jiaopai", four((0, 2)), 0, [2, -2, 2, -2], "double_out"),
        ("banzipao", "jiaopai", four((1, 0, 3), captured=(10, 20, 5, 10)), 1, [-1, 1, -1, 1], "captures"),
        ("chibi-dagun", "jiaopai", four((0, 2), captured=(50, 0, 20, 0)), 0, [4, -4, 4, -4], "double_out"),
        ("chibi-dagun", "jiaopai", four((1, 3), captured=(5, 0, 0, 0)), 1, [-2, 2, -2, 2], "double_out"),
        ("chibi-dagun", "jiaopai", four((0, 1, 2), captured=(45, 0, 105, 0), hand_values=(0, 0, 0, 50)), 2, [2, -2, 2, -2], "captures"),
        ("chibi-dagun", "jiaopai", four((0, 1, 2), captured=(45, 60, 50, 0)), 3, [1, -1, 1, -1], "captures"),
        ("chibi-dagun", "yingpai", four((0,), sides=SOLO, partner=-1), 0, [12, -4, -4, -4], "first_out"),
        ("chibi-dagun", "yingpai", four((3,), sides=SOLO, partner=-1), 1, [-12, 4, 4, 4], "first_out"),
    ],
)
def test_every_row(variant: str, cid: str, facts: HandFacts, row: int, scores: list[int], reason: str) -> None:
    c = contract(variant, cid)
    assert hand_over(c, facts)
    result = settle(c, facts)
    assert (result.row, result.scores, result.reason) == (row, scores, reason)
    assert result.multiplier_parts == []


def three(finish: tuple[int, ...], plays: tuple[int, ...], bombs: int = 0, bid: int = 3) -> HandFacts:
    left = tuple(0 if s in finish else 5 for s in range(3))
    return HandFacts(players=3, declarer=0, partner=-1, sides=(0, 1, 1), active=(0, 1, 2), finish=finish,
                     captured=(0, 0, 0), hand_values=(0, 0, 0), cards_left=left, plays_made=plays,
                     type_counts={"bomb": bombs}, auction_value=bid)


@pytest.mark.parametrize(
    ("facts", "row", "parts", "scores"),
    [
        (three((0,), (6, 1, 2)), 0, [("bid", 3)], [6, -3, -3]),
        (three((1,), (3, 4, 2)), 1, [("bid", 3)], [-6, 3, 3]),
        (three((0,), (6, 0, 0), bombs=1), 0, [("bid", 3), ("bomb", 2), ("spring", 2)], [24, -12, -12]),
        (three((2,), (1, 3, 4), bid=1), 1, [("bid", 1), ("reverse_spring", 2)], [-4, 2, 2]),
    ],
)
def test_landlord_rows_and_factors(facts: HandFacts, row: int, parts: list[tuple[str, int]], scores: list[int]) -> None:
    result = settle(contract("doudizhu", "landlord"), facts)
    assert (result.row, result.multiplier_parts, result.scores) == (row, parts, scores)
    assert result.facts["multiplier"] == result.scores[0] // (2 if row == 0 else -2)


def test_end_rules() -> None:
    first_out = contract("banzipao", "baopai")
    assert not hand_over(first_out, four((), sides=SOLO, partner=-1))
    assert hand_over(first_out, four((3,), sides=SOLO, partner=-1))
    partners = contract("banzipao", "jiaopai")
    assert not hand_over(partners, four((0,)))
    assert not hand_over(partners, four((0, 1)))
    assert hand_over(partners, four((0, 2)))
    assert hand_over(partners, four((0, 1, 3)))


def test_settle_refuses_a_hand_in_progress() -> None:
    with pytest.raises(ValueError, match="has not ended"):
        settle(contract("banzipao", "jiaopai"), four((0,)))


def test_transfer_kinds() -> None:
    assert set(TRANSFERS) == {"captured", "hand"}
    facts = four((0, 1, 2), captured=(10, 20, 30, 40), hand_values=(0, 0, 0, 7))
    t = [Transfer.model_validate(x) for x in (
        {"what": "captured", "from": "place(-1)", "to": "place(1)"},
        {"what": "hand", "to": "place(2)"},
    )]
    assert apply_transfers(t, facts).seats == [50, 27, 30, 0]
    void = Transfer.model_validate({"what": "hand", "to": "void"})
    assert apply_transfers([void], facts).seats == [10, 20, 30, 40]
    side = Transfer.model_validate({"what": "captured", "to": "side(opponents)"})
    ledger = apply_transfers([side], facts)
    assert (ledger.seats, ledger.sides) == ([10, 20, 30, 0], [0, 40])


def test_transfers_need_decided_places() -> None:
    early = four((0, 2), captured=(10, 20, 30, 40))
    t = Transfer.model_validate({"what": "captured", "to": "place(1)"})
    assert apply_transfers([t], early).seats == [10, 20, 30, 40]
