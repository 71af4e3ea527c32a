"""The ``paixing`` command line: exact JSON, exact error lines, exit codes (docs/cli.md)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from paixing.cli import app, main
from paixing.rules.loader import builtin_dir, builtin_ids

from tests.helpers import DOCS, ROOT, error_line, run


def run_json(*args: str, code: int = 0) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def play(type_id: str, zh: str, en: str, cards: str, as_: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type_id, "name": {"zh": zh, "en": en}, "cards": cards}
    if as_ is not None:
        out["as"] = as_
    return out


SINGLE = ("single", "单张", "Single")
PAIR = ("pair", "对子", "Pair")
TRIO_SINGLE = ("trio_single", "三带一", "Trio with a single")


# variants ---------------------------------------------------------------------------------


def test_variants_json() -> None:
    data = run_json("variants")
    assert [v["id"] for v in data["variants"]] == builtin_ids()
    by_id = {v["id"]: v for v in data["variants"]}
    assert by_id["banzipao"] == {
        "id": "banzipao",
        "name": {"zh": "板子炮", "en": "Banzipao"},
        "extends": None,
    }
    assert by_id["doudizhu-rlcard"]["extends"] == "doudizhu"
    for v in data["variants"]:
        assert set(v) == {"id", "name", "extends"}
        assert set(v["name"]) == {"zh", "en"}


def test_variants_table() -> None:
    result = run("variants")
    assert result.exit_code == 0
    for vid in builtin_ids():
        assert vid in result.stdout
    assert "板子炮" in result.stdout and "Dou Dizhu" in result.stdout


# classify ---------------------------------------------------------------------------------


def test_classify_banzipao_json() -> None:
    assert run_json("classify", "banzipao", "55667788") == {
        "plays": [play("banzipao", "板子炮", "Banzipao (consecutive pairs)", "55667788")]
    }


def test_classify_wild_bomb_json() -> None:
    expected = {"plays": [play("bomb", "炸弹", "Bomb", "333 BJ", "3333")]}
    assert run_json("classify", "chibi-dagun", "333 BJ") == expected
    # The cards may also be given unquoted, as several arguments.
    assert run_json("classify", "chibi-dagun", "333", "BJ") == expected


def test_classify_exact_json_text() -> None:
    result = run("classify", "banzipao", "55667788", "--json")
    assert result.stdout == (
        "{\n"
        '  "plays": [\n'
        "    {\n"
        '      "type": "banzipao",\n'
        '      "name": {\n'
        '        "zh": "板子炮",\n'
        '        "en": "Banzipao (consecutive pairs)"\n'
        "      },\n"
        '      "cards": "55667788"\n'
        "    }\n"
        "  ]\n"
        "}\n"
    )


def test_classify_table() -> None:
    result = run("classify", "chibi-dagun", "333 BJ")
    assert result.exit_code == 0
    assert "333 BJ" in result.stdout and "3333" in result.stdout and "bomb" in result.stdout


def test_classify_output_pastes_back() -> None:
    cards = run_json("classify", "chibi-dagun", "BJ 3H 3S 3")["plays"][0]["cards"]
    assert run_json("classify", "chibi-dagun", cards)["plays"][0]["cards"] == cards


# errors of the card commands -------------------------------------------------------------

BAD_TOKEN = "expected a card such as 7S, 10H, TD, BJ, RJ or a run of ranks such as 55667788"
CARD_ERRORS: dict[str, tuple[list[str], int, str]] = {
    "classify_not_a_play": (["classify", "banzipao", "34"], 1, "34 is not a valid play in banzipao"),
    "classify_not_a_play_json": (["classify", "banzipao", "34", "--json"], 1, "34 is not a valid play in banzipao"),
    "beats_not_a_play": (["beats", "banzipao", "55667788", "34"], 1, "34 is not a valid play in banzipao"),
    "moves_last_not_a_play": (["moves", "doudizhu", "--hand", "555", "--last", "45"], 1, "45 is not a valid play in doudizhu"),
    "bad_card_token": (["classify", "banzipao", "5X"], 2, f"bad card token '5X' at position 1: {BAD_TOKEN}"),
    "bad_card_token_position": (["beats", "banzipao", "55 66 7Z", "33"], 2, f"bad card token '7Z' at position 3: {BAD_TOKEN}"),
    "unknown_variant": (["classify", "banzipa", "3"], 2,
                        "unknown variant 'banzipa' (did you mean 'banzipao'?); built in: " + ", ".join(builtin_ids())),
    "joker_in_jokerless_variant": (["classify", "banzipao", "BJ"], 2, "BJ is not a card of banzipao"),
    "joker_in_jokerless_hand": (["moves", "banzipao", "--hand", "33 BJ"], 2, "BJ is not a card of banzipao"),
    "joker_in_jokerless_last": (["moves", "banzipao", "--hand", "33", "--last", "RJ"], 2, "RJ is not a card of banzipao"),
    "no_cards": (["classify", "banzipao", " "], 2, "no cards given for CARDS"),
}
"""The card commands' errors: arguments, exit code (1: not a play; 2: bad input) and the one
line on stderr."""


@pytest.mark.parametrize(("argv", "code", "line"), CARD_ERRORS.values(), ids=CARD_ERRORS.keys())
def test_card_command_error_is_one_line(argv: list[str], code: int, line: str) -> None:
    result = run(*argv)
    assert result.exit_code == code
    assert error_line(result) == line


# beats ------------------------------------------------------------------------------------


def _reasons(en: str, zh: str) -> dict[str, Any]:
    return {"reason": en, "reasons": {"zh": zh, "en": en}}


def test_beats_true() -> None:
    assert run_json("beats", "banzipao", "55667788", "JJQQKK") == {
        "beats": True,
        **_reasons("Banzipao (consecutive pairs) beats Banzipao (consecutive pairs): it is longer",
                   "板子炮管板子炮：张数更多"),
    }


def test_beats_false() -> None:
    assert run_json("beats", "banzipao", "JJQQKK", "55667788") == {
        "beats": False,
        **_reasons("Banzipao (consecutive pairs) cannot beat Banzipao (consecutive pairs): it is shorter",
                   "板子炮管不住板子炮：张数更少"),
    }


def test_beats_across_rungs() -> None:
    assert run_json("beats", "banzipao", "3333", "AA") == {
        "beats": True,
        **_reasons("Dou (four of a kind) beats Pair: it is higher on the ladder", "豆比对子大：在牌型阶梯上更高"),
    }


def test_beats_names_wild_reading() -> None:
    assert run_json("beats", "chibi-dagun", "333 BJ", "2222") == {
        "beats": False,
        **_reasons("Bomb cannot beat Bomb: its rank is lower (Bomb 333 BJ as 3333 against Bomb 2222)",
                   "炸弹管不住炸弹：点数更小（炸弹 333 BJ 当 3333 对 炸弹 2222）"),
    }


def test_beats_human() -> None:
    result = run("beats", "banzipao", "55667788", "JJQQKK")
    assert result.exit_code == 0
    assert result.stdout == (
        "55667788 beats JJQQKK (Banzipao (consecutive pairs) beats Banzipao (consecutive pairs): it is longer)\n"
    )


@pytest.mark.parametrize(
    ("variant", "play", "target", "en", "zh"),
    [
        ("doudizhu", "33", "33", "Pair cannot beat Pair: they are equal, and the first one stands",
         "对子管不住对子：一样大，先出为大"),
        ("banzipao", "345", "6789", "Straight only beats a play of the same length", "顺子只能管张数相同的牌"),
        ("chibi-dagun", "5C 10D KC", "5S 10H KS", "One Mixed 5-10-K never beats another: the first one stands",
         "杂五十K之间不分大小，先出为大"),
        ("chibi-dagun", "5C 10C KC", "5S 10S KS", "Suited 5-10-K cannot beat Suited 5-10-K: its suit is lower",
         "正五十K管不住正五十K：花色更小"),
    ],
)
def test_beats_reasons_are_what_a_player_says(variant: str, play: str, target: str, en: str, zh: str) -> None:
    """Reasons name the hand types by name, never by id or jargon (issue 10)."""
    data = run_json("beats", variant, play, target)
    assert data["reasons"] == {"zh": zh, "en": en}
    assert "za510k" not in data["reason"] and "class" not in data["reason"]


# moves ------------------------------------------------------------------------------------


def test_moves_free_lead() -> None:
    assert run_json("moves", "banzipao", "--hand", "334") == {
        "plays": [play(*SINGLE, "3"), play(*SINGLE, "4"), play(*PAIR, "33")]
    }


def test_moves_against_last() -> None:
    assert run_json("moves", "doudizhu", "--hand", "555 6 BJ RJ", "--last", "4443") == {
        "plays": [
            play(*TRIO_SINGLE, "5556"),
            play(*TRIO_SINGLE, "555 BJ"),
            play(*TRIO_SINGLE, "555 RJ"),
            play("rocket", "王炸", "Rocket", "BJ RJ"),
        ]
    }


def test_moves_human() -> None:
    result = run("moves", "banzipao", "--hand", "334")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "3 legal plays on a free lead"
    result = run("moves", "banzipao", "--hand", "3", "--last", "5")
    assert result.exit_code == 0
    assert result.stdout == "0 legal plays on 5 (pass)\n"


def test_moves_needs_hand() -> None:
    result = run("moves", "banzipao")
    assert result.exit_code == 2
    assert "--hand" in result.stderr


# variant files ----------------------------------------------------------------------------


def test_validate_builtin_files() -> None:
    files = sorted(str(p) for p in builtin_dir().glob("*.yaml"))
    result = run("validate", *files)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == len(files)
    for f, line in zip(files, lines, strict=True):
        assert line.startswith(f"{f}: ok (") and line.endswith(" examples)")
    assert f"{builtin_dir() / 'banzipao.yaml'}: ok (9 hand types, " in result.stdout
    data = run_json("validate", *files)
    assert data == {"files": [{"file": f, "ok": True, "problems": []} for f in files]}


BROKEN = """\
id: broken
name: {zh: 坏, en: Broken}
extends: banzipao
ranks:
  order: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A, "2"]
  sequense: ["3", "4", "5"]
