"""The base of every rule-language model, and the small value types all of them share.

Kept apart from ``models`` (hand types) and ``hand_rules`` (the game) so that both build on it
without importing each other.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema


class Model(BaseModel):
    """Base of every rule-language model: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, use_attribute_docstrings=True, populate_by_name=True, strict=True
    )


class OneOf(Model):
    """A model that is exactly one of several alternatives, each a field: a contract step is one
    of ``solo_bid``, ``call_card`` …; a hand type has one shape; a score row one form.

    ``one_of`` names the alternatives in the order messages list them (empty: every field of
    the model); ``one_of_error`` starts the message when not exactly one is given (``a step
    needs exactly one of``). ``kind`` is the name of the one given, ``body`` its value: the
    engine's registry for the model is keyed by ``kind`` (docs/architecture.md)."""

    one_of: ClassVar[tuple[str, ...]] = ()
    one_of_error: ClassVar[str] = "needs exactly one of"

    @classmethod
    def alternatives(cls) -> tuple[str, ...]:
        """The alternatives' field names, in order."""
        return cls.one_of or tuple(cls.model_fields)

    @model_validator(mode="after")
    def _exactly_one(self) -> OneOf:
        options = self.alternatives()
        given = [k for k in options if getattr(self, k, None) is not None]
        if len(given) != 1:
            *rest, last = options
            found = f" (found {', '.join(given)})" if given else ""
            raise ValueError(f"{self.one_of_error} {', '.join(rest)} or {last}{found}")
        return self

    @property
    def kind(self) -> str:
        """The name of the one alternative given."""
        return next(k for k in self.alternatives() if getattr(self, k, None) is not None)

    @property
    def body(self) -> Any:
        """The value of the one alternative given."""
        return getattr(self, self.kind)


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
