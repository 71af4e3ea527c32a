"""``paixing serve``: the web playground and online tables (``paixing.web``, docs/web.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from .common import EXIT_USAGE, app

MISSING = ("paixing serve needs the web extra: pip install \"paixing[web]\" "
           "(starlette, uvicorn, sqlalchemy, platformdirs, psycopg)")


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    variants: Annotated[
        Path | None,
        typer.Option("--variants", metavar="DIR", help="A folder of your own variant files (the editor saves there)."),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", metavar="URL", help="A database URL (postgresql+psycopg://…); default: SQLite in your data folder."),
    ] = None,
    data_dir: Annotated[
        Path | None, typer.Option("--data-dir", metavar="DIR", help="Where the default SQLite database lives."),
    ] = None,
    turn_seconds: Annotated[
        float | None, typer.Option("--turn-seconds", min=5, max=600, help="A turn timer for every new table (default: off)."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0, max=10, help="Seconds a bot waits before it moves, so people can follow."),
    ] = 0.6,
) -> None:
    """Serve the gallery, the rulebooks, the rule editor, online tables and the records
    (docs/web.md): open http://HOST:PORT/ in a browser. Open tables survive a restart."""
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.settings import Limits, Settings
    except ModuleNotFoundError as exc:
        print(f"{MISSING} (missing: {exc.name})", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE) from None
    if variants is not None and not variants.is_dir():
        print(f"--variants {variants}: not a folder", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    settings = Settings(host=host, port=port, variants_dir=variants, db_url=db, data_dir=data_dir,
                        turn_seconds=turn_seconds, limits=Limits(bot_delay=bot_delay))
    try:
        application = create_app(settings)
    except Exception as exc:  # a database that cannot be opened: one line, not a traceback
        print(f"paixing serve: cannot start: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
              file=sys.stderr)
        raise typer.Exit(1) from None
    print(f"paixing serve: http://{host}:{port}/ (database: {_shown(settings.database_url())})", file=sys.stderr)
    uvicorn.run(application, host=host, port=port, log_level="warning",
                ws_max_size=settings.limits.max_message_bytes * 4)


def _shown(url: str) -> str:
    """A database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':')[0]}:***@{tail}"
