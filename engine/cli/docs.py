"""The parts of docs/cli.md that are command output, regenerated from the commands themselves.

A hand-written list of the built-in variants fell behind the files (it named 4 of 7); the
blocks fenced ``FENCE`` are now written by running their command, and ``tests/tools/test_cli.py`` checks that
the committed page still matches. After adding a variant or changing a listed command:

    python -m paixing.cli.docs docs/cli.md
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

FENCE = "```console generated"
"""The fence that marks a block as a command's real output: its first line is ``$ paixing …``
(Markdown renderers read the info string's first word, so it still shows as ``console``)."""


def command_output(command: str) -> str:
    """What ``command`` prints (stdout), run in-process at the width the docs use (120 columns)."""
    from typer.testing import CliRunner

    from . import app

    result = CliRunner().invoke(app, shlex.split(command)[1:], env={"COLUMNS": "120"}, terminal_width=120)
    if result.exit_code != 0:
        raise RuntimeError(f"{command} exited {result.exit_code}: {result.output}")
    return "\n".join(line.rstrip() for line in result.stdout.splitlines()) + "\n"


def refresh(text: str) -> str:
    """``text`` with every generated console block (``FENCE``) replaced by its command's output."""
    pattern = re.compile(rf"({re.escape(FENCE)}\n\$ (paixing [^\n]*)\n)(.*?)(```)", re.S)

    def output(m: re.Match[str]) -> str:
        return m.group(1) + command_output(m.group(2)) + m.group(4)

    return pattern.sub(output, text)


def main(argv: list[str]) -> int:
    """Rewrite each file named in ``argv`` (default docs/cli.md) in place; 0 when done."""
    for name in argv or ["docs/cli.md"]:
        path = Path(name)
        path.write_text(refresh(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
