"""Records name their rules (id, file, digest of the merged rules) and every outcome; replay
refuses a record whose rules, facts or result differ (exit 1), and a malformed record is one
line (exit 2, like any input that is not a game record).

Each case reproduced a wrong ``ok`` or a traceback before records carried these fields
(issue 10: "A user's own variant file cannot be checked or replayed", "Replay accepts
tampered records", item 9 "the record has no shown card").
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from paixing.game.records import replay
from paixing.rules.loader import builtin_dir
from paixing.runs.simulate import play_one

from tests.helpers import error_line, run


def record_of(variant: str = "banzipao", seed: int = 3) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(play_one(variant, seed, 0, ["greedy"] * 4).to_record()))
    return record


def write(tmp_path: Path, record: Any, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def copy_variant(tmp_path: Path, source: str, name: str, edit: tuple[str, str] | None = None) -> Path:
    text = (builtin_dir() / f"{source}.yaml").read_text(encoding="utf-8")
    text = text.replace(f"id: {source}\n", f"id: {Path(name).stem}\n", 1)
    if edit is not None:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ records name their rules


def test_own_file_simulates_replays_and_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    copy_variant(tmp_path, "banzipao", "mine.yaml")
    assert run("simulate", "mine.yaml", "--games", "2", "--out", "d", "--json").exit_code == 0
    record = json.loads((tmp_path / "d" / "game-000000.json").read_text(encoding="utf-8"))
    assert record["variant"] == "mine"
    assert record["variant_file"] == str(tmp_path / "mine.yaml")
    assert record["rules_digest"].startswith("sha256:")
    result = run("replay", "d/game-000000.json")
    assert result.exit_code == 0, result.output
    check = run("check", "mine.yaml", "--json")
    assert check.exit_code == 0, check.output


def test_edited_copy_with_the_builtin_id_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited banzipao.yaml that keeps ``id: banzipao`` used to replay against the built-in."""
    monkeypatch.chdir(tmp_path)
    edited = copy_variant(tmp_path, "banzipao", "banzipao.yaml", ("pay: 12", "pay: 13"))
    assert run("simulate", str(edited), "--games", "1", "--out", "d").exit_code == 0
    path = tmp_path / "d" / "game-000000.json"
    assert run("replay", str(path)).exit_code == 0
    refused = run("replay", str(path), "--variant", "banzipao")
    assert refused.exit_code == 1
    assert "rules_digest differs" in error_line(refused)
    edited.unlink()
    missing = run("replay", str(path))
    assert missing.exit_code == 1
    assert "is not found: pass --variant FILE" in error_line(missing)


def test_builtin_record_changed_rules_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, record_of())
    edited = copy_variant(tmp_path, "banzipao", "banzipao.yaml", ("pay: 12", "pay: 13"))
    result = run("replay", str(path), "--variant", str(edited))
    assert result.exit_code == 1
    assert "rules_digest differs" in error_line(result)
    assert run("replay", str(path), "--variant", "banzipao").exit_code == 0


def test_record_names_a_foreign_file_without_echoing_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("players: p@ssw0rd\n", encoding="utf-8")
    home = tmp_path / "home"
    (home / "records").mkdir(parents=True)
    monkeypatch.chdir(home)
    record = record_of()
    record["variant_file"] = str(secret)
    result = run("replay", str(write(home / "records", record)))
    assert result.exit_code == 1
    assert "p@ssw0rd" not in result.output
    assert "outside this folder" in error_line(result)
    shutil.copy(secret, home / "secret.yaml")
    record["variant_file"] = str(home / "secret.yaml")
    result = run("replay", str(write(home / "records", record)))
    assert result.exit_code == 1
    assert "p@ssw0rd" not in result.output
    assert "is not a valid variant" in error_line(result)


# ------------------------------------------------------------------ every outcome is compared


def _drop_result(r: dict[str, Any]) -> None:
    del r["result"]


def _null_scores(r: dict[str, Any]) -> None:
    r["result"]["scores"] = None


def _winners(r: dict[str, Any]) -> None:
    r["result"]["winners"] = [w + 1 for w in r["result"]["winners"]]


def _dealer(r: dict[str, Any]) -> None:
    r["dealer"] = (r["dealer"] + 1) % 4


