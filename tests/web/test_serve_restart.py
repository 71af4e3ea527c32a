"""Nothing is lost: a real ``paixing serve`` killed with SIGKILL mid-hand restarts with the
table where it was; the clients reconnect with their seat tokens and finish the hand, whose
record replays (``paixing replay``) through the actions taken before and after the kill."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers import run
from tests.web.test_table_browser import free_port, start_server

ws_client = pytest.importorskip("websockets.sync.client", reason="the web extra's websockets")


def receive(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m = json.loads(ws.recv(timeout=20))
        if m["type"] == kind:
            return m


def latest(ws: Any, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """The newest state this client was sent (reading until it falls quiet)."""
    while True:
        try:
            m = json.loads(ws.recv(timeout=0.4 if state is not None else 20))
        except TimeoutError:
            assert state is not None
            return state
        if m["type"] == "state":
            state = m


def act(sockets: dict[int, Any]) -> tuple[str | None, dict[str, Any]]:
    """The seat to act (as the newest state says) takes its hint; None when the hand is over."""
    states = {s: latest(ws) for s, ws in sockets.items()}
    state = states[0]
    if state["result"] is not None:
        return None, state
    ws = sockets[state["turn"]]
    ws.send(json.dumps({"type": "hint"}))
    action = receive(ws, "hint")["action"]
    ws.send(json.dumps({"type": "act", "action": action, "seq": state["seq"]}))
    return action, state


def connect(base: str, code: str, tokens: dict[int, str]) -> dict[int, Any]:
    sockets = {s: ws_client.connect(f"ws://{base}/ws/t/{code}?token={t}") for s, t in tokens.items()}
    for s, ws in sockets.items():
        assert receive(ws, "welcome")["seat"] == s
    return sockets


@pytest.mark.slow  # ~80 s: a real server killed and restarted, four clients
def test_sigkill_mid_hand_then_finish(tmp_path: Path) -> None:
    port = free_port()
    base = f"127.0.0.1:{port}"
    proc = start_server(tmp_path, port)
    try:
        made = httpx.post(f"http://{base}/api/tables", json={"variant": "banzipao", "seats": ["human"] * 4}).json()
        code = made["code"]
        tokens = {0: made["seat_token"]}
        for _ in range(3):
            joined = httpx.post(f"http://{base}/api/tables/{code}/join", json={}).json()
            tokens[joined["seat"]] = joined["seat_token"]
        sockets = connect(base, code, tokens)
        before = []
        for _ in range(12):
            action, _ = act(sockets)
            assert action is not None
            before.append(action)
        latest(sockets[0])  # the 12th action was applied and told
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for ws in sockets.values():
            ws.close()
        proc = start_server(tmp_path, port)
        sockets = connect(base, code, tokens)
        after: list[str] = []
        for _ in range(400):
            action, state = act(sockets)
            if action is None:
                break
            after.append(action)
        assert state["result"] is not None and state["seq"] == len(before) + len(after)
        record = httpx.get(f"http://{base}/records/{state['record_id']}.json").json()
        assert record["actions"] == before + after
        path = tmp_path / "hand.json"
        path.write_text(json.dumps(record))
        replayed = run("replay", str(path))
        assert replayed.exit_code == 0, replayed.output
        assert record["result"]["scores"] == state["scores"]
        for ws in sockets.values():
            ws.close()
    finally:
        proc.kill()
        proc.wait(10)
