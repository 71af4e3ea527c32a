"""An OpenSpiel game for any variant: ``python_paixing`` registered with ``pyspiel``.

``pyspiel.load_game("python_paixing", {"variant": ID_OR_FILE})`` (a built-in id or a file):
sequential, imperfect information, explicit chance for the deal. The first move is chance:
one of ``deals`` equally likely shuffles (default 1,000; the outcome is the deal's seed, so a
deal is reproducible by number); then the seats act as the game says, with the variant's
fixed action space (``paixing.env.actions``, level-1 indices, detail 0). Returns are the
hand's scores (terminal reward); no tight bound on them is derived from the YAML, so the
declared utility range is wide.

Tensors: the observation tensor is ``paixing.env.encode``'s dict (without the mask) flattened
in its key order; the information-state tensor is the same (the arrays already sum the
history up: played cards per seat, current trick, contract, roles). The information-state
string is perfect-recall (the seat's whole history of the hand, deals hidden as the seat saw
them); the observation string is the current table only. ``resample(state, player)`` deals the
cards the player cannot see again (``paixing.agents.determinize``) for OpenSpiel's IS-MCTS
(``ISMCTSBot.set_resampler``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from paixing.agents.determinize import resample as resample_game
from paixing.env.actions import ActionSpace, action_space
from paixing.env.encode import Encoder
from paixing.game.state import Game, new_game

DEALS = 1000
"""Chance outcomes of the deal by default: the shuffles seeded 0 … DEALS-1."""
MAX_DEALS = 100_000
"""The most chance outcomes of the deal (their list is built at every chance node)."""
UTILITY = 1e6
"""The declared utility bound (no tighter bound is derived from the scoring rules)."""

GAME_TYPE = pyspiel.GameType(
    short_name="python_paixing",
    long_name="paixing: any YAML variant of a climbing card game",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "", "deals": DEALS},
)


class PaixingGame(pyspiel.Game):
    """A variant as an OpenSpiel game (``params``: ``variant``, ``deals``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant = str(params.get("variant") or "")
        if not variant:
            raise ValueError('python_paixing needs a variant: load_game("python_paixing", {"variant": ID_OR_FILE})')
        deals = params.get("deals", DEALS)
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise ValueError(f"python_paixing: deals must be a whole number from 1 to {MAX_DEALS:,}, not {deals!r}")
        space = action_space(variant)
        n = space.rs.variant.players
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=deals,
            num_players=n,
            min_utility=-UTILITY,
            max_utility=UTILITY,
            utility_sum=None,
            max_game_length=20_000,
        )
        super().__init__(GAME_TYPE, info, {"variant": variant, "deals": deals})
        # pybind keeps attributes set after the base class is initialised
        self.space = space
        self.rs = space.rs
        self.deals = deals

    def new_initial_state(self) -> PaixingState:
        return PaixingState(self, self.space, self.deals)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PaixingObserver:
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return PaixingObserver(self, perfect_recall=bool(perfect))


class PaixingState(pyspiel.State):
    """A hand: chance deals it, then the engine's ``Game`` plays it."""

    def __init__(self, game: PaixingGame, space: ActionSpace, deals: int) -> None:
        super().__init__(game)
        self.space = space
        self.deals = deals
        self.game: Game | None = None

    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game.turn

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None and player == self.game.turn
        return sorted(self.space.legal(self.game.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(seed, p) for seed in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            if not 0 <= action < self.deals:
                raise ValueError(f"deal {action} is not a chance outcome: the deals are 0 … {self.deals - 1}")
            self.game = new_game(self.space.rs, int(action))
            return
        self.game.apply(self.space.action_to_play(self.game, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.space.describe(int(action))

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.over

    def returns(self) -> list[float]:
        if self.game is None or not self.game.over:
            return [0.0] * self.space.rs.variant.players
        return [float(s) for s in self.game.scores]

    def resample(self, player: int, rng: random.Random) -> PaixingState:
        """A copy with the cards ``player`` cannot see dealt again (for IS-MCTS)."""
        other = self.clone()
        assert self.game is not None
        other.game = resample_game(self.game, player, rng)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> PaixingState:
        other = PaixingState(self.get_game(), self.space, self.deals)
        other.game = self.game.clone() if self.game is not None else None
        return other

    def __str__(self) -> str:
        if self.game is None:
            return "(not dealt)"
        return " / ".join(self.game.actions[-8:]) or "(dealt)"


class PaixingObserver:
    """OpenSpiel's observer protocol over ``paixing.env.encode`` (see the module docstring)."""

    def __init__(self, game: PaixingGame, perfect_recall: bool) -> None:
        self.encoder = Encoder(game.space)
        self.perfect_recall = perfect_recall
        shapes = self.encoder.observation_space().spaces
        self.keys = [k for k in shapes if k != "action_mask"]
        sizes = [int(np.prod(shapes[k].shape or ())) for k in self.keys]
        self.tensor = np.zeros(sum(sizes), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for key, size in zip(self.keys, sizes, strict=True):
            self.dict[key] = self.tensor[at : at + size].reshape(shapes[key].shape or ())
            at += size
        self._empty = np.zeros(game.space.size, np.int8)

    def set_from(self, state: PaixingState, player: int) -> None:
        self.tensor.fill(0)
        if state.game is None:
            return
        self.encoder.reset()
        arrays = self.encoder.encode(state.game.observation(player), self._empty)
        for key in self.keys:
            self.dict[key][...] = arrays[key]

    def string_from(self, state: PaixingState, player: int) -> str:
        if state.game is None:
            return f"p{player} (not dealt)"
        obs = state.game.observation(player)
        if self.perfect_recall:
            return f"p{player} " + " | ".join(str(e.to_json()) for e in obs.history)
        trick = " ".join(f"{s}:{p or 'pass'}" for s, p in obs.trick)
        hand = " ".join(map(str, obs.hand))
        return f"p{player} {obs.phase} hand[{hand}] left{list(obs.cards_left)} trick[{trick}] turn {obs.turn}"


def resampler(state: PaixingState, player: int, rng: random.Random | None = None) -> PaixingState:
    """``ISMCTSBot.set_resampler`` callback: ``state`` with ``player``'s unseen cards re-dealt."""
    return state.resample(player, rng or random.Random())


pyspiel.register_game(GAME_TYPE, PaixingGame)
