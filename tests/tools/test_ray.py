"""``simulate --ray`` on a local Ray instance (issue 11 item 5): the same games from the same
seeds as a local ``--jobs`` run, so the summary and the records are byte-identical; a worker
that dies is retried without losing or double-counting a game; a game's own error and a stop
behave as in a local run. Skipped when Ray is not installed (it is an extra).

Starting Ray takes seconds, so the whole module shares one instance (``ray.init(num_cpus=2)``)
and is marked slow; ``PAIXING_RAY_GAMES`` sizes its runs (CI runs it small)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from paixing.cli import main  # noqa: E402
from paixing.runs.ray_pool import ClusterError, RayCluster  # noqa: E402
from paixing.runs.simulate import SimulationError, _run_chunk, simulate, simulate_sessions  # noqa: E402
from paixing.runs.summary import HandStats  # noqa: E402
from paixing.runs.workers import run_chunks  # noqa: E402

pytestmark = pytest.mark.slow

GAMES = int(os.environ.get("PAIXING_RAY_GAMES", "40"))
BOTS = ["greedy", "random", "random", "random"]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """One new local instance for the module (``local``: never a cluster another program
    started on this machine); runs find it initialised and leave it running."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_summary_and_records_are_byte_identical_to_jobs(tmp_path: Path) -> None:
    local = simulate("banzipao", GAMES, seed=7, bots=BOTS, jobs=2, force_jobs=True, out_dir=tmp_path / "jobs")
    on_ray = simulate("banzipao", GAMES, seed=7, bots=BOTS, out_dir=tmp_path / "ray", ray=RayCluster())
    assert on_ray.games == GAMES and not on_ray.stopped
    assert on_ray.hands == local.hands
    mine, theirs = on_ray.to_json(), local.to_json()
    assert mine.pop("records") == str(tmp_path / "ray") and theirs.pop("records") == str(tmp_path / "jobs")
    assert json.dumps(mine) == json.dumps(theirs)
    names = sorted(p.name for p in (tmp_path / "jobs").iterdir())
    assert len(names) == GAMES
    assert sorted(p.name for p in (tmp_path / "ray").iterdir()) == names
    for name in names:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "jobs" / name).read_bytes()


def test_cli_json_is_byte_identical_to_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "doudizhu", "--games", str(GAMES), "--seed", "3", "--bots", "greedy,random,random", "--json"]
    assert main([*args, "--jobs", "2", "--jobs-force"]) == 0
    local = capsys.readouterr().out
    assert main([*args, "--ray"]) == 0
    assert capsys.readouterr().out == local


def _stats(chunks: list[list[HandStats]]) -> list[HandStats]:
    return sorted((h for chunk in chunks for h in chunk), key=lambda h: h.index)


def test_a_worker_that_dies_is_retried_without_losing_or_double_counting(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    play = partial(_run_chunk, "banzipao", 5, names=BOTS, games=GAMES, out_dir=None)

    def dies_once(chunk: list[int]) -> list[HandStats]:
        """Play the chunk, except that the first worker to reach game 1 plays it and then
        kills its own process, its results unsent."""
        done = play(chunk)
        if 1 in chunk and not marker.exists():
            marker.write_text("died", encoding="utf-8")
            os._exit(1)
        return done

    got: list[list[HandStats]] = []
    run_chunks(dies_once, GAMES, 1, threading.Event(), got.append, ray=RayCluster(max_retries=2))
    assert marker.exists()  # a worker did die
    local = simulate("banzipao", GAMES, seed=5, bots=BOTS)
    assert [h.index for h in _stats(got)] == list(range(GAMES))
    assert _stats(got) == local.hands
    assert [sum(h.scores[s] for h in _stats(got)) for s in range(4)] == local.seat_totals


def test_a_chunk_past_its_retries_is_one_cluster_error(tmp_path: Path) -> None:
    def always_dies(chunk: list[int]) -> list[int]:
        os._exit(1)

    with pytest.raises(ClusterError, match=r"^chunk 0 \(games 0-0\) failed on the Ray cluster after 0 retries: "):
        run_chunks(always_dies, 1, 1, threading.Event(), lambda _: None, ray=RayCluster(max_retries=0))


def test_a_games_error_reaches_the_caller_as_itself() -> None:
    def faulty(chunk: list[int]) -> list[int]:
        raise SimulationError(f"game {chunk[0]} (deal seed 1): ValueError: broken")

    with pytest.raises(SimulationError, match=r"^game 0 \(deal seed 1\): ValueError: broken$"):
        run_chunks(faulty, 1, 1, threading.Event(), lambda _: None, ray=RayCluster())


def test_a_stop_counts_the_games_finished_and_starts_no_more(tmp_path: Path) -> None:
    """The chunks under way finish and are counted, the chunks waiting start no game: every
    record written is counted, as in a local run."""
    stop = threading.Event()
    summary = simulate(
        "banzipao", 400, seed=2, bots=BOTS, ray=RayCluster(), stop=stop, out_dir=tmp_path,
        progress=lambda done, total: stop.set(),
    )
    assert summary.stopped
    assert 0 < summary.games < 400
    assert len(list(tmp_path.glob("game-*.json"))) == summary.games
    assert list(tmp_path.glob(".game-*")) == []
    assert [h.index for h in summary.hands] == sorted({h.index for h in summary.hands})
    local = {h.index: h for h in simulate("banzipao", max(h.index for h in summary.hands) + 1, seed=2, bots=BOTS).hands}
    assert all(local[h.index] == h for h in summary.hands)


def test_sessions_on_ray_match_one_process(tmp_path: Path) -> None:
    n = max(2, GAMES // 10)
    one = simulate_sessions("chibi-dagun", n, 2, seed=4, bots=["greedy", "random"] * 2, out_dir=str(tmp_path / "one"))
    on_ray = simulate_sessions(
        "chibi-dagun", n, 2, seed=4, bots=["greedy", "random"] * 2, out_dir=str(tmp_path / "ray"), ray=RayCluster()
    )
    assert on_ray.to_json() == one.to_json()
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == [f"session-{i:06d}.json" for i in range(n)]
    for name in names:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()
