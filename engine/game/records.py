"""Game records: one JSON object per hand that replays and re-scores it.

A record holds the variant, the seed, the deal (as dealt, so shown cards and the deal order
are kept), every action in notation and the result. ``replay`` rebuilds the hand from the
seed (or from the recorded deal when the hand was scripted), re-applies each action through
the same checks a player's input goes through, and compares the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paixing.game.state import Game, IllegalAction
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.rules.cards import CardError, format_cards, parse_cards
from paixing.rules.loader import VariantError


class RecordError(ValueError):
    """A record that does not replay: the message names the first bad action and its index."""


@dataclass
class Replay:
    """The outcome of replaying a record."""

    ok: bool
    scores: list[int]
    error: str | None
    game: Game | None

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "scores": self.scores, "error": self.error}


def game_from_record(record: dict[str, Any], rs: Ruleset | None = None) -> Game:
    """The hand as dealt in ``record``, before any action (``rs``: the compiled variant, for a
    variant read from a file the record names only by id)."""
    try:
        rs = rs if rs is not None and rs.id == record["variant"] else ruleset(record["variant"])
        seed = int(record.get("seed", 0))
        fixed = bool(record.get("fixed_deal", False))
        kwargs: dict[str, Any] = {
            "hand_number": int(record.get("hand_number", 1)),
            "previous_first_out": record.get("previous_first_out"),
        }
        if fixed:
            kwargs["hands"] = [parse_cards(h) for h in record["deal"]]
            kwargs["kitty"] = parse_cards(record.get("kitty", ""))
            kwargs["dealer"] = record.get("dealer")
        game = Game(rs, seed, **kwargs)
    except (KeyError, TypeError, ValueError, CardError, VariantError) as exc:
        raise RecordError(f"not a game record: {exc}") from None
    return game


def replay(record: dict[str, Any], rs: Ruleset | None = None) -> Replay:
    """Re-check every action of ``record`` and recompute the score (``rs`` as in
    ``game_from_record``)."""
    try:
        game = game_from_record(record, rs)
    except RecordError as exc:
        return Replay(False, [], str(exc), None)
    for index, text in enumerate(record.get("actions", [])):
        if game.over:
            return Replay(False, list(game.scores), f"action {index} ({text!r}): the hand was already over", game)
        try:
            game.apply(str(text))
        except IllegalAction as exc:
            return Replay(False, list(game.scores), f"action {index} ({text!r}) by seat {game.turn}: {exc}", game)
    if not game.over:
        return Replay(False, list(game.scores), "the record ends before the hand does", game)
    if "deal" in record and [format_cards(h) for h in game.dealt] != list(record["deal"]):
        # checked at the end: an auction with no bid deals again, so the seed's last deal counts
        return Replay(False, list(game.scores), "the recorded deal is not the deal of this seed (the record was altered)", game)
    mismatch = _first_event_difference(record.get("events"), game)
    if mismatch is not None:
        return Replay(False, list(game.scores), mismatch, game)
    expected = (record.get("result") or {}).get("scores")
    if expected is not None and list(expected) != game.scores:
        return Replay(False, list(game.scores), f"recorded scores {expected} but the replay scores {game.scores}", game)
    return Replay(True, list(game.scores), None, game)


def _first_event_difference(recorded: Any, game: Game) -> str | None:
    """Where the recorded event log (when the record has one) departs from the replay's."""
    if recorded is None:
        return None
    replayed = [event.to_json() for event in game.log]
    if not isinstance(recorded, list):
        return "the recorded events are not a list"
    for index, (mine, theirs) in enumerate(zip(replayed, recorded, strict=False)):
        if mine != theirs:
            return f"event {index}: recorded {theirs} but the replay has {mine}"
    if len(recorded) != len(replayed):
        return f"the record has {len(recorded)} events but the replay has {len(replayed)}"
    return None
