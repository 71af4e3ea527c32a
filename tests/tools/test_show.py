"""``paixing play --out`` and ``paixing show``: a hand played by typing is saved as a record that
``replay`` accepts; ``show`` tells it as ``play`` does (golden text), pauses trick by trick,
prints its events with ``--json``, and refuses a bad record file in one line (exit 2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from paixing.cli import app
from paixing.terminal import play, show_file
from typer.testing import CliRunner, Result

from tests.helpers import DATA, DOCS, console, feed

GOLDEN = DATA / "show"
DOUDIZHU_0 = ["bid 3", "hand", "3", "4445", "999 5", "pass", "ZZ", "6789TJ", "22", "p", "?", "#1"]
"""The lines typed in docs/play.md's 斗地主 example (seed 0): the hand ends after the last."""
BANZIPAO_17 = ["pass", "AS", "555", "pass", *["?", "#1"] * 200]
"""docs/play.md's 板子炮 example (seed 17): you call A♠, then take the first option."""

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "100"})


def played(tmp_path: Path, variant: str, seed: int, lines: list[str], name: str = "hand.json") -> Path:
    """Play a hand at the terminal with ``lines`` typed and ``--out``; the record's path."""
    out = tmp_path / name
    con, _ = console(100)
    assert play(variant, seed=seed, input_fn=feed(lines), console=con, out=out) == 0
    return out


