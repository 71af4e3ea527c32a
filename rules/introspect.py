"""Walking the models by key path: which field a YAML key is, and which model it holds.

Shared by the loader (``did you mean`` on unknown keys) and the rulebook (the description of
the key a diff names), so that both read the models the same way.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo


def inner_model(annotation: Any) -> Any:
    """The model class inside an annotation (``list[X]``, ``X | None``, …), the annotation
    itself when it has no arguments, or None when a generic holds no model."""
    if typing.get_origin(annotation) is not None:
        for arg in typing.get_args(annotation):
            found = inner_model(arg)
            if isinstance(found, type) and issubclass(found, BaseModel):
                return found
        return None
    return annotation


def is_model(value: Any) -> bool:
    """Whether ``value`` is a pydantic model class."""
    return isinstance(value, type) and issubclass(value, BaseModel)


def field_of(model: type[BaseModel], key: str) -> FieldInfo | None:
    """The field a YAML key names, by its name or by its alias (``class`` for ``class_``)."""
    field = model.model_fields.get(key)
    if field is None:
        field = next((f for f in model.model_fields.values() if f.alias == key), None)
    return field


def field_names(model: type[BaseModel]) -> list[str]:
    """The keys a model accepts, as written in YAML (aliases where they differ)."""
    return [f.alias or name for name, f in model.model_fields.items()]
