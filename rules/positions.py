"""YAML with positions: every mapping key and list item remembers the file, line and column
where it was written, so that a problem found after merging and validation can still point at
the text a person wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError

from .problems import Pos, VariantError


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


def _convert_map(node: CommentedMap, file: str) -> PosDict:
    out = PosDict()
    out.pos = (file, node.lc.line + 1, node.lc.col + 1)
    for key, value in node.items():
        k = str(key)
        out[k] = _convert(value, file)
        line, col = node.lc.key(key)
        out.key_pos[k] = (file, line + 1, col + 1)
        line, col = node.lc.value(key)
        out.value_pos[k] = (file, line + 1, col + 1)
    return out


def _convert_seq(node: CommentedSeq, file: str) -> PosList:
    seq = PosList()
    seq.pos = (file, node.lc.line + 1, node.lc.col + 1)
    for i, value in enumerate(node):
        seq.append(_convert(value, file))
        line, col = node.lc.item(i)
        seq.item_pos.append((file, line + 1, col + 1))
    return seq


def _convert(node: Any, file: str) -> Any:
    """ruamel's round-trip tree → plain data carrying positions."""
    if isinstance(node, CommentedMap):
        return _convert_map(node, file)
    if isinstance(node, CommentedSeq):
        return _convert_seq(node, file)
    for plain in (str, bool, int, float):  # bool before int: True is an int too
        if isinstance(node, plain):
            return plain(node)
    return node


def read_yaml(path: Path) -> PosDict:
    """Parse one YAML file into position-carrying data; a syntax error becomes a VariantError."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantError([f"{file}: cannot read: {exc.strerror or exc}"]) from None
    yaml = YAML(typ="rt")
    try:
        tree = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark
        at = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise VariantError([f"{at}: invalid YAML: {exc.problem}"]) from None
    data = _convert(tree, file)
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
