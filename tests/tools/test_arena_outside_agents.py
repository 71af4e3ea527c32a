"""Issue 23 item 16: the arena waited for ever on an outside agent.

An agent that never answers, answers without a newline or stops reading hung the run, and
Ctrl-C did not stop it; lines an agent wrote ahead were taken as later answers. Each agent
here is the exact program that hung (or misled) the arena before; now each run ends within
``--timeout`` with one line naming the agent, exit 1."""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest
from paixing.arena import arena, parse_agent
from paixing.cli import main
from paixing.conformance.harness.pipe import Child, PipeTimeout

HEAD = "import json, sys, time\n"
SILENT = HEAD + "for line in sys.stdin:\n    pass\n"
NO_NEWLINE = HEAD + (
    "for line in sys.stdin:\n"
    "    if json.loads(line)['type'] == 'act':\n"
    "        sys.stdout.write(json.dumps({'action': 0})); sys.stdout.flush()\n"
)
DEAF = HEAD + "time.sleep(600)\n"
AHEAD = HEAD + (
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'act':\n"
    "        legal = m['legal']\n"
    "        sys.stdout.write(json.dumps({'action': 0}) + '\\n' + json.dumps({'action': 999}) + '\\n'); sys.stdout.flush()\n"
)
TURNS = HEAD + (
    "n = 0\n"
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'act':\n"
    "        n += 1\n"
    "        assert m['turn'] == n, (m['turn'], n)\n"
    "        print(json.dumps({'action': 999, 'turn': n - 1}))\n"  # an answer to an earlier turn: skipped
    "        print(json.dumps({'action': 0, 'turn': n}), flush=True)\n"
)
SPAWNS = HEAD + (
    "import subprocess\n"
    "p = subprocess.Popen(['sleep', '600'])\n"
    "open(sys.argv[1], 'w').write(str(p.pid))\n"
    "for line in sys.stdin:\n    pass\n"
)


def _agent(tmp_path: Path, body: str, *args: str) -> str:
    path = tmp_path / "agent.py"
    path.write_text(body, encoding="utf-8")
    return " ".join(["exec:" + sys.executable, str(path), *args])


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(("body", "what"), [(SILENT, "to answer"), (NO_NEWLINE, "to answer"), (DEAF, "to answer")])
def test_an_agent_that_does_not_answer_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, what: str
) -> None:
    spec = _agent(tmp_path, body)
    started = time.monotonic()
    assert main(["arena", "doudizhu", "--agents", f"{spec},greedy,greedy", "--hands", "1", "--timeout", "1", "--json"]) == 1
    assert time.monotonic() - started < 30
    line = _one_line(capsys)
    assert re.fullmatch(
        rf"agent '{re.escape(spec)}' at seat \d \(deal 0, seating 0\): waited 1 s for the program {what} \(--timeout\)", line
    ), line


def test_a_write_to_an_agent_that_stopped_reading_times_out() -> None:
    """The arena's write used to block for ever once the program's input pipe was full."""
    child = Child([sys.executable, "-c", "import time; time.sleep(600)"], 1 << 20)
    try:
        started = time.monotonic()
        with pytest.raises(PipeTimeout):
            child.write(b"x" * (4 << 20), time.monotonic() + 1)
        assert time.monotonic() - started < 10
    finally:
        child.end(0)
    assert child.proc.returncode is not None


def test_lines_written_ahead_are_not_taken_as_later_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _agent(tmp_path, AHEAD)
    assert main(["arena", "doudizhu", "--agents", f"{spec},greedy,greedy", "--hands", "1", "--json"]) == 0, capsys.readouterr().err


def test_acts_are_numbered_and_stale_turns_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _agent(tmp_path, TURNS)
    assert main(["arena", "doudizhu", "--agents", f"{spec},greedy,greedy", "--hands", "1", "--json"]) == 0, capsys.readouterr().err


def test_a_stop_is_not_kept_waiting_by_an_agent(tmp_path: Path) -> None:
    """Ctrl-C (the stop flag) ends a run whose agent never answers, long before its timeout."""
    spec = parse_agent(_agent(tmp_path, SILENT), timeout=300)
    stop = threading.Event()
    threading.Timer(1.0, stop.set).start()
    started = time.monotonic()
    result = arena("doudizhu", [spec, parse_agent("greedy")], 2, stop=stop)
    assert time.monotonic() - started < 20
    assert result.stopped and result.deals == 0 and result.hands == []


def test_what_an_agent_started_is_killed_with_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pid_file = tmp_path / "pid"
    spec = _agent(tmp_path, SPAWNS, str(pid_file))
    assert main(["arena", "doudizhu", "--agents", f"{spec},greedy,greedy", "--hands", "1", "--timeout", "1", "--json"]) == 1
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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--timeout", "0"], "--timeout must be more than 0 and at most 86400 seconds"),
        (["--agents", "exec:'unclosed,greedy"], "--agents: agent \"exec:'unclosed\": cannot split the command: No closing quotation"),
    ],
)
def test_bad_timeout_or_command_is_usage(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "doudizhu", "--hands", "1", *args]) == 2
    assert _one_line(capsys) == message
