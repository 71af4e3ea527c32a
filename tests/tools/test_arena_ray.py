"""``paixing arena --ray`` on a local Ray instance: the same hands and table as ``--jobs``.
Slow (starting Ray takes seconds) and skipped when Ray is not installed (an extra)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from paixing.arena import arena, parse_agents  # noqa: E402
from paixing.cli import main  # noqa: E402
from paixing.runs.ray_pool import RayCluster  # noqa: E402

pytestmark = pytest.mark.slow

DEALS = int(os.environ.get("PAIXING_RAY_GAMES", "40")) // 4


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_run_equals_jobs_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agents = parse_agents("greedy,random")
    local = arena("banzipao", agents, DEALS, seed=5, jobs=2, out_dir=tmp_path / "jobs")
    on_ray = arena("banzipao", agents, DEALS, seed=5, out_dir=tmp_path / "ray", ray=RayCluster())
    assert on_ray.hands == local.hands and on_ray.agents == local.agents
    names = sorted(p.name for p in (tmp_path / "jobs").glob("hand-*.json"))
    assert len(names) == 2 * DEALS
    for name in names:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "jobs" / name).read_bytes()
    args = ["arena", "doudizhu", "--agents", "greedy,random", "--hands", "3", "--seed", "2", "--json"]
    assert main([*args, "--jobs", "2"]) == 0
    by_jobs = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray"]) == 0
    assert json.loads(capsys.readouterr().out) == by_jobs
    assert main([*args, "--jobs", "2", "--ray"]) == 2
    assert capsys.readouterr().err.strip().endswith("--jobs and --ray exclude each other: a Ray run uses every CPU of its cluster")
