"""The quick way to read a variant file: libyaml (PyYAML's C parser) without positions.

The round-trip parser in ``positions`` remembers where every key was written, which every
error message needs, but it takes 30–50 ms a file. A file that loads cleanly never shows a
position, so ``loader.load_variant`` first reads the chain with this module and validates;
only when anything at all goes wrong does it read the files again with positions, and every
message comes from that second, careful pass.

Agreement with the careful reader is the contract (``tests/rules/test_fast_yaml.py`` checks every
file in the repository): plain scalars resolve by the YAML 1.2 rules ruamel uses, and any
value the two readers might take differently — an int with ``_`` or a ``0x`` prefix, an
exponent, ``.inf``, a date, a merge key ``<<``, a duplicate key, a tab anywhere, an explicit tag libyaml
refuses — makes this reader give up (``None``) rather than guess.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from .positions import MAX_DEPTH, MAX_NODES, PosDict, PosList, read_text
from .problems import VariantError

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _GiveUp(Exception):
    """A value this reader will not guess at: the careful reader reads the file instead."""


_SIMPLE_INT = re.compile(r"[-+]?[0-9]+")
_SIMPLE_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)")

# YAML 1.2 implicit types, as ruamel's round-trip resolver has them (facts of the YAML spec).
_IMPLICIT: list[tuple[str, str, list[str]]] = [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    (
        "tag:yaml.org,2002:float",
        r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
        |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
        list("-+0123456789."),
    ),
    (
        "tag:yaml.org,2002:int",
        r"^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$",
        list("-+0123456789"),
    ),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", ["<"]),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    (
        "tag:yaml.org,2002:timestamp",
        r"""^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]
        |[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?
        (?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?
        (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$""",
        list("0123456789"),
    ),
]


class _Reader(_Loader):
    """libyaml with YAML 1.2 scalars; it refuses what it is unsure of (``_GiveUp``)."""

    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}
    yaml_constructors = dict(_Loader.yaml_constructors)


for _tag, _pattern, _first in _IMPLICIT:
    _Reader.add_implicit_resolver(_tag, re.compile(_pattern, re.X), _first)


def _int(loader: Any, node: Any) -> int:
    text = loader.construct_scalar(node)
    if not _SIMPLE_INT.fullmatch(text):
        raise _GiveUp
    return int(text)


def _float(loader: Any, node: Any) -> float:
    text = loader.construct_scalar(node)
    if not _SIMPLE_FLOAT.fullmatch(text):
        raise _GiveUp
    return float(text)


def _refuse(loader: Any, node: Any) -> Any:
    raise _GiveUp


def _mapping(loader: Any, node: Any) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            raise _GiveUp
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str | int | float | bool) or key in out:
            raise _GiveUp
        out[key] = loader.construct_object(value_node, deep=True)
    return out


_Reader.add_constructor("tag:yaml.org,2002:int", _int)
_Reader.add_constructor("tag:yaml.org,2002:float", _float)
_Reader.add_constructor("tag:yaml.org,2002:timestamp", _refuse)
_Reader.add_constructor("tag:yaml.org,2002:binary", _refuse)
_Reader.add_constructor("tag:yaml.org,2002:set", _refuse)
_Reader.add_constructor("tag:yaml.org,2002:omap", _refuse)
_Reader.add_constructor("tag:yaml.org,2002:pairs", _refuse)
_Reader.add_constructor("tag:yaml.org,2002:map", _mapping)


class _Count:
    """The same limits as the careful reader (alias bombs, nesting), counted the same way."""

    def __init__(self) -> None:
        self.nodes = 0

    def spend(self, depth: int) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            raise _GiveUp


def _plain(value: Any, count: _Count, depth: int) -> Any:
    if isinstance(value, dict):
        out = PosDict()
        for k, v in value.items():
            count.spend(depth)
            out[str(k)] = _plain(v, count, depth + 1)
        return out
    if isinstance(value, list):
        seq = PosList()
        for v in value:
            count.spend(depth)
            seq.item_pos.append(None)
            seq.append(_plain(v, count, depth + 1))
        return seq
    if value is None or isinstance(value, str | bool | int | float):
        return value
    raise _GiveUp


def read_plain(path: Path) -> PosDict | None:
    """``path``'s data as ``read_yaml`` gives it but without positions, or None whenever this
    reader is unsure (then the caller reads the file with positions)."""
    try:
        text = read_text(path)
        if "\t" in text:  # libyaml takes a tab as a separator where ruamel refuses it
            return None
        data = _plain(yaml.load(text, Loader=_Reader), _Count(), 0)  # noqa: S506 - a safe loader
    except (_GiveUp, VariantError, yaml.YAMLError, RecursionError, ValueError, TypeError):
        return None
    return data if isinstance(data, PosDict) else None
