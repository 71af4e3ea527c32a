"""Tichu in the environments: the round of calls on the first 8 cards, the passing and the
priority windows are decisions of the seat the game asks (PettingZoo's ``agent_selection``,
OpenSpiel's current player), with the window said in the observation."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from paixing.env import raw_env  # noqa: E402


def test_the_seat_asked_acts_in_pettingzoo() -> None:
    e = raw_env("tichu")
    rng = random.Random(6)
    seen = {"announce": 0, "give": 0, "window": 0}
    for seed in (6, 7):  # deals on which random play opens a window
        e.reset(seed=seed)
        while e.agents:
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            game = e.game
            assert e.agent_selection == f"seat_{game.turn}"
            legal = [str(a) for a in game.legal_actions()]
            mask = obs["action_mask"]
            assert 0 < int(mask.sum()) <= len(legal)  # one index per play key: plays alike in all but suits share one
            seen["announce"] += any(a.startswith("announce") for a in legal)
            seen["give"] += any(a.startswith("give") for a in legal)
            if game.window is not None:
                seen["window"] += 1
                assert "pass" in legal and all(a == "pass" or "=" in a or len(a.split()) >= 4 for a in legal)
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert all(seen.values()), seen


def test_openspiel_plays_tichu() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("paixing.env.spiel")
    game = pyspiel.load_game("python_paixing", {"variant": "tichu", "deals": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
