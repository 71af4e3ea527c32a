"""Compiled rulesets by reference, compiled once: ``ruleset(built_in_id)`` or a file path.

The cache keys on the reference's whole ``extends:`` chain (``rules.source_cache``): editing a
parent file recompiles its children, and a parent that breaks a child raises its VariantError.
"""

from __future__ import annotations

from pathlib import Path

from paixing.hands.compile import Ruleset, compile_variant
from paixing.rules.loader import load_variant
from paixing.rules.models import Variant
from paixing.rules.source_cache import cached_by_source


@cached_by_source(maxsize=64)
def _cached(ref: str) -> Ruleset:
    return compile_variant(load_variant(ref))


def ruleset(ref: str | Path | Variant | Ruleset) -> Ruleset:
    """The compiled ruleset for a built-in id, a file path, a Variant or a Ruleset (cached)."""
    if isinstance(ref, Ruleset):
        return ref
    if isinstance(ref, Variant):
        return compile_variant(ref)
    return _cached(ref)
