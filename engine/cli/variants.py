"""``paixing variants``, ``validate`` and ``schema``: the variant files themselves."""

from __future__ import annotations

from typing import Annotated

import typer
from paixing.rules.checks import stale_descriptions
from paixing.rules.loader import (
    VariantError,
    builtin_ids,
    load_variant,
    source_path,
)
from paixing.rules.models import Variant
from rich.markup import escape
from rich.table import Table

from ..rulebook.shown import failing_examples
from .common import EXIT_NOT_A_PLAY, JsonFlag, app, new_console, print_json

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_TITLE = "paixing variant file"


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
        print_json({"variants": rows})
        return
    table = Table(title="Built-in variants")
    for column in ("id", "名称", "name", "extends"):
        table.add_column(column, no_wrap=column == "id")  # an id is typed: never cut it
    for v in loaded:
        table.add_row(v.id, escape(v.name.zh), escape(v.name.en), v.extends or "")
    new_console().print(table)


def _check_file(ref: str) -> tuple[Variant | None, list[str]]:
    """Load, compile and run the examples of one file; the variant (if it loaded) and problems."""
    try:
        variant = load_variant(ref)
    except VariantError as exc:
        return None, list(exc.problems)
    return variant, failing_examples(ref, variant)


def _warnings(ref: str) -> list[str]:
    """What a valid file may have wrong without breaking a game (``validate`` still exits 0):
    prose an ``extends:`` child inherited for a shape it changed (``stale_descriptions``)."""
    try:
        return stale_descriptions(source_path(ref))
    except (VariantError, OSError):
        return []


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
        warnings = _warnings(ref) if ok else []
        # "warnings" only when there are some: the shape of a clean file's entry stays as it was
        results.append({"file": ref, "ok": ok, "problems": problems} | ({"warnings": warnings} if warnings else {}))
        if as_json:
            continue
        if ok and variant is not None:
            typer.echo(
                f"{ref}: ok ({len(variant.hand_types)} hand types, {len(variant.examples)} examples)"
            )
        for line in problems + warnings:
            typer.echo(line, err=True)
    if as_json:
        print_json({"files": results})
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
    print_json(variant_schema())
