"""Whole matches as OpenSpiel episodes (issue 20, item 5): ``match=true`` deals every hand of a
levelled match at a chance node, carries levels and tribute from hand to hand, and returns +1
to the side that wins the match; ``level`` is the level both sides start at."""

from __future__ import annotations

import os
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
spiel = pytest.importorskip("paixing.env.spiel")

from paixing.env.spiel_held import seat_sides  # noqa: E402

from tests.helpers import LEVELS  # noqa: E402


def _match(variant: str = LEVELS, **more: object) -> object:
    return pyspiel.load_game("python_paixing", {"variant": variant, "deals": 30, "match": True, **more})


def _play(game: object, seed: int, hands: int = 10**6) -> tuple[object, list[dict[str, object]]]:
    """A random match (or its first ``hands`` hands); each hand's first events and level."""
    r = random.Random(seed)
    state = game.new_initial_state()
    dealt: list[dict[str, object]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            if len(dealt) == hands:
                break
            state.apply_action(r.randrange(30))
            carried = dict(state.held.progress.carried)
            dealt.append({"level": state.game.level, "carried": carried.get("level"), "kinds": [e.kind for e in state.game.log]})
            continue
        state.apply_action(r.choice(state.legal_actions()))
    return state, dealt


@pytest.mark.parametrize(("variant", "first"), [(LEVELS, "10"), ("guandan", "2")])
def test_a_whole_match_is_one_episode(variant: str, first: str) -> None:
    game = _match(variant)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility()) == (-1, 1)
    state, dealt = _play(game, seed=3)
    assert len(dealt) >= 2 and state.is_terminal()
    assert dealt[0]["level"] == first  # both sides start at the first level
    for hand in dealt[1:]:
        assert hand["level"] == hand["carried"]  # each hand is played at the level the last one carried
    assert any({"tribute", "tribute_resisted"} & set(h["kinds"]) for h in dealt[1:])
    won = state.held.progress.winner
    assert won is not None
    sides = seat_sides(state.game)
    assert state.returns() == [1.0 if side == won else -1.0 for side in sides]
    assert sum(state.returns()) == 0


def test_between_hands_the_state_is_a_chance_node_and_no_return_is_paid() -> None:
    state, dealt = _play(_match(), seed=5, hands=1)
    assert len(dealt) == 1 and state.is_chance_node() and not state.is_terminal()
    assert state.game.over and state.returns() == [0.0] * 4
    assert len(state.chance_outcomes()) == 30


def test_the_starting_level() -> None:
    state, dealt = _play(_match(level="K"), seed=1, hands=1)
    assert dealt[0]["level"] == "K"
    assert state.game.match_state.levels == (3, 3)


def test_a_match_state_serializes_across_hands() -> None:
    game = _match()
    state, _ = _play(game, seed=7, hands=2)
    r = random.Random(0)
    state.apply_action(4)
    for _ in range(5):
        state.apply_action(r.choice(state.legal_actions()))
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(back) == str(state) and back.held.progress == state.held.progress
    assert back.information_state_string(0) == state.information_state_string(0)
    assert state.information_state_string(0).startswith("p0 hand 3 match{'levels': [")


@pytest.mark.slow
def test_random_simulation_of_whole_matches() -> None:  # ~8 s a match
    sims = int(os.environ.get("PAIXING_SPIEL_SIMS", "3"))
    pyspiel.random_sim_test(_match(), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.slow
def test_random_simulation_of_a_guandan_match() -> None:
    sims = int(os.environ.get("PAIXING_SPIEL_SIMS", "1"))
    pyspiel.random_sim_test(_match("guandan", level="Q"), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"variant": "banzipao", "match": True}, r"python_paixing: banzipao plays no match \(its rules have no session:\), so match=true does not apply"),
        ({"variant": "guandan", "match": True, "level": "1"}, r"python_paixing: level '1' is not a level of guandan \(its levels: 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A\)"),
        ({"variant": "guandan", "level": "5"}, r"python_paixing: level is the starting level of a match: give match=true with it"),
    ],
)
def test_match_parameters_are_checked(params: dict[str, object], message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game("python_paixing", params)
