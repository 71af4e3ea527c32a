#!/usr/bin/env python3
"""Train a small agent end to end: a masked policy gradient in numpy against random opponents.

The learner is one seat of a variant (争上游 by default: three players, 434 actions) in
``paixing.env.vector.PaixingVectorEnv``, a batch of Gymnasium games stepped in one call. The
policy is linear: logits ``W x + b`` over the flattened observation ``x`` (each feature scaled
by its bound), with the illegal actions masked out before the softmax, so it only ever picks
a legal action. It is trained with REINFORCE (the return of each decision, minus the batch's
mean, divided by its spread) and Adam. The policy starts at zero weights, which is exactly the
uniform random player: the first measurement is the random baseline.

It prints one line per iteration and writes the learning curve (mean score per episode,
against the random baseline) as a PNG, with no plotting library: ``write_png`` below draws it.

    pip install ".[env]"
    python examples/train_masked_pg.py                       # ~3 minutes, docs/env-learning-curve.png
    python examples/train_masked_pg.py --variant banzipao --iterations 40 --out curve.png
"""

from __future__ import annotations

import argparse
import struct
import sys
import time
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from paixing.env.vector import PaixingVectorEnv


class MaskedLinearPolicy:
    """Softmax over the legal actions of ``W x + b``; Adam on the REINFORCE gradient."""

    def __init__(self, features: int, actions: int, lr: float) -> None:
        self.params = [np.zeros((actions, features)), np.zeros(actions)]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.lr = lr
        self.steps = 0

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        weights, bias = self.params
        logits = x @ weights.T + bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        p = self.probabilities(x, mask)
        return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)

    def update(self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray, advantages: np.ndarray) -> None:
        """One Adam step up the policy gradient of ``sum(advantage * log p(action))``."""
        grad = -self.probabilities(x, mask)
        grad[np.arange(len(actions)), actions] += 1.0
        grad *= advantages[:, None] / len(actions)
        self.steps += 1
        for param, g, (m, v) in zip(self.params, (grad.T @ x, grad.sum(axis=0)), self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat, v_hat = m / (1 - 0.9**self.steps), v / (1 - 0.999**self.steps)
            param += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def collect(vec: PaixingVectorEnv, policy: MaskedLinearPolicy, scale: np.ndarray, episodes: int,
            rng: np.random.Generator, obs: dict[str, np.ndarray]) -> tuple[list[np.ndarray], list[float], dict[str, np.ndarray]]:
    """Play until ``episodes`` episodes have ended: their decisions (features, masks, actions,
    returns to go) and each episode's score; ``obs`` is the batch's current observation (the
    batch resets an ended game in the same step, so every row always has a legal action)."""
    rows: list[list[tuple[np.ndarray, np.ndarray, int, float]]] = [[] for _ in range(vec.num_envs)]
    xs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    returns: list[float] = []
    scores: list[float] = []
    while len(scores) < episodes:
        x, mask = obs["observation"] * scale, obs["action_mask"]
        chosen = policy.act(x, mask, rng)
        obs, rewards, terminated, truncated, _ = vec.step(chosen)
        for i in range(vec.num_envs):
            rows[i].append((x[i], mask[i], int(chosen[i]), float(rewards[i])))
            if not (terminated[i] or truncated[i]):
                continue
            trajectory, rows[i] = rows[i], []
            gained = np.array([step[3] for step in trajectory])
            to_go = gained[::-1].cumsum()[::-1]  # each decision's return: the rewards from it on
            for (xi, mi, ai, _), g in zip(trajectory, to_go, strict=True):
                xs.append(xi)
                masks.append(mi)
                actions.append(ai)
                returns.append(float(g))
            scores.append(float(gained.sum()))
    return [np.array(xs), np.array(masks), np.array(actions), np.array(returns)], scores, obs


def train(variant: str, opponents: str, iterations: int, episodes: int, envs: int, lr: float,
          seed: int, baseline_episodes: int) -> tuple[list[float], float]:
    """The mean score of each iteration's episodes, and the random player's (iteration 0 plays
    ``baseline_episodes`` with zero weights: uniform over the legal actions)."""
    vec = PaixingVectorEnv(variant, num_envs=envs, opponents=opponents)
    space = vec.single_observation_space["observation"]
    scale = (1.0 / np.maximum(np.abs(space.high), 1.0)).astype(np.float32)
    policy = MaskedLinearPolicy(space.shape[0], vec.single_action_space.n, lr)
    rng = np.random.default_rng(seed)
    obs, _ = vec.reset(seed=seed)
    curve: list[float] = []
    baseline = 0.0
    for k in range(iterations + 1):
        started = time.time()
        played = baseline_episodes if k == 0 else episodes
        (x, mask, actions, returns), scores, obs = collect(vec, policy, scale, played, rng, obs)
        mean = float(np.mean(scores))
        if k == 0:
            baseline = mean
            print(f"random player: {mean:+.3f} a hand over {len(scores)} hands")
        else:
            curve.append(mean)
            print(f"iteration {k:3d}: {mean:+.3f} a hand ({len(actions)} decisions, {time.time() - started:.1f}s)")
        spread = returns.std() or 1.0
        policy.update(x, mask, actions, (returns - returns.mean()) / spread)
    return curve, baseline


# ---------------------------------------------------------------------------- the plot
FONT = {  # 3x5 digits and signs, one row of bits each
    "0": (7, 5, 5, 5, 7), "1": (2, 6, 2, 2, 7), "2": (7, 1, 7, 4, 7), "3": (7, 1, 7, 1, 7),
    "4": (5, 5, 7, 1, 1), "5": (7, 4, 7, 1, 7), "6": (7, 4, 7, 5, 7), "7": (7, 1, 1, 1, 1),
    "8": (7, 5, 7, 5, 7), "9": (7, 5, 7, 1, 7), "-": (0, 0, 7, 0, 0), "+": (0, 2, 7, 2, 0),
    ".": (0, 0, 0, 0, 2),
}


def _text(image: np.ndarray, x: int, y: int, text: str, color: Sequence[int], size: int = 2) -> None:
    for k, char in enumerate(text):
        for row, bits in enumerate(FONT.get(char, (0,) * 5)):
            for col in range(3):
                if bits >> (2 - col) & 1:
                    top, left = y + row * size, x + (k * 4 + col) * size
                    image[top : top + size, left : left + size] = color


def _line(image: np.ndarray, x0: float, y0: float, x1: float, y1: float, color: Sequence[int], width: int = 2,
          dash: int = 0) -> None:
    steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    for t in range(steps):
        if dash and (t // dash) % 2:
            continue
        x = round(x0 + (x1 - x0) * t / max(steps - 1, 1))
        y = round(y0 + (y1 - y0) * t / max(steps - 1, 1))
        image[max(y - width // 2, 0) : y + (width + 1) // 2, max(x - width // 2, 0) : x + (width + 1) // 2] = color


def plot(curve: Sequence[float], baseline: float, episodes: int) -> np.ndarray:
    """The learning curve as an RGB image: each iteration's mean score (light blue), its
    moving average (blue), the random player's score (grey dashes); the x axis in hands
    played, the y axis in points a hand."""
    width, height, left, right, top, bottom = 720, 400, 70, 20, 20, 40
    image = np.full((height, width, 3), 255, np.uint8)
    low = min(min(curve), baseline)
    high = max(max(curve), baseline)
    pad = (high - low) * 0.1 or 1.0
    low, high = low - pad, high + pad

    def px(i: float, value: float) -> tuple[float, float]:
        x = left + (width - left - right) * i / max(len(curve) - 1, 1)
        y = top + (height - top - bottom) * (high - value) / (high - low)
        return x, y

    for tick in np.linspace(low, high, 5):
        _, y = px(0, tick)
        _line(image, left, y, width - right, y, (225, 225, 225), 1)
        _text(image, 4, int(y) - 5, f"{tick:+.2f}", (60, 60, 60))
    for i in np.linspace(0, len(curve) - 1, 5):
        x, _ = px(i, low)
        _text(image, int(x) - 10, height - bottom + 10, str(int((i + 1) * episodes)), (60, 60, 60))
    _line(image, left, top, left, height - bottom, (0, 0, 0), 1)
    _line(image, left, height - bottom, width - right, height - bottom, (0, 0, 0), 1)
    _line(image, *px(0, baseline), *px(len(curve) - 1, baseline), (120, 120, 120), 2, dash=8)
    window = max(len(curve) // 10, 1)
    smooth = [float(np.mean(curve[max(i - window + 1, 0) : i + 1])) for i in range(len(curve))]
    for series, color, w in ((curve, (170, 200, 240), 1), (smooth, (20, 80, 200), 3)):
        for i in range(1, len(series)):
            _line(image, *px(i - 1, series[i - 1]), *px(i, series[i]), color, w)
    return image


def write_png(path: Path, image: np.ndarray) -> None:
    """An RGB image as a PNG file (zlib and the PNG chunk layout: no imaging library)."""
    height, width, _ = image.shape
    raw = b"".join(b"\x00" + image[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="zhengshangyou")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--episodes", type=int, default=64, help="hands per iteration")
    parser.add_argument("--envs", type=int, default=16, help="games stepped together")
    parser.add_argument("--baseline-episodes", type=int, default=256, help="hands the random player is measured on")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("env-learning-curve.png"))
    args = parser.parse_args(argv)
    cpu = time.process_time()
    curve, baseline = train(args.variant, args.opponents, args.iterations, args.episodes, args.envs, args.lr,
                            args.seed, args.baseline_episodes)
    last = curve[-max(len(curve) // 5, 1) :]
    print(f"random player {baseline:+.3f}; the last {len(last)} iterations {np.mean(last):+.3f} a hand"
          f" ({time.process_time() - cpu:.0f}s CPU)")
    write_png(args.out, plot(curve, baseline, args.episodes))
    print(f"learning curve: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
