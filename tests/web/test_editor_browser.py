"""End to end in headless Chromium (the DevTools client of tests/tools/test_browser.py): the
pages served by uvicorn on a bare app (the pages' routes, ``/static``, and a stub of the
tables' ``POST /api/tables`` that records what the pages send).

The gallery and a book open without console errors and read on a phone; "play against bots"
and the open-a-table form send the agreed request and follow its url; in the editor a typo
is marked at its line and column, and once fixed the rulebook preview shows the change; the
edited variant is saved and a hand of it opened (the editor's tests are marked slow: CI runs
them with ``-m slow``; the fast suite checks the same through the JSON API). Screenshots go to the test's temporary
folder, or to ``PAIXING_SCREENSHOTS`` (``PAIXING_SCREENSHOTS=docs/web`` rewrites the ones
docs/web.md and the README show). Needs Chromium and the CJK fonts (Debian packages
``chromium`` and ``fonts-noto-cjk``, which ``.ci/run`` installs); skips without Chromium.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")

from paixing.rules.loader import builtin_ids  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import HTMLResponse, JSONResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

from tests.tools.test_browser import CHROMIUM, DESKTOP, PHONE, DevTools  # noqa: E402
from tests.web.test_pages import bare_app  # noqa: E402

Predicate = Callable[[], Any]


class Site:
    """The pages on a free local port, with a stub of the tables' endpoint."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tables: list[dict[str, Any]] = []
        app = bare_app(folder)

        async def open_table(request: Request) -> JSONResponse:
            self.tables.append(await request.json())
            code = f"t{len(self.tables)}"
            return JSONResponse({"code": code, "url": f"/stub-table/{code}", "seat_token": "tok"}, status_code=201)

        async def table_page(request: Request) -> HTMLResponse:
            return HTMLResponse(f"<!doctype html><title>table</title><p id=code>{request.path_params['code']}</p>")

        app.router.routes += [Route("/api/tables", open_table, methods=["POST"]), Route("/stub-table/{code}", table_page)]
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the test server did not start"
            time.sleep(0.05)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.server.force_exit = True  # a book still being written is not waited for
        self.thread.join(timeout=10)


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[Site]:
    folder = tmp_path / "variants"
    folder.mkdir()
    running = Site(folder)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture()
def chrome(tmp_path: Path) -> Iterator[DevTools]:
    """Chromium over the DevTools protocol (tests/tools/test_browser.py); skips without it."""
    exe = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if exe is None:
        pytest.skip(f"headless Chromium is needed at {CHROMIUM} or on PATH (Debian package chromium; .ci/run installs it)")
    tools = DevTools(exe, tmp_path / "profile")
    try:
        yield tools
    finally:
        tools.close()


@pytest.fixture()
def shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("PAIXING_SCREENSHOTS", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    return out


def until(chrome: DevTools, expression: str, timeout: float = 60, what: str = "") -> Any:
    """Poll ``expression`` in the page until it is truthy; its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = chrome.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or expression}; problems: {chrome.problems()}")
        time.sleep(0.2)


def facts(chrome: DevTools) -> dict[str, Any]:
    return json.loads(chrome.evaluate("""JSON.stringify({
      pageWidth: document.documentElement.scrollWidth, viewWidth: window.innerWidth,
      fontSize: parseFloat(getComputedStyle(document.body).fontSize),
      duplicateIds: (ids => ids.filter((id, i) => ids.indexOf(id) !== i))([...document.querySelectorAll('[id]')].map(e => e.id))
    })"""))


def check_page(chrome: DevTools, name: str) -> None:
    f = facts(chrome)
    assert chrome.problems() == [], f"{name}: {chrome.problems()}"
    assert f["pageWidth"] <= f["viewWidth"], f"{name}: the page scrolls sideways ({f})"
    assert f["fontSize"] >= 16 and f["duplicateIds"] == [], f


def cjk_fonts() -> list[str]:
    """The system's fonts with Chinese glyphs (what Chromium draws 汉字 with)."""
    if shutil.which("fc-list") is None:
        return []
    return subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True, check=False).stdout.splitlines()


