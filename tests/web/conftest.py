"""Fixtures of the web tests: a server's app on a fresh SQLite file, and the PostgreSQL URL
that ``.ci/run`` passes in ``PAIXING_TEST_PG_URL`` (storage tests run on both)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web tests need the web extra: pip install '.[web]'")

from paixing.web.settings import Limits, Settings  # noqa: E402

PG_ENV = "PAIXING_TEST_PG_URL"


def db_urls(tmp: Path) -> list[str]:
    return [f"sqlite:///{tmp / 'web.db'}"]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each storage test runs on SQLite, and on PostgreSQL when ``PAIXING_TEST_PG_URL`` names one."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"PostgreSQL storage test: set {PG_ENV} (.ci/run starts a server and sets it)")
    from paixing.web.store import Store

    Store(url).clear()
    yield url


def settings_for(tmp: Path, **limits: float) -> Settings:
    return Settings(data_dir=tmp, limits=Limits(**limits))  # type: ignore[arg-type]
