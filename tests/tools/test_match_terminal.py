"""A whole match at the terminal (engine/terminal/match.py): hands until a side wins, the
tribute worded and the return typed by the human, the standing between hands."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator

from paixing.terminal import play
from rich.console import Console

from tests.helpers import LEVELS


def first_option() -> Iterator[str]:
    while True:
        yield "#1"


def test_a_whole_match_with_tribute_at_the_terminal() -> None:
    buf = io.StringIO()
    lines = first_option()
    code = play(LEVELS, seat=0, seed=2, bots="greedy", input_fn=lambda _: next(lines),
                     console=Console(file=buf, width=200, highlight=False, color_system=None))
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    assert "══ Hand 1 of the match ══" in out and "══ Hand 4 of the match ══" in out
    assert "Tribute: You give RJ to 上家\nReturn: 上家 gives J♠ back to You" in out
    assert "Tribute: 下家 gives RJ to 对家\nTribute: 上家 gives BJ to You\nGive a card back: type `give 10S`" in out
    assert "Return: You give 10♦ back to 上家" in out  # the human's return: his first option
    assert "No tribute: You and 对家 hold RJ RJ (抗贡)." in out
    assert "Match: You & 对家: level K (0 failed at the top); 下家 & 上家: level A (0 failed at the top). Next hand at level A." in out
    assert out.rstrip().endswith("The match is won by 下家 & 上家 after 4 hands.")


def test_the_match_stops_when_input_ends() -> None:
    buf = io.StringIO()
    answers = iter(["#1"] * 5)

    def read(_: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    code = play(LEVELS, seat=0, seed=3, input_fn=read, console=Console(file=buf, width=200, color_system=None))
    assert code == 1 and "Input ended (EOF): the hand is abandoned." in buf.getvalue()


def test_a_whole_match_is_saved_with_out(tmp_path: object) -> None:
    """``--out`` saves a match as a session record (it was refused: "cannot save a match yet");
    tests/tools/test_table_match.py shows and replays it."""
    out = os.path.join(str(tmp_path), "m.json")
    buf = io.StringIO()
    code = play(LEVELS, seat=0, seed=2, input_fn=lambda _: "#1", out=out,
                console=Console(file=buf, width=200, highlight=False, color_system=None))
    assert code == 0
    assert buf.getvalue().endswith(f"Record written to {out}: the match (paixing show {out} steps through it).\n")
    with open(out, encoding="utf-8") as f:
        record = json.load(f)
    assert record["session"] is True and record["seed"] == 2 and len(record["hands"]) == 4
    assert record["players"] == ["person", "greedy", "greedy", "greedy"]
