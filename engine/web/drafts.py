"""The editor's text, checked as ``paixing validate`` checks a file, rendered as its rulebook,
and compared with its parent as ``paixing diff`` compares two variants.

A draft is YAML text and the file name it would be saved under. The loader reads files (it
follows ``extends:`` beside the file, and reports ``file:line:col``), so a draft is written
into a fresh temporary folder as ``NAME.yaml``, with a copy of each user file its
``extends:`` chain names from the ``--variants`` folder (built-in parents are found by the
loader itself). The loader, the example runs, the renderer and the diff are the very
functions the command line uses; only the temporary folder's path is taken out of each
message, so that a problem reads ``NAME.yaml:6:3: ranks.sequense: unknown key …``.

Before any of that the text is bounded (``limits``): at most ``TEXT_MAX`` bytes, no control
characters (binary), no YAML alias (``*x``: an alias can repeat a subtree without bound),
nesting at most ``DEPTH_MAX`` deep. Each refusal is a problem at its line and column, like the
loader's. Checking takes a fraction of a second, but a child's book searches the differences
from its parent and estimates odds (seconds): the two kinds of work go in two lanes, one draft
at a time in each (``LOCK`` for checks and saves, ``BOOK_LOCK`` for books and diffs), so that a
book being written never holds up the next check.
"""

from __future__ import annotations

import re
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from paixing.hands.cache import ruleset
from paixing.rulebook import RulebookError
from paixing.rulebook.diff import diff_variants, path_doc
from paixing.rulebook.shown import failing_examples
from paixing.rules.checks import stale_descriptions
from paixing.rules.extends import builtin_dir, builtin_ids
from paixing.rules.loader import VariantError, load_variant
from paixing.rules.models import Variant

from . import books
from .catalogue import NAME_PATTERN, TEXT_MAX, Catalogue

DEPTH_MAX = 40
"""Nested mappings and lists, at most (the built-ins nest 8 deep)."""
CHAIN_MAX = 8
"""User files an ``extends:`` chain may copy into the draft's folder."""
LOCK = threading.Lock()
"""Checks and saves, one at a time."""
BOOK_LOCK = threading.Lock()
"""Books and diffs, one at a time (they take seconds; the engine's caches are shared)."""
_WHERE = re.compile(r"^(?P<file>[^\n]*?):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$", re.S)


@dataclass(frozen=True)
class Problem:
    """One problem line, split: ``here`` when it is in the draft itself (the editor marks its
    line and column), else in a parent file (listed only)."""

    text: str
    file: str = ""
    line: int = 0
    col: int = 0
    message: str = ""
    here: bool = False

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "file": self.file, "line": self.line, "col": self.col,
                "message": self.message, "here": self.here}


@dataclass
class Checked:
    """What ``check`` found: problems (empty: the draft is a sound variant), warnings, counts."""

    name: str
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    types: int = 0
    examples: int = 0
    players: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "ok": self.ok, "problems": [p.to_json() for p in self.problems],
                "warnings": self.warnings, "hand_types": self.types, "examples": self.examples,
                "players": self.players}


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _control(text: str) -> Problem | None:
    """The first control character (other than tab, newline, carriage return): binary, or a
    pasted escape sequence; or a lone surrogate, which JSON can carry and UTF-8 cannot."""
    for i, c in enumerate(text):
        if (ord(c) < 32 and c not in "\t\n\r") or c in "\x7f\ufffe\uffff":
            line, col = _position(text, i)
            return Problem("", "", line, col, f"the text holds the control character U+{ord(c):04X}: is it a binary file?")
        if "\ud800" <= c <= "\udfff":
            line, col = _position(text, i)
            return Problem("", "", line, col, f"the text holds half of a UTF-16 pair (U+{ord(c):04X}), which no file can hold")
    return None


_OPEN = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)
_CLOSE = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


