"""``--ray [ADDRESS]`` without a cluster: the option's parsing and its one-line refusals
(issue 11 item 5). Quick, and none needs Ray: the runs on Ray are in tests/test_ray.py."""

from __future__ import annotations

import subprocess
import sys

import pytest
from paixing.cli import app, main
from paixing.cli.cluster import fill_optional_values
from typer.testing import CliRunner, Result

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.mark.parametrize(
    ("argv", "filled"),
    [
        (["simulate", "banzipao", "--ray"], ["simulate", "banzipao", "--ray", ""]),
        (["simulate", "banzipao", "--ray", "--json"], ["simulate", "banzipao", "--ray", "", "--json"]),
        (["simulate", "banzipao", "--ray", "h:6379", "--json"], ["simulate", "banzipao", "--ray", "h:6379", "--json"]),
        (["simulate", "banzipao", "--ray=auto"], ["simulate", "banzipao", "--ray=auto"]),
        (["simulate", "--", "--ray"], ["simulate", "--", "--ray"]),
        (["simulate", "banzipao"], ["simulate", "banzipao"]),
    ],
)
def test_ray_alone_gets_the_empty_address(argv: list[str], filled: list[str]) -> None:
    assert fill_optional_values(argv) == filled


def test_ray_without_ray_installed_is_one_line_exit_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    code = main(["simulate", "banzipao", "--games", "2", "--ray"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "--ray needs Ray, which is not installed: pip install 'paixing[ray]'\n"


def test_ray_and_jobs_exclude_each_other() -> None:
    result = run("simulate", "banzipao", "--games", "2", "--jobs", "2", "--ray", "")
    assert result.exit_code == 2
    assert result.stderr == "--jobs and --ray exclude each other: a Ray run uses every CPU of its cluster\n"


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nonsense", "the Ray address must be HOST:PORT, ray://HOST:PORT, auto or local, not 'nonsense'"),
        ("127.0.0.1:1", "cannot reach Ray at 127.0.0.1:1: Connection refused"),
        ("ray://127.0.0.1:1", "cannot reach Ray at ray://127.0.0.1:1: Connection refused"),
    ],
)
def test_an_address_nothing_answers_is_one_line_exit_2(address: str, message: str) -> None:
    pytest.importorskip("ray")  # without Ray, the run stops earlier: not installed
    result = run("simulate", "banzipao", "--games", "2", "--json", "--ray", address)
    assert result.exit_code == 2
    assert result.stderr.strip() == message
    assert result.stdout == ""


def test_the_plain_install_never_imports_ray() -> None:
    """simulate, its workers and the CLI import Ray only when a run asks for it."""
    code = "import sys, paixing.cli, paixing.simulate, paixing.workers; print('ray' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_sessions_refuse_a_ruleset_for_workers() -> None:
    from paixing.hands.cache import ruleset
    from paixing.ray_pool import RayCluster
    from paixing.simulate import simulate_sessions

    with pytest.raises(ValueError, match="^a compiled Ruleset plays in this process only: give its id or file for jobs or ray$"):
        simulate_sessions(ruleset("banzipao"), 2, 1, ray=RayCluster())


def test_ray_notes_printed_during_a_run_go_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """Ray prints its notes (a task retried after its node died) to stdout, which --json
    keeps for the result: during a run they go to stderr."""
    from paixing.cli.cluster import run_errors

    with run_errors():
        print("(raylet) Task _call failed. There are 3 retries remaining, so the task will be retried.")
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == "(raylet) Task _call failed. There are 3 retries remaining, so the task will be retried.\n"
