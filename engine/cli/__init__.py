"""The ``paixing`` command line: a thin layer over the public API.

Every command prints a rich table (or plain lines) for people and, with ``--json``, one JSON
document for programs; the shapes are documented in ``docs/cli.md``. Cards are printed in the
notation ``parse_cards`` reads, so anything shown can be pasted back.

Exit codes: 0 success; 1 cards that are not a valid play, or a variant file with problems;
2 bad usage, a bad card string, a card the variant does not deal, or an unknown variant.
User errors are one line on stderr, never a traceback.

One module per group of commands, each registering on the shared ``app`` (``common``):
``variants`` (variants, validate, schema), ``cards`` (classify, beats, moves), ``simulate``,
``replay``, ``show``, ``arena``, ``conformance`` (vectors, conform, diff), ``tools`` (play,
rulebook, check). A new command goes in the module of its
group, or a new module, and its name in ``COMMANDS``.

Start-up (docs/performance.md): ``main`` imports only the module of the command it runs (a
module imports what its commands need: the game layer, rich, jinja), so ``paixing moves``
does not pay for the arena or the rulebook; a plain call of a card command runs without
building the click command (``direct``). ``app`` (``from paixing.cli import app``) and
help without a command import every module, and list the commands in ``MODULES`` order.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .cluster import fill_optional_values
from .common import EXIT_NOT_A_PLAY, EXIT_USAGE, fit_output_encoding
from .common import app as _app
from .direct import DIRECT, plain_call, run

if TYPE_CHECKING:
    from . import arena, cards, conformance, replay, serve, show, simulate, tools, variants  # noqa: F401
    from .common import app
    from .variants import SCHEMA_DIALECT, SCHEMA_SHORTHANDS, SCHEMA_TITLE, variant_schema

MODULES = ("arena", "cards", "conformance", "replay", "serve", "show", "simulate", "tools", "variants")
"""The command modules, in the order ``paixing -h`` lists their commands."""

COMMANDS = {
    "arena": "arena",
    "classify": "cards",
    "beats": "cards",
    "moves": "cards",
    "vectors": "conformance",
    "conform": "conformance",
    "diff": "conformance",
    "replay": "replay",
    "serve": "serve",
    "show": "show",
    "simulate": "simulate",
    "play": "tools",
    "rulebook": "tools",
    "check": "tools",
    "variants": "variants",
    "validate": "variants",
    "schema": "variants",
}
"""Each command → the module that registers it (``tests/tools/test_cli_startup.py`` checks both agree)."""

__all__ = [
    "EXIT_NOT_A_PLAY",
    "EXIT_USAGE",
    "SCHEMA_DIALECT",
    "SCHEMA_SHORTHANDS",
    "SCHEMA_TITLE",
    "app",
    "cards",
    "conformance",
    "main",
    "replay",
    "show",
    "simulate",
    "tools",
    "variant_schema",
    "variants",
]


TOP_HELP = (
    "Rule variants of Chinese climbing card games (牌型): list and check variant files "
    "(variants, validate, schema, check), read and compare cards (classify, beats, moves), "
    "play, record and watch hands (play, simulate, replay, show), pit agents against each other (arena), "
    "print rulebooks (rulebook), test other "
    "implementations (vectors, conform), compare variants (diff) and serve the web playground and "
    "online tables (serve). Each command has its own -h; docs/cli.md has them all."
)
"""The top-level help names every command, grouped as the modules group them."""

_app.info.context_settings = {**(_app.info.context_settings or {}), "help_option_names": ["-h", "--help"]}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"paixing {package_version()}")
        raise typer.Exit(0)


@_app.callback(help=TOP_HELP)
def _top(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """The options before any command (``--version``; ``-h``/``--help`` everywhere)."""


def package_version() -> str:
    """The installed distribution's version (the source tree's pyproject when not installed)."""
    from importlib import metadata  # not at the top: reading it costs every command ~10 ms

    try:
        return metadata.version("paixing")
    except metadata.PackageNotFoundError:
        return "unknown"


def register(command: str | None = None) -> typer.Typer:
    """The app with ``command``'s module imported (its commands registered), or every module
    when ``command`` is None or not a command (help, a typo: click then lists or refuses)."""
    wanted = [COMMANDS[command]] if command in COMMANDS else list(MODULES)
    for module in wanted:
        import_module(f"{__name__}.{module}")
    if len(wanted) > 1:  # modules imported one by one earlier must not reorder the help
        order = {f"{__name__}.{m}": i for i, m in enumerate(MODULES)}
        _app.registered_commands.sort(key=lambda c: order.get(getattr(c.callback, "__module__", ""), len(order)))
    return _app


def _command(args: Sequence[str]) -> str | None:
    """The command ``args`` runs: the first word that is not an option (the top level's
    options take no value)."""
    return next((a for a in args if not a.startswith("-")), None)


def __getattr__(name: str) -> Any:
    """``app`` with every command, the command modules, and ``variants``' schema names."""
    if name == "app":
        return register()
    if name in MODULES:
        return import_module(f"{__name__}.{name}")
    if name in ("SCHEMA_DIALECT", "SCHEMA_SHORTHANDS", "SCHEMA_TITLE", "variant_schema"):
        return getattr(import_module(f"{__name__}.variants"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _run_directly(args: list[str]) -> int | None:
    """A plain call of a card command, run without click (``direct``): its exit code; None
    when ``args`` are anything else."""
    if not args or args[0] not in DIRECT:
        return None
    fn = next((c.callback for c in register(args[0]).registered_commands if c.name == args[0]), None)
    kwargs = plain_call(fn, args[1:]) if fn is not None else None
    return run(fn, kwargs) if fn is not None and kwargs is not None else None


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run the app and return its exit code.

    The app runs in typer's standalone mode, so usage errors (a missing argument, an unknown
    option) are reported by typer and exit 2; the ``SystemExit`` it raises becomes the return
    value, which lets tests and wrappers call ``main([...])`` directly.
    """
    fit_output_encoding()
    args = fill_optional_values(sys.argv[1:] if argv is None else argv)
    command = _command(args)
    code = _run_directly(args)
    if code is not None:
        return code
    try:
        register(command)(args=args, prog_name="paixing")
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        typer.echo(str(exc.code), err=True)
        return 1
    return 0




if __name__ == "__main__":
    sys.exit(main())