def _structure(text: str) -> Problem | None:
    """An alias, or nesting deeper than ``DEPTH_MAX``, found by YAML's scanner (cheap, no
    objects built); a text the scanner refuses is left to the loader, which says where."""
    depth = 0
    try:
        for token in yaml.scan(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            mark = token.start_mark
            if isinstance(token, yaml.AliasToken):
                return Problem("", "", mark.line + 1, mark.column + 1,
                               f"YAML aliases (*{token.value}) are not accepted here: write the value out")
            depth += isinstance(token, _OPEN) - isinstance(token, _CLOSE)
            if depth > DEPTH_MAX:
                return Problem("", "", mark.line + 1, mark.column + 1, f"nested more than {DEPTH_MAX} levels deep")
    except yaml.YAMLError:
        return None
    return None


def limits(name: str, text: str) -> Problem | None:
    """The first bound the text breaks (module docstring), as a problem of ``NAME.yaml``."""
    size = len(text.encode("utf-8", "surrogatepass"))
    found = (Problem("", "", 1, 1, f"the text is {size} bytes; at most {TEXT_MAX}") if size > TEXT_MAX
             else _control(text) or _structure(text))
    if found is None:
        return None
    file = f"{name}.yaml"
    return Problem(f"{file}:{found.line}:{found.col}: {found.message}", file, found.line, found.col, found.message, True)


def draft_name(text: str, given: str | None) -> str:
    """The file name a draft is checked under: the one given, else its ``id:`` when that is a
    good file name, else ``draft``."""
    if given:
        return given
    m = re.search(r"^id:\s*['\"]?([a-z0-9-]+)['\"]?\s*(?:#.*)?$", text, re.M)
    return m.group(1) if m and NAME_PATTERN.fullmatch(m.group(1)) else "draft"


def _extends_of(text: str) -> str | None:
    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    ref = data.get("extends") if isinstance(data, dict) else None
    return ref if isinstance(ref, str) else None


@contextmanager
def materialised(name: str, text: str, catalogue: Catalogue) -> Iterator[Path]:
    """The draft written as ``NAME.yaml`` in a fresh folder, with the user files its chain
    names copied beside it; the folder is removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="paixing-draft-") as tmp:
        folder = Path(tmp)
        path = folder / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        ref, copied = _extends_of(text), {name}
        while ref is not None and len(copied) <= CHAIN_MAX:
            stem = ref[:-5] if ref.endswith(".yaml") else ref
            if stem in copied or stem in builtin_ids() or not NAME_PATTERN.fullmatch(stem):
                break
            try:
                parent = catalogue.text(stem)
            except (ValueError, OSError):
                break
            (folder / f"{stem}.yaml").write_text(parent, encoding="utf-8")
            copied.add(stem)
            ref = _extends_of(parent)
        yield path


def located(lines: list[str], folder: Path, name: str) -> list[Problem]:
    """Problem lines with the temporary folder and the built-ins' folder taken out (the server's
    paths are its own business), split into file, line, column."""
    out = []
    for raw in lines:
        text = raw.replace(f"{folder}/", "").replace(f"{builtin_dir()}/", "")
        m = _WHERE.match(text)
        if m is None:
            out.append(Problem(text, here=True))
            continue
        file = m["file"].rsplit("/", 1)[-1]
        out.append(Problem(text, file, int(m["line"]), int(m["col"]), m["message"], file == f"{name}.yaml"))
    return out


def check_path(path: Path, name: str) -> Checked:
    """``paixing validate`` on one materialised draft (the lock held by the caller)."""
    out = Checked(name)
    try:
        variant = load_variant(path)
    except VariantError as exc:
        out.problems = located(exc.problems, path.parent, name)
        return out
    except (RecursionError, MemoryError):
        out.problems = [Problem(f"{name}.yaml: the text is too deeply nested to read", here=True)]
        return out
    out.types, out.examples, out.players = len(variant.hand_types), len(variant.examples), variant.players
    out.problems = located(failing_examples(str(path), variant), path.parent, name)
    if out.ok:
        try:
            out.warnings = [p.text for p in located(stale_descriptions(path), path.parent, name)]
        except (VariantError, OSError):
            out.warnings = []
    return out


def check(name: str, text: str, catalogue: Catalogue) -> Checked:
    """The draft's problems, bounds first, then as ``paixing validate`` finds them."""
    bound = limits(name, text)
    if bound is not None:
        return Checked(name, [bound])
    with LOCK, materialised(name, text, catalogue) as path:
        return check_path(path, name)


def check_and_render(name: str, text: str, catalogue: Catalogue, lang: str) -> tuple[Checked, str | None]:
    """``check``, and when the draft is sound its HTML rulebook in ``lang`` (the renderer of
    ``paixing rulebook --format html``); a book that fails to render is a problem."""
    bound = limits(name, text)
    if bound is not None:
        return Checked(name, [bound]), None
    with BOOK_LOCK, materialised(name, text, catalogue) as path:
        checked = check_path(path, name)
        if not checked.ok:
            return checked, None
        try:
            return checked, books.book(path, lang, disk=False)
        except (RulebookError, VariantError, ValueError) as exc:
            checked.problems = located(str(exc).splitlines(), path.parent, name)
            return checked, None


DIFF_SIZE = 3
"""Hands of up to this many cards are searched for differences (``paixing diff --size``): the
editor asks for a diff after each pause in typing, so it is kept small; whole hands are not
played (``--no-hands``)."""


def differences(name: str, text: str, catalogue: Catalogue, parent: str | None) -> tuple[Checked, dict[str, object] | None]:
    """``paixing diff PARENT DRAFT --no-hands`` as JSON, with each changed key's meaning
    (``changed_docs``). The parent is the draft's ``extends:``, else ``parent`` (the variant
    the editor started from); None when there is neither."""
    bound = limits(name, text)
    if bound is not None:
        return Checked(name, [bound]), None
    with BOOK_LOCK, materialised(name, text, catalogue) as path:
        checked = check_path(path, name)
        if not checked.ok:
            return checked, None
        mine = load_variant(path)
        ref = mine.extends or parent
        if ref is None:
            return checked, None
        return checked, _diff(ref, mine, path.parent, catalogue)


def _diff(ref: str, mine: Variant, folder: Path, catalogue: Catalogue) -> dict[str, object]:
    from paixing.conformance.diff import diff

    stem = ref[:-5] if ref.endswith(".yaml") else ref
    beside = folder / f"{stem}.yaml"
    theirs = load_variant(beside if beside.is_file() else catalogue.path(stem))
    ra, rb = ruleset(theirs), ruleset(mine)
    paths = [p for p, *_ in diff_variants(theirs, mine)]
    found = diff(ra, rb, paths, path_doc, size=DIFF_SIZE, hands=False).to_json(show=3)
    found["changed_docs"] = {key: path_doc(key) for key in found["changed"]}
    return found
