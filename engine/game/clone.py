"""``Game.clone``: an independent copy of a hand in progress, cheap enough to call per decision
(a search bot clones the hand at every node).

The copy shares what never changes during a hand (the compiled rules, the contract, events,
actions and plays, which are immutable) and copies every container the hand mutates. A new
mutable attribute of ``Game`` must be copied here too (``tests/game/test_observation_cache.py`` and
``tests/game/test_steps_observation.py`` play a clone and its original apart).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Protocol, TypeVar

from paixing.game.action_log import ActionLog
from paixing.game.actions import NO_ACTIONS, LegalActions
from paixing.game.events import Event
from paixing.game.seat_views import PublicViews
from paixing.game.seats import Seats
from paixing.game.steps import StepRunner
from paixing.hands.play import Play
from paixing.rules.cards import Card


class Cloneable(Protocol):
    """The mutable state of a hand (``Game`` provides it)."""

    rng: random.Random
    log: list[Event]
    views: PublicViews
    hand_views: dict[int, tuple[Any, Any]]
    actions: ActionLog
    scores: list[int]
    hands: list[list[Card]]
    dealt: list[list[Card]]
    kitty: list[Card]
    seats: Seats
    step: StepRunner | None
    active: list[int]
    finish: list[int]
    captured: list[int]
    trick: list[tuple[int, Play | None]]
    passed: set[int]
    plays_made: list[int]
    type_counts: Counter[str]
    _issued: LegalActions


G = TypeVar("G", bound=Cloneable)


def _shallow(game: Any) -> Any:
    """A new object of ``game``'s class with the same attribute values: what ``copy.copy``
    does, without its reduce protocol. The compiled core's ``Game`` has no ``__dict__`` and is
    made only through its ``__init__`` (``Game()`` is an empty shell); its attributes are the
    ones mypyc lists in ``__mypyc_attrs__`` (those never set are left unset)."""
    cls = type(game)
    names = getattr(cls, "__mypyc_attrs__", None)
    if names is None:
        other = object.__new__(cls)
        other.__dict__.update(vars(game))
        return other
    other = cls()
    for name in dict.fromkeys(names):
        try:
            setattr(other, name, getattr(game, name))
        except AttributeError:
            continue
    return other


def clone(game: G) -> G:
    """An independent copy of ``game`` that plays on alone: hands, trick, seats, counters, the
    running step, the seats' views and the random stream are copied."""
    other = _shallow(game)
    rng = type(game.rng)
    other.rng = rng.__new__(rng)  # not seeded (Random() reads urandom): setstate fills it
    other.rng.setstate(game.rng.getstate())
    other.log = list(game.log)
    other.views = game.views.copy()
    other.hand_views = dict(game.hand_views)  # views are the hands' alone: shared
    other.actions = game.actions.copy()
    other.scores = list(game.scores)
    other.hands = [list(h) for h in game.hands]
    other.dealt = [list(h) for h in game.dealt]
    other.kitty = list(game.kitty)
    other.seats = game.seats.copy()
    other.step = game.step.copy() if game.step is not None else None
    other.active = list(game.active)
    other.finish = list(game.finish)
    other.captured = list(game.captured)
    other.trick = list(game.trick)
    other.passed = set(game.passed)
    other.plays_made = list(game.plays_made)
    other.type_counts = Counter(game.type_counts)
    other._issued = NO_ACTIONS  # actions handed out by the original are checked again
    result: G = other
    return result
