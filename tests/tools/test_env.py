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
        assert set(obs) == {"observation", "action_mask"}  # PettingZoo's classic form
        features = e.features(agent)  # the flattened vector's arrays by name
        assert features["hand"].sum() == len(e.game.hands[seat])
        if done:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert features["cards_left"][0] == len(e.game.hands[seat])
        e.step(int(np.flatnonzero(mask)[-1]))
    assert e.game.over



def test_wild_cards_completing_a_kicker_pair_have_room_in_the_keys() -> None:
    """天地癞子 with wild ranks 5 and 9: 3 + 5 + 9 9 9 reads as 33999 with four wild cards, one
    of them in the kicker pair (``kickers.wilds: complete``). The space enumerates, for each
    key, up to (core cards + wild cards the kickers may hold) wild cards; it used to count the
    core only, so this play had no index (KeyError in the PettingZoo API test). Checked on
    every legal play of the position without building the whole space (that takes seconds)."""
    from paixing import parse_cards
    from paixing.env.actions import _kicker_wilds
    from paixing.game.state import Game
    from paixing.hands.cache import ruleset

    hands = [
        "7S 3D 5C 6H 6C 6D 7H 7C 7D 8S 8H 8C 8D 9D 10H 10C 10D",
        "5D JH JC JD QH QC QD KH KC KD AH AC AD 2S 2H 2C 2D",
        "6S 3S 3H 3C 9S 4S 4H 4C 4D 5S 5H 9H 9C 10S JS QS KS",
    ]
    game = Game(ruleset("doudizhu-tiandi"), 0, hands=[parse_cards(h) for h in hands],
                kitty=parse_cards("BJ RJ AS"), dealer=0, wild_ranks=["5", "9"])
    for text in ("pass", "pass", "bid 1"):
        game.apply(text)
    plays = [a.play for a in game.legal_actions() if a.play is not None]
    keys = {str(p): play_key(p) for p in plays}
    assert keys["3C 5H 9C 9H 9S"] == (4, ((6, 3),), -1, ((0, 2),), 4)  # 33999: 4 wild cards, core 3
    for p in plays:
        _, groups, _, kick, wilds = play_key(p)
        assert wilds <= sum(n for _, n in groups) + _kicker_wilds(p.type, kick), str(p)
    trio_pair = next(p.type for p in plays if p.type.id == "trio_pair")
    trio_single = next(p.type for p in plays if p.type.id == "trio_single")
    assert _kicker_wilds(trio_pair, ((0, 2),)) == 1
    assert _kicker_wilds(trio_single, ((0, 1),)) == 0