def _reason(r: dict[str, Any]) -> None:
    r["result"]["reason"] = "something_else"


def _roles(r: dict[str, Any]) -> None:
    r["roles"] = list(reversed(r["roles"]))


def _extra(r: dict[str, Any]) -> None:
    r["result"]["bonus"] = 1


@pytest.mark.parametrize("change", [_drop_result, _null_scores, _winners, _dealer, _reason, _roles, _extra])
def test_tampered_outcome_is_refused(tmp_path: Path, change: Any) -> None:
    record = record_of()
    assert replay(record).ok
    change(record)
    outcome = replay(record)
    assert not outcome.ok and outcome.error
    result = run("replay", str(write(tmp_path, record)))
    # every refused record exits 1, a missing result as a changed one (2 is for usage errors)
    assert result.exit_code == 1
    error_line(result)


def test_shown_card_and_partner_are_recorded() -> None:
    """Item 9: from the record alone one can tell the shown card, its seat and who partnered."""
    record = record_of("chibi-dagun", 5)
    shown = [e for e in record["events"] if e["event"] == "shown_card"]
    assert len(shown) == 1 and {"seat", "card"} <= set(shown[0])
    assert "partner" in record["roles"]
    shown[0]["card"] = "3C" if shown[0]["card"] != "3C" else "4C"
    outcome = replay(record)
    assert not outcome.ok and "event" in str(outcome.error)


# ------------------------------------------------------------------ malformed records


def _auction_record() -> dict[str, Any]:
    return record_of("doudizhu", 1)


MALFORMED: dict[str, Any] = {
    "actions an integer": lambda r: r.update(actions=5),
    "result a list": lambda r: r.update(result=[1, 2]),
    "seed infinity": lambda r: r.update(seed=float("inf")),
    "seed a string": lambda r: r.update(seed="7"),
    "long variant": lambda r: r.update(variant="x" * 5000, variant_file=None, rules_digest=None),
    "variant a path": lambda r: r.update(variant="../../etc/passwd", variant_file=None),
    "bad card token": lambda r: r.update(actions=["ZZ"] + r["actions"][1:]),
    "deal not a list": lambda r: r.update(deal="3S"),
    "hand number zero": lambda r: r.update(hand_number=0),
    "control characters": lambda r: r.update(variant="\x1b[2Jx"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_record_is_one_line(tmp_path: Path, case: str) -> None:
    record = record_of()
    MALFORMED[case](record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, allow_nan=True), encoding="utf-8")
    result = run("replay", str(path))
    # a malformed record is refused like a tampered one: exit 1 (2 is for usage errors and a
    # file that cannot be read or is not JSON)
    assert result.exit_code == 1, result.output
    line = error_line(result)
    assert "\x1b" not in line and len(line) < 400


def test_bid_of_a_superscript_digit(tmp_path: Path) -> None:
    record = _auction_record()
    first_bid = next(i for i, a in enumerate(record["actions"]) if a.startswith("bid"))
    record["actions"][first_bid] = "bid ²"
    result = run("replay", str(write(tmp_path, record)))
    assert result.exit_code == 1
    error_line(result)


def test_deeply_nested_record(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    error_line(result)


@pytest.mark.parametrize(
    ("text", "message"),
    [("{not json", "not JSON"), ("", "no record in the file"), (b"\xff\xfe", "cannot read")],
)
def test_unreadable_or_non_json_file_is_a_usage_error(tmp_path: Path, text: str | bytes, message: str) -> None:
    """A file argument that cannot be read as JSON is not a record at all: exit 2, one line."""
    path = tmp_path / "record.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 2, result.output
    assert message in error_line(result)


def test_malformed_record_among_many_exits_1(tmp_path: Path) -> None:
    """With several files, a malformed record is reported on its line and the run exits 1."""
    good = write(tmp_path, record_of())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record_of(), "actions": 5}), encoding="utf-8")
    result = run("replay", str(good), str(bad))
    assert result.exit_code == 1, result.output
    assert sum(line.startswith(str(bad)) for line in result.stdout.splitlines()) == 1


def test_record_text_is_printed_escaped(tmp_path: Path) -> None:
    record = record_of()
    record["actions"][0] = "\x1b[2J\x1b]0;pwn\x07"
    result = run("replay", str(write(tmp_path, record)))
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b" in error_line(result)
