"""掼蛋's tribute in the browser: two people (two browser contexts, seats 0 and 2, partners)
and two random bots. The first hand is played through the JSON protocol (a program acting by
the hint), so that the second opens with a tribute; then the people, each in his own
Chromium context with his seat's cookie, click the tribute step's buttons (the winners give a
card back) and play the hand out to its score table. Screenshot: docs/web/guandan-tribute.png."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.web.test_table_browser import SHOTS, browser, play_out, server, take_turn  # noqa: F401

SEATS = ["human", "bot:random", "human", "bot:random"]
PEOPLE = (0, 2)


class Seat:
    """One person's websocket, paced under the server's 8 messages a second."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(url)  # closed by first_hand
        self.sent = 0.0
        self.state: dict[str, Any] | None = None
        self.acted: tuple[int, int] | None = None

    def send(self, message: dict[str, Any]) -> None:
        time.sleep(max(0.0, self.sent + 0.15 - time.monotonic()))
        self.sent = time.monotonic()
        self.ws.send(json.dumps(message))

    def poll(self) -> dict[str, Any] | None:
        """The next message, or None after a short wait."""
        try:
            m = json.loads(self.ws.recv(timeout=0.05))
        except TimeoutError:
            return None
        assert m["type"] != "error", m
        if m["type"] == "state":
            self.state = m
        return m

    def hint_action(self) -> str:
        self.send({"type": "hint"})
        while True:
            m = self.poll()
            if m is not None and m["type"] == "hint":
                return str(m["action"])


def first_hand(base: str, code: str, tokens: dict[int, str]) -> dict[int, dict[str, Any]]:
    """Play hand 1 by the hint for both people, send ``next``; each person's first state of hand 2."""
    ws_base = base.replace("http", "ws", 1)
    seats = {s: Seat(f"{ws_base}/ws/t/{code}?token={t}") for s, t in tokens.items()}
    end = time.monotonic() + 120
    while time.monotonic() < end:
        for seat in seats.values():
            seat.poll()
            st = seat.state
            if st is None:
                continue
            key = (st["hand_number"], st["seq"])
            if st["hand_number"] == 2:
                continue
            if st["phase"] == "over":
                if st["you"] not in st["ready"] and seat.acted != key:
                    seat.acted = key
                    seat.send({"type": "next"})
            elif st["turn"] == st["you"] and seat.acted != key:
                seat.acted = key
                action = st["legal"][0]["action"] if st["legal"] else seat.hint_action()
                seat.send({"type": "act", "action": action, "seq": st["seq"]})
        if all(s.state is not None and s.state["hand_number"] == 2 for s in seats.values()):
            out = {n: s.state for n, s in seats.items() if s.state is not None}
            for s in seats.values():
                s.ws.close()
            return out
    raise AssertionError("the first hand did not end in time")


def tribute_table(page: Any, base: str) -> tuple[str, dict[int, str]]:
    """A table whose second hand asks a person to give a card back (the people won the first);
    a few tries, since a hand's outcome is the deal's."""
    for _ in range(4):
        made = page.request.post(f"{base}/api/tables", data={"variant": "guandan", "seats": SEATS, "lang": "zh"})
        assert made.ok, made.text()
        code = made.json()["code"]
        joined = page.request.post(f"{base}/api/tables/{code}/join", data={"seat": 2})
        assert joined.ok, joined.text()
        tokens = {0: made.json()["seat_token"], 2: joined.json()["seat_token"]}
        states = first_hand(base, code, tokens)
        if any(st["phase"] == "contract" and st["legal"] and st["legal"][0]["kind"] == "give" for st in states.values()):
            return code, tokens
    raise AssertionError("no second hand opened with a person's tribute step in 4 tables")


@pytest.mark.slow
def test_two_people_click_guandan_tribute(browser: Any, server: str) -> None:  # noqa: F811
    setup = browser.new_context()
    code, tokens = tribute_table(setup.new_page(), server)
    setup.close()
    pages, errors = [], []
    for seat in PEOPLE:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.add_cookies([{"name": f"paixing_seat_{code}", "value": tokens[seat], "url": server}])
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server}/t/{code}")
        page.wait_for_selector("#hand .cardbtn")
        pages.append(page)
    clicked: list[str] = []
    end = time.monotonic() + 60
    while time.monotonic() < end and len(clicked) < len(PEOPLE):
        for page in pages:
            if not (page.locator(".ptable.my-turn").count() and page.locator("#steps button").count()):
                continue
            assert "进贡" in page.locator("#log").inner_text()  # the bots' tribute, shown to all
            if not clicked:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / "guandan-tribute.png"), full_page=True)
            button = page.locator("#steps button").first
            clicked.append(button.inner_text())
            button.click()
            page.wait_for_function("() => document.querySelector('#log').innerText.includes('还贡')")
        if pages[0].locator("#steps button").count() + pages[1].locator("#steps button").count() == 0 and clicked:
            break
        pages[0].wait_for_timeout(50)
    assert clicked, "no person was offered the tribute step's buttons"
    play_out(pages)
    for page in pages:
        page.wait_for_selector("#result table.scores")
        ended = page.locator("#log .end-line").inner_text()
        assert "时结束，" in ended and "_out" not in ended, ended
    assert not errors, errors
