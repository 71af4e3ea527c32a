"""Compiled rulesets by reference, compiled once: ``ruleset(built_in_id)`` or a file path.

The cache keys on the reference's whole ``extends:`` chain (``rules.source_cache``): editing a
parent file recompiles its children, and a parent that breaks a child raises its VariantError.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from paixing.hands.compile import Ruleset, compile_variant
from paixing.rules.loader import is_path_ref, load_variant
from paixing.rules.models import Variant
from paixing.rules.source_cache import cached_by_source


@cached_by_source(maxsize=64)
def _cached(ref: str) -> Ruleset:
    rs = compile_variant(load_variant(ref))
    # a file's ruleset remembers the file, for the records of its games
    return dataclasses.replace(rs, source=str(Path(ref).resolve())) if is_path_ref(ref) else rs


def ruleset(ref: str | Path | Variant | Ruleset) -> Ruleset:
    """The compiled ruleset for a built-in id, a file path, a Variant or a Ruleset (cached)."""
    if isinstance(ref, Ruleset):
        return ref
    if isinstance(ref, Variant):
        return compile_variant(ref)
    return _cached(ref)
