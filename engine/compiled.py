"""``python -m paixing.compiled``: which core is active, and which modules run compiled.

The report itself lives in ``paixing._core.report`` (beside the finder that ``PAIXING_PURE=1``
installs); this module is the command, kept at this name because CI and the README run it.
"""

from __future__ import annotations

import sys

from paixing._core.finder import PURE_ENV
from paixing._core.report import compiled_modules, describe, stale_modules
from paixing.cli.pipes import quiet_stdout

__all__ = ["compiled_modules", "describe", "main", "stale_modules"]


def main() -> int:
    try:
        print(describe())
        for name in compiled_modules():
            print(f"  {name}")
        for name in stale_modules():
            print(f"warning: {name} is older than its source: rebuild, or set {PURE_ENV}=1")
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()  # ``python -m paixing.compiled | head -1``: no traceback at exit
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
