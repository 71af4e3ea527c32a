"""What an OpenSpiel state of ``python_paixing`` holds, without OpenSpiel: the engine's hand,
the match around it, and how the state copies and pickles.

OpenSpiel clones a Python state by deep-copying every attribute of its ``__dict__`` and
serializes one by pickling that dict (``python_games.cc``). So a state keeps exactly one
attribute, a ``Held``:

- ``Shared`` is everything fixed for a loaded game (the action space, the compiled rules, the
  parameters). A deep copy returns the same object and a pickle names only the parameters, so
  a clone costs what ``Game.copy()`` costs (it used to deep-copy the action space: seconds per
  clone in a three-player game with kickers) and a pickle holds no compiled function (it failed with "Can't pickle local
  object").
- ``Held`` is the hand (a ``Game``), the match so far (``Progress``) and the *script*: every
  OpenSpiel action applied and every resampling, as a linked list that copies share. A pickle
  of a ``Held`` is its parameters and its script; unpickling replays the script, so a state
  read back is the same hand, a resampled world included.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from paixing.agents.determinize import resample as resample_game
from paixing.env.actions import ActionSpace, action_space
from paixing.game.session import CARRIERS, match_over
from paixing.game.state import Game
from paixing.rules.cards import parse_cards

DEALS = 1000
"""Chance outcomes of the deal by default: the shuffles seeded 0 … DEALS-1."""
MAX_DEALS = 100_000
"""The most chance outcomes of the deal (their list is built at every chance node)."""
MAX_MATCH_HANDS = 200
"""A match episode ends after this many hands even without a winner (returns 0 each): OpenSpiel
needs a bounded game length, and a match whose sides keep failing at the last level could go on."""


@dataclass(frozen=True)
class Params:
    """A loaded game's parameters (the pickled form of everything ``Shared`` holds)."""

    variant: str
    deals: int = DEALS
    match: bool = False
    level: str = ""


class Shared:
    """What every state of one loaded game shares and nobody changes (never copied)."""

    __slots__ = ("first_level", "n", "params", "space")

    def __init__(self, params: Params) -> None:
        self.params = params
        self.space: ActionSpace = action_space(params.variant)
        rs = self.space.rs
        self.n: int = rs.variant.players
        self.first_level: str | None = check_match(rs, params) if params.match else None

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (shared, (self.params,))


_SHARED: dict[Params, Shared] = {}


def shared(params: Params) -> Shared:
    """The ``Shared`` of ``params`` (built once per process)."""
    known = _SHARED.get(params)
    if known is None:
        known = _SHARED[params] = Shared(params)
    return known


def check_match(rs: Any, params: Params) -> str:
    """The level the match starts at; ValueError for a variant that plays no levelled match
    or a level that is not one of its levels."""
    session = rs.variant.game.session if rs.variant.game is not None else None
    if session is None:
        raise ValueError(f"python_paixing: {rs.id} plays no match (its rules have no session:), so match=true does not apply")
    ranks = list(session.levels.ranks) if session.levels is not None else []
    if not params.level:
        return ranks[0] if ranks else ""
    if params.level not in ranks:
        known = ", ".join(ranks) if ranks else "none"
        raise ValueError(f"python_paixing: level {params.level!r} is not a level of {rs.id} (its levels: {known})")
    return params.level


@dataclass(frozen=True)
class Progress:
    """The match so far (immutable, so copies share it): hands finished, what the last one
    carried to the next (``paixing.game.session.CARRIERS``) and each seat's running total."""

    hands: int = 0
    carried: tuple[tuple[str, Any], ...] = ()
    totals: tuple[int, ...] = ()

    def after(self, game: Game) -> Progress:
        """The progress once ``game`` (finished) is added."""
        carried = tuple((name, fn(game)) for name, fn in CARRIERS.items())
        totals = tuple(game.scores) if not self.totals else tuple(t + s for t, s in zip(self.totals, game.scores, strict=True))
        return Progress(self.hands + 1, carried, totals)

    @property
    def winner(self) -> int | None:
        """The side that won the match (None: play on)."""
        return match_over(dict(self.carried))


@dataclass(frozen=True)
class Resampled:
    """A script entry: the world was dealt again for a seat (what ``resample`` changed)."""

    hands: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    partner: int
    opponents: tuple[int, ...]


Script = tuple[Any, "int | Resampled"] | None
"""The steps applied so far, newest first: ``(earlier, step)``; shared by copies."""


