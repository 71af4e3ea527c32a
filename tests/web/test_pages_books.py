"""The books' cache (``paixing.web.books``): a book is rendered once per version of its files and
language, kept on disk for catalogue files and in memory only for the editor's drafts; an edit
of the file renders it again. The test session's cache folder is its own (tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from paixing.rules.loader import builtin_dir  # noqa: E402
from paixing.web import books  # noqa: E402

SOURCE = (builtin_dir() / "zhengshangyou.yaml").read_text(encoding="utf-8")


def copy(folder: Path, name: str, title: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(SOURCE.replace("id: zhengshangyou", f"id: {name}", 1)
                    .replace("en: Zheng Shangyou}", f"en: {title}}}", 1), encoding="utf-8")
    return path


def test_a_book_is_kept_on_disk_and_renewed_by_an_edit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("PAIXING_CACHE_DIR", str(cache))
    path = copy(tmp_path, "my-game", "First")
    first = books.book(path, "en")
    assert "<title>First · 争上游</title>" in first and str(tmp_path) not in first
    stored = list((cache / "books").glob("*.html"))
    assert len(stored) == 1 and stored[0].read_text(encoding="utf-8") == first
    books._memory.clear()
    stored[0].write_text("from the disk", encoding="utf-8")  # proves the second read is the cache's
    assert books.book(path, "en") == "from the disk"
    copy(tmp_path, "my-game", "Second")
    assert "<title>Second · 争上游</title>" in books.book(path, "en")
    assert len(list((cache / "books").glob("*.html"))) == 2
    assert books.book_key(path, "zh") != books.book_key(path, "en")


def test_a_draft_book_stays_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("PAIXING_CACHE_DIR", str(cache))
    path = copy(tmp_path, "my-draft", "Draft")
    html = books.book(path, "en", disk=False)
    assert not (cache / "books").exists()
    os.utime(path, ns=(0, 0))  # the key is the content, not the time
    assert books.book(path, "en", disk=False) is html


def test_no_cache_folder_still_renders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIXING_CACHE_DIR", "")
    books._memory.clear()
    assert "<title>Plain · 争上游</title>" in books.book(copy(tmp_path, "my-plain", "Plain"), "en")
    assert books.warm([tmp_path / "my-plain.yaml", tmp_path / "missing.yaml"]) == 2
