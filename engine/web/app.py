"""The Starlette application of ``paixing serve``: the pages (``pages.page_routes``), the
tables (``/api/tables``, ``/t/{code}``, the websocket ``/ws/t/{code}``), the records
(``/records``) and ``/static``. docs/web.md documents every route and message."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.websockets import WebSocket, WebSocketDisconnect

from .i18n import COOKIE as LANG_COOKIE
from .i18n import LANGS, pick_lang, translator
from .i18n import catalogue as strings
from .pages import page_routes
from .protocol import Join, NewTable, ProtocolError, error, first_error, parse_client
from .recordview import RecordProblem, record_frames
from .settings import Settings
from .store import Store
from .tables import Client, Table, TableError, TableManager

HERE = Path(__file__).parent
COOKIE = "paixing_seat_{code}"
"""The cookie that keeps a seat's token (one per table)."""
COOKIE_DAYS = 30
log = logging.getLogger("paixing.web")


def create_app(settings: Settings) -> Starlette:
    """The application; the store is opened and open tables rebuilt now, their bots started
    with the server (lifespan)."""
    store = Store(settings.database_url())
    manager = TableManager(settings, store)
    restored = manager.restore()
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await manager.start()
        if restored:
            log.info("rebuilt %d open tables", restored)
        for problem in manager.problems:
            log.warning(problem)
        yield
        await manager.stop()
        store.close()

    routes: list[BaseRoute] = [*_page_routes(settings), *table_routes(templates), *record_routes(templates),
                               Mount("/static", StaticFiles(directory=str(HERE / "static"), follow_symlink=True), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.settings = settings
    app.state.store = store
    app.state.manager = manager
    app.state.templates = templates
    return app


def _page_routes(settings: Settings) -> list[BaseRoute]:
    """The gallery, books and editor (``pages``)."""
    return list(page_routes(settings))


def _manager(request: Request | WebSocket) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def _lang(request: Request, default: str | None = None) -> str:
    """The page's language: ``?lang``, the ``lang`` cookie, else the table's own (``default``),
    else the browser's (``i18n.pick_lang``: one switch for the whole site)."""
    if default is not None and request.query_params.get("lang") is None and request.cookies.get("lang") is None:
        return default
    return pick_lang(request.query_params, request.cookies, request.headers.get("accept-language"))


def _page(templates: Jinja2Templates, request: Request, name: str, context: dict[str, Any],
          status: int = 200) -> Response:
    """A page of the tables or records, in the frame ``base.html`` gives every page."""
    lang = context["lang"]
    response = templates.TemplateResponse(request, name, {**context, "t": translator(lang), "strings": strings(lang)},
                                          status_code=status)
    if request.query_params.get("lang") in LANGS:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, path="/", samesite="lax")
    return response


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object of a request, at most ``max_message_bytes``; ``ProtocolError`` else."""
    limit = request.app.state.settings.limits.max_message_bytes
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise ProtocolError(f"request too large: {size} bytes (at most {limit})", "too_large")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise ProtocolError(f"request too large (at most {limit} bytes)", "too_large")
    try:
        data = json.loads(raw or b"{}")
    except ValueError as exc:
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("the request body is a JSON object")
    return data


def _refused(message: str, status: int = 400, code: str = "refused") -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


# tables ----------------------------------------------------------------------------------------
def table_routes(templates: Jinja2Templates) -> list[BaseRoute]:
    async def new_table(request: Request) -> Response:
        try:
            body = NewTable.model_validate(await _body(request))
        except ProtocolError as exc:
            return _refused(str(exc), 413 if exc.code == "too_large" else 400, exc.code)
        except ValidationError as exc:
            return _refused(first_error(exc))
        host = request.client.host if request.client else "?"
        try:
            table, token = _manager(request).create(body.variant, body.seats, body.lang, host, body.turn_seconds)
        except TableError as exc:
            return _refused(str(exc), 429 if exc.code == "busy" else 400, exc.code)
        _manager(request).wake_bots(table)
        response = JSONResponse({"code": table.code, "url": f"/t/{table.code}", "seat_token": token})
        if token is not None:
            _set_seat_cookie(response, table.code, token)
        return response

    async def join(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            body = Join.model_validate(await _body(request))
            seat, token = _manager(request).join(code, body.seat)
        except ProtocolError as exc:
            return _refused(str(exc), 413 if exc.code == "too_large" else 400, exc.code)
        except ValidationError as exc:
            return _refused(first_error(exc))
        except TableError as exc:
            return _refused(str(exc), 404 if exc.code == "no_table" else 409, exc.code)
        response = JSONResponse({"code": code.upper(), "seat": seat, "seat_token": token})
        _set_seat_cookie(response, code.upper(), token)
        return response

    async def table_info(request: Request) -> Response:
        table = _manager(request).get(request.path_params["code"])
        if table is None:
            return _refused(f"no open table {request.path_params['code']!r}", 404, "no_table")
        return JSONResponse(_summary(table, request))

    async def table_page(request: Request) -> Response:
        code = request.path_params["code"].upper()
        table = _manager(request).get(code)
        if table is None:
            return _page(templates, request, "table.html", {"lang": _lang(request), "table": None, "code": code}, 404)
        info = _summary(table, request)
        return _page(templates, request, "table.html", {
            "lang": _lang(request, table.row.lang), "table": info, "code": code,
            "info_json": json.dumps(info, ensure_ascii=False)})

    return [
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{code}", table_info, methods=["GET"]),
        Route("/api/tables/{code}/join", join, methods=["POST"]),
        Route("/t/{code}", table_page, methods=["GET"]),
        WebSocketRoute("/ws/t/{code}", table_socket),
    ]


def _set_seat_cookie(response: Response, code: str, token: str) -> None:
    response.set_cookie(COOKIE.format(code=code), token, max_age=COOKIE_DAYS * 86400, path="/", httponly=True,
                        samesite="lax")


def _summary(table: Table, request: Request) -> dict[str, Any]:
    """What anyone may know of a table (and which seat the cookie gives the asker)."""
    seat = table.seat_of(request.cookies.get(COOKIE.format(code=table.code)))
    return {"code": table.code, "variant": {"id": table.rs.id, "name": {"zh": table.rs.variant.name.zh,
                                                                       "en": table.rs.variant.name.en}},
            "seats": [{"seat": i, "kind": s.kind, "bot": s.label, "taken": s.token_hash is not None}
                      for i, s in enumerate(table.seats)],
            "hand_number": table.hand_index + 1, "finished": table.finished, "you": seat,
            "turn_seconds": table.row.turn_seconds}


async def table_socket(websocket: WebSocket) -> None:
    """One client of a table: its seat from the cookie (or ``?token=``), its messages checked,
    its own state sent after every change."""
    manager = _manager(websocket)
    limits = manager.settings.limits
    code = websocket.path_params["code"].upper()
    table = manager.get(code)
    await websocket.accept()
    if table is None or table.closed:
        await websocket.send_json(error(f"no open table {code!r}", "no_table"))
        await websocket.close(4404)
        return
    if len(table.clients) >= limits.connections_per_table:
        await websocket.send_json(error("this table has too many connections", "busy"))
        await websocket.close(4429)
        return
    token = websocket.cookies.get(COOKIE.format(code=code)) or websocket.query_params.get("token")
    client = Client(table.seat_of(token), websocket.send_json, limits.actions_per_second)
    writer = asyncio.get_running_loop().create_task(_write(websocket, client))
    table.clients.add(client)
    client.post({"type": "welcome", "table": code, "seat": client.seat, "n": table.game.n})
    table.broadcast()
    try:
        await _read(websocket, table, client, limits.max_message_bytes)
    finally:
        table.clients.discard(client)
        client.post_close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 2)
        if not table.closed:
            table.broadcast()


async def _read(websocket: WebSocket, table: Table, client: Client, max_bytes: int) -> None:
    while not client.dropped:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        if not client.allow():
            client.post(error("too many messages: slow down", "rate"))
            continue
        try:
            parsed = parse_client(raw, max_bytes)
        except ProtocolError as exc:
            client.post(error(str(exc), exc.code))
            continue
        try:
            await table.handle(client, parsed)
        except Exception as exc:  # never a traceback to the client, never a stalled table
            log.exception("table %s: %s", table.code, exc)
            client.post(error(f"the server could not do that: {type(exc).__name__}", "internal"))


async def _write(websocket: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order; stop (and close) when it is dropped."""
    try:
        while True:
            message = await client.queue.get()
            if message is None:
                break
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
    except Exception:  # the socket went away
        client.dropped = True
        return
    with contextlib.suppress(Exception):
        await websocket.close(1000 if not client.dropped else 1013)


# records ---------------------------------------------------------------------------------------
def record_routes(templates: Jinja2Templates) -> list[BaseRoute]:
    async def records_page(request: Request) -> Response:
        rows = request.app.state.store.records(limit=200)
        return _page(templates, request, "records.html", {"lang": _lang(request), "records": rows, "active": "records"})

    async def records_json(request: Request) -> Response:
        try:
            offset = max(0, int(request.query_params.get("offset", "0")))
        except ValueError:
            return _refused("offset is a whole number")
        return JSONResponse(request.app.state.store.records(limit=100, offset=offset))

    def _record(request: Request) -> dict[str, Any] | None:
        rid = request.path_params["rid"]
        return request.app.state.store.record(rid)

    async def record_page(request: Request) -> Response:
        row = _record(request)
        lang = _lang(request)
        if row is None:
            return _page(templates, request, "record.html", {"lang": lang, "record": None, "active": "records"}, 404)
        meta = {k: row[k] for k in ("id", "code", "kind", "variant", "hand", "summary")}
        return _page(templates, request, "record.html", {"lang": lang, "record": meta, "active": "records",
                                                         "meta_json": json.dumps(meta, ensure_ascii=False)})

    async def record_download(request: Request) -> Response:
        row = _record(request)
        if row is None:
            return _refused("no such record", 404, "no_record")
        name = f"paixing-{row['variant']}-{row['code']}-{row['kind']}{row['hand'] + 1}.json"
        return Response(json.dumps(row["body"], ensure_ascii=False, indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def record_steps(request: Request) -> Response:
        row = _record(request)
        if row is None:
            return _refused("no such record", 404, "no_record")
        try:
            return JSONResponse(record_frames(row["body"]))
        except RecordProblem as exc:
            return _refused(str(exc), 409, "no_replay")

    return [
        Route("/records", records_page),
        Route("/api/records", records_json),
        Route("/records/{rid:int}", record_page),
        Route("/records/{rid:int}.json", record_download),
        Route("/api/records/{rid:int}/frames", record_steps),
    ]
