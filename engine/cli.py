"""The ``paixing`` command line: a thin layer over the public API.

Every command prints a rich table (or plain lines) for people and, with ``--json``, one JSON
document for programs; the shapes are documented in ``docs/cli.md``. Cards are printed in the
notation ``parse_cards`` reads, so anything shown can be pasted back.

Exit codes: 0 success; 1 cards that are not a valid play, or a variant file with problems;
2 bad usage, a bad card string, a card the variant does not deal, or an unknown variant.
User errors are one line on stderr, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from paixing.game.records import Replay, replay
from paixing.hands.cache import ruleset
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.moves import NotAPlay, beats_cards
from paixing.hands.play import Play, beats, why
from paixing.hands.view import UnknownCard, check_in_deck
from paixing.rules.cards import Card, CardError, format_cards, parse_cards
from paixing.rules.loader import (
    PosList,
    VariantError,
    builtin_ids,
    load_data,
    load_variant,
    resolve_path,
)
from paixing.rules.models import Variant
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .examples import plays_against, run_example
from .simulate import SimulationError, Summary, seat_bots, simulate

EXIT_NOT_A_PLAY = 1
"""Cards that form no hand type; a variant file with problems."""
EXIT_USAGE = 2
"""Bad usage, bad card strings, unknown variants (the same code click uses for usage errors)."""

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_TITLE = "paixing variant file"

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


def _fail(message: str, code: int) -> NoReturn:
    """One line on stderr, then exit with ``code``."""
    typer.echo(message, err=True)
    raise typer.Exit(code)


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _console(stderr: bool = False) -> Console:
    # Created per call so that it writes to whatever sys.stdout is now (CliRunner swaps it).
    return Console(highlight=False, soft_wrap=False, stderr=stderr)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn the engine's complaints about user input into one stderr line and an exit code."""
    try:
        yield
    except CardError as exc:
        _fail(str(exc), EXIT_USAGE)
    except UnknownCard as exc:
        _fail(str(exc), EXIT_USAGE)
    except NotAPlay as exc:
        _fail(str(exc), EXIT_NOT_A_PLAY)


def _looks_like_path(ref: str) -> bool:
    return ref.endswith((".yaml", ".yml")) or "/" in ref


def _load(ref: str) -> Ruleset:
    """The compiled variant, or its problems on stderr and exit 2 (unknown) / 1 (invalid file)."""
    try:
        return ruleset(ref)
    except VariantError as exc:
        for problem in exc.problems:
            typer.echo(problem, err=True)
        exists = Path(ref).is_file() if _looks_like_path(ref) else ref in builtin_ids()
        raise typer.Exit(EXIT_NOT_A_PLAY if exists else EXIT_USAGE) from None


def _cards(rs: Ruleset, text: str, what: str) -> list[Card]:
    """Parse card notation given on the command line and check the deck can supply it; empty
    input is a usage error."""
    with _user_errors():
        cards = parse_cards(text)
        check_in_deck(rs, cards)
    if not cards:
        _fail(f"no cards given for {what}", EXIT_USAGE)
    return cards


def _notation(rs: Ruleset, cards: Sequence[Card]) -> str:
    return format_cards(rs.sort_cards(list(cards)))


def _not_a_play(rs: Ruleset, cards: Sequence[Card]) -> NoReturn:
    _fail(f"{_notation(rs, cards)} is not a valid play in {rs.id}", EXIT_NOT_A_PLAY)


def _readings(rs: Ruleset, cards: Sequence[Card]) -> list[Play]:
    """The playable readings of ``cards``; exit 1 when there are none."""
    with _user_errors():
        found = [p for p in classify(rs, cards) if p.type.playable]
    if not found:
        _not_a_play(rs, cards)
    return found


def _plays_table(plays: Sequence[Play], title: str | None = None) -> Table:
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


def _reading(p: Play) -> str:
    """A reading in prose: ``bomb 333 BJ as 3333``."""
    return f"{p.type.id} {p.notation}" + (f" as {p.reads_as}" if p.wild_as else "")


# commands ---------------------------------------------------------------------------------


