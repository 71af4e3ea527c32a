"""The game record's format: writing one (``game_record``, what ``Game.to_record`` returns),
what a record read from outside must look like, which rules it names, and where it differs
from a replay (``records.replay`` builds the game again; it lives apart because it needs the
game, which needs this module to write its record).

A record names its rules three ways, so that ``replay`` reads exactly them: the variant id,
the file the rules were compiled from (``Ruleset.source``; null for a built-in id), and a
digest of the compiled rules over the whole ``extends:`` chain. It keeps the seed, the deal, the
actions, every event of the log (deals, rewards, the shown card and its seat, a kitty …: all a
replay re-derives from the seed and compares), each seat's role (who partnered) and the result.

A record comes from outside (a file anyone may have edited), so every field is checked for its
type and range before a game is built from it, and a malformed one is a ``RecordError`` of one
line. The rules a record names are found from its ``variant_file`` (read only from the
current folder, the record's folder and the one above it, or the built-ins, and never echoed
when it does not load) or its built-in id, or given by the caller; their digest must be the
record's ``rules_digest``.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from paixing.game.events import Event
from paixing.game.settle import Settlement
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset
from paixing.rules.cards import Card, format_cards
from paixing.rules.digest import rules_digest
from paixing.rules.extends import builtin_ids, confined, is_path_ref
from paixing.rules.problems import VariantError

MAX_TEXT = 4096
"""Longest text a record field may hold (a variant id, a file, an action)."""
MAX_SEED_BITS = 256


class Recorded(Protocol):
    """What a record is made from (a ``Game``)."""

    rs: Ruleset
    dealer: int
    dealt: list[list[Card]]
    kitty: list[Card]
    wild_ranks: tuple[str, ...]
    log: list[Event]
    result: Settlement | None

    @property
    def seed(self) -> int: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def fixed_deal(self) -> bool: ...

    @property
    def previous_first_out(self) -> int | None: ...

    @property
    def previous_places(self) -> tuple[int, ...] | None: ...

    @property
    def level(self) -> str | None: ...

    @property
    def match(self) -> dict[str, Any] | None: ...

    @property
    def actions(self) -> Iterable[str]: ...

    def roles(self) -> list[str | None]: ...


def game_record(game: Recorded) -> dict[str, Any]:
    """The JSON game record: enough to replay and re-score the hand, and to tell from it alone
    which rules it was played by and who partnered."""
    return {
        "variant": game.rs.id,
        "seed": game.seed,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "deal": [format_cards(h) for h in game.dealt],
        "kitty": format_cards(game.kitty),
        "fixed_deal": game.fixed_deal,
        **({"previous_first_out": game.previous_first_out} if game.previous_first_out is not None else {}),
        **({"previous_places": list(game.previous_places)} if game.previous_places is not None else {}),
        **({"level": game.level} if game.level is not None else {}),
        # like the deal, told wild ranks are kept only for a fixed deal (a seed draws its own)
        **({"wild_ranks": list(game.wild_ranks)} if game.fixed_deal and game.wild_ranks else {}),
        **({"match": game.match} if game.match is not None else {}),
        "actions": list(game.actions),
        "events": [event.to_json() for event in game.log],
        "result": game.result.to_json() if game.result else None,
        "variant_file": game.rs.source,
        "rules_digest": rules_digest(game.rs.variant),
        "roles": game.roles(),
    }


class RecordError(ValueError):
    """A record that cannot be replayed: malformed, or naming rules that are not at hand."""


class RulesRefused(RecordError):
    """A well-formed record whose rules cannot be used: their file is not found or not readable
    here, or their digest differs from the record's."""


def shown(value: Any, width: int = 60) -> str:
    """A value from a record as printed in a message: JSON, control characters escaped, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def printable(text: str) -> str:
    """``text`` with every control character escaped (``\\x1b``), safe to print."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def _text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


