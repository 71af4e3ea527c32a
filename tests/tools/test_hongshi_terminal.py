"""A whole hand of 红十 at the terminal: the secret sides as the seat learns them (who is known
to be with it, a red ten played making a side public), to the score row."""

from __future__ import annotations

import io
from itertools import cycle

from paixing.terminal import play
from rich.console import Console


def test_a_whole_hand_with_secret_sides_at_the_terminal() -> None:
    answers = cycle(["hint", "#1"])  # the greedy bot's choice in the seat, every time
    buf = io.StringIO()
    code = play("hongshi", seat=0, seed=3, input_fn=lambda prompt: next(answers), console=Console(file=buf, width=200))
    text = buf.getvalue()
    assert code == 0
    lines = [line.strip() for line in text.splitlines()]
    assert "Contract: 暗打 Hidden (no red ten shown) · with you: nobody known (sides secret until the cards that make them are played or shown)" in lines
    assert "下家 has played 10♦: 下家's side is public" in lines
    assert "You have played 10♥: your side is public — every side is now known" in lines
    assert lines.index("下家 has played 10♦: 下家's side is public") < lines.index("Contract: 暗打 Hidden (no red ten shown) · with you: 下家 (sides secret until the cards that make them are played or shown)")
    assert "Score row: Small win: the first out's partner third, ±1 a player" in lines