@app.command()
def variants(as_json: JsonFlag = False) -> None:
    """List the built-in variants."""
    loaded: list[Variant] = []
    for vid in builtin_ids():
        try:
            loaded.append(load_variant(vid))
        except VariantError as exc:
            for problem in exc.problems:
                typer.echo(problem, err=True)
            raise typer.Exit(EXIT_NOT_A_PLAY) from None
    if as_json:
        rows = [
            {"id": v.id, "name": {"zh": v.name.zh, "en": v.name.en}, "extends": v.extends}
            for v in loaded
        ]
        _print_json({"variants": rows})
        return
    table = Table(title="Built-in variants")
    for column in ("id", "名称", "name", "extends"):
        table.add_column(column)
    for v in loaded:
        table.add_row(v.id, escape(v.name.zh), escape(v.name.en), v.extends or "")
    _console().print(table)


def _example_positions(ref: str) -> list[str]:
    """``file:line:col`` of each example in the merged file, where the loader recorded one."""
    try:
        path = Path(ref) if Path(ref).is_file() else resolve_path(ref)
        examples = load_data(path).get("examples")
    except (VariantError, OSError):
        return []
    if not isinstance(examples, PosList):
        return []
    return [f"{p[0]}:{p[1]}:{p[2]}" if p else str(path) for p in examples.item_pos]


def _check_file(ref: str) -> tuple[Variant | None, list[str]]:
    """Load, compile and run the examples of one file; the variant (if it loaded) and problems."""
    try:
        variant = load_variant(ref)
    except VariantError as exc:
        return None, list(exc.problems)
    try:
        rs = ruleset(variant)
    except (VariantError, ValueError) as exc:
        return variant, [f"{ref}: {line}" for line in str(exc).splitlines()]
    positions = _example_positions(ref)
    problems: list[str] = []
    for i, ex in enumerate(variant.examples):
        where = positions[i] if i < len(positions) else ref
        try:
            outcome = run_example(rs, i, ex)
        except ValueError as exc:  # e.g. a card the variant does not deal
            problems.append(f"{where}: examples[{i}]: {exc}")
            continue
        if not outcome.ok:
            problems.append(f"{where}: {outcome.describe()}")
    return variant, problems


@app.command()
def validate(
    files: Annotated[
        list[str], typer.Argument(metavar="FILE", help="Variant files (or built-in ids).")
    ],
    as_json: JsonFlag = False,
) -> None:
    """Check variant files: structure, cross-references, and that every example holds."""
    results: list[dict[str, object]] = []
    any_bad = False
    for ref in files:
        variant, problems = _check_file(ref)
        ok = not problems
        any_bad = any_bad or not ok
        results.append({"file": ref, "ok": ok, "problems": problems})
        if as_json:
            continue
        if ok and variant is not None:
            typer.echo(
                f"{ref}: ok ({len(variant.hand_types)} hand types, {len(variant.examples)} examples)"
            )
        for line in problems:
            typer.echo(line, err=True)
    if as_json:
        _print_json({"files": results})
    if any_bad:
        raise typer.Exit(EXIT_NOT_A_PLAY)


SCHEMA_SHORTHANDS: dict[str, dict[str, object]] = {
    "Range": {"type": "integer", "description": "Exactly this number."},
    "RungEntry": {"type": "string", "description": "A hand type id, on the rung at every length."},
}
"""Spellings the models accept through ``mode="before"`` validators (``size: 2``, a bare hand type
id on a ladder rung) but that pydantic leaves out of the generated schema; added as ``anyOf``
alternatives so that an editor does not flag the built-in files. A definition that already has
``anyOf`` is left as the models made it."""


def variant_schema() -> dict[str, object]:
    """The JSON Schema of a variant file, for YAML editors (``# yaml-language-server: $schema=``)."""
    schema = Variant.model_json_schema(by_alias=True)
    defs = schema.get("$defs", {})
    for name, shorthand in SCHEMA_SHORTHANDS.items():
        d = defs.get(name)
        if d is None or "anyOf" in d or "oneOf" in d:
            continue
        full = {k: v for k, v in d.items() if k not in ("title", "description")}
        head = {k: d[k] for k in ("title", "description") if k in d}
        defs[name] = {**head, "anyOf": [shorthand, full]}
    out: dict[str, object] = {"$schema": SCHEMA_DIALECT, "title": SCHEMA_TITLE}
    out.update((k, v) for k, v in schema.items() if k not in out)
    return out


@app.command()
def schema(
    as_json: Annotated[
        bool, typer.Option("--json", help="Accepted for uniformity; the output is always JSON.")
    ] = False,
) -> None:
    """Print the JSON Schema of variant files."""
    _print_json(variant_schema())


