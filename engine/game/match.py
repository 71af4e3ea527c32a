"""The state of a match between fixed sides, carried from hand to hand, and how a finished
hand moves it on: levels (promotion by places, the last level's rule), running points, the
places of the hand before (the next hand's tribute reads them), and the match's winner.

Everything here is a pure function of the variant's ``session:`` rules, the state a hand was
dealt with, and that hand's facts and outcome: the session (``session.py``) carries the JSON
form (``MatchState.to_json``) to the next ``Game`` as its ``match`` keyword, and the level the
next hand is played at as its ``level`` keyword; a session record replays by recomputing both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from paixing.game.conditions import Outcome, Scope, holds, ranked
from paixing.game.ends import decide, ending_rule
from paixing.game.facts import HandFacts
from paixing.rules.match import Levels, MatchRules, Points
from paixing.rules.scoring import Call, Contract

SIDES = 2
"""A match is played between two fixed sides."""


@dataclass(frozen=True)
class MatchState:
    """Where a match stands before a hand."""

    levels: tuple[int, ...] = (0, 0)
    """Each side's level, an index into ``Levels.ranks``."""
    declarers: int = -1
    """The side whose level the hand is played at (it won the hand before; -1: nobody yet)."""
    attempts: tuple[int, ...] = (0, 0)
    """Each side's failed attempts at its last level."""
    points: tuple[int, ...] = (0, 0)
    """Each side's running points."""
    previous: tuple[int, ...] = ()
    """The hand before's seats by place (the first out first; the last player once decided)."""
    hands: int = 0
    """Hands played so far."""
    winner: int = -1
    """The side that won the match (-1: play on)."""

    def to_json(self, session: MatchRules | None) -> dict[str, Any]:
        """The JSON form records carry (levels written as ranks)."""
        ranks = session.levels.ranks if session is not None and session.levels is not None else None
        return {
            "levels": [ranks[k] for k in self.levels] if ranks else list(self.levels),
            "declarers": self.declarers,
            "attempts": list(self.attempts),
            "points": list(self.points),
            "previous": list(self.previous),
            "hands": self.hands,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], session: MatchRules | None) -> MatchState:
        """Read the JSON form back; ``ValueError`` for one that does not fit the rules."""
        ranks = session.levels.ranks if session is not None and session.levels is not None else None
        levels = data.get("levels", [0, 0])
        try:
            index = tuple(ranks.index(str(x)) for x in levels) if ranks else tuple(int(x) for x in levels)
            return cls(
                levels=index,
                declarers=int(data.get("declarers", -1)),
                attempts=tuple(int(x) for x in data.get("attempts", (0, 0))),
                points=tuple(int(x) for x in data.get("points", (0, 0))),
                previous=tuple(int(x) for x in data.get("previous", ())),
                hands=int(data.get("hands", 0)),
                winner=int(data.get("winner", -1)),
            )
        except (TypeError, AttributeError) as exc:
            raise ValueError(f"not a match state: {exc}") from None

    @property
    def over(self) -> bool:
        return self.winner >= 0


def hand_level(session: MatchRules | None, state: MatchState) -> str | None:
    """The level rank a hand is played at: the declarers' level (the first hand: the first)."""
    if session is None or session.levels is None:
        return None
    ranks = session.levels.ranks
    return ranks[state.levels[state.declarers]] if state.declarers >= 0 else ranks[0]


def outcome_of(contract: Contract, facts: HandFacts, calls: Sequence[Call] = ()) -> Outcome | None:
    """The settled outcome of a finished hand (None when no end rule holds: an instant win),
    with the sides' points as settlement counts them (fixed points, calls)."""
    found = ending_rule(contract, facts)
    return None if found is None else decide(contract, facts, found[1], calls)


def advance(
    session: MatchRules, state: MatchState, contract: Contract | None, facts: HandFacts, scores: list[int], calls: Sequence[Call] = ()
) -> MatchState:
    """The state after a finished hand (``calls``: the game's calls, for the sides' points)."""
    after = replace(state, hands=state.hands + 1, previous=ranked(facts))
    outcome = outcome_of(contract, facts, calls) if contract is not None and facts.finish else None
    if outcome is None or after.over:
        return after
    scope = Scope(facts, outcome)
    if session.levels is not None:
        after = _levels(session.levels, after, outcome.winning_side, scope)
    if session.points is not None and not after.over:
        after = _points(session.points, after, facts, outcome, scores)
    return after


def _levels(rules: Levels, state: MatchState, won: int, scope: Scope) -> MatchState:
    """Promotion of the hand's winner, the last level's attempts, and who declares next."""
    top = len(rules.ranks) - 1
    levels, attempts = list(state.levels), list(state.attempts)
    dropped = False
    for side in range(SIDES):
        attempt = levels[side] == top and (state.declarers == side or not rules.top.must_lead_level)
        if not attempt:
            continue
        if side == won and holds(rules.top.passes_if, scope):
            return replace(state, winner=side, declarers=won)
        attempts[side] += 1
        if rules.top.attempts is not None and attempts[side] >= rules.top.attempts:
            levels[side], attempts[side] = 0, 0
            dropped = dropped or side == won
    if levels[won] < top and not dropped:
        up = next((row.up for row in rules.promote if holds(row.conditions, scope)), 0)
        levels[won] = min(levels[won] + up, top)
    return replace(state, levels=tuple(levels), attempts=tuple(attempts), declarers=won)


def _points(rules: Points, state: MatchState, facts: HandFacts, outcome: Outcome, scores: list[int]) -> MatchState:
    """Each side's points for the hand added; a side at the target with more points wins."""
    if rules.counts == "side_totals" and outcome.side_totals is not None:
        gained = list(outcome.side_totals)
    else:
        gained = [sum(scores[s] for s in facts.active if facts.sides[s] == side) for side in range(SIDES)]
    points = tuple(p + g for p, g in zip(state.points, gained, strict=True))
    winner = -1
    if max(points) >= rules.target and points[0] != points[1]:
        winner = 0 if points[0] > points[1] else 1
    return replace(state, points=points, winner=winner)


def start_state(session: MatchRules | None, data: dict[str, Any] | None) -> MatchState:
    """The state a hand is dealt with: read from ``data`` (the carried JSON), or a new match."""
    return MatchState() if data is None else MatchState.from_json(data, session)
