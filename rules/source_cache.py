"""Caching what is built from a variant file, keyed on every file it was read from.

A compiled ruleset, a rulebook's facts and a rendered book depend on the file named and on
each parent its ``extends:`` chain names. ``cached_by_source`` keys a cache on the whole chain
(each file's path, modification time in nanoseconds and size), so editing a parent rebuilds
every child built from it, and a parent that now breaks the child raises the child's
``VariantError`` instead of returning the stale object.

Checking a key costs one ``stat`` per file in the chain: the chain itself is re-read only when
one of its files changes (the ``extends:`` line can only change when its file does).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Generic, TypeVar

from .extends import source_files
from .problems import VariantError

T = TypeVar("T")

Stamp = tuple[str, int, int]
"""(path, mtime in ns, size) of one file of a chain."""

_chains: dict[str, tuple[Stamp, ...]] = {}
"""Reference → the stamps of its chain when it was last read."""


def _stamp(path: Path | str) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (str(path), st.st_mtime_ns, st.st_size)


def source_key(ref: str | Path) -> tuple[Stamp, ...]:
    """The stamps of every file ``ref`` reads (child first); empty when the chain cannot be
    read, so that the build runs and reports the problem (an error is never cached)."""
    name = str(ref)
    known = _chains.get(name)
    if known is not None and all(_stamp(stamp[0]) == stamp for stamp in known):
        return known
    try:
        stamps = tuple(s for s in (_stamp(p) for p in source_files(ref)) if s is not None)
    except VariantError:
        _chains.pop(name, None)
        return ()
    _chains[name] = stamps
    return stamps


class SourceCache(Generic[T]):
    """``build(ref, *args)`` memoised on (the chain's stamps, ref, args), least recently used
    first out. ``build`` must be deterministic for one version of the files."""

    def __init__(self, build: Callable[..., T], maxsize: int) -> None:
        self._build = build
        self._maxsize = maxsize
        self._store: OrderedDict[Hashable, T] = OrderedDict()
        self.__doc__ = build.__doc__
        self.__wrapped__ = build

    def __call__(self, ref: str | Path, *args: Hashable) -> T:
        name = str(ref)
        key = (source_key(name), name, args)
        if key in self._store:
            self._store.move_to_end(key)
            return self._store[key]
        value = self._build(name, *args)
        self._store[key] = value
        if len(self._store) > self._maxsize:
            self._store.popitem(last=False)
        return value

    def cache_clear(self) -> None:
        """Forget every built value (the chains stay known; they are checked on each call)."""
        self._store.clear()


def cached_by_source(maxsize: int = 64) -> Callable[[Callable[..., T]], SourceCache[T]]:
    """Decorator: cache ``fn(ref, *args)`` on the ``extends:`` chain of ``ref`` (see module)."""

    def wrap(fn: Callable[..., T]) -> SourceCache[T]:
        return SourceCache(fn, maxsize)

    return wrap
