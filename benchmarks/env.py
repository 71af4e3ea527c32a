"""Environment speed: steps per second of paixing's PettingZoo environment for 斗地主 beside
RLCard's ``env.step`` loop, in the same run.

    python benchmarks/env.py [--steps N] [--rounds R] [--seed S]

paixing: ``paixing.env.raw_env("doudizhu")``; each step reads the acting seat's observation
(the dict of numpy arrays with its action mask, ``observe``) and steps a uniformly random
legal index; a finished hand is reset. RLCard 1.2.0: ``rlcard.make("doudizhu")``, then
``env.step`` with a uniformly random legal action id from the state it returns (its state
holds the encoded observation too); a finished hand is reset. The contract phase is part of
paixing's hand (an auction), not of RLCard's (its dealer picks the landlord).

Rounds interleave the two (so that a busy machine slows them alike); both wall and CPU time
are kept. ``ratio`` is paixing's steps per CPU second divided by RLCard's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np


def paixing_steps(n: int, seed: int) -> int:
    """Take ``n`` environment steps in paixing's 斗地主 environment."""
    from paixing.env import raw_env

    env = raw_env("doudizhu")
    rng = random.Random(seed)
    env.reset(seed=seed)
    done = 0
    while done < n:
        if not env.agents:
            env.reset()
            continue
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            continue
        obs = env.observe(agent)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        done += 1
    return done


def rlcard_steps(n: int, seed: int) -> int:
    """Take ``n`` environment steps in RLCard's 斗地主 environment."""
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    state, _ = env.reset()
    done = 0
    while done < n:
        legal = list(state["legal_actions"])
        state, _ = env.step(legal[rng.randrange(len(legal))])
        done += 1
        if env.is_over():
            state, _ = env.reset()
    return done


def _timed(fn: Callable[[int, int], int], n: int, seed: int) -> tuple[int, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    steps = fn(n, seed)
    return steps, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=5000, help="steps per implementation per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    paixing_steps(200, 0)  # warm-up: compile the ruleset, build the action space
    rlcard_steps(200, 0)
    totals = {"paixing": [0, 0.0, 0.0], "rlcard": [0, 0.0, 0.0]}
    for r in range(args.rounds):
        for name, fn in (("paixing", paixing_steps), ("rlcard", rlcard_steps)):
            steps, wall, cpu = _timed(fn, args.steps, args.seed + r)
            t = totals[name]
            t[0] += steps
            t[1] += wall
            t[2] += cpu
    print("| 斗地主 environment | steps | steps/s (wall) | steps/s (CPU) |")
    print("| --- | ---: | ---: | ---: |")
    for name, (steps, wall, cpu) in totals.items():
        label = "paixing PettingZoo (`observe` + `step`)" if name == "paixing" else "RLCard 1.2.0 `env.step`"
        print(f"| {label} | {steps:,} | {steps / wall:,.0f} | {steps / cpu:,.0f} |")
    ratio = (totals["paixing"][0] / totals["paixing"][2]) / (totals["rlcard"][0] / totals["rlcard"][2])
    print(f"\nratio (paixing / RLCard, CPU): {ratio:.2f}")


if __name__ == "__main__":
    main()
