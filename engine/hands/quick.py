"""Compiled rulesets from the stored-variant cache (``paixing.rules.stored``): start-up.

``paixing moves`` spends most of its time importing pydantic and building the rule
language's models before it can compile a variant (docs/performance.md, "Start-up"). A
variant the careful loader accepted once is stored as plain objects; compiling those gives
the same tables, plays and answers (``tests/rules/test_stored.py`` compares every built-in variant),
and imports neither the loader nor the models.

The card commands of the CLI use this; ``ruleset`` (the public API) keeps returning rulesets
of validated pydantic models.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING

from paixing.rules.stored import load_stored, store

if TYPE_CHECKING:
    from paixing.hands.compile import Ruleset


def _is_path(ref: str) -> bool:
    # ``rules.extends.is_path_ref``, without importing the loader it lives beside.
    return ref.endswith((".yaml", ".yml")) or "/" in ref


def stored_ruleset(ref: str) -> Ruleset | None:
    """The ruleset of ``ref`` compiled from its stored variant, or None when the cache holds
    no current entry for it (then load it the careful way and ``keep_ruleset`` it)."""
    variant = load_stored(ref)
    if variant is None:
        return None
    from paixing.hands.compile import compile_variant

    rs = compile_variant(variant)
    # as ``ruleset`` does: a file's ruleset remembers the file, for the records of its games
    return dataclasses.replace(rs, source=os.path.abspath(ref)) if _is_path(ref) else rs


def keep_ruleset(ref: str, rs: Ruleset) -> None:
    """Store the variant of ``rs`` (loaded from ``ref`` the careful way) for ``stored_ruleset``."""
    from paixing.rules.extends import source_files

    store(ref, rs.variant, [Path(p) for p in source_files(ref)])
