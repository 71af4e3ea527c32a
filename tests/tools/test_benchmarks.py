"""The benchmarks' evidence stays honest: README's speed table is what the committed JSON says,
the result file keeps every script's section, and each script runs (slow: tiny sizes).

The timings themselves are never asserted (the machine is shared); what is asserted is that
the tables are rendered from the measured file, never typed by hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

BENCH = ROOT / "benchmarks"
sys.path.insert(0, str(BENCH))

import readme_table  # noqa: E402
import results  # noqa: E402


def test_readme_speed_block_is_rendered_from_the_committed_json() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme_table.render(results.load(results.DEFAULT_PATH))
    assert readme_table.current_block(text) == block, "run: python benchmarks/readme_table.py"


def test_docs_blocks_are_rendered_from_the_committed_json() -> None:
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    data = results.load(results.DEFAULT_PATH)
    rt = readme_table
    assert rt.current_block(text, rt.SCALING_BEGIN, rt.SCALING_END) == rt.scaling_render(data)
    assert rt.current_block(text, rt.MOVES_BEGIN, rt.MOVES_END) == rt.moves_render(data)


def test_committed_json_has_every_section_the_readme_and_docs_read() -> None:
    sections = results.load(results.DEFAULT_PATH)["sections"]
    assert {"movegen", "games", "scaling"} <= set(sections)
    keys = {r["key"] for r in sections["movegen"]["rows"]}
    assert {"lead20", "lead17", "resp17", "resp20"} <= keys
    for name in ("movegen", "games", "scaling"):
        meta = sections[name]["meta"]
        assert meta["gc"] is True and meta["python"] and meta["load_before"] and meta["date"]
    peers = {i["name"] for r in sections["movegen"]["rows"] if r["key"] == "lead20" for i in r["impls"]}
    assert {"paixing", "paixing cards picked", "RLCard", "DouZero", "OpenSpiel"} <= peers


def test_merge_section_keeps_the_other_sections(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    results.merge_section("games", {"rows": [1]}, path=path)
    results.merge_section("movegen", {"rows": [2]}, path=path)
    results.merge_section("games", {"rows": [3]}, path=path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == results.FORMAT
    assert data["sections"]["games"]["rows"] == [3]
    assert data["sections"]["movegen"]["rows"] == [2]
    assert set(data["sections"]["games"]["meta"]) >= {"date", "machine", "python", "load_before", "load_after", "gc"}


def test_a_foreign_file_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"something": "else"}', encoding="utf-8")
    with pytest.raises(ValueError, match="not a paixing-bench/1 result file"):
        results.merge_section("games", {}, path=path)
    assert path.read_text(encoding="utf-8") == '{"something": "else"}'


def test_replace_block_touches_only_the_block() -> None:
    text = f"before\n{readme_table.BEGIN}\nold\n{readme_table.END}\nafter\n"
    new = readme_table.replace_block(text, "| a |\n")
    assert new == f"before\n{readme_table.BEGIN}\n| a |\n{readme_table.END}\nafter\n"
    assert readme_table.current_block(new) == "| a |\n"


def _run(script: str, *args: str, tmp_path: Path) -> str:
    out = subprocess.run([sys.executable, str(BENCH / script), *args, "--json", str(tmp_path / "r.json")],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.slow
def test_movegen_runs_small(tmp_path: Path) -> None:
    out = _run("movegen.py", "--states", "2", "--repeat", "1", "--only", "doudizhu,chibi", tmp_path=tmp_path)
    assert "garbage collector ON" in out and "OpenSpiel" in out and "cards picked" in out
    rows = results.load(tmp_path / "r.json")["sections"]["movegen"]["rows"]
    assert [r["key"] for r in rows][:4] == ["lead20", "lead17", "resp17", "resp20"]


@pytest.mark.slow
def test_games_runs_small(tmp_path: Path) -> None:
    _run("games.py", "--games", "2", "--rlcard-games", "2", "--env-games", "1", "--douzero-games", "3",
         "--openspiel-games", "2", "--rounds", "1", "--variants", "doudizhu", tmp_path=tmp_path)
    names = {r["name"] for r in results.load(tmp_path / "r.json")["sections"]["games"]["rows"]}
    assert {"doudizhu", "RLCard DoudizhuGame loop", "OpenSpiel dou_dizhu, Python loop"} <= names


@pytest.mark.slow
def test_scaling_runs_small(tmp_path: Path) -> None:
    _run("scaling.py", "--states", "1", "--repeat", "1", "--sizes", "5", "--no-memory", tmp_path=tmp_path)
    cells = results.load(tmp_path / "r.json")["sections"]["scaling"]["cells"]
    assert {(c["variant"], c["jokers"]) for c in cells} == {("chibi-dagun", j) for j in range(5)} | {("doudizhu", j) for j in range(3)}


@pytest.mark.slow
def test_readme_table_check_says_when_out_of_date(tmp_path: Path) -> None:
    readme, docs = tmp_path / "README.md", tmp_path / "performance.md"
    readme.write_text(f"x\n{readme_table.BEGIN}\nstale\n{readme_table.END}\n", encoding="utf-8")
    docs.write_text(f"{readme_table.MOVES_BEGIN}\n{readme_table.MOVES_END}\n"
                    f"{readme_table.SCALING_BEGIN}\n{readme_table.SCALING_END}\ny\n", encoding="utf-8")
    args = [sys.executable, str(BENCH / "readme_table.py"), "--readme", str(readme), "--docs", str(docs)]
    assert subprocess.run([*args, "--check"], capture_output=True).returncode == 1
    assert subprocess.run(args, capture_output=True).returncode == 0
    assert subprocess.run([*args, "--check"], capture_output=True).returncode == 0
