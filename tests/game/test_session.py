"""Hands in a session (engine/game/session.py): totals carried, the previous first out deals and
leads the next hand, a session record replays, and ``simulate --session`` reports totals."""

from __future__ import annotations

import json

from paixing import ruleset
from paixing.agents.play import play_session
from paixing.game.session import CARRIERS, replay_session
from paixing.runs.simulate import simulate_sessions
from typer.testing import CliRunner

from tests.helpers import SMALL


def test_state_is_carried_from_hand_to_hand() -> None:
    rs = ruleset(SMALL)
    session = play_session(rs, ["random"] * 3, seed=5, index=0, hands=4)
    records = session.records
    assert [r["hand_number"] for r in records] == [1, 2, 3, 4]
    assert sum(session.totals) == 0
    assert session.totals == [sum(r["result"]["scores"][s] for r in records) for s in range(3)]
    for before, after in zip(records, records[1:], strict=False):
        first_out = before["result"]["finish"][0]
        assert after["previous_first_out"] == first_out
        assert after["dealer"] == first_out  # later_hands: previous_first_out; the dealer leads


def test_session_record_replays_and_detects_tampering() -> None:
    rs = ruleset(SMALL)
    record = play_session(rs, ["random"] * 3, seed=2, index=1, hands=3).to_record(2)
    again = replay_session(record, rs)
    assert again.ok, again.error
    assert again.scores == record["totals"]
    record["totals"] = [t + 1 for t in record["totals"]]
    assert not replay_session(record, rs).ok


def test_simulate_sessions_sums_totals() -> None:
    result = simulate_sessions(SMALL, sessions=3, hands=2, seed=1)
    assert len(result.session_totals) == 3
    assert result.seat_totals == [sum(t[s] for t in result.session_totals) for s in range(3)]
    assert "previous_first_out" in CARRIERS


def test_cli_simulate_session() -> None:
    from paixing.cli import app

    out = CliRunner().invoke(app, ["simulate", SMALL, "--games", "2", "--session", "3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["sessions"] == 2 and data["hands_per_session"] == 3


def test_a_round_of_ten_hongshi_hands() -> None:
    """红十's round of a match (note ``rounds``): 10 hands, each player's running total; the hidden
    sides are made again every hand, so the totals are per player, and the record replays."""
    rs = ruleset("hongshi")
    session = play_session(rs, ["greedy"] * 4, seed=3, index=0, hands=10)
    records = session.records
    assert [r["hand_number"] for r in records] == list(range(1, 11))
    assert session.totals == [sum(r["result"]["scores"][s] for r in records) for s in range(4)]
    assert sum(session.totals) == 0
    again = replay_session(session.to_record(3), rs)
    assert again.ok, again.error
    assert again.scores == session.totals