"""


def test_validate_unknown_key(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path}:6:3: ranks.sequense: unknown key 'sequense' (did you mean 'sequence'?)"
    ]
    data = run_json("validate", str(path), code=1)
    [entry] = data["files"]
    assert entry["file"] == str(path) and entry["ok"] is False
    assert entry["problems"] == result.stderr.splitlines()


def test_validate_id_that_is_not_the_file_name(tmp_path: Path) -> None:
    """The language says a variant's id is its file's name."""
    path = tmp_path / "my-variant.yaml"
    path.write_text("id: foo\nname: {zh: 我的, en: Mine}\nextends: banzipao\n", encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert error_line(result) == f"{path}:1:5: id: 'foo' must be the file's name 'my-variant'"


def test_validate_mixed_files(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    good = str(builtin_dir() / "banzipao.yaml")
    result = run("validate", good, str(bad))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{good}: ok (")
    assert str(bad) in result.stderr


FAILING_EXAMPLES = """\
id: badex
name: {zh: 坏例, en: Bad examples}
extends: banzipao
examples:
  - {play: "55", classify: [pair]}
  - {play: "33", beats: "44"}
  - {play: "BJ", beats: "3"}
"""


def test_validate_failing_examples(tmp_path: Path) -> None:
    path = tmp_path / "badex.yaml"
    path.write_text(FAILING_EXAMPLES, encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    # a card the deck lacks is a loader problem, found before any example runs
    assert result.stderr.splitlines() == [f"{path}:7:6: examples[2].play: BJ is not a card of this deck"]
    path.write_text(FAILING_EXAMPLES.replace('  - {play: "BJ", beats: "3"}\n', ""), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"{path}:6:5: examples[1]: expected 33 beats 44, found beats=False"]


def test_validate_syntax_error_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "syntax.yaml"
    path.write_text("id: x\nname: [\n", encoding="utf-8")
    missing = tmp_path / "nope.yaml"
    data = run_json("validate", str(path), str(missing), code=1)
    assert [f["ok"] for f in data["files"]] == [False, False]
    assert data["files"][0]["problems"][0].startswith(f"{path}:3:1: invalid YAML: ")
    assert data["files"][1]["problems"] == [f"{missing}: no such file"]


def test_invalid_variant_file_as_variant(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = run("classify", str(path), "33")
    assert result.exit_code == 1
    assert "did you mean 'sequence'?" in result.stderr
    result = run("classify", str(tmp_path / "nope.yaml"), "33")
    assert result.exit_code == 2
    assert error_line(result) == f"{tmp_path / 'nope.yaml'}: no such file"


def test_variant_file_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("id: mine\nname: {zh: 我的, en: Mine}\nextends: banzipao\n", encoding="utf-8")
    assert run_json("classify", str(path), "55667788")["plays"][0]["type"] == "banzipao"


# schema -----------------------------------------------------------------------------------


def test_schema() -> None:
    result = run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "paixing variant file"
    assert "properties" in schema and "hand_types" in schema["properties"]
    assert schema["additionalProperties"] is False
    assert json.loads(run("schema", "--json").stdout) == schema


def test_schema_accepts_builtin_files() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from ruamel.yaml import YAML

    schema = json.loads(run("schema").stdout)
    validator = jsonschema.Draft202012Validator(schema)
    checked = 0
    for path in sorted(builtin_dir().glob("*.yaml")):
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        if "extends" in data:
            continue  # a partial file: the schema describes complete variants
        errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(data)]
        assert errors == [], path
        checked += 1
    assert checked >= 1


# docs/cli.md ------------------------------------------------------------------------------

CLI_DOC = DOCS / "cli.md"
JSON_EXAMPLE = re.compile(r"```console(?: generated)?\n\$ paixing ([^\n]*--json)\n(.*?)```", re.S)


def test_docs_json_examples_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``--json`` example in docs/cli.md is the command's real output."""
    monkeypatch.chdir(ROOT)  # the examples use paths relative to the checkout
    examples = JSON_EXAMPLE.findall(CLI_DOC.read_text(encoding="utf-8"))
    assert len(examples) >= 8
    for command, documented in examples:
        result = run(*shlex.split(command))
        assert result.exit_code == 0, command
        assert result.stdout == documented, command


