"""docs/cli.md names every built-in variant and the errors as the CLI writes them (issue 23.13:
it listed 4 built-ins of 17, an old error message, and exit 2 for a missing file where
``validate`` and ``check`` give 1)."""

from __future__ import annotations

import re
from pathlib import Path

from paixing.cli import app
from paixing.rules.loader import builtin_ids
from typer.testing import CliRunner

from tests.helpers import DOCS

CLI_MD = DOCS / "cli.md"


def test_the_variant_paragraph_lists_exactly_the_builtins() -> None:
    text = CLI_MD.read_text(encoding="utf-8")
    paragraph = text[text.index("**VARIANT** is") :].split("\n\n")[0]
    listed = re.findall(r"`([a-z0-9-]+)`", paragraph.split("names):", 1)[1])
    result = CliRunner().invoke(app, ["variants", "--json"])
    assert result.exit_code == 0
    ids = [v["id"] for v in __import__("json").loads(result.stdout)["variants"]]
    assert listed == ids == builtin_ids()


def test_the_unknown_variant_message_is_the_real_one() -> None:
    result = CliRunner().invoke(app, ["classify", "banzipa", "3"])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith("unknown variant 'banzipa'")
    assert f"$ paixing classify banzipa 3\n{line}\n$ echo $?\n2\n" in CLI_MD.read_text(encoding="utf-8")


def test_a_missing_file_exits_as_the_table_says(tmp_path: Path) -> None:
    missing = str(tmp_path / "nothere.yaml")
    for args, code in ((["validate", missing], 1), (["check", missing], 1), (["classify", missing, "3"], 2), (["rulebook", missing], 2)):
        assert CliRunner().invoke(app, args).exit_code == code, args
    text = CLI_MD.read_text(encoding="utf-8")
    assert "`validate` and `check` also report a file that does not exist this way" in text
    assert "a VARIANT path that does not exist (every command but `validate` and `check`)" in text
