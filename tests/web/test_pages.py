"""Every route of ``paixing.web.pages`` through Starlette's TestClient, on a bare app (the
pages' routes and ``/static``, as ``create_app`` mounts them): exact statuses and messages,
the gallery's and the book's content, the editor's start, and the JSON API with good and bad
input (huge, binary, deeply nested, aliases, path tricks, unknown ids)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import paixing.web.pages as pages  # noqa: E402
from paixing.rulebook import render_rulebook  # noqa: E402
from paixing.rules.loader import builtin_dir, builtin_ids  # noqa: E402
from paixing.web.catalogue import TEXT_MAX  # noqa: E402
from paixing.web.i18n import STRINGS  # noqa: E402
from starlette.applications import Starlette  # noqa: E402
from starlette.routing import Mount  # noqa: E402
from starlette.staticfiles import StaticFiles  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

STATIC = Path(pages.__file__).parent / "static"
CHILD = "id: my-rules\nextends: banzipao\nname: {zh: 我的板子炮, en: My Banzipao}\n"


@dataclass(frozen=True)
class Settings:
    """What the pages read of ``paixing.web.settings.Settings``."""

    variants_dir: Path | None


def bare_app(folder: Path | None) -> Starlette:
    """The pages as ``create_app`` mounts them, without the tables."""
    static = StaticFiles(directory=STATIC, follow_symlink=True)
    return Starlette(routes=[*pages.page_routes(Settings(folder)), Mount("/static", static, name="static")])


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "variants"
    out.mkdir()
    return out


@pytest.fixture()
def client(folder: Path) -> TestClient:
    return TestClient(bare_app(folder))


def post(client: TestClient, url: str, body: object) -> tuple[int, dict]:
    reply = client.post(url, json=body)
    return reply.status_code, reply.json()


# ------------------------------------------------------------------------------- the frame
def test_every_interface_string_has_both_languages() -> None:
    for key, (zh, en) in STRINGS.items():
        assert zh.strip() and en.strip(), key
        assert set(_slots(zh)) == set(_slots(en)), f"{key}: the two languages fill different slots"


def _slots(text: str) -> list[str]:
    import re

    return re.findall(r"\{(\w+)\}", text)


def test_language_from_query_cookie_and_browser(client: TestClient) -> None:
    zh = client.get("/", headers={"accept-language": "zh-CN,zh;q=0.9"})
    assert '<html lang="zh-CN">' in zh.text and ">English</a>" in zh.text
    en = client.get("/", headers={"accept-language": "en-GB,en;q=0.8"})
    assert '<html lang="en">' in en.text and ">中文</a>" in en.text
    switched = client.get("/?lang=en", headers={"accept-language": "zh-CN"})
    assert '<html lang="en">' in switched.text
    assert switched.cookies.get("lang") == "en"
    remembered = client.get("/", headers={"accept-language": "zh-CN"})  # the client keeps the cookie
    assert '<html lang="en">' in remembered.text
    assert client.get("/?lang=xx", headers={"accept-language": "zh"}).status_code == 200


def test_static_files_are_served(client: TestClient) -> None:
    for name in ("site.css", "pages.js", "editor.js", "vendor/codemirror/codemirror.js",
                 "vendor/codemirror/yaml.js", "vendor/codemirror/codemirror.css"):
        assert client.get(f"/static/{name}").status_code == 200, name
    assert "MIT License" in (STATIC / "vendor" / "codemirror" / "LICENSE").read_text()


# ------------------------------------------------------------------------------- the gallery
def test_gallery_lists_every_variant_with_its_actions(client: TestClient, folder: Path) -> None:
    (folder / "my-rules.yaml").write_text(CHILD, encoding="utf-8")
    page = client.get("/?lang=en")
    assert page.status_code == 200
    for vid in [*builtin_ids(), "my-rules"]:
        assert f'id="v-{vid}" data-variant="{vid}"' in page.text, vid
        assert f'href="/v/{vid}"' in page.text
        assert f'href="/edit?from={vid}&amp;mode=extend"' in page.text
    assert page.text.count('data-act="bots"') == len(builtin_ids()) + 1
    assert page.text.count('data-act="table"') == len(builtin_ids()) + 1
    assert "<h3><a href=\"/v/doudizhu\">Dou Dizhu</a></h3>" in page.text
    assert '<li class="chip">3 players</li>' in page.text
    assert '<li class="chip family">Family: Banzipao</li>' in page.text  # guizhou-banzipao's
    assert '<div class="tiles" id="user">' in page.text and "My Banzipao" in page.text
    zh = client.get("/?lang=zh").text
    assert '<h3><a href="/v/doudizhu">斗地主</a></h3>' in zh and '<li class="chip">3 人</li>' in zh


def test_gallery_without_a_folder_says_nothing_can_be_saved() -> None:
    page = TestClient(bare_app(None)).get("/?lang=en")
    assert '<p class="note" id="user-none">The server was started without a --variants folder' in page.text


def test_gallery_shows_a_broken_user_file_with_its_problem(client: TestClient, folder: Path) -> None:
    (folder / "oops.yaml").write_text("id: oops\nextends: banzipao\nname: {zh: 坏, en: Oops}\nplayerz: 4\n")
    page = client.get("/?lang=en").text
    assert '<article class="tile broken" id="v-oops"' in page
    assert "oops.yaml:4:1: playerz: unknown key &#39;playerz&#39; (did you mean &#39;players&#39;?)" in page
    assert str(folder) not in page


def test_variants_api(client: TestClient, folder: Path) -> None:
    (folder / "my-rules.yaml").write_text(CHILD, encoding="utf-8")
    data = client.get("/api/variants").json()
    assert data["can_save"] is True
    ids = [v["id"] for v in data["variants"]]
    assert ids == [*builtin_ids(), "my-rules"]
    mine = data["variants"][-1]
    assert mine == {"id": "my-rules", "builtin": False, "name": {"zh": "我的板子炮", "en": "My Banzipao"},
                    "family": "banzipao", "extends": "banzipao", "players": 4,
                    "deck": {"packs": 1, "jokers": False, "cards": 52}, "hand_types": 9, "problem": None}


# ------------------------------------------------------------------------------- the books
def test_book_page_frames_the_rulebook(client: TestClient) -> None:
    page = client.get("/v/guandan?lang=en")
    assert page.status_code == 200
    assert '<iframe class="book" id="book" title="Rulebook" sandbox="allow-same-origin" src="/v/guandan/book?lang=en"></iframe>' in page.text
    assert "<h1>Guandan</h1>" in page.text and 'data-variant="guandan" data-players="4"' in page.text


def test_book_is_the_rulebook_renderer(client: TestClient) -> None:
    for lang in ("zh", "en"):
        book = client.get(f"/v/zhengshangyou/book?lang={lang}")
        assert book.status_code == 200 and book.headers["content-type"] == "text/html; charset=utf-8"
        assert book.text == render_rulebook(str(builtin_dir() / "zhengshangyou.yaml"), lang, "html")
    bad = client.get("/v/zhengshangyou/book?lang=fr")
    assert (bad.status_code, bad.json()) == (400, {"error": "lang is one of zh, en"})


def test_unknown_variants_are_404(client: TestClient) -> None:
    page = client.get("/v/nope?lang=en")
    assert page.status_code == 404
    assert '<p class="error" id="error-message" style="white-space: pre-wrap">No variant named nope.</p>' in page.text
    assert client.get("/v/nope?lang=zh").text.count("没有叫 nope 的玩法。") == 1
    for url in ("/v/nope/book", "/v/nope/yaml", "/v/..%2F..%2Fetc%2Fpasswd/yaml"):
        reply = client.get(url)
        assert reply.status_code == 404, url
    assert client.get("/v/nope/yaml").json() == {"error": "no variant 'nope'"}
    assert client.get("/edit/nope").status_code == 404
    assert client.get("/edit?from=nope").status_code == 404


def test_a_broken_user_book_says_why(client: TestClient, folder: Path) -> None:
    (folder / "oops.yaml").write_text("id: oops\nextends: banzipao\nname: {zh: 坏, en: Oops}\nplayerz: 4\n")
    reply = client.get("/v/oops/book?lang=en")
    assert reply.status_code == 422
    assert "oops.yaml:4:1: playerz: unknown key &#39;playerz&#39; (did you mean &#39;players&#39;?)" in reply.text
    assert str(folder) not in reply.text


def test_a_user_file_the_editor_cannot_hold(client: TestClient, folder: Path) -> None:
    (folder / "latin.yaml").write_bytes(b"id: latin\nname: {zh: \xe9, en: x}\n")
    for url in ("/edit/latin?lang=en", "/v/latin/yaml"):
        reply = client.get(url)
        assert reply.status_code == 422, url
        assert "latin.yaml is not UTF-8 text (byte 21)" in reply.text
    (folder / "huge.yaml").write_text("id: huge\n" + "#" * TEXT_MAX, encoding="utf-8")
    reply = client.get("/v/huge/yaml")
    assert (reply.status_code, reply.json()) == (422, {"error": f"huge.yaml is {TEXT_MAX + 9} bytes; the editor takes at most {TEXT_MAX}"})


def test_yaml_download(client: TestClient) -> None:
    reply = client.get("/v/doudizhu/yaml")
    assert reply.status_code == 200
    assert reply.text == (builtin_dir() / "doudizhu.yaml").read_text(encoding="utf-8")
    assert reply.headers["content-disposition"] == 'attachment; filename="doudizhu.yaml"'
    assert reply.headers["content-type"] == "application/yaml; charset=utf-8"


# ------------------------------------------------------------------------------- the editor
def _editor_data(html: str) -> dict:
    start = html.index('<script type="application/json" id="editor-data">') + len('<script type="application/json" id="editor-data">')
    return json.loads(html[start:html.index("</script>", start)])


def test_editor_starts_a_child_of_the_chosen_variant(client: TestClient) -> None:
    page = client.get("/edit?from=doudizhu&mode=extend&lang=en")
    assert page.status_code == 200
    assert "id: my-doudizhu\nextends: doudizhu\nname: {zh: 我的斗地主, en: My Dou Dizhu}\n</textarea>" in page.text
    data = _editor_data(page.text)
    assert (data["name"], data["parent"], data["mode"], data["players"], data["saved"]) == (
        "my-doudizhu", "doudizhu", "extend", 3, None)
    first = client.get("/edit").text
    assert f"extends: {builtin_ids()[0]}\n" in first  # the first built-in, extended


def test_editor_copies_a_builtin_under_a_new_id(client: TestClient) -> None:
    page = client.get("/edit/banzipao")
    text = (builtin_dir() / "banzipao.yaml").read_text(encoding="utf-8").replace("id: banzipao", "id: my-banzipao", 1)
    assert page.status_code == 200
    assert "\nid: my-banzipao\n" in page.text and "\nid: banzipao\n" not in page.text
    assert _editor_data(page.text)["name"] == "my-banzipao"
    assert len(text) > 1000


def test_editor_edits_a_user_file_in_place(client: TestClient, folder: Path) -> None:
    (folder / "my-rules.yaml").write_text(CHILD, encoding="utf-8")
    data = _editor_data(client.get("/edit/my-rules").text)
    assert (data["name"], data["parent"], data["saved"]) == ("my-rules", "banzipao", "my-rules")


# ------------------------------------------------------------------------------- /api/validate
def test_validate_a_sound_child(client: TestClient) -> None:
    status, data = post(client, "/api/validate", {"text": CHILD, "name": "my-rules"})
    assert status == 200
    assert data == {"name": "my-rules", "ok": True, "problems": [], "warnings": [], "hand_types": 9,
                    "examples": 18, "players": 4}


def test_validate_finds_a_typo_at_its_line_and_column(client: TestClient) -> None:
    text = CHILD + "ranks:\n  sequense: 3\n"
    status, data = post(client, "/api/validate", {"text": text, "name": "my-rules"})
    assert status == 200 and data["ok"] is False
    assert data["problems"] == [{
        "text": "my-rules.yaml:5:3: ranks.sequense: unknown key 'sequense' (did you mean 'sequence'?)",
        "file": "my-rules.yaml", "line": 5, "col": 3,
        "message": "ranks.sequense: unknown key 'sequense' (did you mean 'sequence'?)", "here": True}]


def test_validate_names_the_file_from_the_id(client: TestClient) -> None:
    status, data = post(client, "/api/validate", {"text": CHILD})
    assert (status, data["name"], data["ok"]) == (200, "my-rules", True)
    status, data = post(client, "/api/validate", {"text": CHILD, "name": "other"})
    assert [p["text"] for p in data["problems"]] == ["other.yaml:1:5: id: 'my-rules' must be the file's name 'other'"]


def test_validate_runs_the_examples(client: TestClient) -> None:
    text = CHILD + "examples:\n  - {play: \"33\", beats: \"44\"}\n"
    _, data = post(client, "/api/validate", {"text": text, "name": "my-rules"})
    assert [(p["line"], p["col"], p["here"]) for p in data["problems"]] == [(5, 5, True)]
    assert data["problems"][0]["message"].startswith("examples[0]: expected 33 beats 44")


def test_validate_an_unknown_parent(client: TestClient) -> None:
    text = "id: my-rules\nextends: banzipaw\nname: {zh: 我, en: Me}\n"
    _, data = post(client, "/api/validate", {"text": text, "name": "my-rules"})
    assert [p["text"] for p in data["problems"]] == [
        "my-rules.yaml:2:1: extends: no variant 'banzipaw' beside this file or built in (did you mean 'banzipao'?)"]


def test_validate_extends_a_user_file(client: TestClient, folder: Path) -> None:
    (folder / "my-rules.yaml").write_text(CHILD, encoding="utf-8")
    text = "id: my-more\nextends: my-rules\nname: {zh: 更多, en: More}\nplayers: 4\n"
    status, data = post(client, "/api/validate", {"text": text, "name": "my-more"})
    assert (status, data["ok"], data["hand_types"]) == (200, True, 9)


def test_validate_reports_a_problem_in_the_parent_without_marking_the_draft(client: TestClient, folder: Path) -> None:
    (folder / "my-rules.yaml").write_text(CHILD + "playerz: 4\n", encoding="utf-8")
    _, data = post(client, "/api/validate", {"text": "id: my-more\nextends: my-rules\nname: {zh: 更多, en: More}\n"})
    assert [(p["file"], p["line"], p["here"]) for p in data["problems"]] == [("my-rules.yaml", 4, False)]


def test_a_problem_in_a_builtin_parent_names_the_file_only(client: TestClient) -> None:
    text = "id: my-zsy\nextends: zhengshangyou\nname: {zh: 我, en: Me}\nhand_types:\n  - {id: pair, remove: true}\n"
    _, data = post(client, "/api/validate", {"text": text})
    assert data["problems"][0] == {
        "text": "zhengshangyou.yaml:46:14: ladder[0][1]: unknown hand type 'pair' (in my-zsy.yaml, which extends it)",
        "file": "zhengshangyou.yaml", "line": 46, "col": 14,
        "message": "ladder[0][1]: unknown hand type 'pair' (in my-zsy.yaml, which extends it)", "here": False}
    assert str(builtin_dir()) not in json.dumps(data)


@pytest.mark.parametrize(
    ("text", "line", "col", "message"),
    [
        ("id: x\x00\n", 1, 6, "the text holds the control character U+0000: is it a binary file?"),
        ("id: my-rules\nname: {zh: a, en: \x1b[31mb}\n", 2, 19, "the text holds the control character U+001B: is it a binary file?"),
        ("a: &x [1, 2]\nb: *x\n", 2, 4, "YAML aliases (*x) are not accepted here: write the value out"),
        ("a: " + "[" * 60 + "]" * 60 + "\n", 1, 43, "nested more than 40 levels deep"),
        ("".join("  " * i + f"k{i}:\n" for i in range(50)), 41, 81, "nested more than 40 levels deep"),
    ],
)
def test_validate_bounds_the_text(client: TestClient, text: str, line: int, col: int, message: str) -> None:
    status, data = post(client, "/api/validate", {"text": text, "name": "my-rules"})
    assert status == 200 and data["ok"] is False
    assert data["problems"] == [{"text": f"my-rules.yaml:{line}:{col}: {message}", "file": "my-rules.yaml",
                                 "line": line, "col": col, "message": message, "here": True}]


def test_validate_a_lone_surrogate(client: TestClient) -> None:
    """JSON may escape half of a UTF-16 pair (``"\\ud800"``): no file can hold it."""
    for url in ("/api/validate", "/api/preview", "/api/diff", "/api/save"):
        body = json.dumps({"text": "id: my-rules\nname: \ud800\n", "name": "my-rules"})
        reply = client.post(url, content=body, headers={"content-type": "application/json"})
        assert reply.status_code == (422 if url == "/api/save" else 200), url
        assert [p["text"] for p in reply.json()["problems"]] == [
            "my-rules.yaml:2:7: the text holds half of a UTF-16 pair (U+D800), which no file can hold"]


def test_validate_refuses_huge_text(client: TestClient) -> None:
    status, data = post(client, "/api/validate", {"text": "#" * (TEXT_MAX + 1), "name": "my-rules"})
    assert status == 200
    assert [p["text"] for p in data["problems"]] == [f"my-rules.yaml:1:1: the text is {TEXT_MAX + 1} bytes; at most {TEXT_MAX}"]
    body = b'{"text": "' + b"#" * pages.BODY_MAX + b'"}'
    reply = client.post("/api/validate", content=body, headers={"content-type": "application/json"})
    assert (reply.status_code, reply.json()) == (413, {"error": f"the request is {len(body)} bytes; at most {pages.BODY_MAX}"})


def test_a_body_without_a_declared_length_is_cut_short(client: TestClient) -> None:
    def chunks():
        for _ in range(pages.BODY_MAX // 4096 + 2):
            yield b"#" * 4096

    reply = client.post("/api/validate", content=chunks(), headers={"content-type": "application/json"})
    assert (reply.status_code, reply.json()) == (413, {"error": f"the request is over {pages.BODY_MAX} bytes"})


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        (b"not json", 400, "the request body is not JSON"),
        (b"\xff\xfe", 400, "the request body is not JSON"),
        (b"[1, 2]", 400, "the request body is not a JSON object"),
        (b"{}", 400, "'text' (the YAML, a string) is missing"),
        (b'{"text": 3}', 400, "'text' (the YAML, a string) is missing"),
        (b'{"text": "", "name": 3}', 400, "'name' must be a string"),
        (b'{"text": "", "name": "../../etc/passwd"}', 400,
         "the file name '../../etc/passwd' is a path: give a name only (letters, digits, hyphens)"),
        (b'{"text": "", "name": "banzipao"}', 409, "'banzipao' is a built-in variant: choose another name"),
    ],
)
def test_validate_refuses_bad_requests(client: TestClient, body: bytes, status: int, error: str) -> None:
    reply = client.post("/api/validate", content=body, headers={"content-type": "application/json"})
    assert (reply.status_code, reply.json()) == (status, {"error": error})


def test_validate_wants_post(client: TestClient) -> None:
    assert client.get("/api/validate").status_code == 405


# ------------------------------------------------------------------------------- /api/preview
def test_preview_renders_the_draft_as_its_book(client: TestClient) -> None:
    text = (builtin_dir() / "zhengshangyou.yaml").read_text(encoding="utf-8")
    text = text.replace("id: zhengshangyou", "id: my-copy", 1).replace("en: Zheng Shangyou}", "en: Zheng Shangyou Deluxe}", 1)
    status, data = post(client, "/api/preview", {"text": text, "name": "my-copy", "lang": "en"})
    assert (status, data["ok"]) == (200, True)
    assert "<title>Zheng Shangyou Deluxe · 争上游</title>" in data["book"]
    assert "Generated by paixing from my-copy.yaml" in data["book"]
    _, bad = post(client, "/api/preview", {"text": text + "playerz: 3\n", "name": "my-copy", "lang": "en"})
    assert bad["ok"] is False and bad["book"] is None
    reply = client.post("/api/preview", json={"text": text, "lang": "fr"})
    assert (reply.status_code, reply.json()) == (400, {"error": "'lang' is one of zh, en, not 'fr'"})


# ------------------------------------------------------------------------------- /api/diff
def test_diff_without_a_parent_is_null(client: TestClient) -> None:
    text = (builtin_dir() / "banzipao.yaml").read_text(encoding="utf-8").replace("id: banzipao", "id: my-copy", 1)
    status, data = post(client, "/api/diff", {"text": text, "name": "my-copy"})
    assert (status, data["ok"], data["diff"]) == (200, True, None)


def test_diff_refuses_a_bad_parent(client: TestClient) -> None:
    reply = client.post("/api/diff", json={"text": CHILD, "parent": "../x"})
    assert (reply.status_code, reply.json()) == (400, {"error": "'parent' must be a variant id"})
    reply = client.post("/api/diff", json={"text": CHILD, "parent": "nope"})
    assert (reply.status_code, reply.json()) == (404, {"error": "no variant 'nope'"})


def test_diff_with_problems_gives_them(client: TestClient) -> None:
    status, data = post(client, "/api/diff", {"text": CHILD + "playerz: 3\n"})
    assert (status, data["ok"], data["diff"]) == (200, False, None)
    assert data["problems"][0]["line"] == 4


# ------------------------------------------------------------------------------- /api/save
def test_save_writes_a_sound_draft_and_lists_it(client: TestClient, folder: Path) -> None:
    status, data = post(client, "/api/save", {"text": CHILD, "name": "my-rules"})
    assert (status, data) == (201, {"id": "my-rules", "file": "my-rules.yaml", "url": "/v/my-rules"})
    assert (folder / "my-rules.yaml").read_text(encoding="utf-8") == CHILD
    assert 'id="v-my-rules"' in client.get("/").text
    assert client.get("/v/my-rules").status_code == 200
    status, data = post(client, "/api/save", {"text": CHILD, "name": "my-rules"})
    assert (status, data) == (409, {"error": "my-rules.yaml exists: save with overwrite to replace it"})
    changed = CHILD.replace("My Banzipao", "Mine")
    status, _ = post(client, "/api/save", {"text": changed, "name": "my-rules", "overwrite": True})
    assert status == 201 and (folder / "my-rules.yaml").read_text(encoding="utf-8") == changed


def test_save_refuses_a_draft_with_problems(client: TestClient, folder: Path) -> None:
    status, data = post(client, "/api/save", {"text": CHILD + "playerz: 3\n", "name": "my-rules"})
    assert status == 422 and data["error"] == "my-rules.yaml has problems: it was not saved"
    assert data["problems"][0]["text"] == "my-rules.yaml:4:1: playerz: unknown key 'playerz' (did you mean 'players'?)"
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "status", "error"),
    [
        (None, 400, "'name' (the file name to save as) is missing"),
        ("", 400, "'name' (the file name to save as) is missing"),
        ("../my-rules", 400, "the file name '../my-rules' is a path: give a name only (letters, digits, hyphens)"),
        ("/tmp/my-rules", 400, "the file name '/tmp/my-rules' is a path: give a name only (letters, digits, hyphens)"),
        ("banzipao", 409, "'banzipao' is a built-in variant: choose another name"),
    ],
)
def test_save_refuses_bad_names(client: TestClient, folder: Path, name: str | None, status: int, error: str) -> None:
    body = {"text": CHILD} | ({"name": name} if name is not None else {})
    assert post(client, "/api/save", body) == (status, {"error": error})
    assert list(folder.iterdir()) == []


def test_save_without_a_folder() -> None:
    reply = TestClient(bare_app(None)).post("/api/save", json={"text": CHILD, "name": "my-rules"})
    assert (reply.status_code, reply.json()) == (
        403, {"error": "this server has no --variants folder: nothing can be saved (download the YAML instead)"})
