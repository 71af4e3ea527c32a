"""docs/play.md's match transcript (levels, the wild card, status, tracker and hint at the table)
is what the terminal prints."""

from __future__ import annotations

import io
import re
from pathlib import Path

from paixing.terminal import play
from rich.console import Console

DOC = Path(__file__).resolve().parents[2] / "docs" / "play.md"


def guandan_second_hand() -> str:
    """`paixing play guandan --seed 1` at 100 columns: option #1 through the first hand, then
    ``status``, ``tracker``, ``hint`` and ``#1``; from the second hand's banner on."""
    buf = io.StringIO()
    rest = ["status", "tracker", "hint", "#1"]

    def read(prompt: str) -> str:
        if "══ Hand 2" not in buf.getvalue():
            return "#1"
        if rest:
            return rest.pop(0)
        raise EOFError

    play("guandan", seed=1, input_fn=read, console=Console(file=buf, width=100, highlight=False, color_system=None))
    out = "\n".join(line.rstrip() for line in buf.getvalue().splitlines())
    return out[out.index("══ Hand 2") :]


def test_the_match_transcript_is_a_real_run() -> None:
    doc = DOC.read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```console\n(.*?)```", doc, re.S) if b.startswith("══ Hand 2"))
    assert block.rstrip("\n") == guandan_second_hand()
