"""Whole-hand speed: random games per second on every built-in variant, beside RLCard's,
DouZero's and OpenSpiel's 斗地主, in one run.

    python benchmarks/games.py [--games N] [--rlcard-games M] [--env-games E] [--douzero-games D]
        [--openspiel-games O] [--rounds R] [--seed S] [--variants a,b] [--json FILE | --no-json]

paixing: ``new_game(variant, seed)`` then ``RandomBot`` (uniform over ``legal_actions()``) for
every seat until the hand is over: deal, dealt-hand events, the contract steps (an auction with
its redeals in 斗地主), every trick and the settlement. RLCard 1.2.0: the same loop on its own
game object, ``DoudizhuGame().init_game()`` then ``step()`` with a uniformly random choice from
``state["actions"]`` until ``is_over()`` (its dealer picks the landlord: no auction), and, for
reference, the full environment, ``rlcard.make("doudizhu")`` with three ``RandomAgent`` and
``env.run()``, which also encodes observations for learning agents. DouZero: its ``GameEnv``
with three players choosing uniformly from ``infoset.legal_actions`` (the deal shuffled here,
the landlord fixed: no auction), and its gym-style ``Env("adp")`` stepped with random legal
actions (it encodes every observation with numpy). OpenSpiel (``dou_dizhu``, C++): random
playouts from Python (every chance outcome and every move drawn uniformly with
``random.Random`` and applied through pybind11: deal, auction, play; a hand that everybody
passes in the auction ends there, as OpenSpiel's rules say) and, for the C++-only figure,
``pyspiel.evaluate_bots`` with three ``make_uniform_random_bot`` (the whole hand in C++).

Whole hands are timed, after a warm-up hand that compiles the ruleset and fills caches, in
``--rounds`` rounds that interleave the implementations (so that a busy machine slows them
alike). Both clocks are kept: wall time (``time.perf_counter``) and this process's CPU time
(``time.process_time``, which other processes on the machine do not inflate). ``ratio`` is
paixing's games per CPU second divided by the RLCard game loop's; above 1, paixing is faster.
The garbage collector is on, as in a user's program. To compare two source trees (before and
after a change) in one interleaved run, use ``benchmarks/ab.py``. Every row and the machine's
details are merged into the JSON result file (section ``games``; benchmarks/results.py).
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from games_peers import (
    douzero_env_loop,
    douzero_game_loop,
    openspiel_bots_loop,
    openspiel_python_loop,
)
from paixing.agents.bots import RandomBot
from paixing.game import new_game
from paixing.hands.cache import ruleset
from paixing.rules.loader import builtin_ids
from results import DEFAULT_PATH, Meta, merge_section
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
DZ_GAME = "DouZero GameEnv loop"
DZ_ENV = "DouZero Env + random actions"
OS_PY = "OpenSpiel dou_dizhu, Python loop"
OS_CPP = "OpenSpiel dou_dizhu, evaluate_bots (C++)"


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="paixing hands per variant")
    parser.add_argument("--rlcard-games", type=int, default=300, help="RLCard game-loop hands")
    parser.add_argument("--env-games", type=int, default=100, help="RLCard environment hands")
    parser.add_argument("--douzero-games", type=int, default=300, help="DouZero GameEnv hands (and a third as many Env hands)")
    parser.add_argument("--openspiel-games", type=int, default=1000, help="OpenSpiel playouts (each way)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", help="comma-separated paixing variants (default: every built-in game)")
    parser.add_argument("--json", default=str(DEFAULT_PATH), help="result file to merge the 'games' section into")
    parser.add_argument("--no-json", action="store_true", help="print only")
    return parser.parse_args(argv)


def loops(args: argparse.Namespace) -> list[tuple[str, Callable[[int], int], int]]:
    """Every loop to time, with its number of hands; a peer that is not installed is left out."""
    wanted = args.variants.split(",") if args.variants else None
    variants = [v for v in builtin_ids() if ruleset(v).variant.game is not None and (wanted is None or v in wanted)]
    out: list[tuple[str, Callable[[int], int], int]] = [(v, paixing_loop(v, args.seed), args.games) for v in variants]
    peers = (
        (GAME_LOOP, rlcard_game_loop, args.rlcard_games),
        (ENV_LOOP, rlcard_env_loop, args.env_games),
        (DZ_GAME, douzero_game_loop, args.douzero_games),
        (DZ_ENV, douzero_env_loop, args.douzero_games // 3),
        (OS_PY, openspiel_python_loop, args.openspiel_games),
        (OS_CPP, openspiel_bots_loop, args.openspiel_games),
    )
    err = Console(stderr=True)
    for name, make, games in peers:
        if games <= 0:
            continue
        loop = make(args.seed)
        if loop is None:
            err.print(f"{name}: not installed, left out (pip install '.[bench]'; douzero: pip install --no-deps douzero)")
            continue
        out.append((name, loop, games))
    return out


def row_json(t: Timing, base: Timing | None) -> dict[str, object]:
    return {
        "name": t.name, "games": t.games, "wall_s": round(t.seconds, 3), "cpu_s": round(t.cpu, 3),
        "games_per_s": round(t.per_second, 1), "games_per_cpu_s": round(t.per_cpu_second, 1),
        "actions_per_hand": round(t.actions / t.games, 1) if t.games and t.actions else None,
        "ratio": round(t.per_cpu_second / base.per_cpu_second, 3) if base is not None and base.cpu > 0 else None,
    }


def print_table(rows: list[Timing], base: Timing | None) -> None:
    table = Table(
        title="Random games per second (whole hands), garbage collector on",
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
            f"{t.actions / t.games:.1f}" if t.games and t.actions else "",
            f"{1e6 * t.cpu / t.actions:.0f}" if t.actions else "",
            ratio,
        )
    Console(width=max(Console().width, 150)).print(table)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    gc.enable()
    meta = Meta.start()
    timed_loops = loops(args)
    totals = {name: Timing(name) for name, _, _ in timed_loops}
    rounds = max(1, args.rounds)
    err = Console(stderr=True)
    for r in range(rounds):
        for name, one, games in timed_loops:
            share = games // rounds + (1 if r < games % rounds else 0)
            totals[name].add(timed(name, share, one, first=totals[name].games))
        err.print(f"round {r + 1}/{rounds} done")
    rows = list(totals.values())
    base = totals.get(GAME_LOOP)
    print_table(rows, base)
    if base is None:
        print("RLCard is not installed (pip install '.[bench]'): no ratio", file=sys.stderr)
    if not args.no_json:
        section = {"args": {k: v for k, v in vars(args).items() if k not in ("json", "no_json")},
                   "rows": [row_json(t, base) for t in rows]}
        print(f"wrote {merge_section('games', section, meta, args.json)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
