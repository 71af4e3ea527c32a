"""pydantic's validation errors as a person reads them: position, key path, what was expected."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from .introspect import field_names, field_of, inner_model, is_model
from .models import Variant
from .positions import PosDict, locate
from .problems import did_you_mean, dotted, where

_INTERNAL_TAGS = ("int", "str", "list[str]", "RungEntry", "Range", "constrained-str")


def _model_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model class that owns the last key of ``loc`` (for "did you mean" on unknown keys)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if not is_model(current):
            return None
        field = field_of(current, part)
        if field is None:
            return None
        current = inner_model(field.annotation)
    return current if is_model(current) else None


def _clean_loc(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """Drop pydantic's internal union/validator tags from an error location."""
    return tuple(p for p in loc if isinstance(p, int) or not (p.startswith("function-") or p in _INTERNAL_TAGS))


def _message(err: Any, loc: tuple[int | str, ...]) -> str:
    """What one pydantic error says, in the loader's words."""
    kind = err["type"]
    if kind == "extra_forbidden":
        owner = _model_at(Variant, loc[:-1])
        hint = did_you_mean(str(loc[-1]), field_names(owner)) if owner else ""
        return f"unknown key {str(loc[-1])!r}{hint}"
    if kind == "missing":
        return "required key is missing"
    if kind == "literal_error":
        return f"expected {err['ctx']['expected']}, got {err.get('input')!r}"
    if kind == "string_pattern_mismatch" and loc and loc[-1] not in ("id",):
        return f"expected a rank (3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ), got {err.get('input')!r}"
    text = err["msg"].removeprefix("Value error, ")
    return f"{text}, got {err.get('input')!r}" if kind.endswith("_type") or kind.endswith("_parsing") else text


def describe_validation_error(exc: ValidationError, data: PosDict, file: str) -> list[str]:
    """One line per pydantic error: position, key path, what was expected."""
    problems: list[str] = []
    seen: set[str] = set()
    for err in exc.errors():
        loc = _clean_loc(tuple(err["loc"]))
        line = f"{where(locate(data, loc), file)}: {dotted(loc)}: {_message(err, loc)}"
        if line not in seen:
            seen.add(line)
            problems.append(line)
    return problems
