"""Rendered HTML rulebooks kept on disk, so that a book is written once per version of its files.

A book runs its examples, generates and checks more, estimates dealt-hand odds and, for a
child, searches the differences from its parent: from a fraction of a second to most of a
minute in pure Python (a child of a wild-card game). The page cannot wait that long each time
the server starts, so each rendered book is kept under the user's cache directory (the one
``paixing.rules.stored`` uses: ``PAIXING_CACHE_DIR``, an empty value turns it off), keyed on
everything the text depends on: the bytes of every file of the variant's ``extends:`` chain,
the file's name, the language, Python's version and a stamp of the package's source files and
templates (an upgrade or an edit of the engine writes new books). A miss renders with
``render_rulebook`` (the renderer of ``paixing rulebook --format html``) and stores the page
atomically; an unwritable cache only means no cache. The editor's drafts change with every
pause in typing: their books are kept in memory only (the last ``MEMORY`` of them), so that an
edit of a comment or back to an earlier text costs nothing and the disk holds no drafts.

``warm(refs)`` renders books ahead of their first visitor (``paixing serve`` may run it in a
background thread).
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import paixing.rules
from paixing.rulebook import LANGS, RulebookError, render_rulebook
from paixing.rules.extends import source_files
from paixing.rules.loader import VariantError
from paixing.rules.stored import cache_dir

FORMAT = 1
"""The layout of an entry; raise it when what a key covers changes."""
_PACKAGE = Path(__file__).resolve().parent.parent
MEMORY = 32
"""Books kept in memory (drafts' and catalogue files')."""
_memory: OrderedDict[str, str] = OrderedDict()


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """Name, size and mtime of every source file and template of the package (and the rule
    language beside it), hashed: what a book depends on besides its variant's files."""
    roots = {_PACKAGE, Path(paixing.rules.__file__).resolve().parent}
    h = hashlib.sha256(f"{FORMAT}:{sys.version_info[:2]}".encode())
    for root in sorted(roots):
        for p in sorted(root.rglob("*")):
            if p.suffix in (".py", ".j2", ".html") and "__pycache__" not in p.parts:
                st = p.stat()
                h.update(f"{p.relative_to(root)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def book_key(path: Path, lang: str) -> str | None:
    """The cache key of ``path``'s book in ``lang``; None when its chain cannot be read (the
    renderer then reports why)."""
    try:
        chain = source_files(path)
        h = hashlib.sha256(f"{code_stamp()}:{path.name}:{lang}".encode())
        for p in chain:
            h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    except (VariantError, OSError):
        return None
    return h.hexdigest()


def _entry(key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / "books" / f"{key}.html"


def _store(entry: Path, html: str) -> None:
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=entry.parent, suffix=".tmp", delete=False) as out:
            out.write(html)
        os.replace(out.name, entry)
    except OSError:
        return


def book(path: Path, lang: str, disk: bool = True) -> str:
    """The HTML book of the variant file ``path`` in ``lang``, from a cache when one has it
    (memory, then disk unless ``disk`` is false). Raises ``RulebookError`` or ``VariantError``
    as ``render_rulebook`` does; the folder ``path`` lies in is taken out of the text (a
    draft's temporary folder, the user's)."""
    key = book_key(path, lang)
    if key is not None and key in _memory:
        _memory.move_to_end(key)
        return _memory[key]
    entry = _entry(key) if key is not None and disk else None
    html = None
    if entry is not None:
        try:
            html = entry.read_text(encoding="utf-8")
        except OSError:
            html = None
    if html is None:
        html = render_rulebook(str(path), lang=lang, fmt="html").replace(f"{path.parent}/", "")
        if entry is not None:
            _store(entry, html)
    if key is not None:
        _memory[key] = html
        while len(_memory) > MEMORY:
            _memory.popitem(last=False)
    return html


def warm(paths: Iterable[Path]) -> int:
    """Render (or find) every book of ``paths`` in both languages; the number that render."""
    done = 0
    for path in paths:
        for lang in LANGS:
            try:
                book(path, lang)
                done += 1
            except (RulebookError, VariantError, ValueError):
                continue
    return done
