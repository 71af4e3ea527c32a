"""The OpenSpiel game (needs the ``env`` extra; skipped cleanly without open-spiel): the random
simulation test, MCTS and information-set MCTS on it, resampling that keeps what a seat knows."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
spiel = pytest.importorskip("paixing.env.spiel")


def _dealt(variant: str, deal: int = 3) -> tuple[object, object]:
    game = pyspiel.load_game("python_paixing", {"variant": variant, "deals": 20})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 20
    state.apply_action(deal)
    return game, state


@pytest.mark.parametrize("variant", ["banzipao", pytest.param("doudizhu", marks=pytest.mark.slow)])  # 斗地主: ~6 min
def test_random_simulation(variant: str) -> None:
    game = pyspiel.load_game("python_paixing", {"variant": variant, "deals": 20})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_variant_is_required() -> None:
    with pytest.raises(Exception, match="needs a variant"):
        pyspiel.load_game("python_paixing")


def test_mcts_and_ismcts_choose_legal_actions() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game, state = _dealt("chibi-dagun")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False)
    assert bot.step(state) in state.legal_actions()
    is_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    r = random.Random(0)
    is_bot.set_resampler(lambda s, p: spiel.resampler(s, p, r))
    assert is_bot.step(state) in state.legal_actions()


def test_resampling_keeps_what_the_seat_knows() -> None:
    _, state = _dealt("doudizhu")
    r = random.Random(1)
    while state.game.phase != "play":
        state.apply_action(state.legal_actions()[-1])
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    for _ in range(10):
        other = state.resample(seat, r)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.game.hands[seat] == state.game.hands[seat]
        assert [len(h) for h in other.game.hands] == [len(h) for h in state.game.hands]
        assert sorted(map(str, sum(other.game.hands, []) + other.game.kitty)) == sorted(
            map(str, sum(state.game.hands, []) + state.game.kitty)
        )
    assert len(state.information_state_tensor(seat)) == len(state.observation_tensor(seat))
