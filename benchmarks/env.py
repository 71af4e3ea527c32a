"""Environment speed: steps per CPU second of every built-in variant's environment, beside
RLCard's 斗地主 ``env.step`` loop, in the same run (garbage collector on).

    python benchmarks/env.py [--steps N] [--rounds R] [--seed S] [--only a,b]

Two paixing loops per variant, both a random masked agent (a uniformly random index among the
mask's ones, found with ``np.flatnonzero(mask.view(bool))``):

- ``raw env``: ``paixing.env.raw_env(variant)``, each step reading the acting seat's
  observation (``observe``: the dict of numpy arrays with its action mask) and stepping the
  index; a finished hand is reset;
- ``core``: what the environment is made of, without PettingZoo's bookkeeping:
  ``Game.observation(seat)``, ``Encoder.encode(obs)`` (the mask made from ``obs.legal``),
  ``ActionSpace.action_to_play`` and ``Game.apply``; a finished hand is dealt again.

RLCard 1.2.0: ``rlcard.make("doudizhu")``, then ``env.step`` with a uniformly random legal
action id from the state it returns (its state holds the encoded observation too); a finished
hand is reset. The contract phase is part of paixing's hand (an auction), not of RLCard's (its
dealer picks the landlord). Rounds interleave the loops, so that a busy machine slows them
alike. ``ratio`` is steps per CPU second divided by RLCard's. The first lines say which core
runs (``PAIXING_PURE=1`` forces the pure one) and how long each space took to build.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

Loop = Callable[[str, int, int], int]


def env_steps(variant: str, n: int, seed: int) -> int:
    """Take ``n`` steps in ``raw_env(variant)``."""
    from paixing.env import raw_env

    env = raw_env(variant)
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
        legal = np.flatnonzero(env.observe(agent)["action_mask"].view(bool))
        env.step(int(legal[rng.randrange(len(legal))]))
        done += 1
    return done


def core_steps(variant: str, n: int, seed: int) -> int:
    """Take ``n`` steps of the environment's parts: observation, encoding, index → action."""
    from paixing.env.actions import action_space
    from paixing.env.encode import Encoder
    from paixing.game.state import new_game

    space = action_space(variant)
    encoder = Encoder(space)
    rng = random.Random(seed)
    deal = seed
    game = new_game(space.rs, deal)
    done = 0
    while done < n:
        if game.over:
            deal += 1
            game = new_game(space.rs, deal)
            encoder.reset()
            continue
        obs = encoder.encode(game.observation(game.turn), match=game.match_state)
        legal = np.flatnonzero(obs["action_mask"].view(bool))
        game.apply(space.action_to_play(game, int(legal[rng.randrange(len(legal))])))
        done += 1
    return done


def rlcard_steps(variant: str, n: int, seed: int) -> int:
    """Take ``n`` steps in RLCard's 斗地主 environment (``variant`` is not read)."""
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


def _cpu(fn: Loop, variant: str, n: int, seed: int) -> tuple[int, float]:
    cpu = time.process_time()
    steps = fn(variant, n, seed)
    return steps, time.process_time() - cpu


def _build_times(variants: list[str]) -> dict[str, tuple[float, int]]:
    """Seconds to build each variant's space (its ruleset compiled first), and its size."""
    from paixing.env.actions import action_space
    from paixing.hands.cache import ruleset

    out = {}
    for v in variants:
        ruleset(v)
        start = time.perf_counter()
        size = action_space(v).size
        out[v] = (time.perf_counter() - start, size)
    return out


def main() -> None:
    from paixing._core.report import describe
    from paixing.rules.loader import builtin_ids

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--steps", type=int, default=1500, help="steps per loop per variant per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated variant ids (default: every built-in)")
    args = parser.parse_args()
    variants = [v for v in args.only.split(",") if v] or builtin_ids()
    print(describe())
    built = _build_times(variants)
    loops: list[tuple[str, str, Loop]] = [("RLCard", "doudizhu", rlcard_steps)]
    loops += [(kind, v, fn) for v in variants for kind, fn in (("env", env_steps), ("core", core_steps))]
    for _, v, fn in loops:
        fn(v, 100, 0)  # warm-up: the ruleset, the space, the first deals
    totals: dict[tuple[str, str], list[float]] = {(kind, v): [0, 0.0] for kind, v, _ in loops}
    for r in range(args.rounds):
        for kind, v, fn in loops:
            steps, cpu = _cpu(fn, v, args.steps, args.seed + r)
            totals[kind, v][0] += steps
            totals[kind, v][1] += cpu
    base = totals["RLCard", "doudizhu"][0] / totals["RLCard", "doudizhu"][1]
    print(f"\nRLCard 1.2.0 doudizhu env.step: {base:,.0f} steps per CPU second\n")
    print("| variant | actions | space built (s) | raw env steps/s | ratio | core steps/s | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for v in variants:
        env_rate = totals["env", v][0] / totals["env", v][1]
        core_rate = totals["core", v][0] / totals["core", v][1]
        seconds, size = built[v]
        print(f"| {v} | {size:,} | {seconds:.2f} | {env_rate:,.0f} | {env_rate / base:.2f} | {core_rate:,.0f} | {core_rate / base:.2f} |")


if __name__ == "__main__":
    main()
