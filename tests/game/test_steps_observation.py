"""The contract-step registry, typed events, ``Game.clone`` and the observation boundary."""

from __future__ import annotations

import dataclasses

import pytest
from paixing.agents.bots import GreedyBot, RandomBot
from paixing.agents.play import play_hand
from paixing.game import new_game
from paixing.game.events import EVENTS, Deal, from_json
from paixing.game.steps import STEPS, StepRunner
from paixing.rules.hand_rules import STEP_KINDS

VARIANTS = ["banzipao", "chibi-dagun", "doudizhu"]


def test_step_registry_matches_the_model() -> None:
    assert set(STEPS) == set(STEP_KINDS)
    for kind, step in STEPS.items():
        assert step.kind == kind and issubclass(step, StepRunner)


@pytest.mark.parametrize("variant", VARIANTS)
def test_events_round_trip_through_json(variant: str) -> None:
    game = play_hand(new_game(variant, 3), [RandomBot(s) for s in range(4)])
    for event in game.log:
        data = event.to_json()
        assert data["event"] == event.kind and type(event) is EVENTS[event.kind]
        assert from_json(data) == event


@pytest.mark.parametrize("variant", VARIANTS)
def test_clone_plays_on_independently(variant: str) -> None:
    game = new_game(variant, 7)
    bots = [RandomBot(s) for s in range(game.n)]
    for _ in range(20):
        if game.over:
            break
        game.apply(bots[game.turn].choose(game.observation(game.turn)))
    twin = game.clone()
    before = (list(game.actions), [list(h) for h in game.hands], list(game.log))
    play_hand(twin, [RandomBot(100 + s) for s in range(game.n)])
    assert (game.actions, game.hands, game.log) == before  # the original is untouched
    again = new_game(variant, 7)
    for text in twin.actions:
        again.apply(text)
    assert again.over and again.scores == twin.scores and again.log == twin.log


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_observation_shows_no_other_hand(variant: str) -> None:
    game = new_game(variant, 11)
    bots = [GreedyBot(s) for s in range(game.n)]
    while not game.over:
        seat = game.turn
        obs = game.observation(seat)
        assert list(obs.hand) == game.hands[seat]
        others = [sorted(map(str, h)) for s, h in enumerate(game.hands) if s != seat and h]
        for f in dataclasses.fields(obs):
            value = getattr(obs, f.name)
            if isinstance(value, (list, tuple)) and value and all(hasattr(c, "rank") for c in value):
                assert sorted(map(str, value)) not in others or f.name == "kitty", f.name
        for event in obs.history:
            if isinstance(event, Deal):
                assert all(h is None for s, h in enumerate(event.hands) if s != seat)
        if obs.partner is not None and seat != game.seats.partner:
            assert game.seats.partner_known
        game.apply(bots[seat].choose(obs))
