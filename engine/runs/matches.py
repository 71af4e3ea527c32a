"""Whole matches played by bots (``paixing simulate VARIANT --matches N``): hands of a session
until the variant's match ends (``game.session``: a side passes its last level, or reaches the
points target), with the level or points progress of each side hand by hand and the winner
per pair of partners.

A match that has not ended after ``MAX_MATCH_HANDS`` hands is a ``MatchError`` naming
the match and the seed: a variant whose match cannot end (a last level nobody can pass) is
reported, never played forever. Match ``i`` of a run seeded ``seed`` deals its hand ``k`` from
``game_seed(seed, i * MAX_MATCH_HANDS + k)``, so every match depends only on (seed, i).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

from paixing.agents.bots import seat_bots
from paixing.agents.play import HandDidNotEnd, game_seed, play_hand, seated_bots
from paixing.game.actions import IllegalAction
from paixing.game.session import Session
from paixing.game.teams import fixed_sides
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.runs.files import prepare_out, write_record

MAX_MATCH_HANDS = 1000
"""Most hands one match may take before it is reported as one that does not end."""


class MatchError(RuntimeError):
    """A match that could not be played to its end (or a variant without a match); the message
    names the match and the seed."""


@dataclass
class MatchResult:
    """One finished match: its winner (a side, 0 or 1), its hands, and each side's level (or
    points) after every hand."""

    index: int
    winner: int
    hands: int
    progress: list[list[Any]]
    """After each hand: each side's level (a rank) or, without levels, its points."""
    attempts: list[int]
    """Failed attempts at the last level per side, when the match ended."""

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "winner": self.winner, "hands": self.hands, "progress": self.progress, "attempts": self.attempts}


@dataclass
class MatchSummary:
    """What ``simulate --matches`` reports."""

    variant: str
    seed: int
    bots: list[str]
    sides: list[list[int]]
    """The seats of side 0 and of side 1."""
    results: list[MatchResult] = field(default_factory=list)

    @property
    def wins(self) -> list[int]:
        return [sum(1 for r in self.results if r.winner == side) for side in range(2)]

    def to_json(self) -> dict[str, Any]:
        hands = [r.hands for r in self.results]
        return {
            "variant": self.variant,
            "seed": self.seed,
            "matches": len(self.results),
            "bots": self.bots,
            "sides": self.sides,
            "wins": self.wins,
            "hands_per_match": {"mean": round(mean(hands), 3), "min": min(hands), "max": max(hands)} if hands else None,
            "results": [r.to_json() for r in self.results],
        }


def match_sides(rs: Ruleset) -> list[list[int]]:
    """The seats of each side: the variant's first ``teams: fixed`` contract."""
    game = rs.variant.game
    assert game is not None
    contract = next(c for c in game.contracts if c.teams == "fixed")
    sides = fixed_sides(contract, rs.variant.players)
    return [[s for s, side in enumerate(sides) if side == k] for k in range(2)]


def play_match(rs: Ruleset, names: Sequence[str], seed: int, index: int, max_hands: int = MAX_MATCH_HANDS) -> tuple[Session, MatchResult]:
    """Match ``index`` of a run, played to its end by bots."""
    session = Session.start(rs)
    rules = rs.variant.game.session if rs.variant.game is not None else None
    levels = rules is not None and rules.levels is not None
    progress: list[list[Any]] = []
    for k in range(max_hands):
        number = index * MAX_MATCH_HANDS + k
        game = session.next_game(game_seed(seed, number))
        play_hand(game, seated_bots(names, seed, number))
        session.finish(game)
        state = session.carried["match"]
        progress.append(list(state["levels"] if levels else state["points"]))
        if session.winner is not None:
            return session, MatchResult(index, session.winner, k + 1, progress, list(state["attempts"]))
    raise MatchError(f"match {index} (seed {seed}) did not end in {max_hands} hands")


def simulate_matches(
    variant: str | Path | Ruleset, matches: int, seed: int = 0, bots: Sequence[str] = ("random",),
    out_dir: str | None = None, max_hands: int = MAX_MATCH_HANDS,
) -> MatchSummary:
    """Play ``matches`` whole matches; with ``out_dir``, one session record per match."""
    rs = ruleset(variant)
    if rs.variant.game is None or rs.variant.game.session is None:
        raise ValueError(f"{rs.id} has no match (no game.session): use --games or --session")
    names = seat_bots(list(bots), rs.variant.players)
    if out_dir is not None:
        prepare_out(Path(out_dir), "resume")
    summary = MatchSummary(rs.id, seed, list(names), match_sides(rs))
    for i in range(matches):
        try:
            session, result = play_match(rs, names, seed, i, max_hands)
        except (HandDidNotEnd, IllegalAction, ValueError) as exc:
            raise MatchError(f"match {i}: {type(exc).__name__}: {exc}") from exc
        summary.results.append(result)
        if out_dir is not None:
            write_record(Path(out_dir) / f"match-{i:06d}.json", session.to_record(seed))
    return summary
