"""The two sides of a match at the terminal, named from the viewer's seat, and where the match
stands: between hands (``standing``, from what the finished hand carries to the next) and
during one (``levels_line``, from the state the hand was dealt with: public, as at a real
table). ``play`` (``match.run_match``, ``prompts.Prompts.status``) and ``show``
(``view.RecordView``) both word a match through these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paixing.game.state import Game
from paixing.game.teams import fixed_sides
from paixing.hands.compile import Ruleset
from paixing.rules.match import MatchRules


def match_rules(rs: Ruleset) -> MatchRules | None:
    """The variant's match rules (``game.session``), None when it plays single hands."""
    game = rs.variant.game
    return None if game is None else game.session


def side_seats(rs: Ruleset) -> list[list[int]]:
    """Each side's seats: the variant's first ``teams: fixed`` contract."""
    game = rs.variant.game
    assert game is not None
    contract = next(c for c in game.contracts if c.teams == "fixed")
    sides = fixed_sides(contract, rs.variant.players)
    return [[s for s in range(rs.variant.players) if sides[s] == k] for k in range(2)]


def side_names(rs: Ruleset, names: Sequence[str]) -> list[str]:
    """Each side's seats by the names the viewer gives them (``You & 对家``)."""
    return [" & ".join(names[s] for s in seats) for seats in side_seats(rs)]


def standing(rs: Ruleset, carried: dict[str, Any], names: Sequence[str]) -> str:
    """Where the match stands after a hand, in one line: each side's level (attempts) or
    points, and the level of the next hand."""
    state = carried.get("match")
    rules = match_rules(rs)
    if not isinstance(state, dict) or rules is None:
        return ""
    parts = []
    for k, who in enumerate(side_names(rs, names)):
        if rules.levels is not None:
            parts.append(f"{who}: level {state['levels'][k]} ({state['attempts'][k]} failed at the top)")
        else:
            parts.append(f"{who}: {state['points'][k]} points")
    level = carried.get("level")
    return "; ".join(parts) + (f". Next hand at level {level}." if level else ".")


def winner_line(rs: Ruleset, carried: dict[str, Any], names: Sequence[str]) -> str | None:
    """``The match is won by 下家 & 上家 after 4 hands.``, once a side has won it."""
    state = carried.get("match")
    if not isinstance(state, dict) or not isinstance(state.get("winner"), int) or state["winner"] < 0:
        return None
    return f"The match is won by {side_names(rs, names)[state['winner']]} after {state['hands']} hands."


def levels_line(game: Game, names: Sequence[str]) -> str | None:
    """During a hand of a match: each side's level and the level this hand is played at (whose
    it is), or each side's points and the target; None for a hand outside a match."""
    rules = match_rules(game.rs)
    if rules is None:
        return None
    state = game.match_state
    who = side_names(game.rs, names)
    if rules.levels is not None:
        ranks = rules.levels.ranks
        sides = " · ".join(f"{who[k]} {ranks[state.levels[k]]}" for k in range(2))
        whose = f" ({who[state.declarers]}'s)" if state.declarers >= 0 else ""
        return f"Levels: {sides} — this hand is played at {game.level}{whose}"
    if rules.points is not None:
        sides = " · ".join(f"{who[k]} {state.points[k]}" for k in range(2))
        return f"Match points: {sides} — {rules.points.target} wins the match"
    return None
