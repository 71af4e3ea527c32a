"""Play obligations (engine/game/obligations/): on random states of a test variant, a player who
could beat never has ``pass`` among the legal actions (must beat), the first play always holds
the named card and its holder leads, the warning rule keeps only the highest single, and a typed
action that breaks a rule is refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from paixing import parse_cards, ruleset
from paixing.game import Game, IllegalAction
from paixing.game.obligations import OBLIGATIONS, Turn, compile_rules
from paixing.hands.moves import legal_plays
from paixing.rules.obligations import OBLIGATION_KINDS

from tests.helpers import SMALL

S3 = parse_cards("3S")[0]


def test_registry_keys_equal_the_models() -> None:
    assert set(OBLIGATIONS) == set(OBLIGATION_KINDS)


def _random_state(seed: int, steps: int) -> Game:
    """A hand of the test variant after up to ``steps`` random legal actions."""
    game = Game(ruleset(SMALL), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_no_pass_while_a_beating_play_exists(seed: int, steps: int) -> None:
    game = _random_state(seed, steps)
    assume(not game.over and game.last is not None)  # a play to beat: must beat applies
    acts = game.legal_actions()
    could_beat = legal_plays(game.rs, game.hands[game.turn], game.last[1])
    assert any(a.kind == "pass" for a in acts) == (not could_beat)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_first_play_holds_the_named_card(seed: int) -> None:
    game = Game(ruleset(SMALL), seed)
    assert S3 in game.hands[game.turn], "the holder of 3S leads"
    acts = game.legal_actions()
    assert acts and all(a.play is not None and S3 in a.play.cards for a in acts)
    game.apply(random.Random(seed).choice(acts))


DEAL = ["3S JS QS KS AS 2S 3H JH", "3C JC QC KC AC 2C 3D JD", "QH KH AH 2H QD KD AD 2D"]


def _fixed() -> Game:
    return Game(ruleset(SMALL), 0, hands=[parse_cards(h) for h in DEAL], dealer=0)


def test_first_play_re_picks_the_card_of_its_rank() -> None:
    game = _fixed()
    texts = {str(a) for a in game.legal_actions()}
    assert "3H 3S" in texts and "3S" in texts and "JS" not in texts
    with pytest.raises(IllegalAction, match="must contain 3S"):
        game.apply("3H")


def test_pass_refused_when_able_to_beat() -> None:
    game = _fixed()
    game.apply("3S")
    with pytest.raises(IllegalAction, match="must beat"):
        game.apply("pass")


def test_warning_keeps_the_highest_single() -> None:
    rs = ruleset(SMALL)
    rules = compile_rules(rs)
    assert rules is not None
    hand = parse_cards("3H JH QS")
    plays = legal_plays(rs, hand, None)
    kept, _ = rules.apply(Turn(hand=hand, target=None, next_left=1), plays, False)
    assert sorted(str(p) for p in kept) == ["QS"]
    kept, _ = rules.apply(Turn(hand=hand, target=None, next_left=2), plays, False)
    assert len(kept) == 3


def test_later_hands_of_a_session_drop_a_first_hand_rule() -> None:
    rules = compile_rules(ruleset(SMALL), hand_number=2)
    assert rules is not None and rules.leader([parse_cards("3S")]) is None


def test_no_obligations_bind_nothing() -> None:
    assert compile_rules(ruleset("doudizhu")) is None


def _load_problem(tmp_path, text: str) -> str:  # type: ignore[no-untyped-def]
    from paixing.rules.loader import VariantError, load_variant

    base = Path(SMALL).read_text(encoding="utf-8")
    path = tmp_path / "bad.yaml"
    path.write_text(base.replace("      - first_play: {card: 3S, hands: first}", text), encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(str(path))
    return str(info.value)


def test_loader_checks_the_obligations(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert "removed from the deck" in _load_problem(tmp_path, "      - first_play: {card: 4S}")
    assert "unknown hand type 'singel'" in _load_problem(tmp_path, "      - warn: {hand_types: [singel]}")
    assert "exactly one of" in _load_problem(tmp_path, "      - {must_beat: {}, warn: {hand_types: [single]}}")


def test_moves_cli_applies_the_obligations() -> None:
    import json

    from paixing.cli import app
    from typer.testing import CliRunner

    run = CliRunner().invoke
    out = run(app, ["moves", SMALL, "--hand", "3S 3H JS", "--first-play", "--json"])
    assert out.exit_code == 0, out.output
    assert {p["cards"] for p in json.loads(out.output)["plays"]} == {"3S", "3H 3S"}
    out = run(app, ["moves", SMALL, "--hand", "3H JS QS", "--next-left", "1", "--json"])
    assert [p["cards"] for p in json.loads(out.output)["plays"]] == ["QS"]
    out = run(app, ["moves", SMALL, "--hand", "3H JS QS", "--last", "JH", "--json"])
    assert json.loads(out.output)["pass"] is False
