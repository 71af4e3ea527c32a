"""Tichu at the terminal: a whole match typed at seat 0 (a Grand Tichu called on the first 8
cards, the cards passed, a bomb out of turn in a priority window, the Dragon's trick given away,
the calls scored), and ``paixing show`` of the scripted hand with both calls and a window."""

from __future__ import annotations

import json
from itertools import chain, repeat
from pathlib import Path

from paixing.terminal import play

from tests.game.test_scripted_hands import load, play_fixture
from tests.helpers import HANDS, console, feed, run


def test_a_whole_match_typed_at_the_terminal() -> None:
    """Seat 0 calls Grand Tichu, then takes the first option at every prompt: the passing, a
    window in which it bombs out of turn, the Dragon's gift; the match goes on to 1,000."""
    con, buf = console(200)
    answers = chain(["announce grand_tichu"], repeat("#1", 3000))
    code = play("tichu", seat=0, seed=0, input_fn=feed(answers), console=con)
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    lines = [line.strip() for line in out.splitlines()]
    assert "Your hand (8): MJ  3♦  9♦  J♣ J♦  Q♦  K♠  DR" in lines  # the first 8 cards only
    assert "Call: You call 大叫 Grand Tichu." in lines
    assert "Give a card to 下家: type `give MJ` or just `MJ` (? lists the 14 you may give)." in lines
    assert "Give a card to 对家: type `give 3D` or just `3D` (? lists the 13 you may give)." in lines
    assert "Your 大叫 Grand Tichu was made: +200 to your side." in lines
    assert "Out of turn: before 对家's turn you may interrupt with a 炸弹（四张） Bomb (four of a kind) or 同花顺炸弹 Straight flush bomb that beats it, or pass (the turn then goes on)." in lines
    assert "Out of turn! You interrupt ahead of the turn order." in lines
    assert "You give the trick (40 points) to 下家." in lines
    assert lines[-1] == "The match is won by You & 对家 after 8 hands."


def test_show_a_hand_with_calls_and_a_bomb_out_of_turn(tmp_path: Path) -> None:
    game = play_fixture(load(HANDS / "tc-captures-transfers.yaml"))
    record = tmp_path / "hand.json"
    record.write_text(json.dumps(game.to_record()), encoding="utf-8")
    result = run("show", str(record))
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    wanted = [
        "Seat 0 (8): MJ  5♠  6♠  7♠  8♠  9♠  10♠  J♠",
        "Call: Seat 1 calls 大叫 Grand Tichu.",
        "The rest of the deal. Each player gets:",
        "Seat 0 (+6): 2♦  3♣  4♥  Q♠  K♠  A♠",
        "The cards are passed: each of 4 players gives and receives at once.",
        "Call: Seat 0 calls 小叫 Tichu.",
        "Seat 0 makes no wish.",
        "Seat 2: no play out of turn",
        "Out of turn! Seat 3 interrupts ahead of the turn order.",
        "That play ends the trick and passes the lead to Seat 3's partner.",
        "Seat 1 gives the trick (25 points) to Seat 2.",
        "Seat 1's 大叫 Grand Tichu failed: -200 to his side.",
        "Seat 0's 小叫 Tichu was made: +100 to his side.",
        "Winners: Seat 0, Seat 2.",
    ]
    at = [lines.index(w) for w in wanted]
    assert at == sorted(at)
