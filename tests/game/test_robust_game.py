"""Variant files that validate can be played: the game faults found by fuzzing (issue 10,
items 4 and 5), each reproduced before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from paixing.game.state import new_game
from paixing.rules.loader import VariantError, builtin_dir, load_variant
from paixing.runs.simulate import simulate


def copy(tmp_path: Path, source: str, name: str, edits: list[tuple[str, str]]) -> Path:
    text = (builtin_dir() / f"{source}.yaml").read_text(encoding="utf-8")
    text = text.replace(f"id: {source}\n", f"id: {Path(name).stem}\n", 1)
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_call_card_never_offers_a_kitty_card(tmp_path: Path) -> None:
    """A called card lying in the kitty used to crash the hand (StopIteration)."""
    path = copy(tmp_path, "banzipao", "kittycall.yaml", [("deal: {cards_each: 13,", "deal: {cards_each: 12, kitty: 4,")])
    for seed in range(40):
        game = new_game(path, seed)
        if game.phase != "contract":
            continue
        while game.step is not None and game.step.kind == "solo_bid" and not game.over:
            game.apply("pass")
        if game.step is None or game.step.kind != "call_card":
            continue
        calls = [a.card for a in game.legal_actions()]
        assert calls and not set(calls) & set(game.kitty)
    summary = simulate(str(path), 30, seed=1)
    assert summary.games == 30


def test_partners_without_a_partner_step_is_refused(tmp_path: Path) -> None:
    """``teams: partners`` made by default used to validate and score [3, 3, 3, -3]."""
    path = copy(tmp_path, "banzipao", "nocall.yaml", [("    - call_card: {contract: jiaopai}\n", ""), ("steps:\n", "default_contract: jiaopai\n  steps:\n")])
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert any("no step picks 'jiaopai'" in p for p in info.value.problems)
