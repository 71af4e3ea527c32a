"""The search agent: determinized Monte Carlo search over worlds built from its observation.

At each decision with a real choice the agent

1. picks a few **candidates** among the legal actions: the greedy bot's choice first, then a
   pass where one is allowed, then the cheapest play of each hand type (every contract action
   in the contract phase), at most ``width``;
2. samples **worlds** it cannot tell from the real hand (``paixing.agents.worlds``: the unseen
   cards dealt again consistently with its observation, the public history replayed on them);
3. plays every candidate in each world and the hand out with the **rollout policy** (the
   greedy bot, or the random bot, for every seat), scoring the seat's final score;
4. takes the candidate with the best mean; all candidates meet the same worlds, so the
   comparison is paired (ties go to the earlier candidate, the greedy choice first).

This is perfect-information Monte Carlo with a one-ply tree (every candidate is a root child
evaluated by rollouts); a deeper tree would need far more rollouts than a decision can afford.
The agent's **budget** sets its strength: ``search:200`` spends about 200 rollouts per decision
(rounded to whole rounds of every candidate, at least one), ``search:50ms`` or ``search:2s``
plays rounds until the time is up (not reproducible: it depends on the machine). A scope in
front, ``search:contract:8``, searches the contract phase only (bids, declarations, calls: few
decisions, each weighed over whole hands) and plays the tricks as the greedy bot does, for a
small part of the cost. The agent sees only its observation: the real hidden hands never
reach it.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence

from paixing.agents.bots import BOTS, Bot, GreedyBot, RandomBot
from paixing.agents.play import MAX_ACTIONS, HandDidNotEnd
from paixing.agents.worlds import sample_worlds
from paixing.game.actions import PASS, Action
from paixing.game.observation import Observation
from paixing.game.state import Game
from paixing.hands.play import Play

DEFAULT_ROLLOUTS = 48
"""Rollouts per decision when the budget is not given (``search``)."""
WIDTH = 4
"""Most candidates weighed per decision."""
MAX_ROLLOUTS = 1_000_000
MAX_SECONDS = 3600.0

_BUDGET = re.compile(r"^(?:(?P<n>\d+)|(?P<t>\d+(?:\.\d+)?)(?P<unit>ms|s))$")
SCOPES = ("all", "contract")
"""Which decisions the agent searches: every one, or the contract phase's only (bids,
declarations, calls; trick play then follows the greedy bot)."""


def parse_scope(text: str) -> tuple[str, str]:
    """``(scope, budget)`` from a budget with an optional scope in front: ``contract:8``."""
    head, colon, rest = text.partition(":")
    if colon and head in SCOPES:
        return head, rest
    if head in SCOPES and not colon:
        return head, ""
    return "all", text


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``(rollouts, seconds)`` from a budget: ``""`` (the default rollouts), ``"200"``
    (rollouts), ``"50ms"`` or ``"2s"`` (time per decision); ``ValueError`` otherwise."""
    if text == "":
        return DEFAULT_ROLLOUTS, None
    m = _BUDGET.match(text.strip())
    if m is None:
        raise ValueError(f"bad search budget {text!r}: give rollouts (search:200) or a time (search:50ms, search:2s)")
    if m["n"] is not None:
        n = int(m["n"])
        if not 1 <= n <= MAX_ROLLOUTS:
            raise ValueError(f"bad search budget {text!r}: rollouts must be 1 to {MAX_ROLLOUTS}")
        return n, None
    seconds = float(m["t"]) / (1000 if m["unit"] == "ms" else 1)
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"bad search budget {text!r}: the time must be above 0 and at most {MAX_SECONDS:g}s")
    return None, seconds


def _cost(play: Play) -> tuple[int, int, int, int]:
    """Cheaper plays first: lower rung, fewer wild cards, lower top card, more cards."""
    top = max((r for r, _ in play.naturals), default=len(play.type.tables.ranks))
    return (play.rung, len(play.wild_as), top, -len(play))


