"""Every route and message of ``paixing serve`` through Starlette's TestClient: tables made
and joined, the websocket's answers to good and bad messages, the records and their download
(which ``paixing replay`` accepts)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paixing.web.app import create_app
from starlette.testclient import TestClient

from tests.helpers import run
from tests.web.conftest import settings_for

BOTS3 = ["human", "bot:greedy", "bot:random", "bot:greedy"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(tmp_path, max_message_bytes=2000, actions_per_second=50))) as c:
        yield c


def new_table(client: TestClient, seats: list[str] = BOTS3, variant: str = "banzipao") -> dict[str, Any]:
    r = client.post("/api/tables", json={"variant": variant, "seats": seats, "lang": "en"})
    assert r.status_code == 200, r.text
    return r.json()


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return m


def test_new_table_and_its_page(client: TestClient) -> None:
    made = new_table(client)
    code = made["code"]
    assert made["url"] == f"/t/{code}" and len(code) == 6 and made["seat_token"]
    assert client.cookies.get(f"paixing_seat_{code}") == made["seat_token"]
    info = client.get(f"/api/tables/{code}").json()
    assert info["you"] == 0 and [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
    page = client.get(f"/t/{code}")
    assert page.status_code == 200 and 'id="table"' in page.text and "/static/table.js" in page.text
    assert client.get("/t/NOPE99").status_code == 404
    assert client.get("/static/table.js").status_code == 200


@pytest.mark.parametrize(("body", "status", "message"), [
    ({"variant": "nope", "seats": ["human"] * 4}, 400, "unknown variant 'nope'"),
    ({"variant": "banzipao", "seats": ["human"] * 3}, 400, "this variant seats 4 players; 3 seats were given"),
    ({"variant": "banzipao", "seats": ["human"]}, 400, "seats: List should have at least 2 items after validation, not 1"),
    ({"variant": "banzipao", "seats": ["human"] * 4, "lang": "fr"}, 400, "lang: Input should be 'zh' or 'en'"),
    ({"seats": ["human"] * 4}, 400, "variant: Field required"),
])
def test_refused_tables(client: TestClient, body: dict[str, Any], status: int, message: str) -> None:
    r = client.post("/api/tables", json=body)
    assert (r.status_code, r.json()["error"]) == (status, message)


def test_bad_bodies(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("not JSON: ")
    r = client.post("/api/tables", content=b"[" + b"1," * 2000 + b"1]", headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "request too large: 4003 bytes (at most 2000)"


def test_join_and_spectate(client: TestClient) -> None:
    code = new_table(client, ["human", "human", "bot:greedy", "bot:greedy"])["code"]
    other = TestClient(client.app)
    joined = other.post(f"/api/tables/{code}/join", json={}).json()
    assert joined["seat"] == 1 and joined["seat_token"]
    third = TestClient(client.app)
    r = third.post(f"/api/tables/{code}/join", json={})
    assert (r.status_code, r.json()["error"]) == (409, "every seat of this table is taken: you may watch")
    assert third.post("/api/tables/ZZZZZZ/join", json={}).status_code == 404
    with third.websocket_connect(f"/ws/t/{code}") as ws:
        assert ws.receive_json() == {"type": "welcome", "table": code, "seat": None, "n": 4}
        state = next_of(ws, "state")
        assert state["you"] is None and state["hand"] == [] and state["legal"] == []
        ws.send_json({"type": "act", "action": "pass"})
        assert next_of(ws, "error") == {"type": "error", "code": "spectator",
                                        "message": "you watch this table: only a seated player acts"}


def test_bad_messages_get_one_line(client: TestClient) -> None:
    code = new_table(client)["code"]
    with client.websocket_connect(f"/ws/t/{code}") as ws:
        assert ws.receive_json()["seat"] == 0
        for raw, code_, message in [
            ("{", "bad_message", None), ('{"type": "dance"}', "unknown_type", None),
            ("x" * 2001, "too_large", "message too large: 2001 bytes (at most 2000)"),
            ('{"type": "act", "action": "ZZ"}', None, None),
        ]:
            ws.send_text(raw)
            m = next_of(ws, "error")
            assert code_ is None or m["code"] == code_
            assert message is None or m["message"] == message
        ws.send_json({"type": "ping"})
        assert next_of(ws, "pong") == {"type": "pong"}


def test_rate_limit(tmp_path: Path) -> None:
    with TestClient(create_app(settings_for(tmp_path, actions_per_second=2))) as c:
        code = new_table(c)["code"]
        with c.websocket_connect(f"/ws/t/{code}") as ws:
            for _ in range(8):
                ws.send_json({"type": "ping"})
            got = [next_of_any(ws) for _ in range(8)]
            assert {"type": "error", "code": "rate", "message": "too many messages: slow down"} in got


def next_of_any(ws: Any) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] in ("pong", "error"):
            return m


def my_turn(ws: Any, after: int = -1) -> dict[str, Any]:
    """The next state where seat 0 is to act (after state ``after``), or where the table waits
    at the end of the hand: after seat 0's first action the others may play the hand out
    without it (a 1-against-1 contract of 板子炮 leaves seat 0 sitting out)."""
    while True:
        m = next_of(ws, "state")
        if m["seq"] > after and m["phase"] == "over":
            return m  # also before seat 0 ever acts: a dealt hand that wins at once, bots playing it out
        if m["turn"] == m["you"] and m["seq"] > after:
            return m


def play_to_end(ws: Any) -> dict[str, Any]:
    """Play seat 0 by the hint (reading the selection first) until the hand's result."""
    while True:
        m = ws.receive_json()
        if m["type"] != "state":
            continue
        if m["result"] is not None:
            return m
        if m["turn"] != m["you"] or m["phase"] == "over":
            continue
        ws.send_json({"type": "hint"})
        hint = next_of(ws, "hint")
        if hint["cards"]:
            ws.send_json({"type": "read", "cards": hint["cards"]})
            reading = next_of(ws, "reading")
            assert reading["ok"] and reading["action"] == hint["action"], reading
        ws.send_json({"type": "act", "action": hint["action"], "seq": m["seq"]})


