"""Whole-hand speed: random games per second on every built-in variant, beside RLCard's 斗地主.

    python benchmarks/games.py [--games N] [--rlcard-games M] [--env-games E] [--rounds R] [--seed S]

paixing: ``new_game(variant, seed)`` then ``RandomBot`` (uniform over ``legal_actions()``) for
every seat until the hand is over: deal, dealt-hand events, the contract steps (an auction with
its redeals in 斗地主), every trick and the settlement. RLCard 1.2.0: the same loop on its own
game object, ``DoudizhuGame().init_game()`` then ``step()`` with a uniformly random choice from
``state["actions"]`` until ``is_over()`` (its dealer picks the landlord: no auction), and, for
reference, the full environment, ``rlcard.make("doudizhu")`` with three ``RandomAgent`` and
``env.run()``, which also encodes observations for learning agents.

Whole hands are timed, after a warm-up hand that compiles the ruleset and fills caches, in
``--rounds`` rounds that interleave the implementations (so that a busy machine slows them
alike). Both clocks are kept: wall time (``time.perf_counter``) and this process's CPU time
(``time.process_time``, which other processes on the machine do not inflate). ``ratio`` is
paixing's games per CPU second divided by the RLCard game loop's; above 1, paixing is faster.
The garbage collector is on, as in a user's program. To compare two source trees (before and
after a change) in one interleaved run, use ``benchmarks/ab.py``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from paixing.agents.bots import RandomBot
from paixing.game import new_game
from paixing.hands.cache import ruleset
from paixing.rules.loader import builtin_ids
from rich.console import Console
from rich.table import Table


@dataclass
class Timing:
    name: str
    games: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    actions: int = 0

    @property
    def per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def per_cpu_second(self) -> float:
        return self.games / self.cpu if self.cpu > 0 else 0.0

    def add(self, other: Timing) -> None:
        self.games += other.games
        self.seconds += other.seconds
        self.cpu += other.cpu
        self.actions += other.actions


def timed(name: str, games: int, one: Callable[[int], int], first: int = 0) -> Timing:
    """Run ``one(first)``, ``one(first + 1)``, … for ``games`` hands; ``one`` returns the
    number of actions of its hand."""
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(first, first + games):
        actions += one(i)
    return Timing(name, games, time.perf_counter() - wall, time.process_time() - cpu, actions)


def paixing_loop(variant: str, seed: int) -> Callable[[int], int]:
    """One random hand of ``variant``: game ``i`` dealt from ``seed + i``, bots seeded alike."""

    def one(i: int) -> int:
        game = new_game(variant, seed + i)
        bots = [RandomBot(seed * 1000 + i * 10 + s) for s in range(game.n)]
        steps = 0
        while not game.over:
            seat = game.turn
            game.apply(bots[seat].choose(game.observation(seat)))
            steps += 1
        return steps

    one(-1)  # warm-up: compile the ruleset, fill caches
    return one


def rlcard_game_loop(seed: int) -> Callable[[int], int] | None:
    """RLCard's DoudizhuGame with uniformly random legal actions."""
    try:
        import numpy as np
        from rlcard.games.doudizhu.game import DoudizhuGame
    except ImportError:
        return None
    rng = random.Random(seed)
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)

    def one(i: int) -> int:
        state, _ = game.init_game()
        steps = 0
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            steps += 1
        return steps

    one(-1)
    return one


def rlcard_env_loop(seed: int) -> Callable[[int], int] | None:
    """RLCard's environment with three RandomAgent (observations encoded every step)."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def one(i: int) -> int:
        trajectories, _ = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)

    one(-1)
    return one


GAME_LOOP = "RLCard DoudizhuGame loop"
ENV_LOOP = "RLCard env + RandomAgent"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="paixing hands per variant")
    parser.add_argument("--rlcard-games", type=int, default=300, help="RLCard game-loop hands")
    parser.add_argument("--env-games", type=int, default=100, help="RLCard environment hands")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    variants = [v for v in builtin_ids() if ruleset(v).variant.game is not None]
    loops: list[tuple[str, Callable[[int], int], int]] = [
        (v, paixing_loop(v, args.seed), args.games) for v in variants
    ]
    game_loop = rlcard_game_loop(args.seed)
    if game_loop is not None:
        loops.append((GAME_LOOP, game_loop, args.rlcard_games))
    env_loop = rlcard_env_loop(args.seed)
    if env_loop is not None and args.env_games > 0:
        loops.append((ENV_LOOP, env_loop, args.env_games))
    totals = {name: Timing(name) for name, _, _ in loops}
    rounds = max(1, args.rounds)
    err = Console(stderr=True)
    for r in range(rounds):
        for name, one, games in loops:
            share = games // rounds + (1 if r < games % rounds else 0)
            totals[name].add(timed(name, share, one, first=totals[name].games))
        err.print(f"round {r + 1}/{rounds} done")
    rows = list(totals.values())
    base = totals.get(GAME_LOOP)

    table = Table(
        title="Random games per second (whole hands)",
        caption=f"Python {platform.python_version()} on {platform.machine()}; "
        f"ratio = games per CPU second ÷ those of the RLCard DoudizhuGame loop",
    )
    for column in ("game", "hands", "wall s", "games/s (wall)", "games/s (CPU)", "actions/hand", "µs/action (CPU)", "ratio"):
        table.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
    for t in rows:
        ratio = f"{t.per_cpu_second / base.per_cpu_second:.2f}" if base is not None and base.cpu > 0 else ""
        table.add_row(
            t.name,
            str(t.games),
            f"{t.seconds:.2f}",
            f"{t.per_second:.1f}",
            f"{t.per_cpu_second:.1f}",
            f"{t.actions / t.games:.1f}" if t.games else "",
            f"{1e6 * t.cpu / t.actions:.0f}" if t.actions else "",
            ratio,
        )
    Console(width=max(Console().width, 130)).print(table)
    if base is None:
        print("RLCard is not installed (pip install '.[bench]'): no comparison", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
