"""The learning environments: the fixed action space (needs nothing extra) and the PettingZoo
AEC environment (needs the ``env`` extra; skipped cleanly without it)."""

from __future__ import annotations

import random
import warnings

import pytest
from paixing.env.actions import action_space, play_key
from paixing.game.state import new_game
from paixing.rules.loader import builtin_ids

VARIANTS = builtin_ids()


@pytest.mark.parametrize("variant", ["banzipao", "doudizhu", "chibi-dagun"])
def test_every_legal_action_has_an_index_and_comes_back(variant: str) -> None:
    space = action_space(variant)
    rng = random.Random(1)
    for seed in range(4):
        game = new_game(variant, seed)
        while not game.over:
            legal = game.legal_actions()
            grouped = space.legal(legal)
            assert sum(map(len, grouped.values())) == len(legal)
            for index, actions in grouped.items():
                assert all(space.play_to_action(a) == index for a in actions)
                assert space.action_to_play(game, index) == actions[0]
            index = rng.choice(sorted(grouped))
            detail = rng.randrange(len(grouped[index]))
            game.apply(space.action_to_play(game, index, detail))


def test_without_wild_cards_a_key_is_a_play() -> None:
    """斗地主 has no wild cards: one index per distinct play, kickers included (RLCard-like)."""
    space = action_space("doudizhu")
    assert space.size > 27_000
    assert all(key[4] == 0 for key in space.play_keys)
    game = new_game("doudizhu", 3)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    plays = [a for a in game.legal_actions() if a.kind == "play"]
    assert len({play_key(a.play) for a in plays if a.play}) == len(plays)


def test_an_illegal_index_is_refused() -> None:
    space = action_space("banzipao")
    game = new_game("banzipao", 0)
    legal = space.legal(game.legal_actions())
    illegal = next(i for i in range(space.size) if i not in legal)
    with pytest.raises(ValueError, match="not legal now"):
        space.action_to_play(game, illegal)
    assert space.describe(space.size - 1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api(variant: str) -> None:
    pytest.importorskip("pettingzoo")
    from paixing.env import env
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict observation and idle seats' all-zero masks
        api_test(env(variant), num_cycles=200)


def test_pettingzoo_observation_is_the_seats_own() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np
    from paixing.env import raw_env

    e = raw_env("doudizhu")
    e.reset(seed=5)
    total = 0.0
    while e.agents:
        agent = e.agent_selection
        obs, reward, done, _, _ = e.last()
        total += reward
        seat = int(agent.split("_")[1])
        assert obs["hand"].sum() == len(e.game.hands[seat])
        if done:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["cards_left"][0] == len(e.game.hands[seat])
        e.step(int(np.flatnonzero(mask)[-1]))
    assert e.game.over
