"""A stored record stepped through, as ``paixing show`` steps through one: the record replayed
by the engine (``records.replay``: what is shown is what the rules made of its actions), and
one frame per action — every hand (the record is of a finished hand: all is public now), the
trick on the table, the scores and the events the action added. ``trick_end`` marks the
frames that close a trick, where the viewer's "next trick" stops."""

from __future__ import annotations

from typing import Any

from paixing.game.events import Trick
from paixing.game.records import game_from_record, replay
from paixing.game.state import Game

from .seatview import cards_json, event_json, play_json, result_json, text


class RecordProblem(ValueError):
    """A stored record that no longer replays (its rules changed); one line."""


def hand_frames(record: dict[str, Any]) -> dict[str, Any]:
    """The viewer's data for one hand record."""
    checked = replay(record)
    if not checked.ok:
        raise RecordProblem(f"the record does not replay: {checked.error}")
    game = game_from_record(record)
    frames = [_frame(game, None, None, 0)]
    for text_ in record.get("actions", []):
        seat = game.turn
        seen = len(game.log)
        game.apply(text_)
        frames.append(_frame(game, seat, text_, seen))
    return {"variant": {"id": game.rs.id, "name": text(game.rs.variant.name)}, "n": game.n,
            "hand_number": record.get("hand_number", 1), "level": record.get("level"),
            "frames": frames, "result": result_json(game)}


def record_frames(record: dict[str, Any]) -> dict[str, Any]:
    """A hand record's frames, or every hand's of a session (match) record."""
    if record.get("session"):
        return {"session": True, "hands": [hand_frames(h) for h in record.get("hands", [])],
                "totals": record.get("totals")}
    return {"session": False, "hands": [hand_frames(record)]}


def _frame(game: Game, seat: int | None, action: str | None, seen: int) -> dict[str, Any]:
    new = game.log[seen:] if action is not None else game.log
    return {
        "seat": seat, "action": action, "phase": game.phase, "turn": game.turn,
        "hands": [cards_json(game.rs, h) for h in game.hands],
        "trick": [{"seat": s, "pass": p is None, **(play_json(p) if p is not None else {})} for s, p in game.trick],
        "scores": list(game.scores), "captured": list(game.captured),
        "events": [event_json(e, game.rs) for e in new], "trick_end": any(isinstance(e, Trick) for e in new),
    }
