"""Compiled rulesets by reference, compiled once: ``ruleset("banzipao")`` or a file path."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from paixing.hands.compile import Ruleset, compile_variant
from paixing.rules.loader import load_variant
from paixing.rules.models import Variant


@lru_cache(maxsize=64)
def _cached(ref: str, mtime: float) -> Ruleset:
    return compile_variant(load_variant(ref))


def ruleset(ref: str | Path | Variant | Ruleset) -> Ruleset:
    """The compiled ruleset for a built-in id, a file path, a Variant or a Ruleset (cached)."""
    if isinstance(ref, Ruleset):
        return ref
    if isinstance(ref, Variant):
        return compile_variant(ref)
    path = Path(ref)
    mtime = path.stat().st_mtime if path.is_file() else 0.0
    return _cached(str(ref), mtime)
