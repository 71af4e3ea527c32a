"""``python -m paixing.rulebook OUTDIR [--check]``: write every built-in variant's books into
OUTDIR, or with ``--check`` only report the ones that differ from a fresh render (exit 1)."""

import sys

from .render import main

sys.exit(main())
