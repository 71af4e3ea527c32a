"""``Game`` is one state class: each field declared once (in ``__init__``, or in
``_reset_hand_state`` when a redeal resets it) and listed again in ``copy``, which makes an
independent hand that shares only what never changes."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path
from typing import Any

import paixing.game
import pytest
from paixing.agents.bots import RandomBot
from paixing.game import new_game
from paixing.game.action_log import ActionLog
from paixing.game.seat_views import PublicViews
from paixing.game.seats import Seats
from paixing.game.state import Game, HandSetup
from paixing.game.steps import StepRunner
from paixing.hands.cache import ruleset

from tests.helpers import DATA

SOURCE = Path(paixing.game.__file__ or "").parent / "state.py"
"""The source of ``Game`` (read as text: a compiled core has no source to inspect)."""
DECLARING = ("__init__", "_reset_hand_state")
MUTABLE = (list, set, dict, Seats, PublicViews, ActionLog, random.Random, StepRunner)
"""What a copy must not share with its original (a change to one would show in the other)."""


def _methods() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    game = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    return {f.name: f for f in game.body if isinstance(f, ast.FunctionDef)}


def _assigned(function: ast.FunctionDef, owner: str) -> set[str]:
    """The attributes of ``owner`` (a name) that ``function`` assigns."""
    names = set()
    for node in ast.walk(function):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
        for target in targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == owner:
                    names.add(t.attr)
    return names


def _named(function: ast.FunctionDef, owner: str) -> set[str]:
    """The attributes of ``owner`` that ``function`` names (sets, or changes in place)."""
    return {n.attr for n in ast.walk(function) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == owner}


FIELDS = sorted(set().union(*(_assigned(_methods()[m], "self") for m in DECLARING)))


def test_copy_lists_every_field_and_no_method_adds_one() -> None:
    methods = _methods()
    assert not _assigned(methods["__init__"], "self") & _assigned(methods["_reset_hand_state"], "self")  # once
    copied = _named(methods["copy"], "other")  # named: other.rng may be set in place (setstate)
    assert copied == set(FIELDS) - {"setup"}  # the setup is given to the copy's constructor
    for name, method in methods.items():
        assert _assigned(method, "self") <= set(FIELDS), f"Game.{name} sets a field declared nowhere"


def test_a_hand_starts_from_its_setup_before_the_deal() -> None:
    """``Game(setup)`` is the hand of ``setup`` before its deal: every field set, nothing dealt."""
    setup = new_game("doudizhu", 3).setup
    before = Game(setup)
    assert before.setup is setup and before.phase == "deal" and before.turn == -1
    assert before.hands == [] and before.log == [] and list(before.legal_actions()) == []
    assert before.rng.getstate() == random.Random(3).getstate()
    assert all(hasattr(before, name) for name in FIELDS)


def _same(name: str, mine: Any, theirs: Any, phase: str) -> None:
    if isinstance(mine, random.Random):
        assert mine.getstate() == theirs.getstate(), name
        if phase in ("play", "over"):  # nothing draws from it any more: shared
            assert mine is theirs, name
            return
    elif isinstance(mine, PublicViews):
        for part in ("deal_marks", "kitty_shown", "parts", "seen_upto", "histories", "totals"):
            assert getattr(mine, part) == getattr(theirs, part), f"{name}.{part}"
    elif isinstance(mine, StepRunner):
        assert type(mine) is type(theirs) and vars(mine) == vars(theirs), name
    else:
        assert mine == theirs, name
    if isinstance(mine, MUTABLE):
        assert mine is not theirs, f"{name} is shared by the copy"


@pytest.mark.parametrize("variant", ["doudizhu", "doudizhu-laizi", "chibi-dagun", "banzipao", "guandan", str(DATA / "special-calls.yaml")])
def test_a_copy_equals_its_original_at_every_decision_and_shares_nothing_that_changes(variant: str) -> None:
    game = new_game(variant, 5)
    bots = [RandomBot(s) for s in range(game.n)]
    while True:
        for other in (game.copy(), copy.deepcopy(game), game.clone()):
            assert type(other) is Game and other.setup is game.setup
            for name in FIELDS:
                if name != "_issued":  # the actions the original handed out: a copy checks its own
                    _same(name, getattr(game, name), getattr(other, name), game.phase)
        if game.over:
            break
        game.apply(bots[game.turn].choose(game.observation(game.turn)))


def test_the_setup_holds_what_the_hand_was_told() -> None:
    setup = HandSetup(new_game("guandan", 0).rs, 4, fixed_deal=True, dealer=2, hand_number=3, level="9", wild_ranks=["K"])
    assert (setup.seed, setup.dealer, setup.hand_number, setup.level, setup.told_wild_ranks) == (4, 2, 3, "9", ("K",))
    assert setup.announced(("5",), 0) == ("K",)
    with pytest.raises(ValueError, match="defines hand types only, no game"):
        Game(ruleset(str(DATA / "kickers-last.yaml")))


@pytest.mark.parametrize("variant", ["doudizhu", "doudizhu-laizi", "chibi-dagun", "banzipao", "guandan", "paodekuai"])
def test_trick_play_draws_nothing_from_the_random_stream(variant: str) -> None:
    """What lets a copy share the random stream once play has begun (``Game.copy``): if trick
    play ever draws from it, this fails, and ``copy`` must copy the stream in every phase."""
    for seed in range(3):
        game = new_game(variant, seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.n)]
        while game.phase != "play" and not game.over:
            game.apply(bots[game.turn].choose(game.observation(game.turn)))
        start = game.rng.getstate()
        while not game.over:
            game.apply(bots[game.turn].choose(game.observation(game.turn)))
        assert game.rng.getstate() == start