def candidates(obs: Observation, first: Action, width: int = WIDTH) -> list[Action]:
    """The actions worth weighing: ``first`` (the policy's choice), a pass where allowed, the
    cheapest play of each hand type (cheapest first); every action in the contract phase."""
    legal = obs.legal
    out = [first]
    if obs.phase == "contract":
        out += [a for a in legal if a != first]
        return out[:width]
    if PASS in legal and first != PASS:
        out.append(PASS)
    plays = sorted((a for a in legal if a.play is not None), key=lambda a: _cost(a.play))  # type: ignore[arg-type]
    seen: set[str] = set()
    for a in plays:
        assert a.play is not None
        if a.play.type.id not in seen and a != first:
            seen.add(a.play.type.id)
            out.append(a)
    return out[:width]


def rollout(world: Game, action: Action, seat: int, policy: Sequence[Bot]) -> int:
    """``seat``'s final score after ``action`` in a copy of ``world``, played out by ``policy``
    (a seat with one legal action takes it without asking its bot: a rollout is mostly passes)."""
    game = world.clone()
    game.apply(action)
    for _ in range(MAX_ACTIONS):
        if game.over:
            return game.scores[seat]
        obs = game.observation(game.turn)
        legal = obs.legal
        game.apply(legal[0] if len(legal) == 1 else policy[obs.seat].choose(obs))
    raise HandDidNotEnd(f"a rollout did not end in {MAX_ACTIONS} actions")


class SearchBot:
    """Determinized Monte Carlo search (see the module docstring); ``budget`` as
    ``parse_budget`` reads it, after an optional scope (``contract:``, see ``SCOPES``);
    ``rollout_policy`` ``greedy`` or ``random``."""

    name = "search"
    takes_budget = True

    def __init__(self, seed: int = 0, budget: str = "", rollout_policy: str = "greedy", width: int = WIDTH) -> None:
        self.rng = random.Random(seed)
        self.scope, rest = parse_scope(budget)
        self.rollouts, self.seconds = parse_budget(rest)
        self.width = width
        self.guide = GreedyBot(seed)
        """Picks the first candidate, and plays when no world can be built."""
        if rollout_policy not in ("greedy", "random"):
            raise ValueError(f"unknown rollout policy {rollout_policy!r} (choose greedy, random)")
        self.rollout_policy = rollout_policy

    def _policy(self, n: int) -> list[Bot]:
        if self.rollout_policy == "greedy":
            return [self.guide] * n
        return [RandomBot(self.rng.getrandbits(32)) for _ in range(n)]

    def choose(self, obs: Observation) -> Action:
        if len(obs.legal) == 1 and obs.seat == obs.turn:
            return obs.legal[0]
        first = self.guide.choose(obs)  # also refuses an observation with nothing to choose
        if self.scope == "contract" and obs.phase != "contract":
            return first
        options = candidates(obs, first, self.width)
        if len(options) == 1:
            return first
        rounds = max(1, (self.rollouts or 0) // len(options)) if self.rollouts else None
        worlds = sample_worlds(obs, self.rng, rounds or 16)
        if not worlds:
            return first
        totals = self._evaluate(obs, options, worlds, rounds)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]

    def _evaluate(self, obs: Observation, options: list[Action], worlds: list[Game], rounds: int | None) -> list[int]:
        """Each option's total score over the same rounds of worlds (``rounds``, or until the
        time is up when the budget is a time)."""
        totals = [0] * len(options)
        policy = self._policy(len(obs.cards_left))
        deadline = time.perf_counter() + (self.seconds or 0.0)
        done = 0
        while True:
            world = worlds[done % len(worlds)]
            for i, action in enumerate(options):
                totals[i] += rollout(world, action, obs.seat, policy)
            done += 1
            if rounds is not None and done >= rounds:
                return totals
            if rounds is None and time.perf_counter() >= deadline:
                return totals


BOTS.add("search", SearchBot)
