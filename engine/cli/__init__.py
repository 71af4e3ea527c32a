"""The ``paixing`` command line: a thin layer over the public API.

Every command prints a rich table (or plain lines) for people and, with ``--json``, one JSON
document for programs; the shapes are documented in ``docs/cli.md``. Cards are printed in the
notation ``parse_cards`` reads, so anything shown can be pasted back.

Exit codes: 0 success; 1 cards that are not a valid play, or a variant file with problems;
2 bad usage, a bad card string, a card the variant does not deal, or an unknown variant.
User errors are one line on stderr, never a traceback.

One module per group of commands, each registering on the shared ``app`` (``common``):
``variants`` (variants, validate, schema), ``cards`` (classify, beats, moves), ``hands``
(simulate, replay), ``tools`` (play, rulebook, check). A new command goes in the module of its
group, or a new module imported below.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import metadata
from typing import Annotated

import typer

from . import arena as arena  # noqa: F401  (registers "paixing arena")
from . import cards, conformance, hands, show, tools, variants
from .cluster import fill_optional_values
from .common import EXIT_NOT_A_PLAY, EXIT_USAGE, app, fit_output_encoding
from .variants import SCHEMA_DIALECT, SCHEMA_SHORTHANDS, SCHEMA_TITLE, variant_schema

__all__ = [
    "EXIT_NOT_A_PLAY",
    "EXIT_USAGE",
    "SCHEMA_DIALECT",
    "SCHEMA_SHORTHANDS",
    "SCHEMA_TITLE",
    "app",
    "cards",
    "conformance",
    "hands",
    "main",
    "show",
    "tools",
    "variant_schema",
    "variants",
]


TOP_HELP = (
    "Rule variants of Chinese climbing card games (牌型): list and check variant files "
    "(variants, validate, schema, check), read and compare cards (classify, beats, moves), "
    "play, record and watch hands (play, simulate, replay, show), pit agents against each other (arena), "
    "print rulebooks (rulebook), test other "
    "implementations (vectors, conform) and compare variants (diff). "
    "Each command has its own -h; docs/cli.md has them all."
)
"""The top-level help names every command, grouped as the modules group them."""

app.info.context_settings = {**(app.info.context_settings or {}), "help_option_names": ["-h", "--help"]}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"paixing {package_version()}")
        raise typer.Exit(0)


@app.callback(help=TOP_HELP)
def _top(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """The options before any command (``--version``; ``-h``/``--help`` everywhere)."""


def package_version() -> str:
    """The installed distribution's version (the source tree's pyproject when not installed)."""
    try:
        return metadata.version("paixing")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run the app and return its exit code.

    The app runs in typer's standalone mode, so usage errors (a missing argument, an unknown
    option) are reported by typer and exit 2; the ``SystemExit`` it raises becomes the return
    value, which lets tests and wrappers call ``main([...])`` directly.
    """
    fit_output_encoding()
    try:
        app(args=fill_optional_values(sys.argv[1:] if argv is None else argv), prog_name="paixing")
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        typer.echo(str(exc.code), err=True)
        return 1
    return 0




if __name__ == "__main__":
    sys.exit(main())
