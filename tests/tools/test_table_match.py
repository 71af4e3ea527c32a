"""A match saved, shown and replayed like a hand (issue 23, item 4): ``play --out`` writes the
session record of a match, ``show`` tells each hand with its level, tribute and the match's
progress and winner, and ``replay`` checks it; the records of ``simulate --matches --out`` are
shown the same way."""

from __future__ import annotations

import io
import os
from pathlib import Path

from paixing.runs.matches import simulate_matches
from paixing.runs.replay import replay_file
from paixing.terminal import play, show_file
from rich.console import Console

LEVELS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "partners-levels.yaml")


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=200, highlight=False, color_system=None), buf


def shown(record: str) -> str:
    con, buf = console()
    assert show_file(record, step=False, console=con, variant=LEVELS) == 0
    return buf.getvalue()


def lines_starting(out: str, *starts: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(starts)]


def test_a_match_played_is_saved_shown_and_replayed(tmp_path: Path) -> None:
    out = str(tmp_path / "m.json")
    con, _ = console()
    assert play(LEVELS, seat=0, seed=2, input_fn=lambda _: "#1", out=out, console=con) == 0
    assert [(r.ok, r.scores, r.error) for r in replay_file(out, LEVELS)] == [(True, (-3, 3, -3, 3), None)]
    told = shown(out)
    assert "Give a card back" not in told  # nobody types moves in a record told
    assert lines_starting(told, "Seats", "Tribute", "Return", "Match", "The match") == [
        "Seats in playing order: You (seat 0, person) → 下家 (seat 1, greedy) → 对家 (seat 2, greedy) → 上家 (seat 3, greedy)",
        "Match: You & 对家: level 10 (0 failed at the top); 下家 & 上家: level J (0 failed at the top). Next hand at level J.",
        "Seats in playing order: You (seat 0, person) → 下家 (seat 1, greedy) → 对家 (seat 2, greedy) → 上家 (seat 3, greedy)",
        "Tribute: You give RJ to 上家",
        "Return: 上家 gives J♠ back to You",
        "Match: You & 对家: level K (0 failed at the top); 下家 & 上家: level J (0 failed at the top). Next hand at level K.",
        "Seats in playing order: You (seat 0, person) → 下家 (seat 1, greedy) → 对家 (seat 2, greedy) → 上家 (seat 3, greedy)",
        "Tribute: 下家 gives RJ to 对家",
        "Tribute: 上家 gives BJ to You",
        "Return: 对家 gives J♠ back to 下家",
        "Return: You give 10♦ back to 上家",
        "Match: You & 对家: level K (0 failed at the top); 下家 & 上家: level A (0 failed at the top). Next hand at level A.",
        "Seats in playing order: You (seat 0, person) → 下家 (seat 1, greedy) → 对家 (seat 2, greedy) → 上家 (seat 3, greedy)",
        "Match: You & 对家: level K (0 failed at the top); 下家 & 上家: level A (0 failed at the top). Next hand at level A.",
        "The match is won by 下家 & 上家 after 4 hands.",
    ]
    levels = [line.split(" · ")[2] for line in lines_starting(told, "固定搭档升级测试")]
    assert levels == ["level 10", "level J", "level K", "level A"]


def test_a_match_left_part_way_is_saved_with_its_finished_hands(tmp_path: Path) -> None:
    out = str(tmp_path / "m.json")
    con, buf = console()

    def read(_: str) -> str:
        if "══ Hand 2" in buf.getvalue():
            raise EOFError
        return "#1"

    assert play(LEVELS, seat=0, seed=2, input_fn=read, out=out, console=con) == 1
    assert buf.getvalue().endswith(
        f"Input ended (EOF): the hand is abandoned.\nRecord written to {out}: 1 hand (the match was not finished) "
        f"(paixing show {out} steps through it).\n"
    )
    assert [r.ok for r in replay_file(out, LEVELS)] == [True]


def test_a_simulated_match_record_shows_levels_progress_and_winner(tmp_path: Path) -> None:
    summary = simulate_matches(LEVELS, 1, seed=0, bots=("greedy",), out_dir=str(tmp_path))
    assert summary.results[0].hands == 7 and summary.results[0].winner == 1
    told = shown(str(tmp_path / "match-000000.json"))
    headers = lines_starting(told, "固定搭档升级测试")
    assert [h.split(" · ")[2] for h in headers] == ["level 10", "level K", "level A", "level J", "level A", "level A", "level A"]
    assert lines_starting(told, "Match", "The match")[-3:] == [
        "Match: Seat 0 & Seat 2: level A (1 failed at the top); Seat 1 & Seat 3: level A (2 failed at the top). Next hand at level A.",
        "Match: Seat 0 & Seat 2: level A (1 failed at the top); Seat 1 & Seat 3: level A (2 failed at the top). Next hand at level A.",
        "The match is won by Seat 1 & Seat 3 after 7 hands.",
    ]
    assert "Tribute: Seat 2 gives BJ to Seat 1\nTribute: Seat 0 gives BJ to Seat 3\n" in told
