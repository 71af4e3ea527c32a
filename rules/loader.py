"""Loading variant files: YAML with positions, ``extends:`` merging, and errors a person can act on.

Every error reads ``file:line:col: path.to.key: what was expected (did you mean …?)``. Positions
survive merging: each mapping and list remembers where each of its entries was written, in
whichever file wrote it, so an error in an inherited key points at the parent file.

The work is split by job: ``positions`` (YAML with positions), ``extends`` (finding files and
merging a child over its parents, by the rules in its docstring), ``describe`` (pydantic's
errors in these words), ``checks`` and ``game_checks`` (cross-references, one check per
concern). This module puts them together and keeps the public names in one place.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from .checks import semantic_problems
from .extends import (
    builtin_dir,
    builtin_ids,
    is_builtin_file,
    is_path_ref,
    load_data,
    merge,
    resolve_path,
    source_files,
    source_path,
)
from .fast_yaml import read_plain
from .models import Variant
from .positions import PosDict, PosList, locate, read_yaml
from .problems import Located, VariantError, dotted, where
from .validation_errors import describe_validation_error

__all__ = [
    "Located",
    "PosDict",
    "PosList",
    "VariantError",
    "builtin_dir",
    "builtin_ids",
    "describe_validation_error",
    "is_builtin_file",
    "is_path_ref",
    "load_data",
    "load_variant",
    "merge",
    "name_both_files",
    "read_yaml",
    "resolve_path",
    "semantic_problems",
    "source_files",
    "source_path",
]


def _id_problems(data: PosDict, path: Path) -> list[str]:
    """The language says a variant's id is its file's name; a different id is an error at the id."""
    vid = data.get("id")
    if not isinstance(vid, str) or vid == path.stem:
        return []
    at = where(data.value_pos.get("id") or data.key_pos.get("id"), str(path))
    return [f"{at}: id: {vid!r} must be the file's name {path.stem!r}"]


class _Unsure(Exception):
    """The quick reader would not read a file: read the chain again with positions."""


def _read_quickly(path: Path) -> PosDict:
    data = read_plain(path)
    if data is None:
        raise _Unsure
    return data


def _load_quickly(path: Path) -> Variant | None:
    """The variant when the whole chain reads, validates and checks cleanly without positions
    (the C parser, ~15× faster); None at the first doubt, for the careful pass to explain."""
    try:
        data = load_data(path, reader=_read_quickly)
        if _id_problems(data, path):
            return None
        variant = Variant.model_validate(data)
    except (_Unsure, VariantError, ValidationError):
        return None
    return None if next(iter(semantic_problems(variant)), None) is not None else variant


def load_variant(ref: str | Path) -> Variant:
    """Load a variant by built-in id or file path, merged and validated; raises VariantError.

    A file that loads cleanly is read once, quickly; any problem reads it again with positions
    so that every message points at a line (``fast_yaml`` says why both readers agree)."""
    path = source_path(ref)
    if not path.is_file():
        raise VariantError([f"{path}: no such file"])
    quick = _load_quickly(path)
    if quick is not None:
        return quick
    data = load_data(path)
    file = str(path)
    problems = _id_problems(data, path)
    try:
        variant = Variant.model_validate(data)
    except ValidationError as exc:
        raise VariantError(name_both_files(problems + describe_validation_error(exc, data, file), file)) from None
    problems += [f"{where(locate(data, p.loc), file)}: {dotted(p.loc)}: {p.message}" for p in semantic_problems(variant)]
    if problems:
        raise VariantError(name_both_files(problems, file))
    return variant


def name_both_files(problems: list[str], file: str) -> list[str]:
    """A problem found in the merged variant but written in a parent file is reported at the
    parent's line, and says which child it was found in (the child is the file being fixed)."""
    return [p if p.startswith(f"{file}:") or p.startswith(f"{file} ") else f"{p} (in {file}, which extends it)" for p in problems]
