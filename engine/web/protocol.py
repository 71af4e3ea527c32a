"""The JSON messages between a client and a table (docs/web.md, "Protocol").

A client sends one JSON object per websocket message, with a ``type``: ``act``, ``read``,
``hint``, ``next`` or ``ping``. Each is a strict pydantic model (unknown keys refused, sizes
bounded), so that anything else is answered by one ``error`` message naming what was wrong,
never a traceback. The server's messages (``welcome``, ``state``, ``reading``, ``hint``,
``error``, ``pong``) are built by ``tables``; their shapes are documented in docs/web.md.

``POST /api/tables`` and ``POST /api/tables/{code}/join`` take ``NewTable`` and ``Join``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_ACTION = 200
"""Longest action text (a play of many cards with its reading fits)."""
MAX_CARDS = 64
MAX_SEATS = 8
MIN_SEATS = 2


class ProtocolError(ValueError):
    """A message that is not one the protocol knows; the text is one line for the client."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Act(_Message):
    """Take an action: cards (``5S 5H``, ``55 BJ = 555``), ``pass``, or a contract step's text
    (``bid double``, ``call AS``, ``give 7H``), exactly as listed in ``state.legal``."""

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=MAX_ACTION)]
    seq: int | None = None
    """The ``seq`` of the state the client acted on; a stale one is refused (double clicks)."""


class Read(_Message):
    """How the selected cards read now, and whether they may be played (the engine's reason)."""

    type: Literal["read"]
    cards: Annotated[list[Annotated[str, Field(min_length=1, max_length=4)]], Field(max_length=MAX_CARDS)]


class Hint(_Message):
    """What the greedy bot would do from this seat's observation."""

    type: Literal["hint"]


class Next(_Message):
    """Ready for the next hand of a match (it is dealt once every person at the table is)."""

    type: Literal["next"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[Act | Read | Hint | Next | Ping, Field(discriminator="type")]
_CLIENT: TypeAdapter[Act | Read | Hint | Next | Ping] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("act", "read", "hint", "next", "ping")


def parse_client(raw: str | bytes, max_bytes: int) -> Act | Read | Hint | Next | Ping:
    """One client message, checked; ``ProtocolError`` with one line naming what was wrong."""
    if len(raw) > max_bytes:
        raise ProtocolError(f"message too large: {len(raw)} bytes (at most {max_bytes})", "too_large")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message is a JSON object with a type, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in KNOWN_TYPES:
        raise ProtocolError(f"unknown message type {kind!r} (known: {', '.join(KNOWN_TYPES)})", "unknown_type")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        raise ProtocolError(f"{kind}: {first_error(exc)}") from None


def first_error(exc: ValidationError) -> str:
    """The first problem pydantic found, in one line: ``cards.3: String should have at most 4
    characters``."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"] if p not in KNOWN_TYPES)
    return f"{where}: {err['msg']}" if where else str(err["msg"])


class NewTable(_Message):
    """``POST /api/tables``: a variant (built-in id or user file name), one entry per seat."""

    variant: Annotated[str, Field(min_length=1, max_length=200)]
    seats: Annotated[list[Annotated[str, Field(max_length=40)]], Field(min_length=MIN_SEATS, max_length=MAX_SEATS)]
    lang: Literal["zh", "en"] = "zh"
    turn_seconds: Annotated[float, Field(ge=5, le=600)] | None = None
    """A turn timer (off when absent): a person who lets it run out plays the hint."""


class Join(_Message):
    """``POST /api/tables/{code}/join``: take a free seat (the first free one without ``seat``)."""

    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)] | None = None


def error(message: str, code: str = "bad_message") -> dict[str, Any]:
    """The server's ``error`` message."""
    return {"type": "error", "code": code, "message": message}
