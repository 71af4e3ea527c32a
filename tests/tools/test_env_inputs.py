"""The environments refuse what is no action, deal or agent (issue 23, item 22), each with a
ValueError that names it: none is read as something else, none ends in a bare IndexError or
ZeroDivisionError, none builds a list of a billion deals."""

from __future__ import annotations

import pytest
from paixing.env.actions import action_space
from paixing.game.state import new_game


def test_an_index_outside_the_space_is_named() -> None:
    space = action_space("banzipao")
    game = new_game("banzipao", 0)
    last = space.size - 1
    for index in (space.size, 10**6, -1, -3):  # -3 used to count from the end: "call 2C"
        with pytest.raises(ValueError, match=rf"^action {index} is outside banzipao's action space \(0 … {last}\)$"):
            space.action_to_play(game, index)
    with pytest.raises(ValueError, match=r"^action -1 is outside"):
        space.describe(-1)


@pytest.mark.parametrize("index", ["0", 2.5, True, None])
def test_what_is_no_whole_number_is_no_index(index: object) -> None:
    space = action_space("banzipao")
    with pytest.raises(ValueError, match=rf"^an action is a whole-number index of banzipao's action space, not {index!r}$"):
        space.action_to_play(new_game("banzipao", 0), index)  # type: ignore[arg-type]


def test_pettingzoo_refuses_a_string_a_fraction_and_a_foreign_agent() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np
    from paixing.env import raw_env

    e = raw_env("banzipao")
    e.reset(seed=0)
    before = list(e.game.actions)
    for action in ("0", 2.5):  # "0" was played as pass, 2.5 as index 2
        with pytest.raises(ValueError, match=rf"^an action is a whole-number index of banzipao's action space, not {action!r}$"):
            e.step(action)
    assert e.game.actions == before
    with pytest.raises(ValueError, match=r"^no agent 'seat_-1': the agents are seat_0, seat_1, seat_2, seat_3$"):
        e.observe("seat_-1")  # it answered with seat 3's private observation
    e.step(np.int64(0))  # numpy's integers are indices
    assert len(e.game.actions) == len(before) + 1


@pytest.mark.parametrize("deals", [0, -5, 10**9])
def test_openspiel_deals_are_bounded(deals: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("paixing.env.spiel")
    # 0 divided by zero, -5 made a chance node with no outcomes, 10**9 a list of 10**9 deals
    with pytest.raises(Exception, match=rf"deals must be a whole number from 1 to 100,000, not {deals}"):
        pyspiel.load_game("python_paixing", {"variant": "banzipao", "deals": deals})


def test_openspiel_refuses_a_deal_and_an_action_outside_the_game() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("paixing.env.spiel")
    game = pyspiel.load_game("python_paixing", {"variant": "banzipao", "deals": 5})
    state = game.new_initial_state()
    with pytest.raises(Exception, match=r"deal 7 is not a chance outcome: the deals are 0 … 4"):
        state.apply_action(7)
    assert state.is_chance_node()
    state.apply_action(4)
    size = game.num_distinct_actions()
    with pytest.raises(Exception, match=rf"action {size} is outside banzipao's action space \(0 … {size - 1}\)"):
        state.apply_action(size)