def test_gallery_and_book(chrome: DevTools, site: Site, shots: Path) -> None:
    assert cjk_fonts(), "no font with Chinese glyphs: 汉字 would be boxes (Debian package fonts-noto-cjk; .ci/run installs it)"
    chrome.open(site.url("/?lang=zh"), DESKTOP)
    check_page(chrome, "gallery")
    tiles = json.loads(chrome.evaluate("JSON.stringify([...document.querySelectorAll('#builtin .tile h3')].map(h => h.textContent))"))
    assert len(tiles) == len(builtin_ids()) and tiles[0] == "板子炮"
    chrome.screenshot(shots / "gallery.png")
    chrome.open(site.url("/?lang=en"), PHONE)
    check_page(chrome, "gallery on a phone")
    assert chrome.evaluate("document.querySelector('#v-doudizhu h3').textContent") == "Dou Dizhu"
    chrome.screenshot(shots / "gallery-phone.png")

    chrome.open(site.url("/v/guandan?lang=en"), DESKTOP)
    height = until(chrome, "document.getElementById('book').getBoundingClientRect().height > 3000 && "
                            "document.getElementById('book').getBoundingClientRect().height", what="the book to fill its frame")
    types = chrome.evaluate("document.getElementById('book').contentDocument.querySelectorAll('h3[id^=\"type-\"]').length")
    assert types == 10 and height > 3000
    check_page(chrome, "book")
    chrome.screenshot(shots / "book.png")
    chrome.open(site.url("/v/doudizhu?lang=zh"), PHONE)
    until(chrome, "document.getElementById('book').getBoundingClientRect().height > 3000", what="the phone book")
    check_page(chrome, "book on a phone")
    chrome.screenshot(shots / "book-phone.png")


def test_gallery_opens_tables(chrome: DevTools, site: Site, shots: Path) -> None:
    chrome.open(site.url("/?lang=zh"), DESKTOP)
    chrome.evaluate("document.querySelector('#v-banzipao [data-act=bots]').click()")
    until(chrome, "location.pathname === '/stub-table/t1'", what="the table page")
    assert site.tables == [{"variant": "banzipao", "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"], "lang": "zh"}]
    assert chrome.evaluate("sessionStorage.getItem('paixing.seat.t1')") == "tok"

    chrome.open(site.url("/?lang=en"), PHONE)
    chrome.evaluate("document.querySelector('#v-doudizhu [data-act=table]').click()")
    assert until(chrome, "document.getElementById('table-form').open && document.querySelectorAll('#seats select').length") == 3
    assert chrome.evaluate("document.getElementById('table-form-title').textContent") == "Open a table: Dou Dizhu"
    chrome.evaluate("""(() => { const s = document.querySelectorAll('#seats select');
      s[1].value = 'human'; s[2].value = 'bot:random'; })()""")
    chrome.screenshot(shots / "table-form-phone.png")
    chrome.evaluate("document.getElementById('table-open').click()")
    until(chrome, "location.pathname === '/stub-table/t2'", what="the second table page")
    assert site.tables[1] == {"variant": "doudizhu", "seats": ["human", "human", "bot:random"], "lang": "en"}


def _line_of(chrome: DevTools, start: str) -> int:
    index = chrome.evaluate(f"paixingEditor.cm.getValue().split('\\n').findIndex(l => l.startsWith({json.dumps(start)}))")
    assert isinstance(index, int) and index >= 0, f"no line starts with {start!r}"
    return index


def _type_over(chrome: DevTools, line: int, start: int, end: int, text: str) -> None:
    """Select characters ``start:end`` of ``line`` and type ``text`` over them, as keys would."""
    chrome.evaluate(f"paixingEditor.cm.focus(); paixingEditor.cm.setSelection({{line: {line}, ch: {start}}}, {{line: {line}, ch: {end}}})")
    chrome.call("Input.insertText", {"text": text})


