"""Issue 23 item 19: what a record may say, checked against its rules.

Each case reproduced the fault first: an out-of-range ``dealer`` (fixed deal) or
``previous_first_out`` in a variant with a shown card was an ``IndexError`` traceback from
``replay --json``; a fixed deal with the wrong number of cards per seat replayed ``ok``; a
top-level ``wild_ranks`` that contradicts the seed's draw was ignored (``ok``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from paixing.cli import main
from paixing.runs.simulate import play_one


def _record(variant: str, seed: int, players: int) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(play_one(variant, seed, 0, ["greedy"] * players).to_record()))
    return record


def _replay(tmp_path: Path, record: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = main(["replay", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        ({"fixed_deal": True, "dealer": 7}, "not a game record: dealer: seat 7, but chibi-dagun has seats 0-3"),
        ({"previous_first_out": 9, "hand_number": 2}, "not a game record: previous_first_out: seat 9, but chibi-dagun has seats 0-3"),
    ],
)
def test_a_seat_out_of_range_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: dict[str, Any], error: str
) -> None:
    record = {**_record("chibi-dagun", 1, 4), **edit}
    assert _replay(tmp_path, record, capsys) == (1, {"ok": False, "scores": [], "error": error})


def test_a_fixed_deal_of_the_wrong_size_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """5S moved from seat 1 to seat 2 (it is never played; the record's events left out): it
    used to replay ok, with 12 and 14 cards dealt."""
    record = {**_record("banzipao", 3, 4), "fixed_deal": True}
    del record["events"]
    one = record["deal"][1].split()
    one.remove("5S")
    record["deal"][1] = " ".join(one)
    record["deal"][2] += " 5S"
    assert _replay(tmp_path, record, capsys) == (
        1, {"ok": False, "scores": [], "error": "not a game record: deal: seat 1 is dealt 12 cards, but banzipao deals 13"}
    )


def test_a_kitty_of_the_wrong_size_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {**_record("doudizhu", 3, 3), "fixed_deal": True}
    record["kitty"] = " ".join(record["kitty"].split()[:2])
    assert _replay(tmp_path, record, capsys) == (
        1, {"ok": False, "scores": [], "error": "not a game record: kitty: 2 cards, but doudizhu sets aside 3"}
    )


def test_told_wild_ranks_that_are_no_ranks_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {**_record("doudizhu-laizi", 1, 3), "fixed_deal": True, "wild_ranks": ["Z"]}
    assert _replay(tmp_path, record, capsys) == (
        1, {"ok": False, "scores": [], "error": 'not a game record: wild_ranks: "Z" is no rank of doudizhu-laizi'}
    )


def test_wild_ranks_that_contradict_the_seeds_draw_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record("doudizhu-laizi", 1, 3)
    code, data = _replay(tmp_path, {**record, "wild_ranks": ["3"]}, capsys)
    assert code == 1 and data["error"] == 'the record was altered: wild_ranks: recorded ["3"] but the replay draws ["10"]'
    assert _replay(tmp_path, {**record, "wild_ranks": ["10"]}, capsys)[0] == 0  # the seed's own draw


def test_shown_card_variant_replays_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record("chibi-dagun", 1, 4)
    code, data = _replay(tmp_path, record, capsys)
    assert code == 0 and data["ok"] is True
