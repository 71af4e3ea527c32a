"""``suit_lock`` (縛り): two plays in a row in the same suits lock the trick to them; a wild card
fits any suit and starts no lock; the answer to a lone joker is free; the lock ends with the
trick. Without the obligation any suit may follow."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import paixing
import pytest
from paixing import parse_cards, ruleset
from paixing.game import Game, IllegalAction
from paixing.game.obligations.suit_lock import LockedSuits

from tests.game.test_order_flip import deal
from tests.helpers import write


def game(variant: str = "daifugo") -> Game:
    return Game(ruleset(variant), 0, hands=deal(), dealer=0)


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_two_clubs_lock_the_trick() -> None:
    g = game()
    g.apply("6C")
    g.apply("9C")  # seat 1: clubs after clubs
    g.apply("pass")
    # seat 3 holds no club: only the joker, which fits any suit
    assert legal(g) == ["RJ", "pass"]
    with pytest.raises(IllegalAction, match=r"^the trick is locked to its suits \(縛り\): play in those suits$"):
        g.apply("10D")
    g.apply("pass")
    assert "10C" not in legal(g) and all(a.endswith("C") or a == "pass" for a in legal(g))


def test_without_the_lock_any_suit_follows(tmp_path: Path) -> None:
    child = write(tmp_path / "open.yaml", "id: open\nextends: daifugo\nname: {zh: 不缚, en: No lock}\n"
                  "game: {play: {obligations: []}}\n")
    g = game(str(child))
    g.apply("6C")
    g.apply("9C")
    g.apply("pass")
    assert "10D" in legal(g)


def test_the_lock_ends_with_the_trick() -> None:
    g = game()
    g.apply("6C")
    g.apply("9C")
    for _ in range(3):
        g.apply("pass")
    assert g.last is None and g.turn == 1
    assert "3H" in legal(g) and "4D" in legal(g)


def play(cards: str) -> paixing.Play:
    (p,) = paixing.classify(ruleset("daifugo"), parse_cards(cards))
    return p


def test_which_runs_lock() -> None:
    rule = LockedSuits(2)
    assert rule.locked((play("5H 5S"), play("9H 9S"))) == Counter({"H": 1, "S": 1})
    assert rule.locked((play("5H 5S"), play("9H 9D"))) is None
    assert rule.locked((play("5H 5S"), play("9H RJ"))) is None  # a wild card starts no lock
    assert rule.locked((play("4H"), play("5S"), play("6S"))) == Counter({"S": 1})
    assert LockedSuits(3).locked((play("4S"), play("5S"))) is None
