"""Issue 23 items 14 and 19 (reading files): ``paixing replay`` on many files and folders, and
what ``replay`` and ``show`` agree to read.

Each test reproduced the fault first: a missing file among many was reported after every other
file was replayed (exit 2, no summary line); an arena folder failed on its ``arena.json``;
``/dev/zero`` was read whole (MemoryError) and a FIFO blocked for ever."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from paixing.cli import main
from paixing.runs import replay as replay_module


def _out(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    got = capsys.readouterr()
    return got.out, got.err


def test_a_missing_file_among_many_is_said_before_replaying(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "records"
    assert main(["simulate", "banzipao", "--games", "2", "--out", str(records), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", str(records), str(tmp_path / "more.jsonl")]) == 2
    out, err = _out(capsys)
    assert out == ""
    assert err == f"cannot read {tmp_path / 'more.jsonl'}: No such file or directory\n"


def test_many_files_end_with_a_summary_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "records"
    assert main(["simulate", "banzipao", "--games", "2", "--out", str(records), "--json"]) == 0
    (records / "zz.json").write_text("{not json", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(records)]) == 2
    lines = _out(capsys)[0].splitlines()
    assert lines[-2] == f"{records / 'zz.json'}: not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    assert lines[-1] == "2 records in 3 files: 2 ok, 0 refused, 1 file not read"
    (records / "zz.json").unlink()
    assert main(["replay", str(records)]) == 0
    assert _out(capsys)[0].splitlines()[-1] == "2 records in 2 files: 2 ok, 0 refused"


def test_an_arena_folder_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "paodekuai", "--agents", "random,greedy,greedy", "--hands", "1", "--out", str(out), "--json"]) == 0
    assert (out / "arena.json").is_file()
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    lines = _out(capsys)[0].splitlines()
    assert lines[-1] == "3 records in 3 files: 3 ok, 0 refused"
    assert not any("arena.json" in line for line in lines)


@pytest.mark.parametrize("command", ["replay", "show"])
def test_a_device_is_refused_not_read(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "/dev/zero"]) == 2
    assert _out(capsys)[1] == "cannot read /dev/zero: not a regular file\n"


@pytest.mark.parametrize("command", ["replay", "show"])
def test_a_fifo_is_refused_without_blocking(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert main([command, str(fifo)]) == 2
    assert _out(capsys)[1] == f"cannot read {fifo}: not a regular file\n"


def test_a_file_over_the_cap_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"variant": "banzipao", "actions": ["x" * 200], "result": None}), encoding="utf-8")
    monkeypatch.setattr(replay_module, "MAX_FILE_BYTES", 100)
    size = big.stat().st_size
    assert main(["replay", str(big)]) == 2
    assert _out(capsys)[1] == f"cannot read {big}: {size:,} bytes, more than 100 (split it)\n"