# entry point ------------------------------------------------------------------------------


def test_main_returns_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "banzipao", "55667788", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["plays"][0]["cards"] == "55667788"
    assert main(["classify", "banzipao", "34"]) == 1
    assert capsys.readouterr().err == "34 is not a valid play in banzipao\n"
    assert main(["classify", "banzipao"]) == 2  # typer usage error
    assert main(["frobnicate"]) == 2
    assert main(["classify", "banzipao", "5X"]) == 2


# issue 10: help, --version, -h, replay of many files -----------------------------------------


def test_version_and_short_help() -> None:
    from importlib import metadata

    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"paixing {metadata.version('paixing')}\n"
    assert run("-h").exit_code == 0
    assert "Usage: paixing replay" in run("replay", "-h").stdout


def test_top_level_help_names_every_command() -> None:
    text = " ".join(run("--help").stdout.split())
    intro = text[: text.index("Options")]
    for command in app.registered_commands:
        name = command.name or (command.callback.__name__ if command.callback else "")
        assert re.search(rf"\b{name}\b", intro), name


@pytest.mark.parametrize("command", ["simulate", "replay"])
def test_simulate_and_replay_help_point_at_their_doc(command: str) -> None:
    text = " ".join(run(command, "--help").stdout.split())
    assert "docs/simulate.md" in text and "docs/cli.md" not in text
    assert (DOCS / "simulate.md").is_file()


