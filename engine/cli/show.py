"""``paixing show RECORD``: a game record stepped through trick by trick (``paixing.terminal.show``)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .common import JsonFlag, app


@app.command("show")
def show_cmd(
    record: Annotated[
        str, typer.Argument(metavar="RECORD", help="A record file (play --out, simulate --out, JSON lines, vectors).")
    ],
    seat: Annotated[
        int | None,
        typer.Option("--seat", metavar="N", help="Name the seats from seat N (default: the seat a person played)."),
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", help="Print every trick at once (no pauses).")] = False,
    variant: Annotated[
        str | None,
        typer.Option("--variant", metavar="FILE", help="Read the records by this variant (its rules must match)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Step through a record trick by trick as play shows a hand (docs/play.md): Enter for the
    next trick, q to quit; --all (or input or output that is not a terminal) prints it all;
    --json prints its events."""
    from ..terminal import show_file

    step = not show_all and sys.stdin.isatty() and sys.stdout.isatty()  # `show R | less` prints it all
    raise typer.Exit(show_file(record, seat=seat, step=step, as_json=as_json, variant=variant))
