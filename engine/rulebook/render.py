"""Rendering and writing books: the only part that knows templates, files and the shell.

The Jinja environment over ``paixing``'s package templates, ``render_rulebook`` (lang and format
checked, cached per version of the variant's ``extends:`` chain), the docs index, every built-in book as
``book_files``, ``write_rulebooks`` and ``main`` (``python -m paixing.rulebook OUTDIR [--check]``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
from paixing.conformance.suite import Check
from paixing.rules.loader import builtin_ids, load_variant
from paixing.rules.source_cache import cached_by_source

from .book import Book
from .phrases import say
from .shown import RulebookError, facts

LANGS: tuple[str, ...] = ("zh", "en")
FORMATS: tuple[str, ...] = ("md", "html")


def _md_cell(value: Any) -> str:
    """Text safe inside a Markdown table cell."""
    return str(value).replace("|", "\\|").replace("\n", " ")


_TAG = re.compile(r"<(?=[A-Za-z/!?])")
"""A ``<`` that would open raw HTML in Markdown (a tag, a comment, a declaration)."""


def md_text(value: Any) -> str:
    """Text safe in Markdown: a ``<`` that would start raw HTML (``<script>``, ``<img
    onerror=…>``, names and notes of a variant file) is written ``&lt;``, which Markdown shows
    as ``<``; ``a < b`` stays as it is."""
    return _TAG.sub("&lt;", "" if value is None else str(value))


@lru_cache(maxsize=2)
def environment(markdown: bool = False) -> Environment:
    """The templates' environment: HTML templates autoescape; Markdown (``markdown=True``)
    passes every printed value through ``md_text``, so a variant's text cannot put HTML into
    a Markdown book either."""
    env = Environment(
        loader=PackageLoader("paixing", "templates"),
        autoescape=lambda name: name is not None and ".html" in name,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
        finalize=md_text if markdown else None,
    )
    env.filters["cell"] = _md_cell
    return env


def render_rulebook(variant_ref: str, lang: str = "zh", fmt: str = "md") -> str:
    """The rulebook of a variant (built-in id or file) in ``lang`` (zh, en) and ``fmt`` (md,
    html). Raises ``RulebookError`` when an example fails and ``VariantError`` for a bad file."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    if fmt not in FORMATS:
        raise ValueError(f"fmt must be one of {', '.join(FORMATS)}, not {fmt!r}")
    return _render(str(variant_ref), lang, fmt)


@cached_by_source(maxsize=128)
def _render(ref: str, lang: str, fmt: str) -> str:
    book = Book(facts(ref), lang).build()
    text = environment(fmt == "md").get_template(f"rulebook.{fmt}.j2").render(book=book, t=book["t"], th=book["th"])
    if isinstance(text, Markup):
        text = str(text)
    return re.sub(r"\n{3,}", "\n\n", text)


def render_index(ids: Sequence[str]) -> str:
    """docs/rulebooks/README.md: every book, both languages, both formats."""
    rows = []
    for vid in ids:
        v = load_variant(vid)
        rows.append({"id": vid, "zh": v.name.zh, "en": v.name.en, "extends": v.extends or ""})
    t = {k.split(".", 1)[1]: (say("zh", k), say("en", k)) for k in ("index.title", "index.intro", "th.variant", "th.zh", "th.en")}
    return environment(markdown=True).get_template("index.md.j2").render(rows=rows, t=t)


def book_files(ids: Sequence[str] | None = None) -> dict[str, str]:
    """File name → content of every generated book and the index."""
    ids = list(ids) if ids is not None else builtin_ids()
    out: dict[str, str] = {}
    for vid in ids:
        for lang in LANGS:
            for fmt in FORMATS:
                out[f"{vid}.{lang}.{fmt}"] = render_rulebook(vid, lang, fmt)
    out["README.md"] = render_index(ids)
    return out


def write_rulebooks(out_dir: str | Path) -> list[Path]:
    """Write every built-in variant's books (``<id>.<lang>.md|html``) and README.md into
    ``out_dir``; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in book_files().items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m paixing.rulebook OUTDIR [--check]``."""
    parser = argparse.ArgumentParser(prog="python -m paixing.rulebook", description="Render every built-in variant's rulebooks.")
    parser.add_argument("out_dir", metavar="OUTDIR", help="directory for <id>.<lang>.md|html and README.md")
    parser.add_argument("--check", action="store_true", help="only report books that differ from a fresh render (exit 1)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = [name for name, text in book_files().items() if not _same(Path(args.out_dir) / name, text)]
            for name in stale:
                print(f"stale: {Path(args.out_dir) / name}", file=sys.stderr)
            return 1 if stale else 0
        for path in write_rulebooks(args.out_dir):
            print(path)
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def _same(path: Path, text: str) -> bool:
    return path.is_file() and path.read_text(encoding="utf-8") == text


def check_rulebook(ref: str) -> Check:
    """The conformance check that the book of ``ref`` renders, in both languages and formats
    (``paixing check`` runs it after ``paixing.conformance.suite.run_checks``'s own)."""
    check = Check("rulebook renders")
    for lang in ("zh", "en"):
        for fmt in ("md", "html"):
            try:
                text = render_rulebook(ref, lang=lang, fmt=fmt)
            except Exception as exc:  # a template error is a finding, not a crash
                check.fail(f"{lang}/{fmt}: {type(exc).__name__}: {exc}")
                continue
            if not text.strip():
                check.fail(f"{lang}/{fmt}: empty")
    check.detail = "zh, en × md, html"
    return check