FIELDS: dict[str, tuple[str, Any]] = {
    "variant": ("a variant id", lambda v: _text(v) and v != "" and v.isprintable()),
    "seed": ("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool) and v.bit_length() <= MAX_SEED_BITS),
    "hand_number": ("a whole number from 1", lambda v: _int(v, 1, 10**9)),
    "dealer": ("a seat number or null", lambda v: v is None or _int(v, 0, 1000)),
    "previous_first_out": ("a seat number or null", lambda v: v is None or _int(v, 0, 1000)),
    "previous_places": ("a list of seat numbers", lambda v: isinstance(v, list) and all(_int(s, 0, 1000) for s in v)),
    "wild_ranks": ("a list of ranks", lambda v: isinstance(v, list) and all(_text(r) for r in v)),
    "deal": ("a list of hands in card notation", lambda v: isinstance(v, list) and all(_text(h) for h in v)),
    "kitty": ("cards in card notation", _text),
    "fixed_deal": ("true or false", lambda v: isinstance(v, bool)),
    "actions": ("a list of actions (text)", lambda v: isinstance(v, list) and all(_text(a) for a in v)),
    "result": ("an object with scores", lambda v: isinstance(v, dict) and isinstance(v.get("scores"), list)),
    "variant_file": ("a file name or null", lambda v: v is None or (_text(v) and v.isprintable())),
    "rules_digest": ("a digest or null", lambda v: v is None or _text(v)),
    "events": ("a list of events", lambda v: isinstance(v, list) and all(isinstance(e, dict) for e in v)),
    "roles": ("a list of roles", lambda v: isinstance(v, list)),
    "level": ("a rank or null", lambda v: v is None or (_text(v) and v.isprintable())),
    "match": ("a match state (an object) or null", lambda v: v is None or isinstance(v, dict)),
}
REQUIRED = ("variant", "actions", "result")


def check_record(record: Any, scripted: bool = False) -> None:
    """Raise RecordError (one line) unless ``record`` has the shape of a game record (a
    ``scripted`` hand may leave out its result)."""
    if not isinstance(record, dict):
        raise RecordError("not a game record (a JSON object)")
    for key in REQUIRED:
        if key not in record and not (scripted and key == "result"):
            raise RecordError(f"not a game record: it has no {key!r}")
    for key, (expected, ok) in FIELDS.items():
        if key in record and not ok(record[key]) and not (scripted and key == "result" and record[key] is None):
            raise RecordError(f"not a game record: {key}: expected {expected}, got {shown(record[key])}")


def seat_problem(record: dict[str, Any], rs: Ruleset) -> str | None:
    """A ``dealer`` or ``previous_first_out`` that is no seat of the variant (checked once the
    rules are known: the shape check cannot know how many seats there are)."""
    n = rs.variant.players
    for key in ("dealer", "previous_first_out"):
        seat = record.get(key)
        if seat is not None and seat >= n:
            return f"{key}: seat {seat}, but {rs.id} has seats 0-{n - 1}"
    for seat in record.get("previous_places") or ():
        if seat >= n:
            return f"previous_places: seat {seat}, but {rs.id} has seats 0-{n - 1}"
    return None


def fixed_deal_problem(rs: Ruleset, hands: list[list[Card]], kitty: list[Card], wild_ranks: Any) -> str | None:
    """What is wrong with a fixed deal for these rules: a hand or a kitty of another size than
    the variant deals, or told wild ranks that are no ranks of it (the cards themselves are
    checked against the deck when the game is built)."""
    game = rs.variant.game
    if game is None or len(hands) != rs.variant.players:
        return None  # the game says so itself
    kitty_n = game.deal.kitty
    each = game.deal.cards_each or (len(rs.deck()) - kitty_n) // rs.variant.players
    uneven = game.deal.uneven and game.deal.cards_each is None
    for seat, hand in enumerate(hands):
        if len(hand) != each and not (uneven and len(hand) == each + 1):
            return f"deal: seat {seat} is dealt {len(hand)} cards, but {rs.id} deals {each}"
    if uneven and sum(map(len, hands)) != len(rs.deck()) - kitty_n:
        return f"deal: {sum(map(len, hands))} cards dealt, but {rs.id} deals all {len(rs.deck()) - kitty_n}"
    if len(kitty) != kitty_n:
        return f"kitty: {len(kitty)} cards, but {rs.id} sets aside {kitty_n}"
    unknown = [r for r in wild_ranks or [] if r not in rs.ranks]
    if unknown:
        return f"wild_ranks: {shown(unknown[0])} is no rank of {rs.id}"
    return None


def first_difference(recorded: Any, own: Any, path: str) -> str | None:
    """Where ``recorded`` and ``own`` (the replay's) first differ, as ``path: recorded … but
    the replay gives …``; None when they are equal (booleans are not numbers here)."""
    if isinstance(recorded, dict) and isinstance(own, dict):
        for key in list(own) + [k for k in recorded if k not in own]:
            found = first_difference(recorded.get(key, _MISSING), own.get(key, _MISSING), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(recorded, list) and isinstance(own, list) and len(recorded) == len(own):
        for i, (a, b) in enumerate(zip(recorded, own, strict=True)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if _same(recorded, own):
        return None
    return f"{path}: recorded {_say(recorded)} but the replay gives {_say(own)}"


class _Missing:
    def __repr__(self) -> str:
        return "(missing)"


_MISSING = _Missing()


def _say(value: Any) -> str:
    return "nothing" if value is _MISSING else shown(value)


def _same(a: Any, b: Any) -> bool:
    if _number(a) and _number(b):
        return bool(a == b)
    return type(a) is type(b) and bool(a == b)


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def read_file(file: str | Path, most: int) -> str:
    """The text of a file read from outside (a record, a vectors file); ``ValueError`` (one
    line) for what is not a regular file (a FIFO would block for ever, ``/dev/zero`` fill the
    memory), is over ``most`` bytes, or cannot be read as UTF-8. The file is opened without
    blocking (a FIFO would), then looked at."""
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as f:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise ValueError(f"cannot read {file}: not a regular file")
            if info.st_size > most:
                raise ValueError(f"cannot read {file}: {info.st_size:,} bytes, more than {most:,} (split it)")
            data = f.read(most + 1)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {file}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > most:  # it grew after the look
        raise ValueError(f"cannot read {file}: more than {most:,} bytes (split it)")
    return text


# ------------------------------------------------------------------------------ the rules


def rules_for(record: dict[str, Any], rules: Ruleset | str | Path | None = None, record_dir: Path | None = None) -> Ruleset:
    """The rules ``record`` was played by: ``rules`` when given, else the file the record names
    (``variant_file``), else its built-in id. Raises RecordError when they cannot be read or
    their digest is not the record's."""
    if isinstance(rules, Ruleset):
        rs, source = rules, rules.id
    elif rules is not None:
        rs, source = _load(rules, echo=True), str(rules)
    elif record.get("variant_file"):
        path = _named_file(str(record["variant_file"]), record_dir)
        rs, source = _load(path, echo=False), str(path)
    else:
        vid = record["variant"]
        if is_path_ref(vid) or vid not in builtin_ids():
            raise RecordError(f"not a game record: {shown(vid)} is no built-in variant and the record names no variant file (pass --variant FILE)")
        rs, source = _load(vid, echo=True), vid
    if rs.id != record["variant"]:
        raise RulesRefused(f"the record is a game of {shown(record['variant'])}, but {source} is {rs.id!r}")
    digest = record.get("rules_digest")
    if digest is not None and digest != rules_digest(rs.variant):
        raise RulesRefused(
            f"the rules in {source} are not the rules the record was played by (rules_digest differs): "
            "pass --variant with the file it was played with"
        )
    return rs


def _load(ref: str | Path, echo: bool) -> Ruleset:
    """The compiled rules; a file the user did not name himself is never echoed back."""
    try:
        return ruleset(ref)
    except VariantError as exc:
        if not echo:
            raise RulesRefused(f"the variant file {ref} the record names is not a valid variant (paixing validate shows why)") from None
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        raise RulesRefused(f"{exc.problems[0]}{more}") from None
    except (OSError, ValueError) as exc:
        raise RulesRefused(f"cannot read the variant {shown(str(ref))}: {type(exc).__name__}") from None


def _named_file(name: str, record_dir: Path | None) -> Path:
    """The record's variant file: as named, or beside the record; only in the current folder,
    the record's folder or the one above it (``simulate FILE --out DIR`` writes records in a
    folder beside the file), or the built-ins."""
    if record_dir is not None:
        record_dir = record_dir.resolve()
    homes = [Path.cwd()] + ([record_dir, record_dir.parent] if record_dir is not None else [])
    candidates = [Path(name)] + ([record_dir / Path(name).name] if record_dir is not None else [])
    outside = False
    for path in candidates:
        try:
            if not path.is_file():
                continue
        except (OSError, ValueError):
            continue
        if confined(path, *homes):
            return path
        outside = True
    if outside:
        raise RulesRefused(f"the record's variant file {shown(name)} is outside this folder and the record's: pass --variant FILE")
    raise RulesRefused(f"the record's variant file {shown(name)} is not found: pass --variant FILE")
