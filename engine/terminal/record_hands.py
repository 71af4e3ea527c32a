"""The hands of a record file, each replayed and checked before ``paixing show`` tells it.

A file is read as ``paixing replay`` reads it (``replay_many.read_records``): one JSON record
(``play --out``, ``simulate --out``), a session record of several hands (``simulate
--session``), or JSON lines of records. A conformance vectors file (``paixing vectors``: a
header line, then cases) contributes its whole-hand ``score`` cases, each turned into the game
record it stands for by ``vectors.answers.score_record`` (the function the vectors' answers
come from) and checked against the case's ``expect``.

Every hand is replayed (``records.replay``; a session through ``session.replay_session``) and
refused unless it replays exactly, so ``show`` never tells a hand the rules would not have
produced; anything wrong is a ``ShowError`` of one line naming the file (and line, or hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paixing.conformance.vectors import FORMAT as VECTORS_FORMAT
from paixing.conformance.vectors.answers import score_record
from paixing.game.record_format import printable
from paixing.game.records import VariantRef, replay
from paixing.game.session import replay_session
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.rules.loader import VariantError
from paixing.runs.replay import read_records


class ShowError(ValueError):
    """A record file that cannot be shown; the message is one line naming the file."""


@dataclass(frozen=True)
class Hand:
    """One replayed hand of a record file."""

    where: str
    """The file (``file:line`` for a line of JSON lines or vectors, ``file hand k`` in a session)."""
    record: dict[str, Any]
    rules: VariantRef
    """The rules to rebuild it by (None: the ones the record names)."""
    folder: Path
    """Where the record file lies (where a variant file it names may be found)."""
    seats: int
    events: list[dict[str, Any]]
    """The hand's log as the replay made it: the record's ``events`` when it has them."""


Rows = Sequence[tuple[int, object]]


def load_hands(file: str, variant: str | None = None) -> list[Hand]:
    """Every hand of ``file``, each replayed and checked; ``ShowError`` (one line) otherwise.
    ``variant``: the rules to read the records by instead of the ones they name (its digest
    must still match, as for ``replay --variant``)."""
    folder = Path(file).parent
    try:
        rows: Rows = list(read_records(file))
        first = rows[0][1]
        if isinstance(first, dict) and first.get("format") == VECTORS_FORMAT:
            return vector_hands(printable(file), first, rows[1:], folder, variant)
        hands: list[Hand] = []
        for number, record in rows:
            where = printable(f"{file}:{number}" if number else file)
            hands += _hands_of(where, record, folder, variant)
    except ValueError as exc:  # ShowError too: it is one
        raise ShowError(str(exc)) from None
    except RecursionError:
        raise ShowError(f"{printable(file)}: not a game record: nested too deeply") from None
    return hands


def _hands_of(where: str, record: object, folder: Path, variant: str | None) -> list[Hand]:
    """The hands of one record (a session record holds several), replayed."""
    if not isinstance(record, dict):
        raise ShowError(f"{where}: not a game record (a JSON object)")
    if not record.get("session"):
        return [_replayed(where, record, variant, folder)]
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise ShowError(f"{where}: not a session record: it has no hands")
    checked = replay_session(record, None if variant is None else _rules(variant, where), folder)
    if not checked.ok:
        raise ShowError(f"{where}: {checked.error}")
    return [_replayed(f"{where} hand {k}", hand, variant, folder) for k, hand in enumerate(hands, start=1)]


def _replayed(where: str, record: Any, rules: VariantRef, folder: Path) -> Hand:
    if not isinstance(record, dict):
        raise ShowError(f"{where}: not a game record (a JSON object)")
    result = replay(record, rules, folder)
    if not result.ok or result.game is None:
        raise ShowError(f"{where}: {result.error}")
    game = result.game
    return Hand(where, record, rules, folder, game.n, [event.to_json() for event in game.log])


def _rules(ref: str, where: str) -> Ruleset:
    try:
        return ruleset(ref)
    except VariantError:
        raise ShowError(f"{where}: the rules {printable(ref)!r} are not a built-in id or a variant file here "
                        "(pass --variant FILE)") from None


def vector_hands(file: str, head: dict[str, Any], rows: Rows, folder: Path, variant: str | None) -> list[Hand]:
    """The whole-hand (``score``) cases of a vectors file, as replayed game records."""
    rs = _rules(variant or str(head.get("variant")), file)
    hands: list[Hand] = []
    for number, case in rows:
        if not isinstance(case, dict) or case.get("op") != "score":
            continue
        where = f"{file}:{number}"
        try:
            result = replay(score_record(rs, case), rs, folder, scripted=True)
        except KeyError as exc:
            raise ShowError(f"{where}: not a whole-hand case: it has no {exc}") from None
        except TypeError as exc:
            raise ShowError(f"{where}: not a whole-hand case: {exc}") from None
        if not result.ok or result.game is None:
            raise ShowError(f"{where}: {result.error}")
        if "expect" in case and case["expect"] != result.to_json():
            raise ShowError(f"{where}: the case expects {case['expect']} but the replay gives {result.to_json()}")
        game = result.game
        hands.append(Hand(where, game.to_record(), rs, folder, game.n, [event.to_json() for event in game.log]))
    if not hands:
        raise ShowError(f"{file}: no whole hand (an op 'score' case) among these vectors")
    return hands
