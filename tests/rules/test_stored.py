"""The stored-variant cache (``paixing.rules.stored``, ``paixing.hands.quick``) the card
commands start from: a stored variant compiles to the same plays as the validated one, and an
entry is used only while every file of its ``extends:`` chain and the rule language's source
are unchanged."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from paixing.hands.cache import ruleset
from paixing.hands.compile import compile_variant
from paixing.hands.examples import run_example
from paixing.hands.moves import legal_plays
from paixing.hands.quick import keep_ruleset, stored_ruleset
from paixing.rules import stored as stored_module
from paixing.rules.base import Range
from paixing.rules.loader import builtin_dir, builtin_ids
from paixing.rules.stored import Stored, load_stored, to_stored
from pydantic import BaseModel

CHILD = """\
id: child
name: {zh: 子, en: Child}
extends: banzipao
"""


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PAIXING_CACHE_DIR", str(folder))
    return folder


def plays(rs: object, hand: list[object]) -> list[tuple[str, str, str]]:
    return [(p.type.id, p.notation, p.reads_as) for p in legal_plays(rs, hand)]  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", builtin_ids())
def test_a_stored_variant_compiles_to_the_same_plays(variant_id: str) -> None:
    """Every built-in variant: the same legal plays on random hands, and every example of the
    file holds on the stored form (wild ranks and levels included: ``for_hand``)."""
    rs = ruleset(variant_id)
    kept = pickle.loads(pickle.dumps(to_stored(rs.variant)))
    again = compile_variant(kept)
    deck = rs.deck()
    rng = random.Random(variant_id)
    for size in (5, 9, 13, 17, 27):
        hand = rng.sample(deck, min(size, len(deck)))
        assert plays(again, hand) == plays(rs, hand)
    for i, example in enumerate(rs.variant.examples):
        mine, theirs = run_example(again, i, kept.examples[i]), run_example(rs, i, example)
        assert (mine.ok, mine.found) == (theirs.ok, theirs.found)


def test_stored_objects_read_like_the_models() -> None:
    rs = ruleset("doudizhu")
    kept = to_stored(rs.variant)
    assert kept == to_stored(rs.variant) and kept != to_stored(ruleset("banzipao").variant)
    straight = next(t for t in kept.hand_types if t.id == "straight")
    assert straight.shape == "chain"  # a property, kept with the fields
    assert straight.chain.length.describe() == "5+"  # a method, from the model class
    assert 7 in straight.chain.length and 4 not in straight.chain.length
    assert repr(straight.name) == "Text(zh='顺子', en='Straight')"


def test_stored_forwards_every_operator_a_model_defines() -> None:
    """Operators are looked up on the type, not through ``__getattr__``: ``Stored`` forwards
    each one a rule-language model defines (today ``Range.__contains__``)."""
    defined = set()
    stack: list[type] = [BaseModel]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if not cls.__module__.startswith("paixing.rules"):
            continue
        for name, value in vars(cls).items():
            own = getattr(value, "__module__", "") or ""
            if name.startswith("__") and callable(value) and own.startswith("paixing.rules"):
                defined.add(name)
    defined -= {"__get_pydantic_json_schema__"}
    assert Range.__contains__.__name__ in defined
    assert all(name in vars(Stored) for name in defined), defined - set(vars(Stored))


def test_an_entry_is_used_until_a_file_of_its_chain_changes(tmp_path: Path) -> None:
    """A child extending a parent beside it (a copy of a built-in file): editing the parent
    (whatever its size or modification time) is a miss, and the careful load sees the edit."""
    parent, child = tmp_path / "banzipao.yaml", tmp_path / "child.yaml"
    text = (builtin_dir() / "banzipao.yaml").read_text(encoding="utf-8")
    parent.write_text(text, encoding="utf-8")
    child.write_text(CHILD, encoding="utf-8")
    ref = str(child)
    assert stored_ruleset(ref) is None
    keep_ruleset(ref, ruleset(ref))
    quick = stored_ruleset(ref)
    assert quick is not None and quick.source == str(child.resolve())
    assert quick.types[0].name.en == "Single"
    parent.write_text(text.replace("en: Single}", "en: Solo}"), encoding="utf-8")
    assert stored_ruleset(ref) is None
    keep_ruleset(ref, ruleset(ref))
    again = stored_ruleset(ref)
    assert again is not None and again.types[0].name.en == "Solo"
    parent.unlink()
    assert stored_ruleset(ref) is None


def test_an_entry_of_other_code_or_a_broken_entry_is_a_miss(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep_ruleset("banzipao", ruleset("banzipao"))
    assert load_stored("banzipao") is not None
    stamp = stored_module._code_stamp()
    monkeypatch.setattr(stored_module, "_code_stamp", lambda: (*stamp, "another paixing"))
    assert load_stored("banzipao") is None
    monkeypatch.undo()
    monkeypatch.setenv("PAIXING_CACHE_DIR", str(cache))
    (entry,) = (cache / "variants").iterdir()
    entry.write_bytes(entry.read_bytes()[:100])
    assert load_stored("banzipao") is None


def test_an_empty_cache_dir_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch, cache: Path) -> None:
    monkeypatch.setenv("PAIXING_CACHE_DIR", "")
    keep_ruleset("banzipao", ruleset("banzipao"))
    assert load_stored("banzipao") is None and not cache.exists()


def test_moves_from_a_stored_variant_imports_no_models_nor_rich(cache: Path) -> None:
    """The point of it all (docs/performance.md, "Start-up"): ``paixing moves`` on a stored
    variant, output to a pipe, loads neither the loader, the models, the game layer nor rich."""
    keep_ruleset("doudizhu", ruleset("doudizhu"))
    code = (
        "import sys; from paixing.cli import main; code = main(['moves', 'doudizhu', '--hand', '334455']);"
        "print(sorted(m for m in ('paixing.rules.loader', 'paixing.rules.models', 'paixing.game', 'rich') if m in sys.modules))"
    )
    env = {**os.environ, "PAIXING_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60, check=True)
    assert out.stdout.splitlines()[-2:] == ["7 legal plays on a free lead", "[]"]
