"""An OpenSpiel game for any variant: ``python_paixing`` registered with ``pyspiel``.

``pyspiel.load_game("python_paixing", {"variant": ID_OR_FILE})`` (a built-in id or a file):
sequential, imperfect information, explicit chance for the deal. The first move is chance:
one of ``deals`` equally likely shuffles (default 1,000; the outcome is the deal's seed, so a
deal is reproducible by number); then the seats act as the game says, with the variant's
fixed action space (``paixing.env.actions``, level-1 indices, detail 0). Returns are the
hand's scores (terminal reward); the utility is zero-sum where every payment of the variant
is a transfer between seats, and its bounds are derived from the score table
(``paixing.env.spiel_utility``). With ``match=true`` (a variant with ``session:`` levels) an
episode is a whole match: a chance node deals each hand, levels and tribute carry over, and
the returns are +1 for the side that wins the match, -1 for the other; ``level`` is the level
both sides start at.

Tensors: the observation tensor is ``paixing.env.encode``'s dict (without the mask) flattened
in its key order; the information-state tensor is the same (the arrays already sum the
history up). Both strings and tensors are functions of the seat's observation alone: its hand
now and the public history, with every dealt hand left out of the history (the hand now and the
public moves say what the seat was dealt), so a world ``resample`` deals gives every seat the
string its cards and the public history give, and IS-MCTS finds one set of legal actions per
information state. ``resample(state, player)`` deals the cards the player cannot see again
(``paixing.agents.determinize``) for OpenSpiel's IS-MCTS (``ISMCTSBot.set_resampler``).

A state keeps one attribute (``spiel_held.Held``), so a clone costs a ``Game.copy()`` and a
state pickles (``pyspiel.serialize_game_and_state``) as its parameters and actions.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel
from paixing.env.actions import ActionSpace
from paixing.env.encode import Encoder
from paixing.env.spiel_held import DEALS, MAX_DEALS, MAX_MATCH_HANDS, Held, Params, shared
from paixing.env.spiel_utility import Utility, utility_of
from paixing.game.events import Deal, Event
from paixing.game.observation import Observation
from paixing.game.state import Game

__all__ = ["DEALS", "MAX_DEALS", "PaixingGame", "PaixingObserver", "PaixingState", "Utility", "resampler"]

GAME_TYPE = pyspiel.GameType(
    short_name="python_paixing",
    long_name="paixing: any YAML variant of a climbing card game",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,  # registered; a zero-sum variant's game says ZERO_SUM
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "", "deals": DEALS, "match": False, "level": ""},
)


def game_type(zero_sum: bool) -> pyspiel.GameType:
    """``GAME_TYPE`` as one variant declares it: zero-sum where every payment is a transfer."""
    if not zero_sum:
        return GAME_TYPE
    t = GAME_TYPE
    return pyspiel.GameType(
        short_name=t.short_name,
        long_name=t.long_name,
        dynamics=t.dynamics,
        chance_mode=t.chance_mode,
        information=t.information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=t.reward_model,
        max_num_players=t.max_num_players,
        min_num_players=t.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=t.parameter_specification,
    )


MAX_HAND_LENGTH = 20_000
"""The longest hand OpenSpiel is told of (moves, a deal included)."""


def read_params(params: dict[str, Any] | None) -> Params:
    """The game parameters, checked: ValueError naming the one that is wrong."""
    params = dict(params or {})
    variant = str(params.get("variant") or "")
    if not variant:
        raise ValueError('python_paixing needs a variant: load_game("python_paixing", {"variant": ID_OR_FILE})')
    deals = params.get("deals", DEALS)
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"python_paixing: deals must be a whole number from 1 to {MAX_DEALS:,}, not {deals!r}")
    match = params.get("match", False)
    if not isinstance(match, bool):
        raise ValueError(f"python_paixing: match must be true or false, not {match!r}")
    return Params(variant, deals, match, str(params.get("level") or ""))


class PaixingGame(pyspiel.Game):
    """A variant as an OpenSpiel game (``params``: ``variant``, ``deals``, ``match``, ``level``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = read_params(params)
        if p.level and not p.match:
            raise ValueError("python_paixing: level is the starting level of a match: give match=true with it")
        common = shared(p)
        utility = utility_of(common.space.rs, match=p.match)
        hands = MAX_MATCH_HANDS if p.match else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=common.space.size,
            max_chance_outcomes=p.deals,
            num_players=common.n,
            min_utility=float(utility.low),
            max_utility=float(utility.high),
            utility_sum=0.0 if utility.zero_sum else None,
            max_game_length=MAX_HAND_LENGTH * hands,
        )
        super().__init__(game_type(utility.zero_sum), info, {"variant": p.variant, "deals": p.deals, "match": p.match, "level": p.level})
        # pybind keeps attributes set after the base class is initialised
        self.shared = common
        self.space = common.space
        self.rs = common.space.rs
        self.deals = p.deals
        self.utility = utility

    def new_initial_state(self) -> PaixingState:
        return PaixingState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PaixingObserver:
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return PaixingObserver(self, perfect_recall=bool(perfect))


