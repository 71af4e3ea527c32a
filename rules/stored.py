"""A validated variant kept on disk and read back without pydantic: the start-up of a command.

Importing pydantic and building the rule language's ~50 models costs more than everything
else ``paixing moves`` does (docs/performance.md, "Start-up"). A variant that loaded cleanly
once is therefore written under the user's cache directory as ``Stored`` objects: each model's
field values (and the values of its properties) as plain attributes, pickled. Reading it back
imports nothing of pydantic, and the hand-type compiler reads a ``Stored`` variant exactly as
it reads the model: by attribute.

A stored variant is used only while it is certainly the same variant: the entry names every
file of the reference's ``extends:`` chain with its content's SHA-256, and the Python version
and a stamp of this package's source files (the models, their defaults and validators live
there; a new paixing version rewrites them) it was made with. Any difference is a miss, and the caller loads the files the
careful way (which also reports any problem) and stores the result again. Writing is atomic
(a temporary file renamed over the entry) and best-effort: a read-only or absent cache
directory only means no cache.

``PAIXING_CACHE_DIR`` names the directory (an empty value turns the cache off); by default it
is ``$XDG_CACHE_HOME/paixing`` or ``~/.cache/paixing``.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Iterable, Iterator
from importlib import import_module
from inspect import getattr_static
from pathlib import Path
from typing import Any

FORMAT = 1
"""The layout of a cache entry; raise it when ``Stored`` or the entry's dictionary change."""

_RULES = Path(__file__).resolve().parent


class Stored:
    """A rule-language model read back from the cache: its fields and property values as
    attributes (``variant.hand_types[0].name.zh``), compared by value like the model.

    Anything else the model class offers (a method, such as ``Range.describe``) is looked up
    on the real class when first asked for, which imports pydantic: correct, only slower. The
    hot paths read fields only."""

    _stored_model: str

    def __init__(self, model: str, values: dict[str, Any]) -> None:
        self.__dict__.update(values)
        self._stored_model = model

    def _model_class(self) -> type:
        module, _, name = self._stored_model.partition(":")
        cls: type = getattr(import_module(module), name)
        return cls

    def __getattr__(self, name: str) -> Any:
        # Only names that are neither fields nor properties get here (a method, a class
        # attribute). Dunder probes (pickle's, copy's) must not import the models.
        if name.startswith("__") or name == "_stored_model":
            raise AttributeError(name)
        cls = self._model_class()
        attr = getattr_static(cls, name)
        get = getattr(attr, "__get__", None)
        return get(self, cls) if get is not None else attr

    def __contains__(self, item: object) -> bool:
        # ``n in range``: Range defines __contains__, and the operator looks on the type only.
        return bool(getattr_static(self._model_class(), "__contains__")(self, item))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stored) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((self._stored_model, *self.__dict__.items()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items() if k != "_stored_model")
        return f"{self._stored_model.rpartition(':')[2]}({fields})"


def _properties(cls: type) -> Iterator[str]:
    """The properties the rule language's own classes define on ``cls`` (``HandType.shape``)."""
    for klass in cls.__mro__:
        if klass.__module__.startswith(__package__ or "paixing.rules"):
            yield from (name for name, attr in vars(klass).items() if isinstance(attr, property))


def to_stored(value: Any) -> Any:
    """``value`` with every pydantic model in it replaced by a ``Stored`` of its fields and
    property values (lists, tuples and dicts are copied; other values kept)."""
    fields = getattr(type(value), "model_fields", None)
    if fields is not None:
        values = {name: to_stored(getattr(value, name)) for name in fields}
        values.update((name, to_stored(getattr(value, name))) for name in _properties(type(value)))
        cls = type(value)
        return Stored(f"{cls.__module__}:{cls.__qualname__}", values)
    if isinstance(value, list | tuple):
        return type(value)(to_stored(v) for v in value)
    if isinstance(value, dict):
        return {k: to_stored(v) for k, v in value.items()}
    return value


def cache_dir() -> Path | None:
    """Where entries live (``PAIXING_CACHE_DIR``, else the XDG cache home); None when off."""
    named = os.environ.get("PAIXING_CACHE_DIR")
    if named is not None:
        return Path(named) if named else None
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "paixing"


def _code_stamp() -> tuple[object, ...]:
    """What a stored variant depends on besides its files: this format, Python's version and
    every source file of the rule language, whose models made it (name, size, mtime: an
    upgrade or an edit rewrites them). Finer than paixing's version, and cheaper: reading
    the installed version scans every distribution on the path (~10 ms)."""
    files = sorted(_RULES.glob("*.py"))
    stamps = tuple((p.name, st.st_size, st.st_mtime_ns) for p in files for st in (p.stat(),))
    return (FORMAT, sys.version_info[:2], stamps)


def _digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _entry_file(ref: str, folder: Path) -> Path:
    """One entry per reference: a path by its absolute form, an id by the built-in folder."""
    if ref.endswith((".yaml", ".yml")) or "/" in ref:
        name = "file:" + os.path.abspath(ref)
    else:
        from importlib import resources

        name = f"id:{ref}:{resources.files('paixing.variants')}"
    return folder / "variants" / (hashlib.sha256(name.encode()).hexdigest()[:32] + ".pickle")


def load_stored(ref: str) -> Any:
    """The variant ``ref`` names as ``Stored`` objects, or None when the cache has no entry
    that is certainly current (then load it the careful way and ``store`` it)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        entry = pickle.loads(_entry_file(ref, folder).read_bytes())  # noqa: S301 - the user's own cache
    except Exception:  # noqa: BLE001 - a missing, partial or foreign entry is a miss
        return None
    if not isinstance(entry, dict) or entry.get("stamp") != _code_stamp():
        return None
    if any(_digest(path) != digest for path, digest in entry.get("chain", [None])):
        return None
    return entry.get("variant")


def store(ref: str, variant: Any, chain: Iterable[Path]) -> None:
    """Keep ``variant`` (validated, read from the files ``chain``) for ``load_stored``;
    silently nothing when the cache directory cannot be written."""
    folder = cache_dir()
    if folder is None:
        return
    digests = [(str(Path(p).resolve()), _digest(str(p))) for p in chain]
    if not digests or any(d is None for _, d in digests):
        return
    entry = {"stamp": _code_stamp(), "chain": digests, "variant": to_stored(variant)}
    target = _entry_file(ref, folder)
    import tempfile  # only on a miss: its imports (random, shutil) cost every hit ~2 ms

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".tmp", delete=False) as out:
            out.write(pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(out.name, target)
    except OSError:
        return
