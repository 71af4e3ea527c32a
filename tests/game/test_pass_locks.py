"""``play.pass_locks``: a player who passes takes no further part in the trick (Tiến Lên); without
it (the default) the turn comes back to him after a later play."""

from __future__ import annotations

from pathlib import Path

from paixing import parse_cards, ruleset
from paixing.game import Game

from tests.helpers import write

DEAL = [
    "3S 4C 5D 6S 6C 6D 6H 7H 9S 10S JS QH KH",
    "2H 3C 4D 5H 7S 7C 8S 8C 9C 10C JC QS KS",
    "2S 2C 3D 4H 5S 7D 8D 9D 10D JD QD KD AD",
    "3H 4S 5C 8H 9H 10H JH QC KC AH AS AC 2D",
]
OPENING = ["3S 4C 5D", "3C 4D 5H", "pass", "pass", "9S 10S JS"]
"""Seat 0 leads, seat 1 beats, seats 2 and 3 pass, seat 0 beats again."""


def game(variant: str) -> Game:
    g = Game(ruleset(variant), 0, hands=[parse_cards(h) for h in DEAL], dealer=0)
    for action in OPENING:
        g.apply(action)
    return g


def test_a_pass_shuts_the_player_out_of_the_trick() -> None:
    g = game("tienlen")
    assert g.turn == 1  # seats 2 and 3 passed: skipped
    g.apply("pass")  # seat 1 passes too: nobody is left to answer
    assert g.last is None and g.turn == 0  # the trick closed, seat 0 leads


def test_without_it_the_turn_comes_back(tmp_path: Path) -> None:
    child = write(tmp_path / "open-passes.yaml", "id: open-passes\nextends: tienlen\nname: {zh: 可再出, en: Open passes}\n"
                  "game: {play: {pass_locks: false}}\n")
    g = game(str(child))
    assert g.turn == 1
    g.apply("pass")  # seat 1 passes; seat 2 passed before the last play and may play again
    assert g.last is not None and g.turn == 2
    g.apply("10D JD QD")
    assert g.last is not None and g.last[0] == 2
