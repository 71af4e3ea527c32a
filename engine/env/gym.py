"""A Gymnasium single-agent environment: one learner seat against fixed opponents.

``gymnasium.make("paixing/<variant>-v0", opponents="random")`` (registered for every built-in
variant once ``paixing.env`` is imported) or ``PaixingGymEnv(variant_or_file, …)``. The learner
sits at ``seat`` (0 by default; None: a seat drawn each episode); the other seats are played by
``opponents``, any paixing agent: a bot name of the registry with its budget (``random``,
``greedy``, ``search:200``), a Python class ``module:Class`` built as ``Class(seed)`` (as the
arena takes them), an object with ``choose(obs) -> Action``, or a callable ``seed -> agent``;
one for every opponent, a comma-separated string or a list of one per opponent seat (in seat
order). Named opponents are built afresh for every hand with ``bot_seed(episode seed, hand,
seat)``, so an episode depends on its seed alone.

Each ``step`` takes one level-1 index for the learner, then lets the opponents play until the
learner is to act again or the episode ends. The reward is the learner's score change over
that stretch (its sum over an episode is the learner's score: a hand's, or a match's summed).
An episode in which the learner would never act (a hand it sits out, such as a
1-against-1 contract between two other seats) is skipped: ``reset`` deals the next seed of
``np_random`` instead (``info["skipped"]`` counts them, ``info["seed"]`` names the episode
played), so every observation ``reset`` returns has a legal action.
Observations are PettingZoo's classic dict (``paixing.env.table``): ``observation`` and
``action_mask``; the mask is also ``info["action_mask"]`` and ``action_masks()`` (the method
maskable learners such as sb3-contrib's ``MaskablePPO`` call).

**An illegal action** (an index of the space that is not legal now) is answered, by default,
with the invalid-action penalty of the masking literature (Huang & Ontañón, *A Closer Look at
Invalid Action Masking*): the game does not change, the reward is ``illegal_reward`` (-1.0),
``info["illegal_action"]`` is True, and the episode goes on; after ``max_illegal`` illegal
actions in a row it is truncated. ``illegal="terminate"`` ends the episode instead with that
reward (PettingZoo's ``TerminateIllegalWrapper`` convention for classic games), and
``illegal="raise"`` raises ValueError. What is no index at all (a string, a fraction, a number
outside the space) is always a ValueError.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import paixing.agents  # noqa: F401  (registers every built-in bot: search)
from gymnasium import spaces
from paixing.agents.bots import BOTS, Bot, make_bot
from paixing.agents.play import MAX_ACTIONS, HandDidNotEnd, bot_seed
from paixing.env.table import SEED_BOUND, Table
from paixing.hands.compile import Ruleset
from paixing.runs.matches import MAX_MATCH_HANDS

ILLEGAL_MODES = ("penalty", "terminate", "raise")
"""How an illegal action is answered (see the module docstring)."""
ILLEGAL_REWARD = -1.0
MAX_ILLEGAL = 100
MAX_SKIPPED = 100
"""Episodes in a row without a turn for the learner before ``reset`` gives up."""

OpponentSpec = str | Bot | Callable[[int], Bot]
"""An agent name, an agent, or a factory ``seed -> agent``."""


def _entry_point(name: str) -> Callable[[int], Bot]:
    """The class ``module:Class`` names (imported from ``sys.path``, the current directory
    first, as the arena does); ValueError in one line when it cannot be loaded."""
    module_name, _, attr = name.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any import failure of a user's module is one line
        raise ValueError(f"opponent {name!r}: cannot import {module_name!r} ({type(exc).__name__}: {exc})") from None
    cls = getattr(module, attr, None)
    if cls is None or not callable(cls) or not callable(getattr(cls, "choose", None)):
        raise ValueError(f"opponent {name!r}: {module_name!r} has no class {attr!r} with a choose(obs) method")
    built: Callable[[int], Bot] = cls
    return built


def opponent_factory(spec: OpponentSpec) -> Callable[[int], Bot]:
    """``seed -> agent`` for one opponent spec; ValueError naming a spec that is no agent."""
    if isinstance(spec, str):
        name = spec.strip()
        base, colon, rest = name.partition(":")
        if base in BOTS:
            make_bot(name, 0)  # a bad budget is refused now, not at the first hand
            return lambda seed: make_bot(name, seed)
        if colon and rest.isidentifier() and all(part.isidentifier() for part in base.split(".")):
            return _entry_point(name)
        raise ValueError(f"unknown opponent {name!r} (choose {', '.join(BOTS)}, module:Class, an agent or a factory)")
    if callable(getattr(spec, "choose", None)):
        agent = spec
        return lambda seed: agent  # type: ignore[return-value]
    if callable(spec):
        return spec
    raise ValueError(f"an opponent is a name, an agent with choose(obs) or a factory seed -> agent, not {spec!r}")


def opponent_factories(opponents: OpponentSpec | Sequence[OpponentSpec], count: int) -> list[Callable[[int], Bot]]:
    """One factory per opponent seat from one spec (or a comma-separated string) or a list."""
    if isinstance(opponents, str):
        specs: list[OpponentSpec] = [part for part in opponents.split(",")]
    elif isinstance(opponents, Sequence):
        specs = list(opponents)
    else:
        specs = [opponents]
    if len(specs) == 1:
        specs = specs * count
    if len(specs) != count:
        raise ValueError(f"{len(specs)} opponents given for {count} opponent seats (give one, or one per seat)")
    return [opponent_factory(s) for s in specs]


class PaixingGymEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """One learner seat of a variant against fixed opponents (see the module docstring)."""

    RENDER_MODES = ("ansi", "human")
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        variant: str | Ruleset,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        seat: int | None = 0,
        episode: str = "hand",
        level: str | None = None,
        illegal: str = "penalty",
        illegal_reward: float = ILLEGAL_REWARD,
        max_illegal: int = MAX_ILLEGAL,
        max_hands: int = MAX_MATCH_HANDS,
        render_mode: str | None = None,
    ) -> None:
        self.table = Table(variant, episode, level, max_hands)
        n = self.table.n
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat must be one of 0 … {n - 1} or None (drawn each episode), not {seat!r}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of ansi, human or None, not {render_mode!r}")
        self.factories = opponent_factories(opponents, n - 1)
        self.fixed_seat = seat
        self.seat = seat or 0
        """The learner's seat this episode."""
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_illegal = max_illegal
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space()  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self.table.space.size)
        self._bots: dict[int, Bot] = {}
        self._bots_hand = -1
        self._credited = 0
        self._illegal_run = 0
        self.skipped = 0
        """Episodes the last reset skipped: the learner had no turn in them."""

    # ------------------------------------------------------------------ episode
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal episode ``seed`` (None: the next seed of ``np_random``); ``options``:
        ``{"level": rank}`` deals this hand at that level."""
        self.start(seed, options)
        return self._observe(), self._info(False)

    def start(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """``reset`` without building its answer (the vector environment writes it in place)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0):
            raise ValueError(f"a seed is a whole number, not negative: {seed!r}")
        super().reset(seed=None if seed is None else int(seed))
        episode = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self.skipped = 0
        while True:
            self.seat = self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(self.table.n))
            self.table.start(episode, (options or {}).get("level"))
            self._bots_hand = -1
            self._credited = 0
            self._illegal_run = 0
            self._play_opponents()
            if not self.table.over:
                return
            # the learner never acts in this episode (a hand it sits out): deal the next one
            self.skipped += 1
            if self.skipped >= MAX_SKIPPED:
                raise RuntimeError(f"seat {self.seat} of {self.table.rs.id} had no turn in {MAX_SKIPPED} episodes in a row")
            episode = int(self.np_random.integers(SEED_BOUND))

    def _opponent(self, seat: int) -> Bot:
        """The agent at ``seat`` for this hand (named ones built anew each hand, seeded)."""
        table = self.table
        if self._bots_hand != table.hand:
            self._bots_hand = table.hand
            others = [s for s in range(table.n) if s != self.seat]
            self._bots = {s: f(bot_seed(table.seed, table.hand, s)) for s, f in zip(others, self.factories, strict=True)}
        return self._bots[seat]

    def _play_opponents(self) -> None:
        """Let the opponents act until the learner is to act or the episode is over."""
        table = self.table
        actions = 0
        while not table.over and table.turn != self.seat:
            game = table.game
            assert game is not None
            seat = game.turn
            table.apply_action(self._opponent(seat).choose(game.observation(seat)))
            actions += 1
            if actions > MAX_ACTIONS:
                raise HandDidNotEnd(f"the opponents did not hand the turn back in {MAX_ACTIONS} actions")

    def step(self, action: int | np.integer[Any]) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.act(action)
        return self._observe(), reward, terminated, truncated, self._info(illegal)

    def act(self, action: int | np.integer[Any]) -> tuple[float, bool, bool, bool]:
        """``step`` without building its observation: (reward, terminated, truncated, illegal)."""
        table = self.table
        space = table.space
        space.check_index(action)
        if table.over:  # the episode ended (an instant end at the deal, or a step after the end)
            return self._outcome(0.0)
        index = int(action)
        if index in table.legal_indices():
            self._illegal_run = 0
            table.apply(index)
            self._play_opponents()
            return self._outcome(0.0)
        if self.illegal == "raise":
            raise ValueError(f"action {index} ({space.describe(index)}) is not legal now")
        self._illegal_run += 1
        reward, _, truncated, _ = self._outcome(self.illegal_reward)
        if self.illegal == "terminate":
            return reward, True, False, True
        return reward, False, truncated or self._illegal_run >= self.max_illegal, True

    def _outcome(self, extra: float) -> tuple[float, bool, bool, bool]:
        """The learner's score change since the last step (plus ``extra``), and the ends."""
        table = self.table
        total = table.totals[self.seat]
        reward = float(total - self._credited) + extra
        self._credited = total
        truncated = table.truncated
        return reward, table.over and not truncated, truncated, False

    # ------------------------------------------------------------------ observation
    def _observe(self) -> dict[str, np.ndarray]:
        return self.table.observe(self.seat)

    def _info(self, illegal: bool) -> dict[str, Any]:
        info = self.table.info()
        info["seat"] = self.seat
        info["illegal_action"] = illegal
        info["skipped"] = self.skipped
        info["action_mask"] = self.table.mask(self.seat)
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal indices as booleans (the method maskable learners call)."""
        return self.table.mask(self.seat).astype(bool)

    def features(self) -> dict[str, np.ndarray]:
        """The learner's observation arrays by name (``paixing.env.encode``)."""
        return self.table.features(self.seat)

    def render(self) -> str | None:
        game = self.table.game
        if game is None:
            return None
        text = "\n".join(str(e.to_json()) for e in game.log[-self.table.n :])
        if self.render_mode == "human":
            print(text)
        return text if self.render_mode == "ansi" else None
