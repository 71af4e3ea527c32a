"""A terminal that cannot encode Chinese or suit symbols gets '?' and one note, never a
``UnicodeEncodeError`` traceback; JSON stays exact with escapes (issue 10, "non-UTF-8 terminal")."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def _paixing(*args: str) -> subprocess.CompletedProcess[bytes]:
    code = "import sys; from paixing.cli import main; sys.exit(main(sys.argv[1:]))"
    env = dict(os.environ, PYTHONIOENCODING="latin-1")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, env=env, timeout=120, check=False)


def test_latin1_terminal_lists_variants() -> None:
    done = _paixing("variants")
    assert done.returncode == 0
    assert b"Traceback" not in done.stderr
    assert b"cannot show Chinese" in done.stderr
    assert b"banzipao" in done.stdout


def test_latin1_terminal_json_is_exact() -> None:
    done = _paixing("variants", "--json")
    assert done.returncode == 0
    data = json.loads(done.stdout.decode("latin-1"))
    assert any(v["name"]["zh"] == "板子炮" for v in data["variants"])
