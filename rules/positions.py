"""YAML with positions: every mapping key and list item remembers the file, line and column
where it was written, so that a problem found after merging and validation can still point at
the text a person wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

from .problems import Pos, VariantError, where

_EventLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class PosDict(dict[str, Any]):
    """A mapping that remembers where each key (and each key's value) was written."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_pos: dict[str, Pos] = {}
        self.value_pos: dict[str, Pos] = {}
        self.pos: Pos | None = None


class PosList(list[Any]):
    """A list that remembers where each item was written."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_pos: list[Pos | None] = []
        self.pos: Pos | None = None


MAX_NODES = 100_000
"""Values one file may hold once its aliases are expanded: a variant file has a few thousand,
so a file past this is an alias bomb (a few hundred bytes that expand to gigabytes)."""
MAX_DEPTH = 64
"""How deeply a file may nest: a variant file nests about six deep."""
MAX_BYTES = 1_000_000
"""The largest variant file read (the largest built-in one is under 20 kB): a file of
megabytes is no variant, and reading it with positions took minutes and gigabytes."""


PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("map", "seq", "str", "int", "float", "bool", "null"))
"""The only explicit tags a variant file may carry (``!!python/…`` and custom tags are refused)."""


class _Budget:
    """Counts the values converted so far, so that expanding aliases stops early."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0

    def spend(self, depth: int, pos: Pos | None) -> None:
        self.nodes += 1
        at = where(pos, self.file)
        if self.nodes > MAX_NODES:
            raise VariantError([f"{at}: too many values once aliases are expanded (more than {MAX_NODES:,}): write the values out"])
        if depth > MAX_DEPTH:
            raise VariantError([f"{at}: nested more than {MAX_DEPTH} levels deep"])


def _convert_map(node: CommentedMap, budget: _Budget, depth: int) -> PosDict:
    file = budget.file
    out = PosDict()
    out.pos = (file, node.lc.line + 1, node.lc.col + 1)
    for key, value in node.items():
        if not isinstance(key, str | int | float | bool) or key is None:
            raise VariantError([f"{where(out.pos, file)}: a key must be a word, not {type(key).__name__}"])
        k = str(key)
        line, col = node.lc.key(key) or (node.lc.line, node.lc.col)
        out.key_pos[k] = (file, line + 1, col + 1)
        line, col = node.lc.value(key) or (line, col)
        out.value_pos[k] = (file, line + 1, col + 1)
        budget.spend(depth, out.key_pos[k])
        out[k] = _convert(value, budget, depth + 1, out.value_pos[k])
    return out


def _convert_seq(node: CommentedSeq, budget: _Budget, depth: int) -> PosList:
    file = budget.file
    seq = PosList()
    seq.pos = (file, node.lc.line + 1, node.lc.col + 1)
    for i, value in enumerate(node):
        line, col = node.lc.item(i) or (node.lc.line, node.lc.col)
        seq.item_pos.append((file, line + 1, col + 1))
        budget.spend(depth, seq.item_pos[-1])
        seq.append(_convert(value, budget, depth + 1, seq.item_pos[-1]))
    return seq


def _convert(node: Any, budget: _Budget, depth: int = 0, pos: Pos | None = None) -> Any:
    """ruamel's round-trip tree → plain data carrying positions. Only maps, lists, strings,
    numbers, booleans and null exist in the language: any other tag is refused here."""
    tag = getattr(getattr(node, "tag", None), "value", None)
    if isinstance(tag, str) and tag not in PLAIN_TAGS:
        raise VariantError([f"{where(pos, budget.file)}: unsupported YAML tag {tag}: use plain text, numbers, lists and mappings"])
    if isinstance(node, CommentedMap):
        return _convert_map(node, budget, depth)
    if isinstance(node, CommentedSeq):
        return _convert_seq(node, budget, depth)
    if node is None:
        return None
    for plain in (str, bool, int, float):  # bool before int: True is an int too
        if isinstance(node, plain):
            return plain(node)
    raise VariantError([f"{where(pos, budget.file)}: unsupported YAML value ({tag or type(node).__name__}): use plain text, numbers, lists and mappings"])


def _parse(text: str, file: str) -> Any:
    """ruamel's tree of ``text``; every way the parser can fail becomes one located line."""
    yaml = YAML(typ="rt")
    try:
        return yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark
        at = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise VariantError([f"{at}: invalid YAML: {exc.problem}"]) from None
    except ReaderError as exc:
        char = chr(exc.character) if isinstance(exc.character, int) else exc.character
        raise VariantError([f"{file}: invalid YAML: character {char!r} is not allowed"]) from None
    except RecursionError:
        raise VariantError([f"{file}: nested too deeply"]) from None
    except (ValueError, TypeError, AttributeError, YAMLError) as exc:  # a bad explicit tag (``!!int four``)
        raise VariantError([f"{file}: invalid YAML value: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"]) from None


def read_text(path: Path) -> str:
    """The text of a variant file; one located VariantError line when it cannot be read, is
    not UTF-8, or is larger than ``MAX_BYTES`` (no more than that is ever read)."""
    file = str(path)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise VariantError([f"{file}: cannot read: {exc.strerror or exc}"]) from None
    if len(raw) > MAX_BYTES:
        raise VariantError([f"{file}: more than {MAX_BYTES:,} bytes: a variant file is a few kilobytes"])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VariantError([f"{file}: not UTF-8 text (byte {exc.start})"]) from None


def _too_deep(text: str, file: str) -> None:
    """Refuse, before parsing, a text nested deeper than ``MAX_DEPTH`` in flow style (``[[[…``)
    or by indentation: the round-trip parser spent seconds on a 2 kB file nested 1,000 deep
    before it failed. libyaml's C parser reads the events in microseconds."""
    opened: list[int] = []  # the line of each collection open now (its depth: how many)
    try:
        for event in yaml.parse(text, Loader=_EventLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                opened.append(event.start_mark.line if event.start_mark is not None else 0)
                if len(opened) > MAX_DEPTH:
                    mark = event.start_mark
                    at = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark is not None else file
                    raise VariantError([f"{at}: nested more than {MAX_DEPTH} levels deep"])
            elif isinstance(event, yaml.CollectionEndEvent):
                opened.pop()
    except yaml.YAMLError as exc:
        # libyaml 0.2.6 (PyYAML 6.0.4's wheels) refuses flow nesting past 1,000 while it scans
        # ahead, before the events reach MAX_DEPTH: find the place by counting the brackets
        mark = getattr(exc, "problem_mark", None)
        if "nesting depth" in str(exc) and mark is not None:
            base = sum(1 for line in opened if line < mark.line)
            found = _flow_too_deep(text, mark.line, base)
            if found is not None:
                raise VariantError([f"{file}:{found[0] + 1}:{found[1] + 1}: nested more than {MAX_DEPTH} levels deep"]) from None
        return  # the careful parser below says what is wrong, with its own words


def _flow_too_deep(text: str, first_line: int, base: int) -> tuple[int, int] | None:
    """(line, column) of the bracket that takes flow collections from line ``first_line`` on,
    ``base`` collections deep already, past ``MAX_DEPTH`` (quoted text skipped), or None."""
    depth, quote = base, ""
    for number, line in enumerate(text.split("\n")[first_line:], first_line):
        for column, char in enumerate(line):
            if quote:
                quote = "" if char == quote else quote
            elif char in "'\"":
                quote = char
            elif char == "#" and (column == 0 or line[column - 1] in " \t"):
                break
            elif char in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return number, column
            elif char in "]}":
                depth -= 1
    return None


def read_yaml(path: Path) -> PosDict:
    """Parse one YAML file into position-carrying data; a syntax error, a file that is not
    UTF-8 or too large, an alias bomb, too deep a nesting or a foreign tag becomes a one-line
    VariantError."""
    file = str(path)
    text = read_text(path)
    _too_deep(text, file)
    tree = _parse(text, file)
    try:
        data = _convert(tree, _Budget(file))
    except RecursionError:
        raise VariantError([f"{file}: nested too deeply"]) from None
    if not isinstance(data, PosDict):
        raise VariantError([f"{file}:1:1: a variant file must be a mapping of keys (id, name, ranks, …)"])
    return data


def locate(data: Any, loc: tuple[int | str, ...]) -> Pos | None:
    """The deepest recorded position along ``loc`` in position-carrying data."""
    best: Pos | None = getattr(data, "pos", None)
    node = data
    for part in loc:
        if isinstance(node, PosDict) and isinstance(part, str) and part in node:
            best = node.key_pos.get(part, best)
            node = node[part]
        elif isinstance(node, PosList) and isinstance(part, int) and 0 <= part < len(node):
            if part < len(node.item_pos) and node.item_pos[part] is not None:
                best = node.item_pos[part]
            node = node[part]
        else:
            break
    return best
