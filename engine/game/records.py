"""Game records: one JSON object per hand that replays and re-scores it.

A record holds the variant (its id, the file it was read from and a digest of its compiled
rules over the whole ``extends:`` chain), the seed, the deal (as dealt, so shown cards and the
deal order are kept), every fact the seed dealt or drew, every action in notation and the
result. ``replay`` rebuilds the hand from the seed (or from the recorded deal when the hand
was scripted), re-applies each action through the same checks a player's input goes through,
and compares every recorded outcome field with its own: a record whose rules, deal, facts or
result were altered is refused with the first difference.

The shape of a record is checked (``record_shape`` in ``record_format``) before anything is
built from it, so a malformed record is one line, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paixing.game.record_format import (
    RecordError,
    RulesRefused,
    check_record,
    first_difference,
    fixed_deal_problem,
    printable,
    rules_for,
    seat_problem,
    shown,
)
from paixing.game.state import Game, IllegalAction
from paixing.hands.compile import Ruleset
from paixing.rules.cards import CardError, parse_cards

__all__ = ["RecordError", "Replay", "RulesRefused", "game_from_record", "replay", "rules_for"]

OUTCOME_FIELDS = ("hand_number", "dealer", "deal", "kitty", "fixed_deal", "roles", "result")
"""The fields a replay recomputes and compares; ``result`` must be present, the others are
compared when the record has them (records written before they existed lack some)."""


@dataclass
class Replay:
    """The outcome of replaying a record."""

    ok: bool
    scores: list[int]
    error: str | None
    game: Game | None
    refused: bool = False
    """The record is well formed but names rules that are not at hand or differ (its digest):
    refused like a record that does not replay, not reported as bad input."""

    @property
    def bad_input(self) -> bool:
        """Not a game record at all (malformed): no game was built and the rules were not the
        reason."""
        return self.game is None and not self.refused

    def __post_init__(self) -> None:
        # a record's text may hold terminal escapes: the message shows them escaped
        if self.error is not None:
            self.error = printable(self.error)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "scores": self.scores, "error": self.error}


VariantRef = Ruleset | str | Path | None


def game_from_record(
    record: dict[str, Any], rules: VariantRef = None, record_dir: Path | None = None, *, scripted: bool = False
) -> Game:
    """The hand as dealt in ``record``, before any action; raises RecordError for a record
    that is malformed or names rules other than ``rules`` (see ``rules_for``). ``scripted``:
    a hand to play rather than a record to check (no ``result`` needed)."""
    check_record(record, scripted)
    rs = rules_for(record, rules, record_dir)
    problem = seat_problem(record, rs)
    if problem is not None:
        raise RecordError(f"not a game record: {problem}")
    kwargs: dict[str, Any] = {
        "hand_number": record.get("hand_number", 1),
        "previous_first_out": record.get("previous_first_out"),
        "previous_places": record.get("previous_places"),
        "level": record.get("level"),
        "match": record.get("match"),
    }
    try:
        if record.get("fixed_deal", False):
            kwargs["hands"] = [parse_cards(h) for h in record["deal"]]
            kwargs["kitty"] = parse_cards(record.get("kitty", ""))
            kwargs["dealer"] = record.get("dealer")
            kwargs["wild_ranks"] = record.get("wild_ranks")
            problem = fixed_deal_problem(rs, kwargs["hands"], kwargs["kitty"], kwargs["wild_ranks"])
            if problem is not None:
                raise RecordError(f"not a game record: {problem}")
        return Game(rs, record.get("seed", 0), **kwargs)
    except (KeyError, TypeError, ValueError, IndexError, CardError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"not a game record: {exc}") from None


def replay(
    record: dict[str, Any], rules: VariantRef = None, record_dir: Path | None = None, *, scripted: bool = False
) -> Replay:
    """Re-check every action of ``record``, recompute the score and compare every outcome
    field. ``rules`` overrides the variant the record names (its digest must still match);
    ``record_dir`` is where the record lies, where its variant file may be found. A
    ``scripted`` record (a deal and actions written to be played, as the conformance cases
    are) has no outcome to compare: it needs no ``result``, and a recorded one is compared."""
    try:
        game = game_from_record(record, rules, record_dir, scripted=scripted)
    except RulesRefused as exc:
        return Replay(False, [], str(exc), None, refused=True)
    except RecordError as exc:
        return Replay(False, [], str(exc), None)
    for index, text in enumerate(record.get("actions", [])):
        if game.over:
            return Replay(False, list(game.scores), f"action {index} ({text!r}): the hand was already over", game)
        try:
            game.apply(text)
        except IllegalAction as exc:
            return Replay(False, list(game.scores), f"action {index} ({text!r}) by seat {game.turn}: {exc}", game)
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
            return Replay(False, list(game.scores), f"action {index} ({text!r}) by seat {game.turn}: not an action ({exc})", game)
    if not game.over:
        return Replay(False, list(game.scores), "the record ends before the hand does", game)
    if scripted and record.get("result") is None:
        return Replay(True, list(game.scores), None, game)
    error = _outcome_error(record, game)
    return Replay(error is None, list(game.scores), error, game)


def _outcome_error(record: dict[str, Any], game: Game) -> str | None:
    """The first recorded outcome field that differs from the replay's, in words."""
    own = game.to_record()
    if "deal" in record and own["deal"] != record["deal"]:
        # checked at the end: an auction with no bid deals again, so the seed's last deal counts
        return "the recorded deal is not the deal of this seed (the record was altered)"
    mismatch = _first_event_difference(record.get("events"), game)
    if mismatch is not None:
        return mismatch
    if "wild_ranks" in record and record["wild_ranks"] != list(game.wild_ranks):
        # a shuffled hand draws its own: told ones that differ were written in, not drawn
        return f"the record was altered: wild_ranks: recorded {shown(record['wild_ranks'])} but the replay draws {shown(list(game.wild_ranks))}"
    expected = record["result"].get("scores")
    if expected != own["result"]["scores"]:
        return f"recorded scores {expected} but the replay scores {game.scores}"
    for key in OUTCOME_FIELDS:
        if key == "result" or key in record:
            where = first_difference(record[key], own[key], key)
            if where is not None:
                return f"the record was altered: {where}"
    return None


def _first_event_difference(recorded: Any, game: Game) -> str | None:
    """Where the recorded event log (when the record has one) departs from the replay's."""
    if recorded is None:
        return None
    replayed = [event.to_json() for event in game.log]
    if not isinstance(recorded, list):
        return "the recorded events are not a list"
    for index, (mine, theirs) in enumerate(zip(replayed, recorded, strict=False)):
        if mine != theirs:
            return f"event {index}: recorded {shown(theirs)} but the replay has {shown(mine)}"
    if len(recorded) != len(replayed):
        return f"the record has {len(recorded)} events but the replay has {len(replayed)}"
    return None
