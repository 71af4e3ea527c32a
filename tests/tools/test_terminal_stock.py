"""A whole hand of a game with a stock at the terminal (``paixing play gandengyan``): the draws
are said without the cards drawn, and the hand plays to its end and scores."""

from __future__ import annotations

from tests.helpers import run


def test_a_hand_of_gandengyan_played_at_the_terminal() -> None:
    result = run("play", "gandengyan", "--seat", "0", "--seed", "1", input="hint\n#1\n" * 60)
    out = result.stdout
    assert result.exit_code == 0, out
    assert "Deal. Dealer (庄家): You." in out
    assert "You draw a card from the stock (33 left)." in out  # the dealer's sixth card
    assert "下家 draws a card from the stock (30 left)." in out  # a trick won by the next player
    assert "对家 is out: place 1." in out and "The hand is over." in out
    assert "Winners: 对家." in out
