"""Shared fixtures and Hypothesis profiles for the paixing test suite.

Hypothesis profiles, chosen with the environment variable ``HYPOTHESIS_PROFILE``:

- ``default`` (when unset): 50 examples per property, for a fast local run;
- ``ci``: 200 examples, derandomized so that a CI failure reproduces (``.ci/run`` sets it);
- ``slow``: 1000 examples, for a long soak.

Tests marked ``@pytest.mark.slow`` are deselected by ``addopts`` and run with ``-m slow``; they
read ``HYPOTHESIS_PROFILE`` too, to size themselves (small under ``ci``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from paixing import Ruleset
from paixing import ruleset as compile_ruleset
from paixing.rules.loader import builtin_ids

settings.register_profile(
    "default",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "slow",
    max_examples=1000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
settings.load_profile(PROFILE)

VARIANT_IDS: list[str] = builtin_ids()
"""Every built-in variant, read once at collection time."""


@pytest.fixture(scope="session")
def variant_ids() -> list[str]:
    """Ids of every built-in variant, sorted."""
    return list(VARIANT_IDS)


@pytest.fixture(scope="session", params=VARIANT_IDS, ids=VARIANT_IDS)
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    """The compiled ruleset of each built-in variant in turn."""
    return compile_ruleset(request.param)


@pytest.fixture(scope="session", autouse=True)
def _variant_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The stored-variant cache of the card commands (``paixing.rules.stored``) in a folder of
    this run, not the user's ``~/.cache`` (subprocesses inherit it too)."""
    before = os.environ.get("PAIXING_CACHE_DIR")
    os.environ["PAIXING_CACHE_DIR"] = str(tmp_path_factory.mktemp("paixing-cache"))
    yield
    if before is None:
        del os.environ["PAIXING_CACHE_DIR"]
    else:
        os.environ["PAIXING_CACHE_DIR"] = before
