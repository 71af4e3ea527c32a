"""A whole hand of 大富豪 at the terminal (``paixing play daifugo``): taking the first option each
time plays it to its end; the trick effects, a revolution (shown from a record: bots seldom
play four of a kind) and the places' titles are said."""

from __future__ import annotations

import json
from pathlib import Path

from paixing.terminal import play
from paixing.terminal.view import RecordView

from tests.game.test_scripted_hands import load, play_fixture
from tests.helpers import HANDS, console, feed, run


def test_a_whole_hand_at_the_terminal() -> None:
    con, buf = console(160)
    code = play("daifugo", seat=0, seed=1, input_fn=feed(["#1"] * 200), console=con)
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    assert "That play ends the trick: " in out and "leads again." in out
    assert "The hand is over." in out
    for title in ("大富豪 Daifugō (President)", "富豪 Fugō (Vice-president)", "贫民 Hinmin (Vice-beggar)", "大贫民 Daihinmin (Beggar)"):
        assert title in out


def test_a_revolution_is_said(tmp_path: Path) -> None:
    """``paixing show`` of the scripted hand with two revolutions and a counter-revolution."""
    game = play_fixture(load(HANDS / "dfg-revolution.yaml"))
    record = tmp_path / "hand.json"
    record.write_text(json.dumps(game.to_record()), encoding="utf-8")
    result = run("show", str(record))
    assert result.exit_code == 0
    lines = [x for x in result.output.splitlines() if "Revolution!" in x or "Counter-revolution!" in x]
    assert lines == [
        "Revolution! The rank order is reversed from now on.",
        "Counter-revolution! The rank order is back to normal.",
        "Revolution! The rank order is reversed from now on.",
    ]


def test_the_status_says_the_order_is_reversed() -> None:
    """After a revolution the terminal's status line names the reversed order."""
    con, _ = console(200)
    game = play_fixture({"variant": "daifugo", "deal": load(HANDS / "dfg-revolution.yaml")["deal"], "dealer": 0,
                         "actions": ["5S 5H 5D 5C"]})
    assert game.flipped
    view = RecordView(game, 1, console=con)
    assert view.wild_line() == "Wild: RJ · rank order reversed (革命): 2 < A < K < Q < J < 10 < 9 < 8 < 7 < 6 < 5 < 4 < 3"
