"""The episode table's step (issue 20, speed): a step reads the legal actions its observation
issued (the legal plays are generated once per decision, not again for the mask and the
step), and the observation vector written from the encoder's buffer is the flattening of the
named arrays, in hands, whole matches and the batch's rows."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from paixing.env import raw_env  # noqa: E402
from paixing.env.table import Table  # noqa: E402


class _Counting:
    """A game that counts the table's own ``legal_actions`` calls (what ``observation`` asks
    of the game itself is not counted: that is the one generation a decision needs)."""

    def __init__(self, game: Any) -> None:
        self.__dict__["_game"] = game
        self.__dict__["calls"] = 0

    def legal_actions(self) -> Any:
        self.__dict__["calls"] += 1
        return self._game.legal_actions()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


@pytest.mark.parametrize("variant", ["doudizhu", "banzipao"])
def test_observe_then_step_asks_no_second_list(variant: str) -> None:
    e = raw_env(variant)
    rng = random.Random(4)
    steps = 0
    for seed in range(3):
        e.reset(seed=seed)
        counting = _Counting(e.table.game)
        e.table.game = counting  # type: ignore[assignment]
        while not e.table.over:
            mask = e.observe(e.agent_selection)["action_mask"]
            legal = np.flatnonzero(mask)
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        assert counting.calls == 0, f"{variant} seed {seed}: the table asked the game for its legal actions again"
    assert steps > 30


def test_a_step_without_observe_asks_once() -> None:
    table = Table("doudizhu")
    table.start(5)
    counting = _Counting(table.game)
    table.game = counting  # type: ignore[assignment]
    for _ in range(6):
        table.apply(table.legal_indices()[-1])
        assert table.legal_indices() == table.legal_indices()
    assert counting.calls == 7  # one list per state: the first and the six after a move


@pytest.mark.parametrize(("variant", "options"), [
    ("doudizhu", {}), ("chibi-dagun", {}), ("guandan", {"episode": "match", "max_hands": 2}),
])
def test_vector_is_the_flattened_arrays(variant: str, options: dict[str, Any]) -> None:
    e = raw_env(variant, **options)
    rng = random.Random(2)
    e.reset(seed=1)
    row = np.full(e.table.flat.size, 7.0, np.float32)
    mask = np.full(e.space.size, 1, np.int8)
    for _ in range(120):
        if e.table.over:
            break
        for agent in e.possible_agents:
            seat = e.possible_agents.index(agent)
            obs = e.observe(agent)
            assert np.array_equal(obs["observation"], e.table.flat.flatten(e.features(agent)))
            e.table.observe_into(seat, row, mask)
            assert np.array_equal(row, obs["observation"]) and np.array_equal(mask, obs["action_mask"])
        legal = sorted(e.legal_actions())
        assert np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist() == legal
        e.step(legal[rng.randrange(len(legal))])


def test_scores_beyond_the_bound_are_clipped() -> None:
    e = raw_env("doudizhu")
    e.reset(seed=3)
    game = e.table.game
    assert game is not None
    game.scores[0] = 3_000_000
    game.scores[1] = -2_000_000
    vector = e.observe("seat_1")["observation"]
    scores = vector[e.table.flat.slices["scores"]].tolist()
    assert scores == [-1e6, float(game.scores[2]), 1e6]
    assert np.array_equal(vector, e.table.flat.flatten(e.features("seat_1")))
