"""Every variant the site offers: the built-in ones and the user's, from the ``--variants`` folder.

The gallery lists them (id, names, family, players, deck), the book and the editor read their
YAML, the tables open them by id, and the editor saves new files into the user's folder. The
folder is the only place the site writes, and a name is confined to it: a file name is
``NAME_PATTERN`` (lower-case letters, digits and single hyphens, as the built-in ids are), so
it holds no path separator, no ``..``, no hidden file, and it may never be a built-in id (a
user file would shadow the built-in for its children's ``extends:``). A user file with a
built-in's name, a name outside the pattern, or a link out of the folder is not listed.

A user variant is referred to by its id, which is its file's name without ``.yaml`` (the rule
language requires the two to agree), so ids are unique across the whole catalogue.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from paixing.rules.extends import builtin_dir, builtin_ids, source_files
from paixing.rules.loader import VariantError, load_variant
from paixing.rules.models import Variant
from paixing.rules.source_cache import cached_by_source

NAME_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A user file's name (and so its variant's id), without ``.yaml``."""
NAME_MAX = 64
"""Characters in a user file's name, at most."""
TEXT_MAX = 64 * 1024
"""Bytes of YAML the site reads or writes in one variant file (the largest built-in is ~17 KB)."""
USER_FILES_MAX = 500
"""User files listed at most (the gallery is one page)."""


class Settings(Protocol):
    """What the pages read from ``paixing.web.settings.Settings``."""

    @property
    def variants_dir(self) -> Path | None: ...


class CatalogueError(ValueError):
    """A request the catalogue refuses, with the HTTP status it calls for and one clear line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Entry:
    """One variant as the gallery shows it. ``problem`` is set (and the rest partly empty) for
    a user file that does not load: it is listed, so that its author sees why."""

    id: str
    builtin: bool
    path: Path
    name_zh: str = ""
    name_en: str = ""
    description_zh: str = ""
    description_en: str = ""
    family: str = ""
    """The id at the root of its ``extends:`` chain (itself when it extends nothing)."""
    extends: str | None = None
    players: int = 0
    packs: int = 0
    jokers: bool = False
    cards: int = 0
    """Cards in the deck (packs, jokers, removed and extra cards counted)."""
    types: int = 0
    problem: str | None = None

    def name(self, lang: str) -> str:
        return (self.name_zh if lang == "zh" else self.name_en) or self.id

    def description(self, lang: str) -> str:
        return self.description_zh if lang == "zh" else self.description_en

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id, "builtin": self.builtin, "name": {"zh": self.name_zh, "en": self.name_en},
            "family": self.family, "extends": self.extends, "players": self.players,
            "deck": {"packs": self.packs, "jokers": self.jokers, "cards": self.cards},
            "hand_types": self.types, "problem": self.problem,
        }


def deck_size(v: Variant) -> int:
    """Cards dealt from ``v``'s deck: the packs, their jokers, less removed cards, plus extras."""
    per_pack = 52 + (2 if v.deck.jokers else 0) - len(v.deck.remove)
    return v.deck.packs * per_pack + sum(v.deck.extra.values())


def _entry(path: Path, builtin: bool) -> Entry:
    """The gallery's facts of one file, cached on its ``extends:`` chain; the file's own stamp
    is in the key too, so that a file that does not load (an empty chain key) is read again
    once it changes."""
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    return _read_entry(str(path), builtin, stamp)


@cached_by_source(maxsize=1024)
def _read_entry(ref: str, builtin: bool, stamp: tuple[int, int]) -> Entry:
    path = Path(ref)
    try:
        v = load_variant(path)
        chain = source_files(path)
    except VariantError as exc:
        # the folder is the server's business: a problem names the file only
        first = (exc.problems[0] if exc.problems else str(exc)).replace(f"{path.parent}/", "")
        return Entry(path.stem, builtin, path, problem=first)
    return Entry(
        id=path.stem, builtin=builtin, path=path, name_zh=v.name.zh, name_en=v.name.en,
        description_zh=v.description.zh if v.description else "",
        description_en=v.description.en if v.description else "",
        family=chain[-1].stem, extends=v.extends, players=v.players, packs=v.deck.packs,
        jokers=v.deck.jokers, cards=deck_size(v), types=len(v.hand_types),
    )


