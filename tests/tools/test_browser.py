"""End to end: an HTML rulebook opened in headless Chromium, driven over the DevTools protocol
(``--remote-debugging-pipe``, standard library only). It loads without console errors or failed
requests, shows a heading for every hand type, and reads on a phone (no sideways scrolling of the
page, readable text) and on a desktop (a bounded column). Screenshots of both widths are written
to the test's temporary directory (``PAIXING_SCREENSHOTS=DIR`` keeps them in DIR).

Needs the Debian package ``chromium`` (/usr/bin/chromium, or ``chromium`` on PATH). The test
never installs it: ``.ci/run`` does where CI needs it; elsewhere the test skips, saying why. The
page's HTML is validated too: every element id is unique.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paixing
import pytest
from paixing.rulebook import render_rulebook

CHROMIUM = "/usr/bin/chromium"
VARIANT = "chibi-dagun"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
DESKTOP = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--remote-debugging-pipe",
]


@pytest.fixture(scope="session")
def chromium() -> str:
    """The Chromium to drive. Tests never install system packages: ``.ci/run`` installs the
    Debian package where CI needs it; elsewhere the test skips and says why."""
    exe = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if exe is None:
        pytest.skip(f"headless Chromium is needed at {CHROMIUM} or on PATH (Debian package chromium; "
                    ".ci/run installs it): not found")
    return exe


class DevTools:
    """A Chromium process and one page, spoken to over --remote-debugging-pipe (fds 3 and 4:
    JSON messages ended by a NUL byte)."""

    def __init__(self, exe: str, profile: Path) -> None:
        self.to_chrome_r, self.to_chrome_w = os.pipe()
        self.from_chrome_r, self.from_chrome_w = os.pipe()
        # Chromium's ends go to fds 3 and 4; hand them over from numbers that cannot be 3 or 4.
        for name in ("to_chrome_r", "from_chrome_w"):
            low = getattr(self, name)
            setattr(self, name, fcntl.fcntl(low, fcntl.F_DUPFD, 10))
            os.close(low)
        self.log_path = profile.parent / "chromium.log"
        self.log = self.log_path.open("wb")
        # A small launcher puts the pipe ends on fds 3 and 4, then becomes Chromium.
        launch = f"import os, sys; os.dup2({self.to_chrome_r}, 3); os.dup2({self.from_chrome_w}, 4); os.execv(sys.argv[1], sys.argv[1:])"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", launch, exe, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(self.to_chrome_r, self.from_chrome_w),
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        os.close(self.to_chrome_r)
        os.close(self.from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, browser=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None:
                raise TimeoutError(f"Chromium did not answer{self._log_tail()}")
            ready, _, _ = select.select([self.from_chrome_r], [], [], left)
            if ready:
                chunk = os.read(self.from_chrome_r, 1 << 20)
                if not chunk:
                    raise TimeoutError(f"Chromium closed the pipe{self._log_tail()}")
                self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def _log_tail(self) -> str:
        self.log.flush()
        lines = [x for x in self.log_path.read_text(errors="replace").splitlines() if "dbus" not in x]
        return (": " + " | ".join(lines[-5:])) if lines else ""

    def call(self, method: str, params: dict[str, Any] | None = None, browser: bool = False, timeout: float = 30) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not browser:
            message["sessionId"] = self.session
        os.write(self.to_chrome_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, event: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not any(e["method"] == event for e in self.events):
            reply = self._read(deadline)
            if "method" in reply:
                self.events.append(reply)

    def open(self, url: str, metrics: dict[str, Any]) -> None:
        self.call("Emulation.setDeviceMetricsOverride", metrics)
        self.events.clear()
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result["result"].get("value")

    def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])
        path.write_bytes(data)
        return data

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions, error log entries and failed requests so far."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif e["method"] == "Runtime.exceptionThrown":
                out.append("exception: " + p.get("exceptionDetails", {}).get("text", ""))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append("log: " + p["entry"].get("text", ""))
            elif e["method"] == "Network.loadingFailed":
                out.append("request failed: " + p.get("errorText", ""))
        return out

    def close(self) -> None:
        with contextlib.suppress(TimeoutError, RuntimeError, OSError):
            self.call("Browser.close", browser=True, timeout=5)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        for fd in (self.to_chrome_w, self.from_chrome_r):
            with contextlib.suppress(OSError):
                os.close(fd)


@pytest.fixture()
def browser(chromium: str, tmp_path: Path) -> Iterator[DevTools]:
    tools = DevTools(chromium, tmp_path / "profile")
    try:
        yield tools
    finally:
        tools.close()


PAGE_FACTS = """JSON.stringify({
  headings: [...document.querySelectorAll('h3[id^="type-"]')].map(h => ({
    id: h.id.slice(5), text: h.textContent, visible: h.getBoundingClientRect().height > 0})),
  pageWidth: document.documentElement.scrollWidth,
  viewWidth: window.innerWidth,
  mainWidth: document.querySelector('main').getBoundingClientRect().width,
  fontSize: parseFloat(getComputedStyle(document.body).fontSize),
  cards: document.querySelectorAll('.card').length,
  redCard: getComputedStyle(document.querySelector('.card.red')).color,
  scrollers: document.querySelectorAll('.scroll').length,
  duplicateIds: (ids => ids.filter((id, i) => ids.indexOf(id) !== i))(
    [...document.querySelectorAll('[id]')].map(e => e.id))
})"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rulebook_in_headless_chromium(browser: DevTools, tmp_path: Path, lang: str) -> None:
    # The console check must be able to fail: a page that logs an error is caught.
    browser.open("data:text/html,<script>console.error('probe')</script>", DESKTOP)
    assert any("probe" in p for p in browser.problems())

    page = tmp_path / f"{VARIANT}.{lang}.html"
    page.write_text(render_rulebook(VARIANT, lang, "html"), encoding="utf-8")
    shots = Path(os.environ.get("PAIXING_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    types = paixing.ruleset(VARIANT).types

    for name, metrics in (("phone", PHONE), ("desktop", DESKTOP)):
        browser.open(page.as_uri(), metrics)
        assert browser.problems() == [], f"{name}: {browser.problems()}"
        facts = json.loads(browser.evaluate(PAGE_FACTS))
        shown = {h["id"]: h for h in facts["headings"]}
        for t in types:
            assert t.id in shown, f"no heading for hand type {t.id}"
            assert getattr(t.name, lang) in shown[t.id]["text"] and shown[t.id]["visible"]
        assert facts["cards"] > 100 and facts["redCard"] != "rgb(31, 35, 40)", "cards are drawn, red suits in red"
        assert facts["pageWidth"] <= facts["viewWidth"], f"{name}: the page scrolls sideways ({facts})"
        assert facts["fontSize"] >= 16
        assert facts["duplicateIds"] == [], f"element ids repeat: {facts['duplicateIds']}"
        if name == "phone":
            assert facts["mainWidth"] <= metrics["width"]
        else:
            assert 700 <= facts["mainWidth"] <= 960, "a bounded reading column on a desktop"
        png = browser.screenshot(shots / f"{VARIANT}.{lang}.{name}.png")
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
