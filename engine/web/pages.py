"""The playground's pages and their JSON API: the gallery, the books, the rule editor.

``page_routes(settings)`` is the list ``paixing.web.app.create_app`` mounts; the tables, the
records and ``/static`` are mounted beside it there. Pages (HTML, zh/en by ``i18n.pick_lang``):

- ``GET /``: the gallery, every built-in and user variant as a card;
- ``GET /v/{id}``: a variant's book page (the book itself in a frame, from ``/v/{id}/book``);
- ``GET /v/{id}/book?lang=``: the rulebook as ``paixing rulebook --format html`` writes it;
- ``GET /v/{id}/yaml``: the variant's YAML as written (a download);
- ``GET /edit`` (``?from=ID&mode=extend|copy``) and ``GET /edit/{id}``: the editor.

JSON (``POST`` bodies are JSON objects of at most ``BODY_MAX`` bytes; every refusal is
``{"error": one line}`` with its status, never a traceback):

- ``GET /api/variants``: ``{"variants": [Entry.to_json(), …], "can_save": bool}``;
- ``POST /api/validate`` ``{"text", "name"?}``: ``Checked.to_json()``, what ``paixing validate``
  finds (a fraction of a second);
- ``POST /api/preview`` ``{"text", "name"?, "lang"?}``: the same plus ``"book"``, the draft's
  HTML rulebook in ``lang`` when it has no problem, else null (seconds for a child: its book
  searches the differences from the parent);
- ``POST /api/diff`` ``{"text", "name"?, "parent"?}``: ``Checked.to_json()`` plus ``"diff"``,
  ``paixing diff PARENT DRAFT --json``'s object (null without a parent or with problems);
- ``POST /api/save`` ``{"text", "name", "overwrite"?}``: 201 ``{"id", "file", "url"}``; a
  draft with problems is not saved (422 with them).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from paixing.rulebook import RulebookError
from paixing.rules.extends import builtin_ids
from paixing.rules.loader import VariantError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.templating import Jinja2Templates

from . import books, drafts
from .catalogue import TEXT_MAX, Catalogue, CatalogueError, Entry, Settings, check_name
from .i18n import COOKIE, LANGS, pick_lang, translator
from .i18n import catalogue as strings

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
"""The site's templates (``base.html`` and the pages extending it); ``app`` renders its own
pages through ``render`` too, so that every page has the same context."""
BODY_MAX = 4 * TEXT_MAX + 4096
"""Bytes of one JSON request body, at most (a text of ``TEXT_MAX`` bytes, JSON-escaped)."""
SUITS = ("♠", "♥", "♣", "♦")
BOT_KINDS = ("greedy", "random", "search")
"""The bots a seat of the open-a-table form may be (``paixing.agents``' registry)."""


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language, remembering a ``?lang=`` choice in the cookie."""
    lang = pick_lang(request.query_params, request.cookies, request.headers.get("accept-language"))
    context = {"lang": lang, "t": translator(lang), "strings": strings(lang), **context}
    response = TEMPLATES.TemplateResponse(request, template, context, status_code=status)
    if request.query_params.get("lang") in LANGS:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


def suit_of(entry: Entry) -> str:
    """A family's pip on its cards, the same for every variant of the family."""
    return SUITS[sum(map(ord, entry.family or entry.id)) % len(SUITS)]


class JsonError(Exception):
    """A refused API request: its status and one line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, read at most ``BODY_MAX`` bytes far (a longer body is refused
    before it is all read)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_MAX:
        raise JsonError(413, f"the request is {declared} bytes; at most {BODY_MAX}")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_MAX:
            raise JsonError(413, f"the request is over {BODY_MAX} bytes")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise JsonError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise JsonError(400, "the request body is not a JSON object")
    return data


def _text(data: dict[str, Any]) -> str:
    text = data.get("text")
    if not isinstance(text, str):
        raise JsonError(400, "'text' (the YAML, a string) is missing")
    return text


def _name(data: dict[str, Any], text: str) -> str:
    """The draft's file name: ``name`` when given (checked), else from its ``id:``."""
    given = data.get("name")
    if given is not None and not isinstance(given, str):
        raise JsonError(400, "'name' must be a string")
    if not given:
        return drafts.draft_name(text, None)
    try:
        return check_name(given)
    except CatalogueError as exc:
        raise JsonError(exc.status, exc.message) from None


def _lang(data: dict[str, Any]) -> str:
    lang = data.get("lang", "zh")
    if lang not in LANGS:
        raise JsonError(400, f"'lang' is one of {', '.join(LANGS)}, not {str(lang)[:20]!r}")
    return str(lang)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Pages:
    """The routes' handlers over one catalogue (the settings' ``--variants`` folder)."""

    def __init__(self, settings: Settings):
        self.catalogue = Catalogue(settings.variants_dir)

    def _entry_or_404(self, request: Request, vid: str) -> Entry | HTMLResponse:
        try:
            return self.catalogue.entry(vid)
        except CatalogueError:
            return self.not_found(request, vid)

    def not_found(self, request: Request, vid: str | None = None) -> HTMLResponse:
        lang = pick_lang(request.query_params, request.cookies, request.headers.get("accept-language"))
        t = translator(lang)
        message = t("err.unknown_variant", id=vid) if vid is not None else t("err.not_found")
        return render(request, "error.html", status=404, message=message)

    async def gallery(self, request: Request) -> Response:
        """Every variant, a family together (its root first), built-ins before the user's."""
        entries = await run_in_threadpool(self.catalogue.entries)
        entries.sort(key=lambda e: (not e.builtin, e.family or e.id, e.family != e.id, e.id))
        names = {e.id: e for e in entries}
        return render(request, "gallery.html", active="gallery", entries=entries, names=names,
                      suit_of=suit_of, can_save=self.catalogue.folder is not None, bots=BOT_KINDS)

    async def book_page(self, request: Request) -> Response:
        found = self._entry_or_404(request, request.path_params["vid"])
        if isinstance(found, HTMLResponse):
            return found
        return render(request, "book.html", active="gallery", entry=found, suit_of=suit_of, bots=BOT_KINDS)

    async def book(self, request: Request) -> Response:
        """The book itself; a file that does not load or render says why (422), as a page."""
        vid = request.path_params["vid"]
        lang = request.query_params.get("lang", "zh")
        if lang not in LANGS:
            return _error(400, f"lang is one of {', '.join(LANGS)}")
        try:
            path = self.catalogue.path(vid)
        except CatalogueError as exc:
            return _error(exc.status, exc.message)
        def run() -> str:
            with drafts.BOOK_LOCK:
                return books.book(path, lang)

        try:
            return HTMLResponse(await run_in_threadpool(run))
        except (RulebookError, VariantError) as exc:
            lines = str(exc).replace(f"{path.parent}/", "")
            return render(request, "error.html", status=422, message=lines)

    async def yaml(self, request: Request) -> Response:
        vid = request.path_params["vid"]
        try:
            text = self.catalogue.text(vid)
        except CatalogueError as exc:
            return _error(exc.status, exc.message)
        headers = {"content-disposition": f'attachment; filename="{vid}.yaml"'}
        return Response(text, media_type="application/yaml; charset=utf-8", headers=headers)

    async def editor(self, request: Request) -> Response:
        vid = request.path_params.get("vid") or request.query_params.get("from") or builtin_ids()[0]
        mode = request.query_params.get("mode", "copy" if "vid" in request.path_params else "extend")
        if mode not in ("copy", "extend"):
            mode = "copy"
        found = self._entry_or_404(request, vid)
        if isinstance(found, HTMLResponse):
            return found
        lang = pick_lang(request.query_params, request.cookies, request.headers.get("accept-language"))
        try:
            name, text, parent = starting_text(self.catalogue, found, mode, lang)
        except CatalogueError as exc:
            return render(request, "error.html", status=exc.status, message=exc.message)
        entries = await run_in_threadpool(self.catalogue.entries)
        data = {"name": name, "parent": parent, "start": found.id, "mode": mode, "lang": lang,
                "can_save": self.catalogue.folder is not None, "builtins": builtin_ids(),
                "players": found.players, "saved": name if not found.builtin and mode == "copy" else None}
        return render(request, "editor.html", active="editor", entries=entries, start=found, mode=mode,
                      name=name, text=text, data=data)

    async def variants(self, request: Request) -> Response:
        entries = await run_in_threadpool(self.catalogue.entries)
        return JSONResponse({"variants": [e.to_json() for e in entries], "can_save": self.catalogue.folder is not None})

    async def validate(self, request: Request) -> Response:
        try:
            data = await read_json(request)
            text = _text(data)
            name = _name(data, text)
        except JsonError as exc:
            return _error(exc.status, exc.message)
        checked = await run_in_threadpool(drafts.check, name, text, self.catalogue)
        return JSONResponse(checked.to_json())

    async def preview(self, request: Request) -> Response:
        try:
            data = await read_json(request)
            text, lang = _text(data), _lang(data)
            name = _name(data, text)
        except JsonError as exc:
            return _error(exc.status, exc.message)
        checked, book = await run_in_threadpool(drafts.check_and_render, name, text, self.catalogue, lang)
        return JSONResponse(checked.to_json() | {"book": book})

    async def diff(self, request: Request) -> Response:
        try:
            data = await read_json(request)
            text = _text(data)
            name = _name(data, text)
            parent = data.get("parent")
            if parent is not None and (not isinstance(parent, str) or not re.fullmatch(r"[a-z0-9-]{1,64}", parent)):
                raise JsonError(400, "'parent' must be a variant id")
            if parent is not None:
                self.catalogue.path(parent)
        except JsonError as exc:
            return _error(exc.status, exc.message)
        except CatalogueError as exc:
            return _error(exc.status, exc.message)
        checked, found = await run_in_threadpool(drafts.differences, name, text, self.catalogue, parent)
        return JSONResponse(checked.to_json() | {"diff": found})

    async def save(self, request: Request) -> Response:
        try:
            data = await read_json(request)
            text = _text(data)
            if not isinstance(data.get("name"), str) or not data["name"]:
                raise JsonError(400, "'name' (the file name to save as) is missing")
            name = check_name(data["name"])
            if self.catalogue.folder is None:
                raise CatalogueError(403, "this server has no --variants folder: nothing can be saved (download the YAML instead)")
        except JsonError as exc:
            return _error(exc.status, exc.message)
        except CatalogueError as exc:
            return _error(exc.status, exc.message)
        checked = await run_in_threadpool(drafts.check, name, text, self.catalogue)
        if not checked.ok:
            return JSONResponse(checked.to_json() | {"error": f"{name}.yaml has problems: it was not saved"}, status_code=422)
        try:
            await run_in_threadpool(self.catalogue.save, name, text, data.get("overwrite") is True)
        except CatalogueError as exc:
            return _error(exc.status, exc.message)
        return JSONResponse({"id": name, "file": f"{name}.yaml", "url": f"/v/{name}"}, status_code=201)


def starting_text(catalogue: Catalogue, start: Entry, mode: str, lang: str) -> tuple[str, str, str]:
    """The editor's first file name, text and parent: a user file as it is (edited in place);
    a copy of a built-in under a new id; or a new child ``extends:``-ing the start."""
    if mode == "extend":
        name = f"my-{start.id}"[:64] if not start.id.startswith("my-") else f"{start.id}-2"[:64]
        text = (f"# {name}: {start.name('zh')} / {start.name('en')}, with your own rules on top.\n"
                f"id: {name}\nextends: {start.id}\n"
                f"name: {{zh: 我的{start.name_zh or start.id}, en: My {start.name_en or start.id}}}\n")
        return name, text, start.id
    source = catalogue.text(start.id)
    if not start.builtin:
        return start.id, source, start.extends or ""
    name = f"my-{start.id}"[:64]
    text = re.sub(r"^id:.*$", f"id: {name}", source, count=1, flags=re.M)
    return name, text, start.id


def page_routes(settings: Settings) -> list[BaseRoute]:
    """The gallery, books and editor pages and their API, for ``create_app`` to mount."""
    p = Pages(settings)
    return [
        Route("/", p.gallery, methods=["GET"], name="gallery"),
        Route("/v/{vid}", p.book_page, methods=["GET"], name="book_page"),
        Route("/v/{vid}/book", p.book, methods=["GET"], name="book"),
        Route("/v/{vid}/yaml", p.yaml, methods=["GET"], name="yaml"),
        Route("/edit", p.editor, methods=["GET"], name="editor"),
        Route("/edit/{vid}", p.editor, methods=["GET"], name="editor_of"),
        Route("/api/variants", p.variants, methods=["GET"], name="api_variants"),
        Route("/api/validate", p.validate, methods=["POST"], name="api_validate"),
        Route("/api/preview", p.preview, methods=["POST"], name="api_preview"),
        Route("/api/diff", p.diff, methods=["POST"], name="api_diff"),
        Route("/api/save", p.save, methods=["POST"], name="api_save"),
    ]

