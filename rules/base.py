"""The base of every rule-language model, and the small value types all of them share.

Kept apart from ``models`` (hand types) and ``hand_rules`` (the game) so that both build on it
without importing each other.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema


class Model(BaseModel):
    """Base of every rule-language model: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, use_attribute_docstrings=True, populate_by_name=True, strict=True
    )


class Text(Model):
    """Human text in both languages of the rulebook."""

    zh: str
    """Chinese text."""
    en: str
    """English text."""


class Range(Model):
    """An inclusive range of whole numbers; a bare number means exactly that number."""

    min: int = 0
    """Smallest allowed value."""
    max: int | None = None
    """Largest allowed value; absent means no upper limit."""

    @model_validator(mode="before")
    @classmethod
    def _exact(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return {"min": value, "max": value}
        return value

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        # The shorthand ``size: 3`` is part of the language, so editors must accept it too.
        full = handler.resolve_ref_schema(handler(schema))
        return {"anyOf": [{"type": "integer", "minimum": 0}, full]}

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and n >= self.min and (self.max is None or n <= self.max)

    def describe(self) -> str:
        if self.max == self.min:
            return str(self.min)
        if self.max is None:
            return f"{self.min}+"
        return f"{self.min}-{self.max}"


MAX_PLAYERS = 8
"""The most seats a variant may have (``Variant.players``)."""