def test_a_hand_to_its_record_and_replay(client: TestClient, tmp_path: Path) -> None:
    code = new_table(client)["code"]
    with client.websocket_connect(f"/ws/t/{code}") as ws:
        final = play_to_end(ws)
    result = final["result"]
    assert sum(r["score"] for r in result["rows"]) == sum(final["scores"]) and final["record_id"]
    rid = final["record_id"]
    listing = client.get("/records")
    assert listing.status_code == 200 and f'href="/records/{rid}"' in listing.text
    assert client.get("/api/records").json()[0]["id"] == rid
    page = client.get(f"/records/{rid}")
    assert page.status_code == 200 and f'/records/{rid}.json' in page.text
    frames = client.get(f"/api/records/{rid}/frames").json()["hands"][0]
    assert frames["frames"][-1]["phase"] == "over" and any(f["trick_end"] for f in frames["frames"])
    download = client.get(f"/records/{rid}.json")
    assert download.headers["content-disposition"].startswith('attachment; filename="paixing-banzipao-')
    path = tmp_path / "hand.json"
    path.write_text(download.text)
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert client.get("/records/999").status_code == 404 and client.get("/records/999.json").status_code == 404


def test_reload_keeps_the_seat(client: TestClient) -> None:
    code = new_table(client, ["human", "human", "bot:greedy", "bot:greedy"])["code"]
    with client.websocket_connect(f"/ws/t/{code}") as ws:
        assert ws.receive_json()["seat"] == 0
    with client.websocket_connect(f"/ws/t/{code}") as ws:  # the cookie: the same seat again
        assert ws.receive_json()["seat"] == 0
    token = client.cookies.get(f"paixing_seat_{code}")
    bare = TestClient(client.app)
    with bare.websocket_connect(f"/ws/t/{code}?token={token}") as ws:  # a program: the token in the URL
        assert ws.receive_json()["seat"] == 0
    with bare.websocket_connect("/ws/t/NOPE99") as ws:
        assert ws.receive_json() == {"type": "error", "code": "no_table", "message": "no open table 'NOPE99'"}


def test_table_survives_a_new_app(tmp_path: Path) -> None:
    """The app rebuilt on the same database has the table, mid-hand, where it was."""
    settings = settings_for(tmp_path)
    with TestClient(create_app(settings)) as c:
        for _ in range(10):  # a table's seed is secret: a hand may end before seat 0's turn
            made = new_table(c)
            code = made["code"]
            with c.websocket_connect(f"/ws/t/{code}") as ws:
                state = my_turn(ws)
                if state["phase"] == "over":
                    continue
                ws.send_json({"type": "hint"})
                ws.send_json({"type": "act", "action": next_of(ws, "hint")["action"], "seq": state["seq"]})
                moved = my_turn(ws, after=state["seq"])
                break
    with TestClient(create_app(settings)) as c2:
        c2.cookies.set(f"paixing_seat_{code}", made["seat_token"])
        with c2.websocket_connect(f"/ws/t/{code}") as ws:
            assert ws.receive_json()["seat"] == 0
            again = next_of(ws, "state")
    assert (again["seq"], again["hand"], again["log"]) == (moved["seq"], moved["hand"], moved["log"])
