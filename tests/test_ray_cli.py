"""``--ray [ADDRESS]`` without a cluster: the option's parsing and its one-line refusals
(issue 11 item 5). Quick, and none needs Ray: the runs on Ray are in tests/test_ray.py."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

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
    """No module of paixing imports Ray when it is imported: only inside the functions of a run
    that asks for it (so the plain install, without the extra, imports everything)."""
    root = Path(__file__).resolve().parent.parent

    def eager(node: ast.AST) -> list[int]:
        """Lines importing ray outside any function body."""
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return []
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        here = [node.lineno] if any(n == "ray" or n.startswith("ray.") for n in names) else []  # type: ignore[attr-defined]
        return here + [line for child in ast.iter_child_nodes(node) for line in eager(child)]

    found = {str(p.relative_to(root)): eager(ast.parse(p.read_text(encoding="utf-8"))) for p in (root / "engine").rglob("*.py")}
    assert {k: v for k, v in found.items() if v} == {}
    lazy = ast.parse((root / "engine" / "runs" / "ray_pool.py").read_text(encoding="utf-8"))
    assert any(isinstance(n, ast.Import) and n.names[0].name == "ray" for n in ast.walk(lazy))  # it is there, lazily


def test_sessions_refuse_a_ruleset_for_workers() -> None:
    from paixing.hands.cache import ruleset
    from paixing.runs.ray_pool import RayCluster
    from paixing.runs.simulate import simulate_sessions

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
