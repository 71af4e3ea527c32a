"""The client's messages: each known type accepted, anything else refused in one line."""

from __future__ import annotations

import json

import pytest
from paixing.web.protocol import Act, Hint, Next, Ping, ProtocolError, Read, parse_client

MAX = 1000


@pytest.mark.parametrize(("raw", "expected"), [
    ('{"type": "act", "action": "5S 5H"}', Act(type="act", action="5S 5H")),
    ('{"type": "act", "action": "pass", "seq": 7}', Act(type="act", action="pass", seq=7)),
    ('{"type": "read", "cards": ["5S", "BJ"]}', Read(type="read", cards=["5S", "BJ"])),
    ('{"type": "hint"}', Hint(type="hint")),
    ('{"type": "next"}', Next(type="next")),
    (b'{"type": "ping"}', Ping(type="ping")),
])
def test_known_messages(raw: str | bytes, expected: object) -> None:
    assert parse_client(raw, MAX) == expected


@pytest.mark.parametrize(("raw", "code", "message"), [
    ("{not json", "bad_message", "not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
    ("[1, 2]", "bad_message", "a message is a JSON object with a type, not list"),
    ('{"type": "shout"}', "unknown_type", "unknown message type 'shout' (known: act, read, hint, next, ping)"),
    ('{"action": "55"}', "unknown_type", "unknown message type None (known: act, read, hint, next, ping)"),
    ('{"type": "act"}', "bad_message", "act: action: Field required"),
    ('{"type": "act", "action": ""}', "bad_message", "act: action: String should have at least 1 character"),
    ('{"type": "act", "action": "5S", "cheat": 1}', "bad_message", "act: cheat: Extra inputs are not permitted"),
    ('{"type": "read", "cards": ["10SS0"]}', "bad_message", "read: cards.0: String should have at most 4 characters"),
    ('{"type": "read", "cards": "5S"}', "bad_message", "read: cards: Input should be a valid list"),
    ('{"type": "act", "action": 5}', "bad_message", "act: action: Input should be a valid string"),
    ("x" * 1001, "too_large", "message too large: 1001 bytes (at most 1000)"),
])
def test_bad_messages(raw: str, code: str, message: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(raw, MAX)
    assert (caught.value.code, str(caught.value)) == (code, message)


def test_long_action_refused() -> None:
    raw = json.dumps({"type": "act", "action": "5S " * 100})
    with pytest.raises(ProtocolError, match="act: action: String should have at most 200 characters"):
        parse_client(raw, 10_000)
