"""Issue 23 item 20: ``play --out PATH`` refuses a PATH it must not or cannot write, before
the deal.

Each case reproduced the fault first: with ``--overwrite`` a PATH that is a device node or a
FIFO was replaced by the record (renamed over it); a name too long for the file system was an
``OSError`` traceback (or, a little shorter, a whole hand played for a record that could not
be written)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from paixing.runs.files import RunFilesError, write_record
from paixing.terminal import play
from rich.console import Console


def _end_of_input(prompt: str) -> str:
    raise EOFError


def _play(out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    buf = io.StringIO()
    code = play("doudizhu", input_fn=_end_of_input, console=Console(file=buf, width=100), out=out, overwrite=True)
    return code, capsys.readouterr().err, buf.getvalue()


def test_a_path_that_is_not_a_regular_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert _play(fifo, capsys) == (2, f"--out: {fifo} exists and is not a regular file\n", "")
    assert fifo.is_fifo()
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    assert _play(link, capsys) == (2, f"--out: {link} exists and is not a regular file\n", "")


@pytest.mark.parametrize("length", [300, 250])
def test_a_name_too_long_is_one_line_before_the_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str], length: int) -> None:
    """300 characters: the name itself is refused; 250: the temporary file beside it is."""
    out = tmp_path / ("x" * (length - 5) + ".json")
    assert _play(out, capsys) == (2, f"--out: cannot write {out}: File name too long\n", "")


def test_write_record_never_renames_over_a_device(tmp_path: Path) -> None:
    fifo = tmp_path / "game-000000.json"
    os.mkfifo(fifo)
    with pytest.raises(RunFilesError, match="^cannot write .*game-000000.json: it is not a regular file$"):
        write_record(fifo, {"x": 1})
    assert fifo.is_fifo() and list(tmp_path.iterdir()) == [fifo]
