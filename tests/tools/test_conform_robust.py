"""Issue 23 item 17: ``paixing conform`` and what it trusts.

Each case reproduced a traceback or a hang first: a ``--cmd`` shlex cannot split (or an empty
one); a ``--cases`` file with a wrong header or case (ValueError, OverflowError, TypeError,
KeyError, RecursionError from deep inside the harness); an answer of deeply nested JSON or a
5,000-digit integer; an unbounded answer line and stderr; processes the program started left
running; terminal escapes from the program reaching the terminal raw."""

from __future__ import annotations

import copy
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from paixing.cli import main
from paixing.conformance.harness import process, run
from paixing.conformance.harness.pipe import TAIL_BYTES
from paixing.conformance.vectors import dumps, vectors
from paixing.conformance.vectors.check import case_problem, header_problem

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "conformance.schema.json").read_text(encoding="utf-8"))


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def _script(tmp_path: Path, body: str) -> str:
    path = tmp_path / "program.py"
    path.write_text(body, encoding="utf-8")
    return f'"{sys.executable}" "{path}"'


@pytest.mark.parametrize(
    ("cmd", "message"),
    [("'unclosed", "--cmd: cannot split \"'unclosed\": No closing quotation"), ("", "--cmd: no program given"),
     ("   ", "--cmd: no program given")],
)
def test_a_command_that_names_no_program_is_usage(cmd: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "banzipao", "--ops", "classify", "--cmd", cmd]) == 2
    assert _one_line(capsys) == message


# ------------------------------------------------------------------------------ --cases FILE

HEADER = {"format": "paixing-vectors/1", "variant": "banzipao", "seed": 0, "random": 0, "cases": 1, "unreached_rows": []}
CLASSIFY = {
    "id": "banzipao:1", "op": "classify", "cards": "3D",
    "expect": {"plays": [{"type": "single", "name": {"zh": "单张", "en": "Single"}, "cards": "3D"}]},
    "rule": {"hand_types": ["single"], "rungs": {"single": [0]}, "notes": {}}, "why": "single",
}


def _edit(row: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(row)
    here = out
    for key in path[:-1]:
        here = here[key]
    if value is DROP:
        del here[path[-1]]
    else:
        here[path[-1]] = value
    return out


DROP = object()
BAD_LINES = [
    # (line number, header, case, message after FILE:LINE:)
    (1, _edit(HEADER, ("seed",), "x"), CLASSIFY, "not a vectors header: seed: expected an integer"),
    (1, _edit(HEADER, ("seed",), 1e999), CLASSIFY, "not a vectors header: seed: expected an integer"),
    (1, _edit(HEADER, ("unreached_rows",), [{"row": 1}]), CLASSIFY, 'not a vectors header: unreached_rows: expected a list of {"contract", "row"}'),
    (1, _edit(HEADER, ("format",), "paixing-vectors/0"), CLASSIFY, "the first line must be a header with format 'paixing-vectors/1'"),
    (2, HEADER, _edit(CLASSIFY, ("expect",), DROP), "not a classify case: it has no 'expect'"),
    (2, HEADER, _edit(CLASSIFY, ("expect", "plays"), 5), 'not a classify case: expect: expected {"plays": [{"type", "cards", "as"?}]} with cards in card notation'),
    (2, HEADER, _edit(CLASSIFY, ("expect", "plays", 0, "cards"), "ZZ"), 'not a classify case: expect: expected {"plays": [{"type", "cards", "as"?}]} with cards in card notation'),
    (2, HEADER, _edit(CLASSIFY, ("rule",), {"contract": "x", "row": 0}), 'not a classify case: rule: expected {"hand_types", "rungs", "notes"}'),
    (2, HEADER, _edit(CLASSIFY, ("op",), "deal"), "not a case: op: expected one of classify, beats, moves, score"),
    (2, HEADER, _edit(CLASSIFY, ("extra",), 1), "not a classify case: unknown field 'extra'"),
    (2, HEADER, _edit(CLASSIFY, ("cards",), 5), "not a classify case: cards: expected cards in card notation (a string)"),
    (2, HEADER, [CLASSIFY], "not a case (a JSON object)"),
]


@pytest.mark.parametrize(("number", "header", "case", "message"), BAD_LINES)
def test_a_bad_cases_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], number: int, header: Any, case: Any, message: str
) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(header) + "\n" + json.dumps(case) + "\n", encoding="utf-8")
    assert main(["conform", "banzipao", "--cases", str(path), "--cmd", "true"]) == 2
    assert _one_line(capsys) == f"{path}:{number}: {message}"
    if number == 1 and isinstance(header, dict) and header.get("format") == "paixing-vectors/1":
        assert _invalid(header), "the schema refuses it too"
    if number == 2 and "ZZ" not in json.dumps(case):  # cards that do not parse: beyond the schema
        assert _invalid(case), "the schema refuses it too"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "not JSON: nested too deeply"),
        ('{"seed": ' + "9" * 5000 + "}", "not JSON: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit"),
    ],
)
def test_a_cases_line_that_breaks_the_json_reader(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(HEADER) + "\n" + text + "\n", encoding="utf-8")
    assert main(["conform", "banzipao", "--cases", str(path), "--cmd", "true"]) == 2
    assert _one_line(capsys) == f"{path}:2: {message}"