def check_name(name: str) -> str:
    """A user file's name as the site accepts it, ``.yaml`` taken off; raises CatalogueError
    (400) naming what is wrong. Never a built-in id, never a path."""
    stem = name[:-5] if name.endswith(".yaml") else name
    if not stem:
        raise CatalogueError(400, "the file name is empty")
    if "/" in stem or "\\" in stem or ".." in stem or "\0" in stem:
        raise CatalogueError(400, f"the file name {stem!r} is a path: give a name only (letters, digits, hyphens)")
    if len(stem) > NAME_MAX:
        raise CatalogueError(400, f"the file name is {len(stem)} characters long; at most {NAME_MAX}")
    if not NAME_PATTERN.fullmatch(stem):
        raise CatalogueError(400, f"the file name {stem!r} may hold only lower-case letters, digits and single hyphens (like my-rules)")
    if stem in builtin_ids():
        raise CatalogueError(409, f"{stem!r} is a built-in variant: choose another name")
    return stem


class Catalogue:
    """The built-in variants and the user's folder (``None``: built-ins only, nothing saved)."""

    def __init__(self, folder: Path | None):
        self.folder = folder

    def user_paths(self) -> list[Path]:
        """The user's variant files the site lists: regular files in the folder (no link out of
        it), named by ``NAME_PATTERN``, not a built-in id; sorted, at most ``USER_FILES_MAX``."""
        if self.folder is None or not self.folder.is_dir():
            return []
        builtins = set(builtin_ids())
        found = []
        for p in sorted(self.folder.glob("*.yaml"))[:USER_FILES_MAX]:
            if NAME_PATTERN.fullmatch(p.stem) and p.stem not in builtins and self._own(p):
                found.append(p)
        return found

    def _own(self, path: Path) -> bool:
        assert self.folder is not None
        try:
            return path.is_file() and path.resolve().parent == self.folder.resolve()
        except OSError:
            return False

    def entries(self) -> list[Entry]:
        """Every variant: the built-ins, then the user's files, each sorted by id."""
        built = [_entry(builtin_dir() / f"{vid}.yaml", True) for vid in builtin_ids()]
        return built + [_entry(p, False) for p in self.user_paths()]

    def path(self, vid: str) -> Path:
        """The file of variant ``vid``; CatalogueError 404 when the catalogue has none."""
        if vid in builtin_ids():
            return builtin_dir() / f"{vid}.yaml"
        for p in self.user_paths():
            if p.stem == vid:
                return p
        raise CatalogueError(404, f"no variant {vid!r}")

    def entry(self, vid: str) -> Entry:
        path = self.path(vid)
        return _entry(path, path.parent == builtin_dir())

    def text(self, vid: str) -> str:
        """The YAML of variant ``vid`` as written; CatalogueError 422 for a file the editor
        could not hold (over ``TEXT_MAX`` bytes, not UTF-8)."""
        path = self.path(vid)
        data = path.read_bytes()
        if len(data) > TEXT_MAX:
            raise CatalogueError(422, f"{path.name} is {len(data)} bytes; the editor takes at most {TEXT_MAX}")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CatalogueError(422, f"{path.name} is not UTF-8 text (byte {exc.start})") from None

    def save(self, name: str, text: str, overwrite: bool = False) -> Path:
        """Write ``text`` as the user's file ``name`` (checked by ``check_name``), atomically
        (a reader never sees half a file). 403 without a folder, 409 when the file exists and
        ``overwrite`` is not set, 413 when the text is over ``TEXT_MAX`` bytes."""
        if self.folder is None:
            raise CatalogueError(403, "this server has no --variants folder: nothing can be saved (download the YAML instead)")
        stem = check_name(name)
        data = text.encode("utf-8")
        if len(data) > TEXT_MAX:
            raise CatalogueError(413, f"the text is {len(data)} bytes; at most {TEXT_MAX}")
        target = self.folder / f"{stem}.yaml"
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise CatalogueError(409, f"{stem}.yaml in the variants folder is not a plain file: it is left alone")
        if target.exists() and not overwrite:
            raise CatalogueError(409, f"{stem}.yaml exists: save with overwrite to replace it")
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{stem}.", suffix=".part", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, target)
        except OSError as exc:
            Path(tmp).unlink(missing_ok=True)
            raise CatalogueError(500, f"cannot write {stem}.yaml: {exc.strerror or exc}") from None
        return target
