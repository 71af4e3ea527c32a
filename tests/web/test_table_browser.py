"""End to end in Debian's headless Chromium (Playwright's Python package driving
/usr/bin/chromium; no browser is ever downloaded): people join a table of a real ``paixing
serve`` and play whole hands by clicking — the hint, the cards it selects, Play or Pass, the
contract's buttons — to the score table. Screenshots go to docs/web/ (phone and desktop)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
SHOTS = ROOT / "docs" / "web"
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    """``paixing serve`` in a subprocess, once it answers."""
    proc = subprocess.Popen([sys.executable, "-m", "paixing", "serve", "--bot-delay", "0", "--port", str(port), "--data-dir", str(data)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "the server stopped") from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    proc = start_server(tmp_path, port)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"headless Chromium is needed at {CHROMIUM} (Debian package chromium; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (the test extra)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def take_turn(page: object) -> bool:
    """If it is this page's turn: act by clicking (a contract button, or the hint then Play or
    Pass). False when the score table is shown."""
    if page.locator("#result").count():  # type: ignore[attr-defined]
        return False
    if not page.locator(".ptable.my-turn").count():  # type: ignore[attr-defined]
        return True
    steps = page.locator("#steps button")  # type: ignore[attr-defined]
    if steps.count():
        steps.last.click()
        page.wait_for_timeout(60)  # type: ignore[attr-defined]
        return True
    page.click("#hint-btn")  # type: ignore[attr-defined]
    page.wait_for_function("() => document.querySelector('#message') || document.querySelector('#result')")  # type: ignore[attr-defined]
    if page.locator(".cardbtn.selected").count():  # type: ignore[attr-defined]
        page.wait_for_selector("#play-btn:not([disabled])", timeout=5000)  # type: ignore[attr-defined]
        page.click("#play-btn")  # type: ignore[attr-defined]
    elif page.locator("#pass-btn:not([disabled])").count():  # type: ignore[attr-defined]
        page.click("#pass-btn")  # type: ignore[attr-defined]
    page.wait_for_timeout(60)  # type: ignore[attr-defined]
    return True


def play_out(pages: list[object], limit: float = 240) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        going = [take_turn(p) for p in pages]
        if not any(going):
            return
        pages[0].wait_for_timeout(40)  # type: ignore[attr-defined]
    raise AssertionError("the hand did not reach its score table in time")


def open_table(page: object, base: str, seats: list[str], variant: str, lang: str) -> str:
    made = page.request.post(f"{base}/api/tables", data={"variant": variant, "seats": seats, "lang": lang})  # type: ignore[attr-defined]
    assert made.ok, made.text()
    code = made.json()["code"]
    return code


def test_one_person_and_three_bots_on_a_phone(browser: object, server: str) -> None:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)  # type: ignore[attr-defined]
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    code = open_table(page, server, ["human", "bot:greedy", "bot:random", "bot:greedy"], "banzipao", "zh")
    page.goto(f"{server}/t/{code}")
    page.wait_for_selector("#hand .cardbtn")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-phone.png"), full_page=True)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
    play_out([page])
    page.wait_for_selector("#result table.scores")
    assert page.locator("#result tbody tr").count() == 4
    reason = page.locator("#reason").inner_text()  # the rulebook's words, never an id like first_out
    assert reason.startswith("结果: ") and "时结束，" in reason and "_" not in reason, reason
    log = page.locator("#log").inner_text()  # the file's names (单张, 叫牌), never its ids
    ids = {"single", "pair", "straight", "bomb", "baopai", "fanbao", "jiaopai", "greedy", "random"}
    assert not ids & set(re.findall(r"[a-z_]+", log)), log
    assert "机器人 贪心" in log and ("单张" in log or "对子" in log), log
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header at the top of the whole-page picture
    page.screenshot(path=str(SHOTS / "result-phone.png"), full_page=True)
    page.click("#record-link")
    page.wait_for_selector("#viewer .seats")
    page.click("#next-trick")
    assert page.locator("#position").inner_text().split(" / ")[0] != "0"
    assert not errors, errors
    ctx.close()


@pytest.mark.slow
def test_four_people_play_banzipao_by_clicking(browser: object, server: str) -> None:
    pages = []
    first = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = first.new_page()
    code = open_table(page, server, ["human"] * 4, "banzipao", "en")
    page.goto(f"{server}/t/{code}")
    pages.append(page)
    for _ in range(3):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
        p = ctx.new_page()
        p.goto(f"{server}/t/{code}")
        p.click("[data-join]")
        p.wait_for_selector("#hand .cardbtn")
        pages.append(p)
    page.wait_for_selector("#hand .cardbtn")
    page.screenshot(path=str(SHOTS / "table-desktop.png"), full_page=True)
    play_out(pages)
    for p in pages:
        p.wait_for_selector("#result table.scores")
    pages[0].screenshot(path=str(SHOTS / "result-desktop.png"), full_page=True)


def test_tichu_calls_and_decisions_are_buttons(browser: object, server: str) -> None:
    """Tichu, one person and three bots: the round of calls on the first 8 cards, the passing, and
    in trick play the decisions that are no play (a call, a wish, a trick given away) are buttons
    in the file's words; the hand reaches its score table by clicking."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)  # type: ignore[attr-defined]
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    code = open_table(page, server, ["human", "bot:greedy", "bot:greedy", "bot:greedy"], "tichu", "en")
    page.goto(f"{server}/t/{code}")
    page.wait_for_selector("#steps button")
    assert page.locator("#hand .cardbtn").count() == 8  # the first 8 cards only
    assert page.locator("#steps button").all_inner_texts() == ["Pass", "Grand Tichu"]
    page.screenshot(path=str(SHOTS / "tichu-calls-phone.png"), full_page=True)
    page.click("#steps button:has-text('Grand Tichu')")
    page.wait_for_function("() => document.querySelectorAll('#hand .cardbtn').length === 14")
    assert "You call Grand Tichu" in page.locator("#log").inner_text()  # "mine.announced": the reader's own verb
    page.wait_for_selector("#steps button")  # giving a card to each other player
    assert page.locator("#step-head").inner_text() == "Give a card to Seat 1 (bot greedy)"
    page.screenshot(path=str(SHOTS / "tichu-pass-phone.png"), full_page=True)
    play_out([page])
    page.wait_for_selector("#result table.scores")
    assert page.locator("#result tbody tr").count() == 4
    assert not errors, errors
    ctx.close()
