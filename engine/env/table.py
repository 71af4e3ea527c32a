"""One episode of a variant, shared by the PettingZoo, Gymnasium and vector environments: the
deal seeds, the hand or the whole match being played, the running scores, and each seat's
observation in PettingZoo's classic form.

**Episodes.** ``episode="hand"`` (the default) is one hand; ``level="7"`` deals it at that
level (a variant with ``ranks.level`` or match levels), else at the variant's
own. ``episode="match"`` is a whole match of the variant's ``session:`` rules: hands one after
another with levels, tribute and return, points, until a side wins the match (the hands are
dealt as ``paixing simulate --matches`` deals match 0: hand ``k`` from ``game_seed(seed, k)``);
a match still going after ``max_hands`` hands is truncated.

**Seeds.** An episode is a function of one integer, its seed: ``reset(seed=s)`` plays episode
``s`` (in hand mode the deal ``paixing play --seed s`` deals); ``reset()`` draws the next seed
from the environment's generator, which is seeded once from OS entropy (or from the last
seed given), as Gymnasium's ``np_random`` is. ``Table.seed`` names the episode so that it can
be played again.

**Observations** (``observe``) are ``{"observation": float32 vector, "action_mask": int8
vector}``, PettingZoo's classic form: the vector is ``paixing.env.encode``'s arrays (all but the
mask) flattened in their order (``features`` gives them by name), the mask has a 1 for each
legal level-1 index of the seat (all zero when it is not to act).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from paixing.agents.play import game_seed
from paixing.env.actions import ActionSpace, action_space, group_by_index
from paixing.env.encode import Encoder
from paixing.game.actions import NO_ACTIONS, Action
from paixing.game.observation import Observation
from paixing.game.session import Session
from paixing.game.state import Game
from paixing.hands.compile import Ruleset
from paixing.runs.matches import MAX_MATCH_HANDS

if TYPE_CHECKING:
    from paixing.game.match import MatchState

_NO_MASK = np.zeros(0, np.int8)
"""What the encoder is given for the mask (``observe`` builds its own)."""

EPISODES = ("hand", "match")
"""What one episode is: one hand, or a whole match (``session:``)."""
SEED_BOUND = 2**63
"""Episode seeds drawn by the generator are below this (the deal seeds' range)."""
SCORE_BOUND = 1e6
"""The flattened observation's bound on a score (a score beyond it is clipped)."""


def check_episode(rs: Ruleset, episode: str, level: str | None) -> None:
    """ValueError, in one line, for an episode kind or a level the variant cannot play."""
    if episode not in EPISODES:
        raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
    rules = rs.variant.game
    if episode == "match" and (rules is None or rules.session is None):
        raise ValueError(f"{rs.id} has no match (no game.session): episode='match' needs one")
    if level is None:
        return
    if episode == "match":
        raise ValueError("a match starts at its first level: level= is for episode='hand'")
    session = rules.session if rules is not None else None
    if rs.variant.ranks.level is None and (session is None or session.levels is None):
        raise ValueError(f"{rs.id} has no levels (no ranks.level, no session levels): level= does not apply")
    if level not in rs.variant.ranks.order:
        raise ValueError(f"level {level!r} is not a rank of {rs.id} ({' '.join(rs.variant.ranks.order)})")


class Flattener:
    """The encoder's arrays but the mask, as one float32 vector (their order, row-major)."""

    def __init__(self, encoder: Encoder) -> None:
        shapes = encoder.observation_space().spaces
        self.keys = [k for k in shapes if k != "action_mask"]
        self.shapes = {k: shapes[k].shape or () for k in self.keys}
        sizes = [int(np.prod(self.shapes[k])) for k in self.keys]
        self.size = sum(sizes)
        self.slices: dict[str, slice] = {}
        at = 0
        for key, size in zip(self.keys, sizes, strict=True):
            self.slices[key] = slice(at, at + size)
            at += size
        boxes = {k: shapes[k] for k in self.keys}
        assert all(isinstance(b, spaces.Box) for b in boxes.values())
        low = np.concatenate([np.broadcast_to(b.low, self.shapes[k]).ravel() for k, b in boxes.items()])  # type: ignore[attr-defined]
        high = np.concatenate([np.broadcast_to(b.high, self.shapes[k]).ravel() for k, b in boxes.items()])  # type: ignore[attr-defined]
        self.low = np.clip(low, -SCORE_BOUND, SCORE_BOUND).astype(np.float32)
        self.high = np.clip(high, -SCORE_BOUND, SCORE_BOUND).astype(np.float32)
        self.clipped = np.flatnonzero((low < -SCORE_BOUND) | (high > SCORE_BOUND))
        """Where the encoder's bound is wider than the vector's (the scores): clipped."""
        self.encoder = encoder
        self._runs: list[tuple[int, int, int, int]] = []
        """(vector start, end, buffer start, end) of the encoder's int8 arrays, runs of
        neighbours merged (two in all: the keys before ``scores`` and after)."""
        for key in self.keys:
            if key not in encoder.at:
                continue
            at, size = encoder.at[key], int(np.prod(self.shapes[key]))
            start = self.slices[key].start
            runs = self._runs
            if runs and runs[-1][1] == start and runs[-1][3] == at:
                runs[-1] = (runs[-1][0], start + size, runs[-1][2], at + size)
            else:
                runs.append((start, start + size, at, at + size))
        self._cards_left = self.slices["cards_left"]
        self._scores = self.slices["scores"]
        lo, hi = self.low[self._scores], self.high[self._scores]
        self._score_bounds = (float(lo.min()), float(hi.max())) if len(self.clipped) else None
        """The scores' bounds when the vector clips them (a score beyond is clipped)."""
        assert set(self.keys) == {*encoder.at, "cards_left", "scores"}

    def space(self) -> spaces.Box:
        return spaces.Box(self.low, self.high, (self.size,), np.float32)

    def flatten(self, arrays: dict[str, np.ndarray], out: np.ndarray | None = None) -> np.ndarray:
        """The vector of ``arrays`` (written into ``out`` when given: a batch row)."""
        vector = np.empty(self.size, np.float32) if out is None else out
        for key in self.keys:
            vector[self.slices[key]] = arrays[key].ravel()
        if len(self.clipped):
            at = self.clipped
            vector[at] = np.clip(vector[at], self.low[at], self.high[at])
        return vector

    def encode(self, obs: Observation, match: MatchState | None, out: np.ndarray | None = None) -> np.ndarray:
        """``flatten(encoder.encode(obs, …))`` without the dict: the encoder's buffer is copied
        by runs (a numpy call per small array and the dict of views were most of an
        observation's cost)."""
        buf, cards_left, scores = self.encoder.fill(obs, match)
        vector = np.empty(self.size, np.float32) if out is None else out
        ints = np.frombuffer(buf, np.int8)
        for start, end, a, b in self._runs:
            vector[start:end] = ints[a:b]
        vector[self._cards_left] = cards_left
        bounds = self._score_bounds
        if bounds is not None and (min(scores) < bounds[0] or max(scores) > bounds[1]):
            scores = [min(max(s, bounds[0]), bounds[1]) for s in scores]
        vector[self._scores] = scores
        return vector

    def unflatten(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The named arrays of a vector (views into it)."""
        return {k: vector[self.slices[k]].reshape(self.shapes[k]) for k in self.keys}


class Seeds:
    """Episode seeds: the one given, or the next of a generator seeded once (OS entropy when no
    seed was ever given), as Gymnasium's ``reset(seed=…)`` does."""

    def __init__(self) -> None:
        self.np_random: np.random.Generator | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"a seed is a whole number, not {seed!r}")
            if seed < 0:
                raise ValueError(f"a seed is not negative: {seed}")
            self.np_random, _ = seeding.np_random(int(seed))
            return int(seed)
        if self.np_random is None:
            self.np_random, _ = seeding.np_random(None)
        return int(self.np_random.integers(SEED_BOUND))


class Table:
    """The episode being played (see the module docstring): ``start(seed)``, ``apply(index)``,
    ``observe(seat)``; ``totals`` are each seat's scores summed over the episode so far."""

    def __init__(self, variant: str | Ruleset, episode: str = "hand", level: str | None = None,
                 max_hands: int = MAX_MATCH_HANDS) -> None:
        self.space: ActionSpace = action_space(variant)
        self.rs = self.space.rs
        check_episode(self.rs, episode, level)
        self.episode = episode
        self.level = level
        self.max_hands = max_hands
        self.n = self.rs.variant.players
        self.encoder = Encoder(self.space)
        self.flat = Flattener(self.encoder)
        self.seed = 0
        self.hand = 0
        """The hand of the episode being played (0 first)."""
        self.game: Game | None = None
        self.session: Session | None = None
        self._banked = [0] * self.n  # the finished hands' scores (a match)
        self._actions: Sequence[Action] = NO_ACTIONS
        """The legal actions of the seat to act, as the game issued them last."""
        self._indices: list[int] = []
        """The level-1 index of each of them (the mask's ones, the step's lookup)."""
        self._grouped: dict[int, list[Action]] | None = None
        self._legal_of: tuple[Game | None, int, int] = (None, -1, -1)
        """The state ``_actions`` were issued in: the game object, its log's and its action
        list's lengths (every action adds to both)."""

    def observation_space(self) -> spaces.Dict:
        """PettingZoo's classic form: the flattened features and the action mask."""
        return spaces.Dict({
            "observation": self.flat.space(),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        })

    # ------------------------------------------------------------------ episode
    def start(self, seed: int, level: str | None = None) -> Game:
        """Deal the first hand of episode ``seed`` (``level``: this hand's, else the table's)."""
        if level is not None:
            check_episode(self.rs, self.episode, level)
        self.seed = seed
        self.hand = 0
        self._banked = [0] * self.n
        self.session = Session.start(self.rs) if self.episode == "match" else None
        if self.session is None:
            self.game = Game(self.rs, seed, level=level or self.level)
        else:
            self.game = self.session.next_game(game_seed(seed, 0))
        self.encoder.reset()
        return self.game

    def apply(self, index: int) -> bool:
        """Apply the level-1 action ``index`` of the seat to act (detail 0); in a match, a hand
        that ends is recorded and, unless the match is over, the next one dealt. True when a
        hand ended."""
        indices = self.legal_indices()
        try:
            at = indices.index(int(index))
        except ValueError:
            self.space.check_index(index)
            raise ValueError(f"action {index} ({self.space.describe(int(index))}) is not legal now") from None
        return self.apply_action(self._actions[at])

    def _known(self, game: Game) -> bool:
        """Whether ``_actions`` are ``game``'s legal actions now."""
        known, events, actions = self._legal_of
        return known is game and events == len(game.log) and actions == len(game.actions)

    def _issued(self, game: Game, actions: Sequence[Action]) -> None:
        """Remember ``actions``, the list ``game`` has just issued for its seat to act. In a
        known state only the list is swapped (the same actions in the same order, and the one
        ``Game.apply`` takes without checking again); its indices stay."""
        if not self._known(game):
            self._indices = self.space.indices(actions)
            self._grouped = None
            self._legal_of = (game, len(game.log), len(game.actions))
        self._actions = actions

    def legal_indices(self) -> list[int]:
        """The level-1 index of each legal action of the seat to act, in the engine's order
        (computed once per state: ``observe`` gives the list its observation issued, so a
        step generates the legal plays once)."""
        game = self.game
        assert game is not None
        if not self._known(game):
            self._issued(game, game.legal_actions() if not game.over else NO_ACTIONS)
        return self._indices

    def legal(self) -> dict[int, list[Action]]:
        """The legal actions of the seat to act by level-1 index (computed once per state)."""
        indices = self.legal_indices()
        grouped = self._grouped
        if grouped is None:
            grouped = self._grouped = group_by_index(indices, self._actions)
        return grouped

    def apply_action(self, action: Action) -> bool:
        """``apply`` for an engine action (an opponent's choice)."""
        game = self.game
        assert game is not None
        game.apply(action)
        if not game.over:
            return False
        session = self.session
        if session is not None and game.hand_number == session.hand_number:
            session.finish(game)
            self._banked = list(session.totals)
            if session.winner is None and self.hand + 1 < self.max_hands:
                self.hand += 1
                self.game = session.next_game(game_seed(self.seed, self.hand))
                self.encoder.reset()
        return True

    @property
    def over(self) -> bool:
        """The episode has ended (the hand, or the match: won or truncated)."""
        return self.game is not None and self.game.over

    @property
    def truncated(self) -> bool:
        """A match stopped after ``max_hands`` hands without a winner."""
        return self.over and self.session is not None and self.session.winner is None

    @property
    def totals(self) -> list[int]:
        """Each seat's score over the episode so far (a match: every hand's, summed)."""
        game = self.game
        if game is None:
            return [0] * self.n
        if self.session is None:
            return list(game.scores)
        if game.hand_number < self.session.hand_number:  # the last hand, already recorded
            return list(self._banked)
        return [b + s for b, s in zip(self._banked, game.scores, strict=True)]

    @property
    def turn(self) -> int:
        """The seat to act (-1 once the episode is over)."""
        return -1 if self.game is None or self.game.over else self.game.turn

    def info(self) -> dict[str, Any]:
        """What an ``info`` dict says about the episode: its seed, hand, level and the match."""
        game = self.game
        assert game is not None
        out: dict[str, Any] = {"seed": self.seed, "hand": self.hand, "level": game.level}
        if self.session is not None:
            out["match"] = dict(self.session.carried.get("match") or {})
            out["winner"] = self.session.winner
        return out

    # ------------------------------------------------------------------ observation
    def mask(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The action mask of ``seat``: its legal level-1 indices (none when not to act)."""
        game = self.game
        assert game is not None
        to_act = seat == game.turn and not game.over
        if out is None:  # a bytearray set by index, then viewed: no list turned into an array
            mask = bytearray(self.space.size)
            if to_act:
                for i in self.legal_indices():
                    mask[i] = 1
            return np.frombuffer(mask, np.int8)
        out.fill(0)
        if to_act:
            out[self.legal_indices()] = 1
        return out

    def _observation(self, seat: int) -> Observation:
        """``Game.observation(seat)``; the legal actions it issues (the seat to act's) are kept
        for the mask and the step."""
        game = self.game
        assert game is not None
        obs = game.observation(seat)
        if obs.legal:
            self._issued(game, obs.legal)
        return obs

    def features(self, seat: int) -> dict[str, np.ndarray]:
        """The encoder's named arrays for ``seat`` (``observe``'s vector, before flattening)."""
        game = self.game
        assert game is not None
        arrays = self.encoder.encode(self._observation(seat), _NO_MASK, game.match_state)
        arrays.pop("action_mask", None)
        return arrays

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}`` for ``seat`` (see the module docstring)."""
        assert self.game is not None
        vector = self.flat.encode(self._observation(seat), self.game.match_state)
        return {"observation": vector, "action_mask": self.mask(seat)}

    def observe_into(self, seat: int, observation: np.ndarray, mask: np.ndarray) -> None:
        """``observe`` written into a batch's rows (no new arrays)."""
        assert self.game is not None
        self.flat.encode(self._observation(seat), self.game.match_state, observation)
        self.mask(seat, mask)
