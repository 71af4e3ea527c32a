"""Many learner games in one call (issue 20): ``PaixingVectorEnv`` and Gymnasium's own
``SyncVectorEnv`` over the registered environment play the same games, every row always has a
legal action, and an ended episode is reset in the same step with its last observation kept."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
import paixing.env  # noqa: E402,F401
from gymnasium.vector import AutoresetMode  # noqa: E402
from paixing.env.gym import PaixingGymEnv  # noqa: E402
from paixing.env.vector import PaixingVectorEnv  # noqa: E402


def _first_legal(masks: np.ndarray) -> np.ndarray:
    return masks.argmax(axis=1)


def test_a_batch_plays_the_games_its_single_environments_play() -> None:
    vec = gymnasium.make_vec("paixing/zhengshangyou-v0", num_envs=3, vectorization_mode="vector_entry_point", opponents="greedy")
    assert isinstance(vec, PaixingVectorEnv) and vec.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    singles = [PaixingGymEnv("zhengshangyou", opponents="greedy") for _ in range(3)]
    obs, infos = vec.reset(seed=10)
    assert list(infos["seed"]) == [10, 11, 12]
    assert obs["observation"].shape == (3, singles[0].table.flat.size) and obs in vec.observation_space
    one = [env.reset(seed=10 + i)[0] for i, env in enumerate(singles)]
    ended = 0
    for _ in range(60):
        for i in range(3):
            assert np.array_equal(obs["observation"][i], one[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], one[i]["action_mask"])
        assert obs["action_mask"].any(axis=1).all()  # every row has a legal action
        actions = _first_legal(obs["action_mask"])
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        for i, env in enumerate(singles):
            one[i], reward, done, cut, _ = env.step(int(actions[i]))
            assert (rewards[i], terminated[i], truncated[i]) == (reward, done, cut)
            if done or cut:
                ended += 1
                assert infos["_final_obs"][i] and np.array_equal(infos["final_obs"][i]["observation"], one[i]["observation"])
                one[i] = env.reset(seed=int(infos["seed"][i]))[0]  # the row's next episode, by its seed
    assert ended >= 3


def test_gymnasiums_sync_vector_env_runs_it() -> None:
    vec = gymnasium.make_vec("paixing/banzipao-v0", num_envs=2, vectorization_mode="sync")
    obs, _ = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(40):
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in obs["action_mask"]]
        obs, rewards, terminated, truncated, _ = vec.step(np.array(actions))
        assert obs["observation"].shape[0] == 2 and rewards.shape == (2,)
    vec.close()


def test_a_batch_refuses_the_wrong_number_of_actions_and_games() -> None:
    vec = PaixingVectorEnv("banzipao", num_envs=2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match=r"^step takes 2 actions, one per game, not shape \(3,\)$"):
        vec.step(np.zeros(3, int))
    with pytest.raises(ValueError, match="^3 seeds given for 2 games$"):
        vec.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="^num_envs must be a whole number from 1, not 0$"):
        PaixingVectorEnv("banzipao", num_envs=0)