class PaixingState(pyspiel.State):
    """A hand (or a match): chance deals it, then the engine's ``Game`` plays it. Its one
    attribute is ``held`` (OpenSpiel deep-copies and pickles every attribute)."""

    def __init__(self, game: PaixingGame) -> None:
        super().__init__(game)
        self.held = Held(game.shared)

    @property
    def game(self) -> Game | None:
        """The engine's hand being played (None before the deal)."""
        return self.held.game

    @property
    def space(self) -> ActionSpace:
        """The variant's action space (shared by every state of the game)."""
        return self.held.shared.space

    def current_player(self) -> int:
        held = self.held
        if held.at_chance():
            return int(pyspiel.PlayerId.CHANCE)
        if held.terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        assert held.game is not None
        return held.game.turn

    def _legal_actions(self, player: int) -> list[int]:
        game = self.held.game
        assert game is not None and player == game.turn
        return sorted(self.space.legal(game.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.held.shared.params.deals
        p = 1.0 / deals
        return [(seed, p) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        self.held.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        # the index too: OpenSpiel wants one string per legal action, and a key's description
        # leaves out what tells some keys apart (the suit of a straight flush)
        return f"{self.space.describe(int(action))} #{int(action)}"

    def is_terminal(self) -> bool:
        return self.held.terminal()

    def returns(self) -> list[float]:
        return self.held.returns()

    def resample(self, player: int, rng: random.Random) -> PaixingState:
        """A copy with the cards ``player`` cannot see dealt again (for IS-MCTS)."""
        other = self.clone()
        other.held = self.held.resample(player, rng)
        return other

    def __str__(self) -> str:
        game = self.held.game
        if game is None:
            return "(not dealt)"
        hands = " / ".join(" ".join(map(str, h)) for h in game.hands)
        head = f"hand {game.hand_number} " if self.held.shared.params.match else ""
        return f"{head}[{hands}] " + " / ".join(game.actions)


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
        held = state.held
        head = f"p{player}"
        if held.game is None:
            return f"{head} (not dealt)"
        if held.shared.params.match:  # the match state the hand was dealt with
            head += f" hand {held.game.hand_number} match{held.game.match_state.to_json(held.game.rules.session)}"
        obs = held.game.observation(player)
        if self.perfect_recall:
            return f"{head} {info_state(obs)}"
        return f"{head} {table(obs)}"


def info_state(obs: Observation) -> str:
    """The seat's information state: its hand now and the public history of the hand (every
    event as all seats saw it; a deal names only its dealer). The cards it was dealt are its
    hand now with its moves and the public exchanges undone, so nothing the seat knows is lost,
    and a resampled world, whose log still holds the real deal, gives the same string for the
    same hand and history."""
    events = map(event_text, obs.history)
    partner = "" if obs.partner is None else f" partner {obs.partner}"
    return f"hand[{' '.join(map(str, obs.hand))}]{partner} | " + " | ".join(events)


@lru_cache(maxsize=1 << 16)
def event_text(event: Event) -> str:
    """An event as every seat saw it (a deal: its dealer only); events are immutable and
    shared by copies, so each is written once (it was most of a random simulation's time)."""
    return f"deal by {event.dealer}" if isinstance(event, Deal) else str(event.to_json())


def table(obs: Observation) -> str:
    """The seat's observation now (not perfect recall): hand, cards left, the trick, the turn."""
    trick = " ".join(f"{s}:{p or 'pass'}" for s, p in obs.trick)
    hand = " ".join(map(str, obs.hand))
    return f"{obs.phase} hand[{hand}] left{list(obs.cards_left)} trick[{trick}] turn {obs.turn}"


def resampler(state: PaixingState, player: int, rng: random.Random | None = None) -> PaixingState:
    """``ISMCTSBot.set_resampler`` callback: ``state`` with ``player``'s unseen cards re-dealt."""
    return state.resample(player, rng or random.Random())


pyspiel.register_game(GAME_TYPE, PaixingGame)