@app.command("classify")
def classify_cmd(
    variant: VariantArg,
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARDS", help='Card notation, e.g. 55667788 or "333 BJ".'),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Every reading of exactly these cards (hand type, and what wild cards stand for)."""
    rs = _load(variant)
    given = _cards(rs, " ".join(cards), "CARDS")
    with _user_errors():
        readings = classify(rs, given)
    if not readings:
        _not_a_play(rs, given)
    if as_json:
        _print_json({"plays": [p.to_json() for p in readings]})
        return
    table = _plays_table(readings, title=f"{_notation(rs, given)} in {rs.id}")
    _console().print(table)
    for p in readings:
        if not p.type.playable:
            typer.echo(f"{p.type.id} is a dealt-hand pattern, never played as one play")


@app.command("beats")
def beats_cmd(
    variant: VariantArg,
    play: Annotated[str, typer.Argument(metavar="PLAY", help="The cards played.")],
    target: Annotated[str, typer.Argument(metavar="TARGET", help="The cards to beat.")],
    as_json: JsonFlag = False,
) -> None:
    """Whether PLAY may be played on TARGET: some reading of PLAY beats every reading of TARGET."""
    rs = _load(variant)
    a_cards = _cards(rs, play, "PLAY")
    b_cards = _cards(rs, target, "TARGET")
    a = _readings(rs, a_cards)
    b = _readings(rs, b_cards)
    with _user_errors():
        verdict = beats_cards(rs, a_cards, b_cards)
    if verdict:
        x = next((p for p in a if all(beats(p, q) for q in b)), a[0])
        y = b[0]
    else:
        x = a[0]
        y = next((q for q in b if not beats(x, q)), b[0])
    reason = why(x, y)
    if len(a) > 1 or len(b) > 1 or x.wild_as or y.wild_as:
        reason += f" ({_reading(x)} against {_reading(y)})"
    if as_json:
        _print_json({"beats": verdict, "reason": reason})
        return
    verb = "beats" if verdict else "does not beat"
    typer.echo(f"{_notation(rs, a_cards)} {verb} {_notation(rs, b_cards)}: {reason}")


@app.command("moves")
def moves_cmd(
    variant: VariantArg,
    hand: Annotated[str, typer.Option("--hand", metavar="CARDS", help="The cards in hand.")],
    last: Annotated[
        str | None,
        typer.Option("--last", metavar="CARDS", help="The play to beat (omit for a free lead)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Every legal play from a hand, on a free lead or against the last play."""
    rs = _load(variant)
    hand_cards = _cards(rs, hand, "--hand")
    if last is not None:
        _readings(rs, _cards(rs, last, "--last"))
    with _user_errors():
        plays = plays_against(rs, hand, last)
    if as_json:
        _print_json({"plays": [p.to_json() for p in plays]})
        return
    against = f"on {_notation(rs, parse_cards(last))}" if last is not None else "on a free lead"
    if plays:
        _console().print(_plays_table(plays, title=f"{_notation(rs, hand_cards)} {against}"))
    n = len(plays)
    typer.echo(f"{n} legal play{'' if n == 1 else 's'} {against}" + ("" if n else " (pass)"))


# whole hands: simulate and replay ---------------------------------------------------------


def _summary_tables(summary: Summary, seconds: float) -> list[Table]:
    """The tables of ``paixing simulate``; the per-seat table comes last."""
    tables: list[Table] = []
    counts = Table(title=f"{summary.variant}: {summary.games} hands, seed {summary.seed}")
    counts.add_column("what")
    counts.add_column("id")
    counts.add_column("count", justify="right")
    for group, values in (
        ("contract", summary.contracts),
        ("reason", summary.reasons),
        ("hand type", summary.hand_types),
        ("instant win", summary.instant_wins),
        ("reward", summary.rewards),
        ("trick bonus", summary.bonuses),
    ):
        for key, n in values.items():
            counts.add_row(group, escape(key), str(n))
    counts.add_row("redeals", "", str(summary.redeals))
    counts.add_row("tricks per hand", "", f"{summary.tricks_per_hand:.2f}")
    tables.append(counts)
    roles = Table(title="Roles")
    for column in ("role", "seats", "wins", "win rate"):
        roles.add_column(column, justify="left" if column == "role" else "right")
    for role, row in summary.roles.items():
        if row["seats"]:
            rate = row["win_rate"]
            roles.add_row(role, str(row["seats"]), str(row["wins"]), "" if rate is None else f"{rate:.1%}")
    tables.append(roles)
    rate = summary.games / seconds if seconds > 0 else 0.0
    seats = Table(title="Scores by seat", caption=f"{seconds:.2f} s, {rate:.1f} hands/s")
    for column in ("seat", "bot", "total", "mean", "stdev"):
        seats.add_column(column, justify="left" if column == "bot" else "right")
    for s, bot in enumerate(summary.bots):
        seats.add_row(
            str(s),
            bot,
            str(summary.seat_totals[s]),
            f"{summary.seat_means[s]:.3f}",
            f"{summary.seat_stdevs[s]:.3f}",
        )
    tables.append(seats)
    return tables


@app.command("simulate")
def simulate_cmd(
    variant: VariantArg,
    games: Annotated[int, typer.Option("--games", metavar="N", help="Hands to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the whole run.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="NAMES",
            help="One bot for every seat, or one per seat, comma-separated (random, greedy).",
        ),
    ] = "random",
    jobs: Annotated[int, typer.Option("--jobs", metavar="K", help="Worker processes.")] = 1,
    out: Annotated[
        str | None, typer.Option("--out", metavar="DIR", help="Write one JSON record per hand here.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Play hands with bots and summarise them (scores per seat, contracts, roles, hand types)."""
    rs = _load(variant)
    if rs.variant.game is None:
        _fail(f"{rs.id} defines hand types only, no game (it has no 'game:' section)", EXIT_USAGE)
    if games < 1:
        _fail("--games must be at least 1", EXIT_USAGE)
    if jobs < 1:
        _fail("--jobs must be at least 1", EXIT_USAGE)
    try:
        names = seat_bots([b.strip() for b in bots.split(",")], rs.variant.players)
    except ValueError as exc:
        _fail(f"--bots: {exc}", EXIT_USAGE)
    if out is not None:
        try:
            Path(out).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(f"--out: cannot create {out}: {exc.strerror or exc}", EXIT_USAGE)
    started = time.perf_counter()
    try:
        if as_json:
            summary = simulate(variant, games, seed, names, jobs=jobs, out_dir=out)
        else:
            columns = (
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
            )
            with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task(f"{rs.id}", total=games)
                summary = simulate(
                    variant,
                    games,
                    seed,
                    names,
                    jobs=jobs,
                    out_dir=out,
                    progress=lambda done, total: bar.update(task, completed=done),
                )
    except SimulationError as exc:
        _fail(str(exc), EXIT_NOT_A_PLAY)
    seconds = time.perf_counter() - started
    if as_json:
        _print_json(summary.to_json())
        return
    console = _console()
    for table in _summary_tables(summary, seconds):
        console.print(table)


def _read_records(file: str) -> list[tuple[int, object]]:
    """The records in ``file``: one JSON document, or JSON lines (with their line numbers)."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read {file}: {getattr(exc, 'strerror', None) or exc}", EXIT_USAGE)
    try:
        return [(0, json.loads(text))]
    except json.JSONDecodeError as whole:
        records: list[tuple[int, object]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append((number, json.loads(line)))
            except json.JSONDecodeError as exc:
                if not records:  # not JSON lines either: report the document's error
                    _fail(f"{file}: not JSON: {whole}", EXIT_USAGE)
                _fail(f"{file}:{number}: not JSON: {exc}", EXIT_USAGE)
        if not records:
            _fail(f"{file}: no record in the file", EXIT_USAGE)
        return records


@app.command("replay")
def replay_cmd(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A game record (JSON), or JSON lines of records.")
    ],
    as_json: JsonFlag = False,
) -> None:
    """Replay game records: re-check every action and the score."""
    records = _read_records(file)
    results: list[tuple[int, Replay]] = []
    for number, record in records:
        where = f"{file}:{number}" if number else file
        if not isinstance(record, dict):
            _fail(f"{where}: not a game record (a JSON object)", EXIT_USAGE)
        outcome = replay(record)
        if outcome.game is None:
            _fail(f"{where}: {outcome.error}", EXIT_USAGE)
        results.append((number, outcome))
    all_ok = all(r.ok for _, r in results)
    single = len(results) == 1 and results[0][0] == 0

    def scores(r: Replay) -> str:
        return " ".join(str(x) for x in r.scores)

    if as_json:
        rows = [{"line": number, **r.to_json()} for number, r in results]
        _print_json(results[0][1].to_json() if single else {"ok": all_ok, "records": rows})
    elif single:
        r = results[0][1]
        if not r.ok:
            _fail(f"{file}: {r.error}", EXIT_NOT_A_PLAY)
        typer.echo(f"ok: scores {scores(r)}")
    else:
        for number, r in results:
            typer.echo(f"{file}:{number}: " + (f"ok: scores {scores(r)}" if r.ok else str(r.error)))
    if not all_ok:
        raise typer.Exit(EXIT_NOT_A_PLAY)


# whole hands, rulebooks and the conformance suite -----------------------------------------


@app.command("play")
def play_cmd(
    variant: VariantArg,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, 0 = the first in playing order.")] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deal and of the bots.")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the other seats: greedy or random.")] = "greedy",
) -> None:
    """Play one hand against bots by typing (docs/play.md); `?` lists your legal plays."""
    from .terminal import play_hand

    raise typer.Exit(play_hand(variant, seat=seat, seed=seed, bots=bots))


@app.command("rulebook")
def rulebook_cmd(
    variant: VariantArg,
    lang: Annotated[str, typer.Option("--lang", help="zh or en.")] = "zh",
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="FILE", help="Write to FILE.")
    ] = None,
) -> None:
    """Render the rulebook of VARIANT; every example in it is checked while rendering."""
    from .rulebook import FORMATS, LANGS, RulebookError, render_rulebook

    if lang not in LANGS or fmt not in FORMATS:
        _fail(f"--lang is one of {', '.join(LANGS)}; --format one of {', '.join(FORMATS)}", EXIT_USAGE)
    _load(variant)  # unknown variant: exit 2; invalid file: its problems and exit 1
    try:
        text = render_rulebook(variant, lang=lang, fmt=fmt)
    except RulebookError as exc:
        for line in str(exc).splitlines():
            typer.echo(line, err=True)
        raise typer.Exit(EXIT_NOT_A_PLAY) from None
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"{output}: cannot write: {exc.strerror or exc}", EXIT_USAGE)
    typer.echo(f"{output}: {len(text)} characters", err=True)


@app.command("check")
def check_cmd(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Variant files (or built-in ids).")],
    games: Annotated[int, typer.Option("--games", help="Random games per file.")] = 30,
    hands: Annotated[int, typer.Option("--hands", help="Small hands compared with brute force.")] = 40,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the hands and games.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """Run the conformance suite on a variant file: it loads, its examples hold, legal plays
    equal brute force, beats is a strict order, random games end, conserve cards, score to
    zero and replay, and the rulebook renders. Exit 1 naming every failed check."""
    from .conformance import Size, run_checks

    size = Size(hands=hands, games=games, seed=seed)
    reports = []
    console = _console(stderr=True)
    for ref in files:
        if not _looks_like_path(ref) and ref not in builtin_ids():
            _fail(f"unknown variant {ref!r}; built in: {', '.join(builtin_ids())}", EXIT_USAGE)
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            console=console, transient=True, disable=as_json or not console.is_terminal,
        ) as progress:
            task = progress.add_task(f"checking {ref}", total=6)

            def step(name: str, task: object = task, ref: str = ref) -> None:
                progress.update(task, advance=1, description=f"{ref}: {name}")  # type: ignore[arg-type]

            results = run_checks(ref, size, progress=step)
        reports.append((ref, results))
    ok = all(c.ok for _, results in reports for c in results)
    if as_json:
        _print_json({"ok": ok, "files": [
            {"file": ref, "ok": all(c.ok for c in results),
             "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail, "problems": c.problems} for c in results]}
            for ref, results in reports
        ]})
    else:
        out = _console()
        for ref, results in reports:
            table = Table(title=escape(ref), title_justify="left")
            table.add_column("check")
            table.add_column("result")
            table.add_column("detail")
            for c in results:
                table.add_row(escape(c.name), "[green]ok[/green]" if c.ok else "[red]FAILED[/red]", escape(c.detail))
            out.print(table)
            for c in results:
                for problem in c.problems:
                    typer.echo(f"{ref}: {c.name}: {problem}", err=True)
    if not ok:
        raise typer.Exit(EXIT_NOT_A_PLAY)


# entry point ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run the app and return its exit code.

    The app runs in typer's standalone mode, so usage errors (a missing argument, an unknown
    option) are reported by typer and exit 2; the ``SystemExit`` it raises becomes the return
    value, which lets tests and wrappers call ``main([...])`` directly.
    """
    try:
        app(args=list(argv) if argv is not None else None, prog_name="paixing")
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        typer.echo(str(exc.code), err=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
