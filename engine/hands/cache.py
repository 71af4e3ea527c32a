"""Compiled rulesets by reference, compiled once: ``ruleset(built_in_id)`` or a file path.

The cache keys on the reference's whole ``extends:`` chain (``rules.source_cache``): editing a
parent file recompiles its children, and a parent that breaks a child raises its VariantError.

The loader, and with it pydantic and the rule-language models, is imported by the first call,
not with this module: ``paixing.hands`` names ``ruleset``, and ``paixing moves`` imports the
hand-type layer without loading a variant the careful way (docs/performance.md, "Start-up").
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from paixing.hands.compile import Ruleset, compile_variant

if TYPE_CHECKING:
    from paixing.rules.models import Variant
    from paixing.rules.source_cache import SourceCache

_store: list[SourceCache[Ruleset]] = []
"""The one cache of compiled files, made by the first call (``_files``)."""


def _compile_file(ref: str) -> Ruleset:
    from paixing.rules.loader import is_path_ref, load_variant

    rs = compile_variant(load_variant(ref))
    # a file's ruleset remembers the file, for the records of its games
    return dataclasses.replace(rs, source=str(Path(ref).resolve())) if is_path_ref(ref) else rs


def _files() -> SourceCache[Ruleset]:
    if not _store:
        from paixing.rules.source_cache import cached_by_source

        _store.append(cached_by_source(maxsize=64)(_compile_file))
    return _store[0]


def ruleset(ref: str | Path | Variant | Ruleset) -> Ruleset:
    """The compiled ruleset for a built-in id, a file path, a Variant or a Ruleset (cached)."""
    if isinstance(ref, Ruleset):
        return ref
    if not isinstance(ref, str | Path):
        from paixing.rules.models import Variant

        if isinstance(ref, Variant):
            return compile_variant(ref)
    return _files()(ref)
