"""The shape of a phrase, shared by every topic table (kept apart so the tables import nothing
but this and the package's ``__init__`` can merge them without a cycle)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel


@dataclass(frozen=True)
class FieldDoc:
    """Take the English text from a rule-language field's description, so the book and the
    language reference cannot say two different things."""

    model: type[BaseModel]
    field: str


Phrase = tuple[str, "str | FieldDoc"]
"""``(zh, en)``; the English side may be a ``FieldDoc``."""
