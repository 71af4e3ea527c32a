"""The ``paixing`` console script (and ``python -m paixing``): the command line behind a Ctrl-C
guard that covers its own start-up.

Loading the command line (typer, rich, the command's module) takes a noticeable part of a
second; a Ctrl-C in that time used to end in a ``KeyboardInterrupt`` traceback, because the
console script imported ``paixing.cli`` before any of its code could catch it. Here the import
is inside the guard: a Ctrl-C before the command runs prints one line and exits as the command
would have on a Ctrl-C (``INTERRUPTED``: ``play`` abandons its hand, exit 1; any other command
exits 130, the shell's code for an interrupt). Once a command runs it handles Ctrl-C itself.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

INTERRUPTED: dict[str, tuple[str, int]] = {"play": ("Interrupted: the hand is abandoned.", 1)}
"""The line and exit code of a Ctrl-C before a command runs, by command (the same as the
command's own on a Ctrl-C); ``DEFAULT_INTERRUPTED`` for the others."""
DEFAULT_INTERRUPTED = ("Interrupted.", 130)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``paixing.cli.main``); a Ctrl-C while it loads is one line."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        from paixing.cli import main as run

        return run(args)
    except KeyboardInterrupt:
        command = next((a for a in args if not a.startswith("-")), "")
        line, code = INTERRUPTED.get(command, DEFAULT_INTERRUPTED)
        print(line, file=sys.stderr)
        return code


if __name__ == "__main__":
    sys.exit(main())