def test_cases_of_another_variant_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(HEADER) + "\n" + json.dumps(CLASSIFY) + "\n", encoding="utf-8")
    assert main(["conform", "doudizhu", "--cases", str(path), "--cmd", "true"]) == 2
    assert _one_line(capsys) == f"{path}:1: the cases are of 'banzipao', not of 'doudizhu'"


def _invalid(row: Any) -> bool:
    return not jsonschema.Draft202012Validator(SCHEMA).is_valid(row)


def test_the_checker_and_the_schema_agree_on_generated_files() -> None:
    """Every line paixing writes passes the checker (tests/test_vectors.py validates them with
    the schema); for a few cases of each op, each one-field change that the schema refuses,
    the checker refuses too."""
    for variant in ("banzipao", "doudizhu-laizi"):
        v = vectors(variant, random=3, max_games=20)
        head, *cases = [json.loads(line) for line in dumps(v).splitlines()]
        assert header_problem(head) is None and not _invalid(head)
        assert [case_problem(case) for case in cases] == [None] * len(cases)
        for op in ("classify", "beats", "moves", "score"):
            for case in [c for c in cases if c["op"] == op][:2]:
                for key in case:
                    for value in (None, 5, "x", [], {}):
                        changed = {**case, key: value}
                        if _invalid(changed):
                            assert case_problem(changed) is not None, (key, value, case["op"])


# ------------------------------------------------------------------------------ the program

NESTED = """
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    sys.stdout.write('{"id": ' + json.dumps(req["id"]) + ', "plays": ' + '[' * 50000 + ']' * 50000 + '}\\n')
    sys.stdout.flush()
"""
DIGITS = """
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    sys.stdout.write('{"id": ' + json.dumps(req["id"]) + ', "beats": ' + '9' * 5000 + '}\\n')
    sys.stdout.flush()
"""
DEEP = """
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    sys.stdout.write('{"id": ' + json.dumps(req["id"]) + ', "plays": ' + '[' * 500 + ']' * 500 + '}\\n')
    sys.stdout.flush()
"""


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (NESTED, "not JSON (nested too deeply): "),
        (DIGITS, "not JSON (Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit): "),
        (DEEP, "nested more than 32 deep: "),
    ],
)
def test_answers_that_break_the_json_reader_are_malformed(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, detail: str) -> None:
    assert main(["conform", "banzipao", "--ops", "classify", "--cmd", _script(tmp_path, body), "--json", "--show", "1"]) == 1
    report = json.loads(capsys.readouterr().out)
    first = report["disagreements"][0]
    assert first["status"] == "malformed" and first["detail"].startswith(detail), first["detail"][:300]
    assert report["passed"] == 0


LONG = """
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    sys.stdout.write('{"id": ' + json.dumps(req["id"]) + ', "error": "' + 'x' * 5_000_000 + '"}\\n')
    sys.stdout.flush()
"""
ENDLESS = """
import sys, time
sys.stdin.readline()
sys.stdout.write('x' * 5_000_000)
sys.stdout.flush()
time.sleep(600)
"""


@pytest.mark.parametrize("body", [LONG, ENDLESS])
def test_a_line_longer_than_the_cap_is_malformed_and_never_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str
) -> None:
    monkeypatch.setattr(process, "MAX_LINE", 100_000)
    cases = vectors("banzipao", hands=False).cases[:1]
    started = time.monotonic()
    report = run(cases, _script(tmp_path, body), "banzipao", timeout=20)
    assert time.monotonic() - started < 15
    (result,) = report.results
    assert (result.status, result.detail) == ("malformed", "an answer line longer than 100,000 bytes")


STDERR = """
import sys
sys.stdin.readline()
sys.stderr.write('y' * 3_000_000 + '\\x1b]0;pwn\\x07 last words')
sys.stderr.flush()
"""


def test_stderr_is_kept_bounded_and_escaped(tmp_path: Path) -> None:
    cases = vectors("banzipao", hands=False).cases[:1]
    report = run(cases, _script(tmp_path, STDERR), "banzipao", timeout=20)
    (result,) = report.results
    assert result.status == "crash"
    assert result.detail.startswith("the program exited (exit code 0); stderr: yyy")
    assert result.detail.endswith("\\x1b]0;pwn\\x07 last words")
    assert len(result.detail) < TAIL_BYTES + 200


ESCAPES = """
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    print('\\x1b]0;pwn\\x07\\x9b2J not json', flush=True)
"""


def test_malformed_lines_reach_the_terminal_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "banzipao", "--ops", "classify", "--cmd", _script(tmp_path, ESCAPES), "--show", "1"]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    assert "  not JSON (Expecting value): \\x1b]0;pwn\\x07\\x9b2J not json" in out.splitlines()


SPAWNS = """
import subprocess, sys
p = subprocess.Popen(['sleep', '600'])
open(sys.argv[1], 'w').write(str(p.pid))
for line in sys.stdin:
    pass
"""


def test_what_the_program_started_is_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    cases = vectors("banzipao", hands=False).cases[:1]
    run(cases, _script(tmp_path, SPAWNS) + f' "{pid_file}"', "banzipao", timeout=1)
    pid = int(pid_file.read_text(encoding="utf-8"))
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split()[2] == "Z")
