"""DouZero's and OpenSpiel's 斗地主 as whole-hand loops for benchmarks/games.py.

Each ``*_loop(seed)`` returns ``one(i) -> actions of hand i`` after a warm-up hand, or None
when the library is not installed (benchmarks/games.py then leaves its row out).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Loop = Callable[[int], int]


def douzero_game_loop(seed: int) -> Loop | None:
    """DouZero's ``GameEnv`` with three players choosing uniformly among its legal actions.
    DouZero has no auction: seat ``landlord`` gets 20 cards (the deal shuffled here)."""
    try:
        from douzero.env.env import deck
        from douzero.env.game import GameEnv
    except ImportError:
        return None
    rng = random.Random(seed)

    class Player:
        def act(self, infoset: Any) -> Any:
            return rng.choice(infoset.legal_actions)

    env = GameEnv({p: Player() for p in ("landlord", "landlord_up", "landlord_down")})

    def one(i: int) -> int:
        env.reset()
        cards = list(deck)
        rng.shuffle(cards)
        env.card_play_init({"landlord": sorted(cards[:20]), "landlord_up": sorted(cards[20:37]),
                            "landlord_down": sorted(cards[37:]), "three_landlord_cards": sorted(cards[17:20])})
        steps = 0
        while not env.game_over:
            env.step()
            steps += 1
        return steps

    one(-1)
    return one


def douzero_env_loop(seed: int) -> Loop | None:
    """DouZero's gym-style ``Env("adp")`` (it encodes each observation with numpy) stepped with
    uniformly random legal actions."""
    try:
        import numpy as np
        from douzero.env.env import Env
    except ImportError:
        return None
    rng = random.Random(seed)
    np.random.seed(seed)  # Env.reset shuffles with numpy's global generator
    env = Env("adp")

    def one(i: int) -> int:
        env.reset()
        steps, done = 0, False
        while not done:
            _, _, done, _ = env.step(rng.choice(env.infoset.legal_actions))
            steps += 1
        return steps

    one(-1)
    return one


def _openspiel_game() -> Any:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel, pyspiel.load_game("dou_dizhu")


def openspiel_python_loop(seed: int) -> Loop | None:
    """Random playouts of OpenSpiel's ``dou_dizhu`` driven from Python: every chance outcome
    (the face-up card, 51 cards dealt) and every move drawn uniformly and applied. Counts the
    players' moves (bids, plays and passes)."""
    found = _openspiel_game()
    if found is None:
        return None
    _, game = found
    rng = random.Random(seed)
    randrange = rng.randrange

    def one(i: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[randrange(len(legal))])
                steps += 1
        return steps

    one(-1)
    return one


def openspiel_bots_loop(seed: int) -> Loop | None:
    """The same playouts inside C++: ``pyspiel.evaluate_bots`` with three uniform random bots
    (their moves are not counted: the hand never comes back to Python)."""
    found = _openspiel_game()
    if found is None:
        return None
    pyspiel, game = found
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(3)]

    def one(i: int) -> int:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed * 100_003 + i)
        return 0

    one(-1)
    return one
