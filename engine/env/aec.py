"""A PettingZoo AEC environment for any variant: ``paixing.env.env(variant_id_or_file)``.

Agents are ``seat_0`` … ``seat_{n-1}``. Each step the agent to act gives one level-1 index of
the variant's fixed action space (``paixing.env.actions``; its legal indices are the
``action_mask`` of its observation), and the engine's first matching legal action is applied
(level 2, detail 0). An observation is PettingZoo's classic ``{"observation", "action_mask"}``
(``paixing.env.table``): ``Game.observation(seat)`` encoded by ``paixing.env.encode``, so no
agent sees another seat's cards. The reward after each step is the change of each seat's
score (dealt-hand rewards during the deal count in the first step); their sum over an episode
is the seat's score (a match: every hand's, summed). Every agent is terminated when the
episode ends (truncated when a match reaches ``max_hands`` without a winner).

An episode is one hand, or with ``episode="match"`` a whole match of the variant's
``session:`` rules (``paixing.env.table``); ``level=`` deals a hand at a level.
``reset(seed=s)`` plays episode ``s``; ``reset()`` the next seed of a generator seeded once
from OS entropy (Gymnasium's convention).

The game is turn-based, so a parallel (simultaneous-move) interface does not apply: PettingZoo's
``parallel_api_test`` is for environments where every agent acts each cycle.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from paixing.env.actions import ActionSpace
from paixing.env.table import Seeds, Table
from paixing.game.actions import Action
from paixing.game.state import Game
from paixing.hands.compile import Ruleset
from paixing.runs.matches import MAX_MATCH_HANDS
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers


class PaixingEnv(AECEnv):
    """One hand (or one match) of a variant per episode (``reset(seed)`` deals it)."""

    RENDER_MODES = ("ansi", "human")
    metadata = {"render_modes": list(RENDER_MODES), "name": "paixing_v0", "is_parallelizable": False}

    def __init__(self, variant: str | Ruleset, render_mode: str | None = None, episode: str = "hand",
                 level: str | None = None, max_hands: int = MAX_MATCH_HANDS) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of ansi, human or None, not {render_mode!r}")
        self.table = Table(variant, episode, level, max_hands)
        self.space: ActionSpace = self.table.space
        self.rs = self.space.rs
        self.encoder = self.table.encoder
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.table.n)]
        self._obs_space = self.table.observation_space()
        self._act_space = spaces.Discrete(self.space.size)
        self._seeds = Seeds()
        self._totals = [0] * self.table.n

    @property
    def game(self) -> Game | None:
        """The hand being played (in a match: the current hand)."""
        return self.table.game

    @property
    def np_random(self) -> np.random.Generator | None:
        """The generator unseeded resets draw their episode seeds from."""
        return self._seeds.np_random

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal episode ``seed`` (None: the next seed of the generator); ``options``:
        ``{"level": rank}`` deals this hand at that level."""
        level = (options or {}).get("level")
        self.table.start(self._seeds.next(seed), level)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._totals = [0] * self.table.n
        self._after_action()

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``; ValueError for a name that is no agent (``seat_-1`` read the
        last seat's private observation)."""
        if agent not in self.possible_agents:
            raise ValueError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def _after_action(self) -> None:
        """Rewards (score changes), terminations and the next agent, after a deal or a move."""
        table = self.table
        totals = table.totals
        for s, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(totals[s] - self._totals[s])
        self._totals = totals
        self._accumulate_rewards()
        info = table.info()
        self.infos = {a: dict(info) for a in self.agents}
        if table.over:
            ended = self.truncations if table.truncated else self.terminations
            for a in self.agents:
                ended[a] = True
            # the agent selection walks the dead agents out in seat order
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[table.turn]

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None and action is not None
        self.space.check_index(action)  # a string or a fraction is no index: not read as one
        self._cumulative_rewards[agent] = 0.0
        self.table.apply(int(action))
        self._after_action()

    # ------------------------------------------------------------------ observation
    def mask(self, seat: int) -> np.ndarray:
        """The action mask of ``seat``: its legal level-1 indices (none when not to act)."""
        return self.table.mask(seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """PettingZoo's classic form: ``{"observation": float32 vector, "action_mask": int8}``."""
        return self.table.observe(self._seat(agent))

    def features(self, agent: str) -> dict[str, np.ndarray]:
        """The observation's arrays by name (``paixing.env.encode``), before flattening."""
        return self.table.features(self._seat(agent))

    def legal_actions(self) -> dict[int, list[Action]]:
        """The legal actions of the agent to act, by level-1 index (level 2: the lists)."""
        assert self.game is not None
        return dict(self.table.legal())

    def render(self) -> str | None:
        if self.game is None:
            return None
        text = "\n".join(str(e.to_json()) for e in self.game.log[-self.num_agents :])
        if self.render_mode == "human":
            print(text)
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass


def raw_env(variant: str | Ruleset, render_mode: str | None = None, **options: Any) -> PaixingEnv:
    """The environment without PettingZoo's checking wrappers (``options``: ``episode``,
    ``level``, ``max_hands``)."""
    return PaixingEnv(variant, render_mode, **options)


def env(variant: str | Ruleset, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment for ``variant`` (a built-in id or a file) with PettingZoo's usual wrappers:
    an out-of-bounds or illegal index raises instead of being silently mis-played."""
    wrapped: AECEnv = wrappers.AssertOutOfBoundsWrapper(raw_env(variant, render_mode, **options))
    return wrappers.OrderEnforcingWrapper(wrapped)
