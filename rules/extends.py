"""Finding variant files and laying a child over the parents its ``extends:`` names.

Merge rules for ``extends:`` (the child is laid over the parent):
- mappings merge key by key, recursively;
- a list whose items all have an ``id`` merges by id: an item with a known id is merged into
  the parent's item, a new id is appended, and ``{id: x, remove: true}`` deletes item x;
- any other list (the ladder, examples, …) is replaced whole;
- ``extends`` itself is not inherited, and ``id`` and ``name`` must be given by the child.

``source_files`` returns the chain of files one reference reads, so that caches can key on
every file a compiled variant depends on without resolving ``extends:`` themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .fast_yaml import read_plain
from .positions import PosDict, PosList, read_yaml
from .problems import VariantError, did_you_mean, where

YAML_SUFFIXES = (".yaml", ".yml")


@lru_cache(maxsize=1)
def builtin_dir() -> Path:
    """Where the built-in variant files live, in a checkout or an installed package."""
    return Path(str(resources.files("paixing.variants")))


def builtin_ids() -> list[str]:
    """The ids of the built-in variants (their file names), sorted."""
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


def is_path_ref(ref: str | Path) -> bool:
    """Whether a variant reference names a file rather than a built-in id: a ``Path``, a name
    ending in ``.yaml``/``.yml``, or anything with a ``/``. The one rule every tool uses."""
    if isinstance(ref, Path):
        return True
    return ref.endswith(YAML_SUFFIXES) or "/" in ref


def resolve_path(ref: str, relative_to: Path | None = None) -> Path:
    """A variant reference is a file path or a built-in id; ``extends`` looks beside the child
    first. Raises FileNotFoundError when no candidate is a file."""
    candidates: list[Path] = []
    if is_path_ref(ref):
        p = Path(ref)
        candidates.append(p if relative_to is None or p.is_absolute() else relative_to / p)
        candidates.append(p)
    if not ref.endswith(YAML_SUFFIXES):  # an id, perhaps under a folder: the file adds .yaml
        if relative_to is not None:
            candidates.append(relative_to / f"{ref}.yaml")
        candidates.append(builtin_dir() / f"{ref}.yaml")
    for c in candidates:
        try:
            if c.is_file():
                return c
        except OSError:  # a name longer than the file system allows is no file
            continue
    raise FileNotFoundError(ref)


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, with every link followed, lies in ``folder``."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False


def is_builtin_file(path: Path) -> bool:
    """Whether ``path`` names a file of the built-in folder itself, by name (no ``..``). Such a
    file may be a link out of it: an install may lay the package out as links to its sources
    (a strict editable install does), and the package's own folder is trusted."""
    if ".." in path.parts:
        return False
    try:
        return path.absolute().parent == builtin_dir().absolute()
    except OSError:
        return False


def confined(path: Path, *homes: Path) -> bool:
    """Whether a file a variant names (its ``extends:`` parent, or a record's variant) may be
    read: it must lie in one of ``homes`` (the naming file's folder) or among the built-ins. Links
    and ``../`` out of both are refused, so that a file can never make the loader read (and
    echo) a file elsewhere; only the built-in folder's own files may be links."""
    return is_builtin_file(path) or any(_inside(path, home) for home in (*homes, builtin_dir()))


def source_path(ref: str | Path) -> Path:
    """The file a top-level reference names (a path as given, even if missing, or a built-in
    id's file); raises VariantError for an unknown id."""
    if is_path_ref(ref):
        return Path(ref)
    try:
        return resolve_path(str(ref))
    except FileNotFoundError:
        ids = builtin_ids()
        raise VariantError(
            [f"unknown variant {str(ref)!r}{did_you_mean(str(ref), ids)}; built in: {', '.join(ids)}"]
        ) from None


def _has_ids(items: list[Any]) -> bool:
    """Whether every item is a mapping with a plain id (a list as an id is left to validation,
    which reports it at its place, instead of failing to merge)."""
    return bool(items) and all(isinstance(i, dict) and isinstance(i.get("id"), str | int) for i in items)


def _merge_maps(parent: dict[str, Any], child: dict[str, Any]) -> PosDict:
    out = PosDict()
    out.pos = getattr(child, "pos", None)
    for src in (parent, child):
        for k in src:
            out[k] = merge(out[k], child[k]) if k in out and src is child else src[k]
            for table, positions in ((out.key_pos, "key_pos"), (out.value_pos, "value_pos")):
                known = getattr(src, positions, {})
                if k in known:
                    table[k] = known[k]
    return out


