"""A match between fixed sides (engine/game/match.py, session.py): promotion by places, the
level a hand is played at, the last level's rule and its attempts, running points to a target,
and whole matches played by bots that end and replay."""

from __future__ import annotations

import json

import pytest
from paixing import ruleset
from paixing.agents.play import game_seed, play_hand, seated_bots
from paixing.game.facts import HandFacts
from paixing.game.match import MatchState, advance, hand_level
from paixing.game.session import CARRIERS, Session, replay_session
from paixing.rules.match import Levels, MatchRules, Points, Promotion, TopLevel
from paixing.rules.scoring import Contract, End, EndRule, ScoreRow
from paixing.runs.matches import MatchError, play_match, simulate_matches

from tests.helpers import LEVELS

RULES = MatchRules(
    levels=Levels(
        ranks=["10", "J", "Q", "K", "A"],
        promote=[
            Promotion(conditions=["place(1).partner_place == 2"], up=3),
            Promotion(conditions=["place(1).partner_place == 3"], up=2),
            Promotion(conditions=[], up=1),
        ],
        top=TopLevel(passes_if=["place(1).partner_place != 4"], attempts=3),
    )
)
CONTRACT = Contract(
    id="match",
    name={"zh": "对局", "en": "Match"},
    teams="fixed",
    leader="dealer",
    end=End(rules=[EndRule(when=["place(1).side == place(2).side"]), EndRule(when=["in_play <= 1"])]),
    score=[ScoreRow(winners=1)],
)


def facts(finish: tuple[int, ...]) -> HandFacts:
    """A finished four-seat hand with sides 0 2 / 1 3 and ``finish`` out in that order."""
    left = tuple(0 if s in finish else 1 for s in range(4))
    return HandFacts(
        players=4, declarer=-1, partner=2, sides=(0, 1, 0, 1), active=(0, 1, 2, 3), finish=finish,
        captured=(0, 0, 0, 0), hand_values=(0, 0, 0, 0), cards_left=left, plays_made=(1, 1, 1, 1),
    )


@pytest.mark.parametrize(
    ("finish", "levels"),
    [
        ((0, 2), (3, 0)),  # 头游 + 二游: up 3
        ((0, 1, 2), (2, 0)),  # 头游 + 三游: up 2
        ((0, 1, 3), (1, 0)),  # 头游 + 末游: up 1
        ((3, 1), (0, 3)),  # the other side
    ],
)
def test_promotion_by_places(finish: tuple[int, ...], levels: tuple[int, int]) -> None:
    after = advance(RULES, MatchState(), CONTRACT, facts(finish), [0] * 4)
    assert after.levels == levels
    assert after.declarers == (0 if finish[0] % 2 == 0 else 1)
    assert after.hands == 1 and after.winner == -1
    assert hand_level(RULES, after) == RULES.levels.ranks[max(levels)]  # type: ignore[union-attr]


def test_first_hand_is_played_at_the_first_level_and_promotion_stops_at_the_top() -> None:
    assert hand_level(RULES, MatchState()) == "10"
    after = advance(RULES, MatchState(levels=(3, 0), declarers=1), CONTRACT, facts((0, 2)), [0] * 4)
    assert after.levels == (4, 0) and hand_level(RULES, after) == "A"


def test_the_last_level_is_passed_with_partner_not_last() -> None:
    at_top = MatchState(levels=(4, 2), declarers=0)
    assert advance(RULES, at_top, CONTRACT, facts((0, 2)), [0] * 4).winner == 0
    assert advance(RULES, at_top, CONTRACT, facts((0, 1, 2)), [0] * 4).winner == 0
    failed = advance(RULES, at_top, CONTRACT, facts((0, 1, 3)), [0] * 4)  # 头游 with partner last
    assert (failed.winner, failed.levels, failed.attempts, failed.declarers) == (-1, (4, 2), (1, 0), 0)
    lost = advance(RULES, at_top, CONTRACT, facts((1, 0, 2)), [0] * 4)  # the other side wins: +1
    assert (lost.winner, lost.levels, lost.attempts, lost.declarers) == (-1, (4, 3), (1, 0), 1)


def test_a_win_at_the_top_level_counts_only_when_playing_its_own_level() -> None:
    # side 0 is at A but side 1 declared (won the hand before): side 0's win only makes it declare
    state = MatchState(levels=(4, 2), declarers=1)
    after = advance(RULES, state, CONTRACT, facts((0, 2)), [0] * 4)
    assert (after.winner, after.levels, after.declarers, after.attempts) == (-1, (4, 2), 0, (0, 0))


