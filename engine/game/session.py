"""Hands in a session: consecutive hands of one variant with state carried from each to the next.

What a finished hand passes on is a registry of *carriers*: each is a name, a function of the
finished ``Game`` returning a JSON value, and the ``Game`` keyword it feeds (``previous_first_out``:
the next hand's dealer under ``dealer.later_hands: previous_first_out``). Running totals are
always carried. A later rule (levels, tribute, a match end) is one more carrier and one more
keyword of ``Game``, not a field named after a game here: a ``Carrier`` registered with
``@CARRIERS.register(keyword)``, whose keyword ``Game`` takes and its record writes
(``tests/rules/test_registries.py`` checks both).

A session record is ``{"session": true, "variant", "seed", "hands": [hand records], "totals"}``;
``replay_session`` replays every hand through ``records.replay`` and checks that each hand was
dealt with what the previous one carried and that the totals add up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paixing.game.conditions import ranked
from paixing.game.match import MatchState, advance, hand_level
from paixing.game.records import Replay, VariantRef, replay
from paixing.game.state import Game
from paixing.hands.compile import Ruleset
from paixing.rules.registry import Registry

Carrier = Callable[[Game], Any]
"""A finished hand → the JSON value the next hand is dealt with."""
CARRIERS: Registry[Carrier] = Registry("carrier")
"""``Game`` keyword → what a finished hand passes to the next hand under it."""


@CARRIERS.register("previous_first_out")
def _first_out(game: Game) -> int | None:
    """The first player out (he deals, and leads, the next hand where the dealer rule says so)."""
    return game.finish[0] if game.finish else None


@CARRIERS.register("previous_places")
def _places(game: Game) -> list[int] | None:
    """The seats by place, where a contract step exchanges cards by places (a ``tribute`` with
    ``exchange``): the next hand's exchange reads them. None elsewhere (nothing reads them)."""
    steps = game.rules.steps
    if not any(s.tribute is not None and s.tribute.exchange for s in steps):
        return None
    return list(ranked(game.facts()))


def next_match(game: Game) -> MatchState | None:
    """The match state after ``game`` (None: the variant plays no match)."""
    session = game.rules.session
    if session is None:
        return None
    return advance(session, game.match_state, game.contract, game.facts(), game.scores, game.rules.calls)


@CARRIERS.register("match")
def _match(game: Game) -> dict[str, Any] | None:
    """Levels, points, places and the winner of the match so far (``match.MatchState``)."""
    state = next_match(game)
    return None if state is None else state.to_json(game.rules.session)


@CARRIERS.register("level")
def _level(game: Game) -> str | None:
    """The level rank the next hand is played at (the level of the side that won this one)."""
    state = next_match(game)
    return None if state is None else hand_level(game.rules.session, state)


def match_over(carried: dict[str, Any]) -> int | None:
    """The side that won the match, from what a hand carried (None: play on, or no match)."""
    state = carried.get("match")
    winner = state.get("winner", -1) if isinstance(state, dict) else -1
    return winner if isinstance(winner, int) and winner >= 0 else None


@dataclass
class Session:
    """A session in progress: the hand number, the running totals and what the last hand
    carried; ``next_game`` deals the next hand and ``finish`` takes a finished one in."""

    rs: Ruleset
    totals: list[int]
    hand_number: int = 1
    carried: dict[str, Any] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, rs: Ruleset) -> Session:
        return cls(rs, [0] * rs.variant.players)

    @property
    def winner(self) -> int | None:
        """The side that won the match (a variant with ``session:``), None while it goes on."""
        return match_over(self.carried)

    def next_game(self, seed: int) -> Game:
        """The next hand, dealt from ``seed`` with the carried state."""
        return Game(self.rs, seed, hand_number=self.hand_number, **self.carried)

    def finish(self, game: Game) -> None:
        """Add a finished hand: its scores to the totals, its carried state for the next."""
        if not game.over:
            raise ValueError("the hand is not over")
        self.totals = [t + s for t, s in zip(self.totals, game.scores, strict=True)]
        self.records.append(game.to_record())
        self.carried = {name: fn(game) for name, fn in CARRIERS.items()}
        self.hand_number += 1

    def to_record(self, seed: int) -> dict[str, Any]:
        """The session record: every hand's record and the totals."""
        return {"session": True, "variant": self.rs.id, "seed": seed, "hands": list(self.records), "totals": list(self.totals)}


def replay_session(record: dict[str, Any], rs: VariantRef = None, record_dir: Path | None = None) -> Replay:
    """Replay every hand of a session record; check the carried state and the totals. ``rs``
    and ``record_dir`` are passed to each hand's ``replay`` (the rules to read it by instead
    of the ones it names; where the record lies, where its variant file may be found)."""
    totals: list[int] | None = None
    carried: dict[str, Any] = {}
    last: Replay | None = None
    for k, hand in enumerate(record.get("hands", [])):
        if int(hand.get("hand_number", 1)) != k + 1:
            return Replay(False, totals or [], f"hand {k}: numbered {hand.get('hand_number')}", None)
        for name, value in carried.items():
            if hand.get(name) != value:
                return Replay(False, totals or [], f"hand {k}: {name} is {hand.get(name)!r}, carried {value!r}", None)
        last = replay(hand, rs, record_dir)
        if not last.ok or last.game is None:
            return Replay(False, totals or [], f"hand {k}: {last.error}", last.game)
        totals = last.scores if totals is None else [t + s for t, s in zip(totals, last.scores, strict=True)]
        carried = {name: fn(last.game) for name, fn in CARRIERS.items()}
    totals = totals or []
    if "totals" in record and list(record["totals"]) != totals:
        return Replay(False, totals, f"recorded totals {record['totals']} but the replay totals {totals}", None)
    return Replay(True, totals, None, last.game if last else None)
