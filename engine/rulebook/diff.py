"""What a variant changes of the one it ``extends:``, for the book's "differs" section.

``diff_variants`` compares the merged parent with the child as ``model_dump()`` trees, matching
items by id the way ``extends:`` merges them; ``compact`` prints a value in YAML flow style and
``path_doc`` gives the rule language's description of a changed key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from paixing.rules.introspect import field_of, inner_model, is_model
from paixing.rules.models import Variant

MISSING = object()
"""Marks a key one side of a difference does not have."""


def _is_text(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"zh", "en"}


def _by_id(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(i, dict) and "id" in i for i in items)


Change = tuple[str, str, Any, Any]
"""(path, changed|added|removed, old, new)."""


def _keyed(a: dict[Any, Any], b: dict[Any, Any], sub: Callable[[Any], str]) -> list[Change]:
    """Differences between two mappings, key by key (keys of ``a`` first, then new ones)."""
    out: list[Change] = []
    for k in list(a) + [k for k in b if k not in a]:
        if k not in b:
            out.append((sub(k), "removed", a[k], MISSING))
        elif k not in a:
            out.append((sub(k), "added", MISSING, b[k]))
        else:
            out += diff_trees(a[k], b[k], sub(k))
    return out


def _all_have_ids(a: list[Any], b: list[Any]) -> bool:
    return (_by_id(a) or _by_id(b)) and all(isinstance(i, dict) and "id" in i for i in a + b)


def diff_trees(a: Any, b: Any, path: str = "") -> list[Change]:
    """Differences between two ``model_dump()`` trees: (path, changed|added|removed, old, new).
    Lists of items with ids compare by id (as ``extends:`` merges them); lists of mappings or
    lists of the same length item by item; other lists (and the examples) whole."""
    if isinstance(a, dict) and isinstance(b, dict) and not (_is_text(a) and _is_text(b)):
        return _keyed(a, b, lambda k: f"{path}.{k}" if path else str(k))
    if isinstance(a, list) and isinstance(b, list):
        if _all_have_ids(a, b):
            return _keyed({i["id"]: i for i in a}, {i["id"]: i for i in b}, lambda k: f"{path}[{k}]")
        nested = all(isinstance(x, dict | list) for x in a + b)
        if len(a) == len(b) and path != "examples" and a != b and nested:
            return [c for i, (x, y) in enumerate(zip(a, b, strict=True)) for c in diff_trees(x, y, f"{path}[{i}]")]
    return [(path, "changed", a, b)] if a != b else []


def diff_variants(parent: Variant, child: Variant) -> list[Change]:
    """What ``child`` changes of its merged ``parent``; ``id`` and ``extends`` are left out."""
    a = parent.model_dump(by_alias=True)
    b = child.model_dump(by_alias=True)
    for key in ("id", "extends"):
        a.pop(key, None)
        b.pop(key, None)
    return diff_trees(a, b)


def compact(value: Any) -> str:
    """A value in YAML flow style, without the keys left at None."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        items = {k: v for k, v in value.items() if v is not None}
        if set(items) == {"type"}:
            return compact(items["type"])
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in items.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)


def path_doc(path: str) -> str:
    """The rule language's description of the key at ``path`` (e.g. ``hand_types[x].kickers``)."""
    model: Any = Variant
    doc = ""
    for part in re.sub(r"\[[^\]]*\]", "", path).split("."):
        if not is_model(model):
            return doc
        field = field_of(model, part)
        if field is None:
            return doc
        doc = " ".join((field.description or "").split())
        model = inner_model(field.annotation)
    return re.sub(r"``([^`]*)``", r"\1", doc)