@pytest.mark.slow  # ~10 s; the fast suite checks the same positions through /api/validate (test_pages.py)
def test_editor_marks_a_problem_and_previews_the_fix(chrome: DevTools, site: Site, shots: Path) -> None:
    chrome.open(site.url("/edit/zhengshangyou?lang=en"), DESKTOP)
    until(chrome, "paixingEditor.state.books >= 1", what="the first preview")
    assert chrome.evaluate("document.getElementById('status').textContent").startswith("No problems: 8 hand types")
    first_title = chrome.evaluate("document.getElementById('preview').contentDocument.querySelector('h1').textContent")
    assert first_title == "Zheng Shangyou"

    line = _line_of(chrome, "players:")
    _type_over(chrome, line, 0, len("players"), "playres")
    until(chrome, "document.getElementById('status').textContent === '1 problem(s)'", what="the problem")
    message = "playres: unknown key 'playres' (did you mean 'players'?)"
    marked = json.loads(chrome.evaluate(f"""JSON.stringify({{
      gutter: (paixingEditor.cm.lineInfo({line}).gutterMarkers || {{}})['problem-gutter']?.title,
      underline: [...document.querySelectorAll('.cm-problem-mark')].map(e => e.textContent),
      lineClass: paixingEditor.cm.lineInfo({line}).bgClass,
      listed: [...document.querySelectorAll('#problems li')].map(e => e.textContent)
    }})"""))
    assert marked == {"gutter": message, "underline": ["playres"], "lineClass": "cm-problem-line",
                      "listed": [f"my-zhengshangyou.yaml:{line + 1}:1{message}"]}
    chrome.screenshot(shots / "editor-error.png")

    _type_over(chrome, line, 0, len("playres"), "players")
    name_line = _line_of(chrome, "name:")
    text = chrome.evaluate(f"paixingEditor.cm.getLine({name_line})")
    at = text.index("Zheng Shangyou")
    _type_over(chrome, name_line, at, at + len("Zheng Shangyou"), "Zheng Shangyou Deluxe")
    until(chrome, "document.getElementById('preview').contentDocument.querySelector('h1')?.textContent === 'Zheng Shangyou Deluxe'",
          what="the preview to show the new name")
    assert chrome.evaluate("document.querySelectorAll('.cm-problem-mark, .gutter-mark').length") == 0
    assert chrome.evaluate("document.getElementById('status').textContent").startswith("No problems")
    check_page(chrome, "editor")
    chrome.screenshot(shots / "editor.png")

    chrome.evaluate("document.getElementById('tab-diff').click()")
    diff = until(chrome, "document.getElementById('diff').textContent.includes('against') && document.getElementById('diff').textContent",
                 timeout=120, what="the differences")
    assert diff.startswith("zhengshangyou against my-zhengshangyou")

    chrome.evaluate("document.getElementById('try').click()")
    until(chrome, "location.pathname === '/stub-table/t1'", what="the table of the edited variant")
    assert site.tables == [{"variant": "my-zhengshangyou", "seats": ["human", "bot:greedy", "bot:greedy"], "lang": "en"}]
    saved = (site.folder / "my-zhengshangyou.yaml").read_text(encoding="utf-8")
    assert "\nid: my-zhengshangyou\n" in saved and "en: Zheng Shangyou Deluxe}" in saved and "\nplayers: 3" in saved


@pytest.mark.slow
def test_editor_on_a_phone(chrome: DevTools, site: Site, shots: Path) -> None:
    chrome.open(site.url("/edit?from=doudizhu&mode=extend&lang=zh"), PHONE)
    until(chrome, "document.getElementById('status').textContent.startsWith('没有问题')", what="the check")
    check_page(chrome, "editor on a phone")
    chrome.screenshot(shots / "editor-phone.png")


@pytest.mark.slow
def test_editor_extends_a_variant_and_shows_the_differences(chrome: DevTools, site: Site, shots: Path) -> None:
    """A new child: its two changed rules in the differences tab and in its book's section on
    what it changes (a child's book searches the differences: slow in pure Python)."""
    chrome.open(site.url("/edit?from=zhengshangyou&mode=extend&lang=en"), DESKTOP)
    until(chrome, "document.getElementById('status').textContent.startsWith('No problems')", what="the first check")
    end = chrome.evaluate("paixingEditor.cm.lineCount() - 1")
    chrome.evaluate(f"paixingEditor.cm.focus(); paixingEditor.cm.setCursor({{line: {end}, ch: 0}})")
    chrome.call("Input.insertText", {"text": "players: 4\ngame:\n  deal: {cards_each: 13}\n"})
    chrome.evaluate("document.getElementById('tab-diff').click()")
    diff = until(chrome, "document.getElementById('diff').textContent.includes('Changed rules') && document.getElementById('diff').textContent",
                 timeout=180, what="the differences")
    assert diff.startswith("zhengshangyou against my-zhengshangyou\n\nChanged rules (2)\n  players: ")
    assert "\n  game.deal.cards_each: " in diff
    chrome.screenshot(shots / "editor-diff.png")
    chrome.evaluate("document.getElementById('tab-book').click()")
    section = until(chrome, "document.getElementById('preview').contentDocument.getElementById('differs')?.textContent.includes('cards_each')"
                            " && document.getElementById('preview').contentDocument.getElementById('differs').textContent",
                    timeout=300, what="the child's book with its two changes")
    assert "players" in section and "name" in section