def test_replay_many_files_and_directories(tmp_path: Path) -> None:
    for variant, n in (("doudizhu", 3), ("banzipao", 2)):
        assert run("simulate", variant, "--games", str(n), "--out", str(tmp_path / variant), "--json").exit_code == 0
    one = tmp_path / "banzipao" / "game-000000.json"
    result = run("replay", str(tmp_path / "doudizhu"), str(one), "--jobs", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True
    files = [r["file"] for r in data["records"]]
    assert files == [str(tmp_path / "doudizhu" / f"game-00000{i}.json") for i in range(3)] + [str(one)]
    assert all(set(r) == {"file", "line", "ok", "scores", "error"} for r in data["records"])
    plain = run("replay", str(tmp_path))
    assert plain.exit_code == 0
    *records, tally = plain.stdout.splitlines()
    assert len(records) == 5 and tally == "5 records in 5 files: 5 ok, 0 refused"
    assert all(re.fullmatch(r"\S+\.json: ok: scores [-\d ]+", line) for line in records)
    # a record that does not replay: exit 1, the others still reported; a non-record: exit 1 too
    record = json.loads(one.read_text(encoding="utf-8"))
    record["result"]["scores"][0] += 1
    (tmp_path / "banzipao" / "changed.json").write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(tmp_path / "banzipao"), "--json")
    assert result.exit_code == 1
    assert [r["ok"] for r in json.loads(result.stdout)["records"]] == [False, True, True]
    (tmp_path / "banzipao" / "list.json").write_text("[1]", encoding="utf-8")
    result = run("replay", str(tmp_path / "banzipao"))
    assert result.exit_code == 1
    assert f"{tmp_path / 'banzipao' / 'list.json'}: not a game record (a JSON object)" in result.stdout.splitlines()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert error_line(run("replay", str(empty))) == f"no record files (*.json, *.jsonl) in {empty}"


def test_readme_json_shapes_are_the_real_ones() -> None:
    """README's one-line ``--json`` shapes name the keys the commands print (check, replay)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    data = run_json("check", "banzipao", "--games", "1", "--hands", "1")
    assert set(data) == {"ok", "files"}
    assert set(data["files"][0]) == {"file", "ok", "checks"}
    assert set(data["files"][0]["checks"][0]) == {"name", "ok", "detail", "problems"}
    assert '`check` → `{"ok", "files": [{"file", "ok", "checks": [{"name", "ok", "detail", "problems"}]}]}`' in readme


def test_cli_md_variant_blocks_are_generated() -> None:
    """docs/cli.md's `paixing variants` blocks are the commands' output, every built-in
    included (regenerate with ``python -m paixing.cli.docs docs/cli.md``)."""
    from paixing.cli.docs import refresh

    doc = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert refresh(doc) == doc
    listed = doc[doc.index("$ paixing variants\n") : doc.index("$ paixing variants --json")]
    assert all(f"│ {vid} " in listed for vid in builtin_ids())
