"""Many learner games stepped in one call: a Gymnasium ``VectorEnv`` over ``PaixingGymEnv``.

``gymnasium.make_vec("paixing/<variant>-v0", num_envs=N, vectorization_mode="vector_entry_point",
opponents=…)`` or ``PaixingVectorEnv(variant, num_envs=N, …)`` (the keywords are
``PaixingGymEnv``'s). Unlike ``SyncVectorEnv``, which builds each game's observation dict and
info and then concatenates them, each game writes its row of the batch arrays in place and the
infos are a few arrays: the engine's moves are the only per-game cost left.

Observations are ``{"observation": (N, F) float32, "action_mask": (N, A) int8}``; ``step``
takes N level-1 indices. A game whose episode ends is reset in the same step
(``AutoresetMode.SAME_STEP``): its row is already the next episode's first observation, so
every row always has a legal action to mask with; the ended episode's last observation is
``infos["final_obs"]`` (per row, with the mask ``infos["_final_obs"]``), as Gymnasium's
vector environments give it in that mode. ``infos`` also holds ``seed`` (each row's episode
seed), ``hand`` and ``illegal_action`` arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from paixing.env.gym import PaixingGymEnv
from paixing.hands.compile import Ruleset


class PaixingVectorEnv(VectorEnv):
    """``num_envs`` learner games of one variant (see the module docstring)."""

    def __init__(self, variant: str | Ruleset, num_envs: int = 1, **kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        self.envs = [PaixingGymEnv(variant, **kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
        self.render_mode = None
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, first.table.flat.size), np.float32)
        self._masks = np.zeros((num_envs, first.table.space.size), np.int8)

    def _write(self, i: int) -> None:
        env = self.envs[i]
        env.table.observe_into(env.seat, self._obs[i], self._masks[i])

    def _batch(self) -> dict[str, np.ndarray]:
        return {"observation": self._obs.copy(), "action_mask": self._masks.copy()}

    def _infos(self) -> dict[str, Any]:
        return {
            "seed": np.array([e.table.seed for e in self.envs], np.uint64),
            "hand": np.array([e.table.hand for e in self.envs], np.int32),
        }

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Reset every game: ``seed`` an int (game ``i`` gets ``seed + i``), one per game, or
        None (each game's next seed)."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds given for {self.num_envs} games")
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            env.start(s, options)
            self._write(i)
        infos = self._infos()
        infos["illegal_action"] = np.zeros(self.num_envs, bool)
        return self._batch(), infos

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per game; an ended episode is reset at once (see the module docstring)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step takes {self.num_envs} actions, one per game, not shape {actions.shape}")
        rewards = np.zeros(self.num_envs, np.float64)
        terminations = np.zeros(self.num_envs, bool)
        truncations = np.zeros(self.num_envs, bool)
        illegal = np.zeros(self.num_envs, bool)
        final_obs = np.full(self.num_envs, None, object)
        ended = np.zeros(self.num_envs, bool)
        for i, env in enumerate(self.envs):
            rewards[i], terminations[i], truncations[i], illegal[i] = env.act(actions[i])
            if terminations[i] or truncations[i]:
                ended[i] = True
                final_obs[i] = env.table.observe(env.seat)
                env.start(None)
            self._write(i)
        infos = self._infos()
        infos["illegal_action"] = illegal
        if ended.any():
            infos["final_obs"], infos["_final_obs"] = final_obs, ended
        return self._batch(), rewards, terminations, truncations, infos

    def action_masks(self) -> np.ndarray:
        """Every game's legal indices as booleans, (N, A)."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        self.envs = []