@pytest.fixture(scope="module")
def doudizhu_0(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/play.md's 斗地主 hand, played once for the module and saved with ``--out``."""
    return played(tmp_path_factory.mktemp("records"), "doudizhu", 0, DOUDIZHU_0)


def one_error(result: Result) -> str:
    """The single stderr line of a refused record (exit 2, nothing on stdout, no traceback)."""
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_play_out_writes_a_record_replay_accepts_and_show_json_prints(doudizhu_0: Path) -> None:
    out = doudizhu_0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["variant"] == "doudizhu" and record["seed"] == 0
    assert record["players"] == ["person", "greedy", "greedy"]
    assert record["actions"] == [
        "bid 1", "bid 3", "4C 4H 4S 5D", "3D JD JC JH", "pass", "pass", "5C 6S 7S 8C 9H 10S", "pass",
        "6D 7D 8D 9D 10H JS", "BJ RJ", "pass", "pass", "QD QC QS KC", "pass", "pass", "AC",
    ]
    assert record["result"]["scores"] == [-12, 6, 6]
    replayed = runner.invoke(app, ["replay", str(out)])
    assert replayed.exit_code == 0 and replayed.stdout == "ok: scores -12 6 6\n"
    shown = run("show", str(out), "--json")
    assert shown.exit_code == 0 and shown.stderr == ""
    assert json.loads(shown.stdout) == record["events"]
    assert shown.stdout == json.dumps(record["events"], ensure_ascii=False, indent=2) + "\n"


def test_show_all_prints_the_hand_as_play_does(doudizhu_0: Path) -> None:
    out = doudizhu_0
    result = run("show", str(out), "--all")
    assert result.exit_code == 0 and result.stderr == ""
    text = "\n".join(line.rstrip() for line in result.stdout.splitlines())
    golden = (GOLDEN / "doudizhu-seed0.txt").read_text(encoding="utf-8")
    assert text.replace(str(out), "RECORD") + "\n" == golden


def test_show_without_a_terminal_prints_it_all(doudizhu_0: Path) -> None:
    """Input that is not a terminal (CliRunner's) never pauses, with or without --all."""
    out = doudizhu_0
    assert run("show", str(out)).stdout == run("show", str(out), "--all").stdout


def test_show_pauses_before_each_trick_and_q_stops(doudizhu_0: Path) -> None:
    out = doudizhu_0
    con, buf = console(100)
    assert show_file(str(out), step=True, input_fn=feed(["", "q"]), console=con) == 0
    text = buf.getvalue()
    assert "Contract: 地主 Landlord (1 against 2) — declarer You\nEnter: trick 1 · q: quit " in text
    assert "— trick 1: You lead —" in text and "— trick 2" not in text
    assert text.endswith("下家 wins the trick.\nEnter: trick 2 · q: quit ")
    con, buf = console(100)  # end of input at a pause stops too; Enter all the way shows the result
    assert show_file(str(out), step=True, input_fn=feed([]), console=con) == 0
    assert buf.getvalue().endswith("Enter: trick 1 · q: quit \n")
    con, buf = console(100)
    assert show_file(str(out), step=True, input_fn=feed([""] * 4), console=con) == 0
    assert buf.getvalue().count("Enter: trick") == 4 and "Winners: 下家, 上家." in buf.getvalue()


@pytest.fixture(scope="module")
def banzipao_17(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/play.md's 板子炮 hand (you call A♠), played once for the module with ``--out``."""
    return played(tmp_path_factory.mktemp("records"), "banzipao", 17, BANZIPAO_17)


def test_show_tells_who_holds_a_called_card(banzipao_17: Path) -> None:
    text = run("show", str(banzipao_17), "--all").stdout
    assert "You call A♠: its holder is the hidden partner until it is played.\n  上家 holds it: the hidden partner.\n" in text
    assert "  上家 (13): 3♦  4♣ 4♥  6♦ 6♥  7♣  J♥ J♠  Q♦ Q♣  K♣  A♠  2♠\n" in text


def test_show_names_the_seats_from_any_seat(banzipao_17: Path) -> None:
    from_3 = run("show", str(banzipao_17), "--all", "--seat", "3").stdout
    assert "Seats in playing order: You (seat 3, greedy) → 下家 (seat 0, person) → 对家 (seat 1, greedy) → " in from_3
    assert "下家 calls A♠: its holder is the hidden partner until it is played.\n  You hold it: the hidden partner.\n" in from_3


def test_show_simulate_records(tmp_path: Path) -> None:
    sims = tmp_path / "sims"
    assert runner.invoke(app, ["simulate", "doudizhu", "--games", "1", "--out", str(sims), "--json"]).exit_code == 0
    one = sims / "game-000000.json"
    text = run("show", str(one)).stdout
    assert "Seats in playing order: Seat 0 (random) → Seat 1 (random) → Seat 2 (random)\n" in text
    events = json.loads(one.read_text(encoding="utf-8"))["events"]
    assert json.loads(run("show", str(one), "--json").stdout) == events
    lines = tmp_path / "two.jsonl"  # JSON lines of records: each hand in turn
    lines.write_text(one.read_text(encoding="utf-8") * 2, encoding="utf-8")
    assert json.loads(run("show", str(lines), "--json").stdout) == [events, events]


def test_show_session_records(tmp_path: Path) -> None:
    made = runner.invoke(app, ["simulate", "doudizhu", "--games", "1", "--session", "2", "--bots", "greedy",
                               "--out", str(tmp_path), "--json"])
    assert made.exit_code == 0, made.output
    session = tmp_path / "session-000000.json"
    hands = json.loads(session.read_text(encoding="utf-8"))["hands"]
    assert json.loads(run("show", str(session), "--json").stdout) == [hand["events"] for hand in hands]
    text = run("show", str(session)).stdout
    assert text.count("Dou Dizhu · 3 players") == 2
    assert f"Record: {session} hand 1\n" in text and f"Record: {session} hand 2\n" in text
    assert text.count(" · hand 2\n") == 1  # the header of the session's second hand


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (None, "cannot read {f}: No such file or directory"),
        ("{", "{f}: not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
        ("[1]", "{f}: not a game record (a JSON object)"),
        ('{"variant": "doudizhu"}', "{f}: not a game record: it has no 'actions'"),
        ('{"session": true, "hands": []}', "{f}: not a session record: it has no hands"),
    ],
)
def test_a_bad_record_file_is_one_line_and_exit_2(tmp_path: Path, content: str | None, error: str) -> None:
    f = tmp_path / "bad.json"
    if content is not None:
        f.write_text(content, encoding="utf-8")
    assert one_error(run("show", str(f))) == error.format(f=f)
    assert one_error(run("show", str(f), "--json")) == error.format(f=f)


def test_an_altered_record_or_a_bad_seat_is_refused(tmp_path: Path, doudizhu_0: Path) -> None:
    out = doudizhu_0
    record = json.loads(out.read_text(encoding="utf-8"))
    record["result"]["scores"][0] += 1
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(record), encoding="utf-8")
    assert one_error(run("show", str(changed))) == f"{changed}: recorded scores [-11, 6, 6] but the replay scores [-12, 6, 6]"
    record["actions"][1] = "3333"
    changed.write_text(json.dumps(record) + "\n" + json.dumps(record), encoding="utf-8")
    assert one_error(run("show", str(changed))).startswith(f"{changed}:1: action 1 ('3333') by seat 0: ")
    assert one_error(run("show", str(out), "--seat", "3")) == f"--seat 3 is out of range: {out} has seats 0–2"


def test_play_out_refuses_a_file_it_cannot_write_before_the_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    existing = tmp_path / "old.json"
    existing.write_text("keep", encoding="utf-8")
    for out, error in (
        (existing, f"--out: {existing} already exists: pass --overwrite to replace it"),
        (tmp_path, f"--out: {tmp_path} is a folder: give a file name"),
        (tmp_path / "no" / "hand.json", f"--out: no folder {tmp_path / 'no'} to write hand.json in"),
    ):
        con, buf = console(100)
        assert play("doudizhu", input_fn=feed(DOUDIZHU_0), console=con, out=out) == 2
        assert capsys.readouterr().err == error + "\n"
        assert buf.getvalue() == ""  # nothing was dealt
    assert existing.read_text(encoding="utf-8") == "keep"
    con, buf = console(100)
    assert play("doudizhu", input_fn=feed(DOUDIZHU_0), console=con, out=existing, overwrite=True) == 0
    assert buf.getvalue().endswith(f"Record written to {existing} (paixing show {existing} steps through it).\n")
    assert json.loads(existing.read_text(encoding="utf-8"))["result"]["scores"] == [-12, 6, 6]


