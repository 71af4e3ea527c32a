"""``LegalActions``: play actions made when read, the same object on every read, equal to the
list of the same actions, and only the objects it handed out skip ``apply``'s check."""

from __future__ import annotations

import pytest
from paixing.game import new_game
from paixing.game.actions import PASS, Action, IllegalAction, LegalActions
from paixing.hands.moves import legal_plays


def _responding(variant: str = "doudizhu", seed: int = 5):
    """A game whose player to act answers a play (so a pass is legal)."""
    game = new_game(variant, seed)
    while game.phase != "play" or game.last is None:
        game.apply(game.legal_actions()[0])
    return game


def test_actions_follow_the_plays_then_the_pass() -> None:
    game = _responding()
    acts = game.legal_actions()
    plays = legal_plays(game.rs, game.hands[game.turn], game.last[1])
    assert isinstance(acts, LegalActions)
    assert len(acts) == len(plays) + 1 and acts.plays == plays
    assert list(acts) == [Action("play", p) for p in plays] + [PASS]
    assert acts[-1] is PASS and acts[len(plays)] is PASS
    assert acts[0] is acts[0] and acts[0] is next(iter(acts))  # made once
    assert acts[:2] == [acts[0], acts[1]] and acts[-1:] == [PASS]
    assert acts == list(acts) and list(acts) == acts and acts == tuple(acts)
    assert acts != list(acts)[:-1]
    assert Action("play", plays[0]) in acts and PASS in acts and Action("bid", contract="x") not in acts
    with pytest.raises(IndexError):
        acts[len(acts)]
    with pytest.raises(IndexError):
        acts[-len(acts) - 1]


def test_only_handed_out_objects_skip_the_check() -> None:
    game = _responding()
    acts = game.legal_actions()
    first = acts[0]
    assert acts.issued(first) and acts.issued(PASS)
    assert not acts.issued(Action("play", first.play))  # equal, but not the object handed out
    assert acts._made is not None and len(acts._made) == 1  # noqa: SLF001 - nothing else was read yet
    second = acts[1]
    assert acts.issued(second) and len(acts._made) == 2  # noqa: SLF001


def test_a_forged_action_is_still_checked() -> None:
    game = _responding()
    hand = game.hands[game.turn]
    other = next(s for s in range(game.n) if s != game.turn and game.hands[s])
    forged = legal_plays(game.rs, game.hands[other])[0]
    game.legal_actions()
    assert not all(c in hand for c in forged.cards)
    with pytest.raises(IllegalAction):
        game.apply(Action("play", forged))