def test_three_failed_attempts_drop_back_to_the_first_level() -> None:
    state = MatchState(levels=(4, 2), declarers=0, attempts=(2, 0))
    after = advance(RULES, state, CONTRACT, facts((1, 0, 2)), [0] * 4)
    assert (after.levels, after.attempts, after.declarers) == ((0, 3), (0, 0), 1)
    # a failed third attempt that still wins the hand (partner last) drops back, no promotion
    won = advance(RULES, state, CONTRACT, facts((0, 1, 3)), [0] * 4)
    assert (won.levels, won.attempts, won.declarers) == ((0, 2), (0, 0), 0)


def test_points_to_a_target() -> None:
    rules = MatchRules(points=Points(counts="scores", target=5))
    state = advance(rules, MatchState(), CONTRACT, facts((0, 2)), [2, -2, 2, -2])
    assert (state.points, state.winner) == ((4, -4), -1)
    state = advance(rules, state, CONTRACT, facts((0, 2)), [1, -1, 1, -1])
    assert (state.points, state.winner) == ((6, -6), 0)


def test_state_json_round_trip() -> None:
    state = MatchState(levels=(4, 1), declarers=0, attempts=(1, 0), points=(3, -3), previous=(0, 1, 3, 2), hands=7)
    data = state.to_json(RULES)
    assert data["levels"] == ["A", "J"]
    assert MatchState.from_json(data, RULES) == state
    with pytest.raises(ValueError):
        MatchState.from_json({"levels": ["A", "2"]}, RULES)


def bot_match(seed: int, max_hands: int = 60) -> Session:
    rs = ruleset(LEVELS)
    session = Session.start(rs)
    for k in range(max_hands):
        game = session.next_game(game_seed(seed, k))
        play_hand(game, seated_bots(["greedy"] * 4, seed, k))
        session.finish(game)
        if session.winner is not None:
            return session
    raise AssertionError(f"no winner in {max_hands} hands")


def test_whole_matches_end_and_replay() -> None:
    assert {"match", "level"} <= set(CARRIERS)
    for seed in (1, 2):
        session = bot_match(seed)
        record = session.to_record(seed)
        hands = record["hands"]
        assert hands[0]["level"] == "10" and "match" not in hands[0]
        for before, after in zip(hands, hands[1:], strict=False):
            assert after["match"]["previous"][0] == before["result"]["finish"][0]
            assert after["level"] == after["match"]["levels"][after["match"]["declarers"]]
        assert session.carried["match"]["winner"] == session.winner
        again = replay_session(record)
        assert again.ok, again.error
        record["hands"][-1]["level"] = "K" if record["hands"][-1]["level"] != "K" else "Q"
        assert not replay_session(record).ok


def test_simulate_matches_reports_winners_per_side_and_progress() -> None:
    summary = simulate_matches(LEVELS, 2, seed=3, bots=["greedy"])
    data = summary.to_json()
    assert data["sides"] == [[0, 2], [1, 3]] and sum(data["wins"]) == 2
    for r in data["results"]:
        assert r["hands"] == len(r["progress"]) and r["winner"] in (0, 1)
        assert r["progress"][-1][r["winner"]] == "A"  # the winner passed the last level
    again = simulate_matches(LEVELS, 2, seed=3, bots=["greedy"]).to_json()
    assert again == data  # a run depends only on its seed


def test_a_match_that_does_not_end_is_an_error() -> None:
    with pytest.raises(MatchError, match=r"match 0 \(seed 1\) did not end in 1 hands"):
        play_match(ruleset(LEVELS), ["random"] * 4, 1, 0, max_hands=1)
    with pytest.raises(ValueError, match="banzipao has no match"):
        simulate_matches("banzipao", 1)


def test_cli_simulate_matches() -> None:
    from paixing.cli import app
    from typer.testing import CliRunner

    out = CliRunner().invoke(app, ["simulate", "wushik", "--matches", "1", "--seed", "4", "--bots", "greedy", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["matches"] == 1 and data["variant"] == "wushik"
    assert all(max(r["progress"][-1]) >= 200 for r in data["results"])
    bad = CliRunner().invoke(app, ["simulate", "banzipao", "--matches", "2"])
    assert bad.exit_code == 2 and "banzipao has no match (no game.session)" in bad.output


def test_the_rulebook_says_the_match() -> None:
    from paixing.rulebook import render_rulebook

    text = render_rulebook(LEVELS, lang="en", fmt="md")
    section = text[text.index("## The match") : text.index("## Examples")]
    assert "Both sides start at 10; the levels are 10 → J → Q → K → A." in section
    assert "- the place of the partner of the first player out is 2: up 3" in section
    assert "- otherwise: up 1" in section
    assert "the place of the partner of the first player out is not 4; otherwise the attempt fails. After 3 failed attempts it goes back to 10." in section
    assert "If the givers hold ★RJ ★RJ between them they resist" in text