def test_an_unfinished_hand_writes_no_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hand.json"
    for lines in (DOUDIZHU_0[:4], ["bid 3", "quit", "yes"]):
        con, _ = console(100)
        assert play("doudizhu", input_fn=feed(lines), console=con, out=out) == 1
        error = f"No record written to {out}: the hand was not finished (only a finished hand is recorded).\n"
        assert capsys.readouterr().err == error
        assert not out.exists()


def test_the_command_line_play_out(tmp_path: Path) -> None:
    out = tmp_path / "hand.json"
    result = runner.invoke(app, ["play", "doudizhu", "--seed", "0", "--out", str(out)], input="\n".join(DOUDIZHU_0) + "\n")
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["players"] == ["person", "greedy", "greedy"]
    again = runner.invoke(app, ["play", "doudizhu", "--out", str(out)], input="")
    assert again.exit_code == 2 and again.stderr == f"--out: {out} already exists: pass --overwrite to replace it\n"


def test_ctrl_c_at_a_pause_is_one_line_and_exit_1(doudizhu_0: Path) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    con, buf = console(100)
    assert show_file(str(doudizhu_0), step=True, input_fn=interrupt, console=con) == 1
    assert buf.getvalue().endswith("Enter: trick 1 · q: quit \nInterrupted.\n")


def test_play_md_show_example_is_the_golden_output() -> None:
    """docs/play.md's ``show --all`` example is the golden output, in its shown pieces."""
    doc = (DOCS / "play.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```console\n(.*?)```", doc, re.S) if b.startswith("斗地主"))
    golden = (GOLDEN / "doudizhu-seed0.txt").read_text(encoding="utf-8").replace("RECORD", "hand.json")
    pieces = block.split("…\n")
    assert len(pieces) == 2 and golden.startswith(pieces[0]) and golden.endswith(pieces[1])


def _vectors(tmp_path: Path, record: dict[str, object], expect: object) -> Path:
    """A vectors file (``paixing vectors``' format) with a card case and one whole hand."""
    head = {"format": "paixing-vectors/1", "variant": "doudizhu", "seed": 0, "random": 0, "cases": 2, "unreached_rows": []}
    card = {"id": "doudizhu:1", "op": "classify", "cards": "3D", "expect": {}}
    hand = {"id": "doudizhu:2", "op": "score", **{k: record[k] for k in ("seed", "dealer", "deal", "kitty", "actions")},
            "expect": expect}
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(row) for row in (head, card, hand)) + "\n", encoding="utf-8")
    return path


def test_show_the_whole_hands_of_a_vectors_file(tmp_path: Path, doudizhu_0: Path) -> None:
    record = json.loads(doudizhu_0.read_text(encoding="utf-8"))
    cases = _vectors(tmp_path, record, {"ok": True, "scores": [-12, 6, 6], "error": None})
    assert json.loads(run("show", str(cases), "--json").stdout) == record["events"]
    text = run("show", str(cases)).stdout
    assert text.startswith(f"斗地主 Dou Dizhu · 3 players · seed 0 · hand 1\nRecord: {cases}:3\n")
    assert text.endswith("Winners: Seat 1, Seat 2.\nScore row: A peasant out first: the landlord pays each peasant 1 unit "
                         "(×6: bid 3, 王炸 Rocket ×2)\n")
    cases = _vectors(tmp_path, record, {"ok": True, "scores": [-6, 3, 3], "error": None})
    assert one_error(run("show", str(cases))) == (
        f"{cases}:3: the case expects {{'ok': True, 'scores': [-6, 3, 3], 'error': None}} "
        "but the replay gives {'ok': True, 'scores': [-12, 6, 6], 'error': None}")
    cases.write_text(cases.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    assert one_error(run("show", str(cases))) == f"{cases}: no whole hand (an op 'score' case) among these vectors"


def test_variant_names_the_rules_to_read_a_record_by(doudizhu_0: Path) -> None:
    assert run("show", str(doudizhu_0), "--variant", "doudizhu", "--json").exit_code == 0
    assert one_error(run("show", str(doudizhu_0), "--variant", "banzipao")) == (
        f"{doudizhu_0}: the record is a game of \"doudizhu\", but banzipao is 'banzipao'")
