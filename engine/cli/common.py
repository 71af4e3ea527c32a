"""What every ``paixing`` command shares: the typer app, exit codes, and user errors as one line.

Commands live in sibling modules (``variants``, ``cards``, ``hands``, ``tools``), each
registering on ``app``; they load variants, read cards and print plays through these helpers,
so that every command reports a bad variant, bad cards or a non-play the same way.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from paixing.hands.moves import NotAPlay
from paixing.hands.view import UnknownCard, check_in_deck
from paixing.rules.cards import Card, CardError, format_cards, parse_cards

if TYPE_CHECKING:
    from paixing.hands.compile import Ruleset
    from paixing.hands.play import Play
    from rich.console import Console
    from rich.table import Table

# Start-up (docs/performance.md): a command imports what it uses. The card commands run on a
# stored variant without pydantic (``load_quick``); rich is imported by the first table.

EXIT_NOT_A_PLAY = 1
"""Cards that form no hand type; a variant file with problems."""
EXIT_USAGE = 2
"""Bad usage, bad card strings, unknown variants (the same code click uses for usage errors)."""

app = typer.Typer(
    name="paixing",
    help="Rule variants of Chinese climbing card games (牌型): list, validate, classify, compare, move.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON (shapes in docs/cli.md).")]
VariantArg = Annotated[
    str, typer.Argument(metavar="VARIANT", help="A built-in variant id or a path to a .yaml file.")
]


# plumbing ---------------------------------------------------------------------------------


def fit_output_encoding() -> None:
    """On a terminal that cannot encode Chinese or suit symbols (``PYTHONIOENCODING=latin-1``,
    an old code page), print what it can and ``?`` for the rest, with one note on stderr,
    instead of failing with a ``UnicodeEncodeError`` traceback."""
    cannot = []
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "牌♠".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")
                cannot.append(encoding)
    if cannot:
        typer.echo(
            f"note: this terminal's encoding ({cannot[0]}) cannot show Chinese or suit symbols: "
            "they print as '?' (set PYTHONIOENCODING=utf-8 to see them)",
            err=True,
        )


def fail(message: str, code: int) -> NoReturn:
    """One line on stderr, then exit with ``code``."""
    typer.echo(message, err=True)
    raise typer.Exit(code)


def print_json(data: object) -> None:
    """JSON on stdout: UTF-8 text, or ``\\u`` escapes where the terminal cannot encode it (the
    document stays exact either way)."""
    try:
        "牌♠".encode(getattr(sys.stdout, "encoding", None) or "utf-8")
        plain = True
    except (UnicodeEncodeError, LookupError):
        plain = False
    typer.echo(json.dumps(data, ensure_ascii=not plain, indent=2))


def new_console(stderr: bool = False) -> Console:
    # Created per call so that it writes to whatever sys.stdout is now (CliRunner swaps it).
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False, stderr=stderr)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the engine's complaints about user input into one stderr line and an exit code."""
    try:
        yield
    except CardError as exc:
        fail(str(exc), EXIT_USAGE)
    except UnknownCard as exc:
        fail(str(exc), EXIT_USAGE)
    except NotAPlay as exc:
        fail(str(exc), EXIT_NOT_A_PLAY)


def load(ref: str) -> Ruleset:
    """The compiled variant, or its problems on stderr and exit 2 (unknown) / 1 (invalid file)."""
    from pathlib import Path

    from paixing.hands.cache import ruleset
    from paixing.rules.loader import VariantError, builtin_ids, is_path_ref

    try:
        return ruleset(ref)
    except VariantError as exc:
        for problem in exc.problems:
            typer.echo(problem, err=True)
        exists = Path(ref).is_file() if is_path_ref(ref) else ref in builtin_ids()
        raise typer.Exit(EXIT_NOT_A_PLAY if exists else EXIT_USAGE) from None


def load_quick(ref: str) -> Ruleset:
    """``load`` for commands that only read cards and plays (classify, beats, moves): the
    variant from the stored-variant cache when its files are unchanged, which spares
    importing pydantic (``paixing.hands.quick``); otherwise ``load`` it, then store it."""
    from paixing.hands.quick import keep_ruleset, stored_ruleset

    rs = stored_ruleset(ref)
    if rs is None:
        rs = load(ref)
        keep_ruleset(ref, rs)
    return rs


def read_cards(rs: Ruleset, text: str, what: str) -> list[Card]:
    """Parse card notation given on the command line and check the deck can supply it; empty
    input is a usage error."""
    with user_errors():
        cards = parse_cards(text)
        check_in_deck(rs, cards)
    if not cards:
        fail(f"no cards given for {what}", EXIT_USAGE)
    return cards


def notation(rs: Ruleset, cards: Sequence[Card]) -> str:
    return format_cards(rs.sort_cards(list(cards)))


def not_a_play(rs: Ruleset, cards: Sequence[Card]) -> NoReturn:
    fail(f"{notation(rs, cards)} is not a valid play in {rs.id}", EXIT_NOT_A_PLAY)


def readings(rs: Ruleset, cards: Sequence[Card]) -> list[Play]:
    """The playable readings of ``cards``; exit 1 when there are none."""
    from paixing.hands.classify import classify

    with user_errors():
        found = [p for p in classify(rs, cards) if p.type.playable]
    if not found:
        not_a_play(rs, cards)
    return found


def plays_table(plays: Sequence[Play], title: str | None = None) -> Table:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column("type")
    table.add_column("名称")
    table.add_column("name")
    table.add_column("cards")
    table.add_column("as")
    for i, p in enumerate(plays, start=1):
        table.add_row(
            str(i),
            p.type.id,
            escape(p.type.name.zh),
            escape(p.type.name.en),
            p.notation,
            p.reads_as if p.wild_as else "",
        )
    return table


def reading(p: Play, lang: str = "en") -> str:
    """A reading in prose, the type by its name: ``Bomb 333 BJ as 3333`` (``炸弹 333 BJ 当 3333``)."""
    if lang == "zh":
        return f"{p.type.name.zh} {p.notation}" + (f" 当 {p.reads_as}" if p.wild_as else "")
    return f"{p.type.name.en} {p.notation}" + (f" as {p.reads_as}" if p.wild_as else "")
