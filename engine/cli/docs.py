"""The parts of docs/cli.md that are command output, regenerated from the commands themselves.

A hand-written list of the built-in variants fell behind the files (it named 4 of 7); the
blocks below are now written by running the command, and ``tests/test_cli.py`` checks that
the committed page still matches. After adding a variant or changing a listed command:

    python -m paixing.cli.docs docs/cli.md
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

GENERATED = (
    "paixing variants",
    "paixing variants --json",
    "paixing beats banzipao 55667788 JJQQKK --json",
    'paixing beats chibi-dagun "333 BJ" 2222 --json',
    'paixing beats doudizhu 3333 "BJ RJ"',
)
"""Commands whose ```` ```console ```` block in docs/cli.md is their real output."""


def command_output(command: str) -> str:
    """What ``command`` prints (stdout), run in-process at the width the docs use (120 columns)."""
    from typer.testing import CliRunner

    from . import app

    result = CliRunner().invoke(app, shlex.split(command)[1:], env={"COLUMNS": "120"}, terminal_width=120)
    if result.exit_code != 0:
        raise RuntimeError(f"{command} exited {result.exit_code}: {result.output}")
    return "\n".join(line.rstrip() for line in result.stdout.splitlines()) + "\n"


def refresh(text: str) -> str:
    """``text`` with each ``$ command`` console block of ``GENERATED`` replaced by its output."""
    for command in GENERATED:
        pattern = re.compile(rf"(```console\n\$ {re.escape(command)}\n)(.*?)(```)", re.S)
        if not pattern.search(text):
            raise ValueError(f"no ```console block for '$ {command}'")
        output = command_output(command)
        text = pattern.sub(lambda m, out=output: m.group(1) + out + m.group(3), text)  # type: ignore[misc]
    return text


def main(argv: list[str]) -> int:
    """Rewrite each file named in ``argv`` (default docs/cli.md) in place; 0 when done."""
    for name in argv or ["docs/cli.md"]:
        path = Path(name)
        path.write_text(refresh(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
