"""A PettingZoo AEC environment for any variant: ``paixing.env.env(variant_id_or_file)``.

Agents are ``seat_0`` … ``seat_{n-1}``. Each step the agent to act gives one level-1 index of
the variant's fixed action space (``paixing.env.actions``; its legal indices are the
``action_mask`` of its observation), and the engine's first matching legal action is applied
(level 2, detail 0). Observations are ``Game.observation(seat)`` encoded by
``paixing.env.encode``, so no agent sees another seat's cards. The reward after each step is
the change of each seat's score (dealt-hand rewards during the deal count in the first step);
their sum over a hand is the hand's score. Every agent is terminated when the hand ends.

The game is turn-based, so a parallel (simultaneous-move) interface does not apply: PettingZoo's
``parallel_api_test`` is for environments where every agent acts each cycle.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from paixing.env.actions import ActionSpace, action_space
from paixing.env.encode import Encoder
from paixing.game.actions import Action
from paixing.game.state import Game, new_game
from paixing.hands.compile import Ruleset
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers


class PaixingEnv(AECEnv):
    """One hand of a variant per episode (``reset(seed)`` deals it)."""

    metadata = {"render_modes": ["ansi"], "name": "paixing_v0", "is_parallelizable": False}

    def __init__(self, variant: str | Ruleset, render_mode: str | None = None) -> None:
        super().__init__()
        self.space: ActionSpace = action_space(variant)
        self.rs = self.space.rs
        self.encoder = Encoder(self.space)
        self.render_mode = render_mode
        n = self.rs.variant.players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self._obs_space = self.encoder.observation_space()
        self._act_space = spaces.Discrete(self.space.size)
        self.game: Game | None = None
        self._seed = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.game = new_game(self.rs, self._seed)
        self.encoder.reset()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = [0] * len(self.agents)
        self._after_action()

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``; ValueError for a name that is no agent (``seat_-1`` read the
        last seat's private observation)."""
        if agent not in self.possible_agents:
            raise ValueError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def _after_action(self) -> None:
        """Rewards (score changes), terminations and the next agent, after a deal or a move."""
        game = self.game
        assert game is not None
        for s, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(game.scores[s] - self._scores[s])
        self._scores = list(game.scores)
        self._accumulate_rewards()
        if game.over:
            self.terminations = {a: True for a in self.agents}
            # the agent selection walks the dead agents out in seat order
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[game.turn]

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and action is not None
        self.space.check_index(action)  # a string or a fraction is no index: not read as one
        self._cumulative_rewards[agent] = 0.0
        game.apply(self.space.action_to_play(game, int(action)))
        self._after_action()

    # ------------------------------------------------------------------ observation
    def mask(self, seat: int) -> np.ndarray:
        """The action mask of ``seat``: its legal level-1 indices (none when not to act)."""
        game = self.game
        assert game is not None
        mask = np.zeros(self.space.size, np.int8)
        if seat == game.turn and not game.over:
            mask[list(self.space.legal(game.legal_actions()))] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        seat = self._seat(agent)
        return self.encoder.encode(game.observation(seat), self.mask(seat))

    def legal_actions(self) -> dict[int, list[Action]]:
        """The legal actions of the agent to act, by level-1 index (level 2: the lists)."""
        assert self.game is not None
        return self.space.legal(self.game.legal_actions())

    def render(self) -> str | None:
        if self.game is None:
            return None
        text = "\n".join(str(e.to_json()) for e in self.game.log[-self.num_agents :])
        if self.render_mode == "ansi":
            return text
        return None

    def close(self) -> None:
        pass


def raw_env(variant: str | Ruleset, render_mode: str | None = None) -> PaixingEnv:
    """The environment without PettingZoo's checking wrappers."""
    return PaixingEnv(variant, render_mode)


def env(variant: str | Ruleset, render_mode: str | None = None) -> AECEnv:
    """The environment for ``variant`` (a built-in id or a file) with PettingZoo's usual wrappers:
    an out-of-bounds or illegal index raises instead of being silently mis-played."""
    wrapped: AECEnv = wrappers.AssertOutOfBoundsWrapper(raw_env(variant, render_mode))
    return wrappers.OrderEnforcingWrapper(wrapped)