def script_steps(script: Script) -> list[int | Resampled]:
    """The steps of ``script``, oldest first."""
    steps: list[int | Resampled] = []
    while script is not None:
        script, step = script
        steps.append(step)
    steps.reverse()
    return steps


class Held:
    """One OpenSpiel state's hand, match and script (see the module docstring)."""

    __slots__ = ("game", "progress", "script", "shared")

    def __init__(self, shared_: Shared, game: Game | None = None, progress: Progress = Progress(), script: Script = None) -> None:
        self.shared = shared_
        self.game = game
        self.progress = progress
        self.script = script

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.shared, self.game.copy() if self.game is not None else None, self.progress, self.script)

    def __reduce__(self) -> tuple[Any, ...]:
        return (replay, (self.shared.params, tuple(script_steps(self.script))))

    # ------------------------------------------------------------------ where the episode is
    @property
    def match_over(self) -> bool:
        """In a match: a side has won it, or the match reached ``MAX_MATCH_HANDS``."""
        return self.progress.winner is not None or self.progress.hands >= MAX_MATCH_HANDS

    def at_chance(self) -> bool:
        """A deal is next: before the first hand, or between two hands of a match."""
        if self.game is None:
            return True
        return self.shared.params.match and self.game.over and not self.match_over

    def terminal(self) -> bool:
        return self.game is not None and self.game.over and (not self.shared.params.match or self.match_over)

    def returns(self) -> list[float]:
        """The hand's scores; in a match, +1 for each seat of the side that won it, -1 for the
        others (0 each before the end, or when the match hit ``MAX_MATCH_HANDS``)."""
        n = self.shared.n
        if not self.terminal():
            return [0.0] * n
        assert self.game is not None
        if not self.shared.params.match:
            return [float(s) for s in self.game.scores]
        won = self.progress.winner
        if won is None:
            return [0.0] * n
        return [1.0 if side == won else -1.0 for side in seat_sides(self.game)]

    # ------------------------------------------------------------------ steps
    def apply(self, action: int) -> None:
        """Apply an OpenSpiel action: a deal number at a chance node, else a level-1 index."""
        if self.at_chance():
            deals = self.shared.params.deals
            if not 0 <= action < deals:
                raise ValueError(f"deal {action} is not a chance outcome: the deals are 0 … {deals - 1}")
            self.game = self._deal(int(action))
        else:
            assert self.game is not None
            self.game.apply(self.shared.space.action_to_play(self.game, int(action)))
            if self.shared.params.match and self.game.over:
                self.progress = self.progress.after(self.game)
        self.script = (self.script, int(action))

    def _deal(self, seed: int) -> Game:
        """The next hand: alone, the first of a match (at the starting level), or the next one
        with what the last carried."""
        rs = self.shared.space.rs
        if not self.shared.params.match:
            return Game(rs, seed)
        if self.progress.hands == 0:
            first = self.shared.first_level
            return Game(rs, seed, hand_number=1, level=first or None, match={"levels": [first, first]} if first else None)
        return Game(rs, seed, hand_number=self.progress.hands + 1, **dict(self.progress.carried))

    def resample(self, player: int, rng: random.Random) -> Held:
        """A copy in which the cards ``player`` cannot see are dealt again."""
        assert self.game is not None
        world = resample_game(self.game, player, rng)
        step = Resampled(
            tuple(tuple(map(str, h)) for h in world.hands),
            tuple(map(str, world.kitty)),
            world.seats.partner,
            tuple(world.seats.opponents),
        )
        return Held(self.shared, world, self.progress, (self.script, step))

    def set_world(self, step: Resampled) -> None:
        """Replay a resampling: the hands, kitty and hidden partner it dealt."""
        assert self.game is not None
        self.game.hands = [parse_cards(" ".join(h)) for h in step.hands]
        self.game.kitty = parse_cards(" ".join(step.kitty))
        self.game.seats.partner = step.partner
        self.game.seats.opponents = list(step.opponents)
        self.script = (self.script, step)


def seat_sides(game: Game) -> list[int]:
    """Each seat's match side (fixed sides; alternate seats when no contract named them)."""
    seats = game.seats
    return [seats.teams[s] if seats.teams else s % 2 for s in range(game.n)]


def replay(params: Params, steps: tuple[int | Resampled, ...]) -> Held:
    """A ``Held`` rebuilt from its parameters and script (what unpickling calls)."""
    held = Held(shared(params))
    for step in steps:
        if isinstance(step, Resampled):
            held.set_world(step)
        else:
            held.apply(step)
    return held
