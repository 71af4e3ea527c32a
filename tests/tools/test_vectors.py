"""Conformance vectors: generated from the YAML alone, stable for a seed, covering every hand
type, rung, wild-card limit, example and score row, valid against the documented schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from paixing import ruleset
from paixing.cli import main
from paixing.conformance.vectors import FORMAT, VectorsError, dumps, read, vectors, write

from tests.helpers import DOCS

SCHEMA = json.loads((DOCS / "conformance.schema.json").read_text(encoding="utf-8"))


def test_same_seed_same_bytes_and_another_seed_other_random_cases() -> None:
    a = dumps(vectors("banzipao", random=12, seed=3, max_games=40))
    assert a == dumps(vectors("banzipao", random=12, seed=3, max_games=40))
    b = dumps(vectors("banzipao", random=12, seed=4, max_games=40))
    assert a != b
    randoms = [json.loads(line) for line in a.splitlines()[1:] if '"why": "random' in line]
    assert 6 <= len(randoms) <= 12 and {c["op"] for c in randoms} == {"classify", "beats", "moves"}


def test_every_score_row_of_banzipao_has_a_whole_hand_case() -> None:
    v = vectors("banzipao", max_games=100, ops=["score"])
    rows = {(c["rule"]["contract"], c["rule"]["row"]) for c in v.cases}
    game = ruleset("banzipao").variant.game
    assert game is not None
    assert rows == {(c.id, i) for c in game.contracts for i in range(len(c.score))}
    assert v.unreached == []
    assert all(c["expect"]["ok"] and len(c["expect"]["scores"]) == 4 for c in v.cases)


def test_rows_not_reached_are_named_in_the_header() -> None:
    v = vectors("banzipao", max_games=1, ops=["score"])
    assert v.unreached and len(v.cases) + len(v.unreached) == 6
    assert v.header()["unreached_rows"] == [{"contract": c, "row": r} for c, r in v.unreached]


def test_wild_card_limits_and_length_rungs_have_cases() -> None:
    v = vectors("chibi-dagun-server", hands=False)
    whys = [c["why"] for c in v.cases]
    assert any("qixi" in w and "over-wild-limit" in w for w in whys)
    # yaobai stands on two rungs by length: both have cases
    rungs = {r for c in v.cases for r in c["rule"].get("rungs", {}).get("yaobai", [])}
    assert len(rungs) == 2


def test_every_example_gives_a_case() -> None:
    rs = ruleset("doudizhu")
    v = vectors(rs, hands=False)
    whys = {w for c in v.cases for w in c["why"].split("; ")}
    assert all(f"example {i}" in whys for i in range(len(rs.variant.examples)))


def test_schema_accepts_every_line_and_rejects_a_bad_one(tmp_path: Path) -> None:
    v = vectors("chibi-dagun-flowers", random=6, max_games=20)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for line in dumps(v).splitlines():
        validator.validate(json.loads(line))
    bad = dict(v.cases[0], op="classify", extra=1)
    assert not validator.is_valid(bad)
    assert not validator.is_valid({k: x for k, x in v.cases[0].items() if k != "expect"})


def test_round_trip_and_bad_files(tmp_path: Path) -> None:
    v = vectors("banzipao", random=3, hands=False)
    path = tmp_path / "v.jsonl"
    write(v, path)
    back = read(path)
    assert back.cases == v.cases and back.variant == "banzipao"
    path.write_text('{"format": "other"}\n', encoding="utf-8")
    with pytest.raises(VectorsError, match=FORMAT):
        read(path)
    path.write_text(json.dumps(v.header()) + "\nnot json\n", encoding="utf-8")
    with pytest.raises(VectorsError, match=":2: not JSON"):
        read(path)


def test_cli_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cases.jsonl"
    assert main(["vectors", "banzipao", "--out", str(out), "--random", "4", "--seed", "1", "--hands", "50"]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == FORMAT and len(lines) == json.loads(lines[0])["cases"] + 1
    assert "cases" in capsys.readouterr().err
    assert main(["vectors", "banzipao", "--ops", "nonsense"]) == 2