def _merge_by_id(parent: list[Any], child: list[Any]) -> PosList:
    merged = PosList()
    merged.pos = getattr(child, "pos", None)
    positions = list(getattr(parent, "item_pos", [None] * len(parent)))
    items = list(parent)
    index = {item["id"]: i for i, item in enumerate(items)}
    removed: set[int] = set()
    for j, item in enumerate(child):
        cpos = child.item_pos[j] if isinstance(child, PosList) and j < len(child.item_pos) else None
        if item["id"] in index:
            i = index[item["id"]]
            if item.get("remove") is True:
                removed.add(i)
                continue
            items[i] = merge(items[i], item)
            positions[i] = cpos
        else:
            index[item["id"]] = len(items)
            items.append(item)
            positions.append(cpos)
    for i, item in enumerate(items):
        if i not in removed:
            merged.append(item)
            merged.item_pos.append(positions[i])
    return merged


def merge(parent: Any, child: Any) -> Any:
    """Lay ``child`` over ``parent`` by the rules in this module's docstring."""
    if isinstance(parent, dict) and isinstance(child, dict):
        return _merge_maps(parent, child)
    if isinstance(parent, list) and isinstance(child, list) and _has_ids(parent) and _has_ids(child):
        return _merge_by_id(parent, child)
    return child


def _parent_path(data: PosDict, path: Path, chain: tuple[str, ...]) -> Path | None:
    """The file ``extends:`` names, checked: a string, found, and not a cycle."""
    parent_ref = data.get("extends")
    if parent_ref is None:
        return None
    at = where(data.key_pos.get("extends"), str(path))
    if not isinstance(parent_ref, str):
        raise VariantError([f"{at}: extends: expected the id or file of another variant"])
    try:
        parent_path = resolve_path(parent_ref, path.parent)
    except FileNotFoundError:
        known = builtin_ids() + sorted(p.stem for p in path.parent.glob("*.y*ml") if p != path)
        hint = did_you_mean(parent_ref, known)
        raise VariantError(
            [f"{at}: extends: no variant {parent_ref!r} beside this file or built in{hint}"]
        ) from None
    if not confined(parent_path, path.parent):
        raise VariantError([f"{at}: extends: {parent_ref!r} is outside this file's folder and the built-ins"])
    key = str(parent_path.resolve())
    if key in chain or key == str(path.resolve()):
        raise VariantError([f"{at}: extends: {parent_ref!r} extends this file again (a cycle)"])
    return parent_path


Reader = Callable[[Path], PosDict]
"""Reads one file: ``read_yaml`` (with positions) or the loader's quick reader."""


def load_chain(path: Path, _chain: tuple[str, ...] = (), reader: Reader = read_yaml) -> list[tuple[Path, PosDict]]:
    """Each file read for ``path``, child first, with its own (unmerged) data."""
    data = reader(path)
    parent_path = _parent_path(data, path, _chain)
    if parent_path is None:
        return [(path, data)]
    return [(path, data)] + load_chain(parent_path, _chain + (str(path.resolve()),), reader)


def _read_any(path: Path) -> PosDict:
    """A file read quickly when it can be (``fast_yaml``), with positions when not."""
    data = read_plain(path)
    return data if data is not None else read_yaml(path)


def source_files(ref: str | Path) -> list[Path]:
    """The files a variant reference reads, child first: the file and each parent its
    ``extends:`` names. Raises VariantError when the chain cannot be read."""
    path = source_path(ref)
    if not path.is_file():
        raise VariantError([f"{path}: no such file"])
    return [p for p, _ in load_chain(path, reader=_read_any)]


def merge_chain(chain: list[tuple[Path, PosDict]]) -> PosDict:
    """The files of ``load_chain`` laid over each other, the first file on top."""
    merged = chain[-1][1]
    for path, data in reversed(chain[:-1]):
        merged.pop("extends", None)
        # A child is a variant of its own: its id and name are never inherited.
        for own in ("id", "name"):
            merged.pop(own, None)
        removals = _unknown_removals(merged, data, str(path))
        if removals:
            raise VariantError(removals)
        merged = merge(merged, data)
    return merged


def load_data(path: Path, reader: Reader = read_yaml) -> PosDict:
    """Read a file and everything it extends, merged; no validation yet."""
    return merge_chain(load_chain(path, reader=reader))


def _unknown_removals(parent: Any, child: Any, file: str, loc: tuple[str, ...] = ()) -> list[str]:
    """``{id: x, remove: true}`` items naming an id the parent does not have."""
    problems: list[str] = []
    if isinstance(parent, dict) and isinstance(child, dict):
        for k in child:
            if k in parent:
                problems += _unknown_removals(parent[k], child[k], file, loc + (k,))
    elif isinstance(parent, list) and isinstance(child, PosList) and _has_ids(parent) and _has_ids(child):
        known = [item["id"] for item in parent]
        for j, item in enumerate(child):
            if item.get("remove") is True and item["id"] not in known:
                at = where(child.item_pos[j] if j < len(child.item_pos) else None, file)
                hint = did_you_mean(str(item["id"]), [str(k) for k in known])
                problems.append(f"{at}: {'.'.join(loc)}: remove: the parent has no {item['id']!r} to remove{hint}")
    return problems
