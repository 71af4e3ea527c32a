"""The command line's start-up work (docs/performance.md, "Start-up"): ``main`` imports only the
module of its command, and ``moves`` streams plain lines where a table would not be read."""

from __future__ import annotations

import io
import pkgutil
import sys
from importlib import import_module
from types import ModuleType

import paixing.cli as cli
import pytest
import typer
from paixing.cli.cards import TABLE_LIMIT, print_plays
from paixing.cli.direct import plain_call
from paixing.hands.cache import ruleset
from paixing.hands.examples import plays_against
from typer.main import get_command_name
from typer.testing import CliRunner


def test_every_command_is_registered_by_the_module_commands_names() -> None:
    assert list(cli.MODULES) == sorted(set(cli.COMMANDS.values()))
    assert names(cli.register()) == cli.COMMANDS


def names(app: typer.Typer) -> dict[str, str]:
    """Each registered command's name → the module (of ``paixing.cli``) that registered it."""
    found = {}
    for c in app.registered_commands:
        assert c.callback is not None
        found[c.name or get_command_name(c.callback.__name__)] = c.callback.__module__.rsplit(".", 1)[1]
    return found


def test_help_lists_the_commands_in_module_order_whichever_ran_first() -> None:
    assert cli.main(["moves", "banzipao", "--hand", "3"]) == 0
    assert list(names(cli.register())) == list(cli.COMMANDS)


def test_moves_prints_plain_lines_when_not_a_terminal() -> None:
    result = CliRunner().invoke(cli.app, ["moves", "banzipao", "--hand", "334"])
    assert result.exit_code == 0
    assert result.stdout == (
        "334 on a free lead\n"
        "1\tsingle\t单张\tSingle\t3\n"
        "2\tsingle\t单张\tSingle\t4\n"
        "3\tpair\t对子\tPair\t33\n"
        "3 legal plays on a free lead\n"
    )


def test_plain_lines_name_what_wild_cards_stand_for() -> None:
    result = CliRunner().invoke(cli.app, ["moves", "chibi-dagun", "--hand", "55 BJ", "--last", "44"])
    assert result.exit_code == 0
    assert result.stdout == (
        "55 BJ on 44\n"
        "1\tpair\t对子\tPair\t5 BJ\t55\n"
        "2\tpair\t对子\tPair\t55\n"
        "2 legal plays on 44\n"
    )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_table_up_to_the_limit_then_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = ruleset("doudizhu")
    few = plays_against(rs, "334", None)
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    print_plays(few, "334 on a free lead")
    assert "┏━━━┳" in screen.getvalue() and "│ 3 │ pair   │ 对子 │ Pair │ 33    │    │" in screen.getvalue()
    many = plays_against(rs, "3333 4444 5555 6666 7777 BJ RJ", None)
    assert len(many) > TABLE_LIMIT
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    print_plays(many, "title")
    lines = screen.getvalue().splitlines()
    assert lines[0] == "title" and len(lines) == len(many) + 1
    assert lines[-1].startswith(f"{len(many)}\t")


PLAIN_CALLS = [
    ["moves", "banzipao", "--hand", "334"],
    ["moves", "--hand=334", "banzipao", "--json"],
    ["moves", "doudizhu", "--hand", "555 6 BJ RJ", "--last", "4443"],
    ["moves", "doudizhu", "--hand", "3333 4444 5555 6666 7777 BJ RJ", "--limit", "3"],
    ["moves", "doudizhu", "--hand", "3333 4444 5555 6666 7777 BJ RJ", "--limit=0", "--json"],
    ["moves", "doudizhu", "--hand", "555", "--last", "45"],
    ["moves", "banzipao", "--hand", "33 BJ"],
    ["moves", "banzipao", "--hand", "3X"],
    ["moves", "no-such-game", "--hand", "33"],
    ["moves", "chibi-dagun", "--hand", "55 BJ", "--last", "44", "--first-play", "--next-left", "1"],
    ["classify", "chibi-dagun", "333", "BJ"],
    ["classify", "doudizhu", "34", "--json"],
    ["beats", "doudizhu", "3333", "BJ RJ"],
    ["beats", "--json", "banzipao", "55667788", "JJQQKK"],
]


@pytest.mark.parametrize("argv", PLAIN_CALLS, ids=" ".join)
def test_a_plain_call_runs_directly_as_typer_would_run_it(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    fn = next(c.callback for c in cli.register(argv[0]).registered_commands if c.name == argv[0])
    assert fn is not None and plain_call(fn, argv[1:]) is not None
    code = cli.main(argv)
    direct = capsys.readouterr()
    typer_run = CliRunner().invoke(cli.app, argv)
    assert (code, direct.out, direct.err) == (typer_run.exit_code, typer_run.stdout, typer_run.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["banzipao"],  # --hand missing: typer says so
        ["banzipao", "--hand", "334", "--hand", "33"],
        ["banzipao", "--hand", "334", "--limit", "-1"],
        ["banzipao", "--hand", "334", "--limit", "x"],
        ["banzipao", "--hand", "334", "--limit"],
        ["banzipao", "--hand", "334", "--json=1"],
        ["banzipao", "--hand", "334", "-h"],
        ["banzipao", "--hand", "334", "--help"],
        ["banzipao", "--hand", "334", "--nope"],
        ["banzipao", "extra", "--hand", "334"],
        ["--", "banzipao", "--hand", "334"],
        ["banzipao", "--hand", "-3"],
    ],
)
def test_anything_but_a_plain_call_is_left_to_typer(args: list[str]) -> None:
    from paixing.cli.cards import moves_cmd

    assert plain_call(moves_cmd, args) is None


@pytest.mark.parametrize("package", ["paixing", "paixing.rules", "paixing.game"])
def test_no_lazy_public_name_is_also_a_module_name(package: str) -> None:
    """A package whose names are imported on first use (``paixing.rules.lazy``) must not name
    one like a module of its own: importing that module would set the package's attribute to
    the module (as ``paixing.hands.classify`` is both), and the name would read as the module."""
    pkg = import_module(package)
    modules = {m.name for m in pkgutil.iter_modules(pkg.__path__)}
    assert not modules & set(pkg.__all__)
    assert all(not isinstance(getattr(pkg, name), ModuleType) for name in pkg.__all__)
