"""五十K (variants/wushik.yaml) beyond its examples and scripted hands: fixed sides from the
first deal, the ♥3 lead, side transfers, a bonus counted into captures, and a match to 200."""

from __future__ import annotations

from pathlib import Path

from paixing import ruleset
from paixing.game.facts import HandFacts
from paixing.game.state import Game
from paixing.game.transfers import apply_transfers
from paixing.rules.cards import parse_cards
from paixing.rules.scoring import Transfer

DEAL = [
    "3H 3S 3C 3D 4S 5S 6S 7S 8S 9S 10S JS QS",
    "4H 4C 4D 5H 5C 5D 6H 6C 6D 7H 7C 7D KS",
    "8H 8C 8D 9H 9C 9D 10H 10C 10D JH JC JD AS",
    "QH QC QD KH KC KD AH AC AD 2S 2H 2C 2D",
]


def test_the_heart_three_leads_and_sides_are_fixed() -> None:
    g = Game(ruleset("wushik"), 0, hands=[parse_cards(h) for h in DEAL], dealer=0)
    assert g.turn == 0 and g.phase == "play"
    assert [g.seats.side(s) for s in range(4)] == [0, 1, 0, 1]
    assert "4S 5S 6S 7S 8S" not in [str(a) for a in g.legal_actions()]  # a straight without the ♥3 is refused
    assert all("3H" in str(a) for a in g.legal_actions())


def test_side_transfers_follow_the_source_seat() -> None:
    facts = HandFacts(
        players=4, declarer=-1, partner=2, sides=(0, 1, 0, 1), active=(0, 1, 2, 3), finish=(1, 0, 2),
        captured=(10, 20, 30, 5), hand_values=(0, 0, 0, 35), cards_left=(0, 0, 0, 4), plays_made=(1, 1, 1, 1),
    )
    other = apply_transfers([Transfer.model_validate({"what": "hand", "from": "place(-1)", "to": "side(other)"})], facts)
    own = apply_transfers([Transfer.model_validate({"what": "hand", "from": "place(-1)", "to": "side(own)"})], facts)
    assert (other.sides, own.sides) == ([35, 0], [0, 35])  # seat 3 is on side 1


def test_a_bonus_into_captures(tmp_path: Path) -> None:
    path = tmp_path / "wushik-bonus.yaml"
    path.write_text(
        "extends: wushik\nid: wushik-bonus\nname: {zh: 五十K奖分, en: Wushi K bonus}\n"
        "game:\n  bonuses:\n    tricks:\n      - {hand_type: bomb, pay: 20, into: captures}\n",
        encoding="utf-8",
    )
    g = Game(ruleset(str(path)), 0, hands=[parse_cards(h) for h in DEAL], dealer=0)
    for action in ("3H 3S 3C 3D", "pass", "pass", "pass"):
        g.apply(action)
    assert g.captured == [20, 0, 0, 0] and g.scores == [0, 0, 0, 0]
    assert [e.to_json() for e in g.log if e.kind == "bonus"] == [{"event": "bonus", "seat": 0, "type": "bomb", "pay": 20}]
