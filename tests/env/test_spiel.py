"""The OpenSpiel game (issue 20): clones that share what never changes, information states that
are functions of a seat's observation (IS-MCTS with the documented resampler), states and games
that serialize, and the utility the score table allows. Needs the ``env`` extra."""

from __future__ import annotations

import os
import pickle
import random
import time

import pytest

pyspiel = pytest.importorskip("pyspiel")
spiel = pytest.importorskip("paixing.env.spiel")

from paixing.game.state import Game  # noqa: E402
from paixing.rules.loader import builtin_ids  # noqa: E402

BUILT_IN = builtin_ids()


def _load(variant: str, deals: int = 20, **more: object) -> object:
    return pyspiel.load_game("python_paixing", {"variant": variant, "deals": deals, **more})


def _dealt(variant: str, deal: int = 3, deals: int = 20) -> tuple[object, object]:
    game = _load(variant, deals)
    state = game.new_initial_state()
    state.apply_action(deal)
    return game, state


def _advance(state: object, moves: int) -> None:
    """Play ``moves`` actions, always the last legal one (bids high, then plays)."""
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply_action(state.legal_actions()[-1])


# ---------------------------------------------------------------------- item 1: clone
@pytest.mark.parametrize("variant", ["banzipao", "doudizhu"])
def test_a_clone_shares_the_action_space_and_costs_a_game_copy(variant: str) -> None:
    _, state = _dealt(variant)
    _advance(state, 6)
    start = time.perf_counter()
    other = state.clone()
    took = time.perf_counter() - start
    assert other.space is state.space  # deep-copied before: 4-6 s per clone
    assert other.held.shared is state.held.shared
    assert other.game is not state.game and other.game.hands == state.game.hands
    assert took < 0.05, f"a clone took {took:.3f} s"
    other.apply_action(other.legal_actions()[0])
    assert other.history() != state.history() and len(state.game.actions) == 6


def test_a_clone_plays_on_alone() -> None:
    _, state = _dealt("banzipao")
    other = state.clone()
    before = str(state)
    _advance(other, 8)
    assert str(state) == before
    assert other.history()[:1] == state.history()


# ---------------------------------------------------------------------- item 2: information states
def test_a_resampled_world_shows_each_seat_its_own_cards() -> None:
    """Seat j's information state in a world dealt again for another seat is the string of
    j's cards in that world (it showed the real deal: one string, many sets of legal actions)."""
    _, state = _dealt("banzipao")
    _advance(state, 9)
    me = state.current_player()
    r = random.Random(5)
    for _ in range(4):
        world = spiel.resampler(state, me, r)
        assert world.information_state_string(me) == state.information_state_string(me)
        for seat in range(4):
            if seat == me:
                continue
            text = world.information_state_string(seat)
            hand = " ".join(map(str, world.game.hands[seat]))
            assert text.startswith(f"p{seat} hand[{hand}]")
            if world.game.hands[seat] != state.game.hands[seat]:
                assert text != state.information_state_string(seat)
                assert " ".join(map(str, state.game.dealt[seat])) not in text


def test_one_information_state_one_set_of_legal_actions() -> None:
    """Over many resampled worlds, every information state of a seat to act has one set of
    legal actions (IS-MCTS keys its nodes on the string and crashed with a KeyError)."""
    _, state = _dealt("banzipao", deal=1)
    _advance(state, 3)
    r = random.Random(2)
    seen: dict[str, list[int]] = {}
    for _ in range(30):
        world = spiel.resampler(state, state.current_player(), r)
        for _ in range(r.randrange(1, 12)):
            if world.is_terminal():
                break
            key = world.information_state_string(world.current_player())
            legal = world.legal_actions()
            assert seen.setdefault(key, legal) == legal
            world.apply_action(r.choice(legal))


ISMCTS_FAST = ["banzipao", "chudadi"]


def _ismcts(variant: str, simulations: int, moves: int) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game, state = _dealt(variant, deal=2)
    rng = np.random.RandomState(0)
    r = random.Random(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng)
    bot.set_resampler(lambda s, p: spiel.resampler(s, p, r))
    for _ in range(moves):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("variant", ISMCTS_FAST)
def test_ismcts_with_the_documented_resampler(variant: str) -> None:
    _ismcts(variant, simulations=4, moves=4)


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v for v in BUILT_IN if v not in ISMCTS_FAST])
def test_ismcts_on_every_variant(variant: str) -> None:
    _ismcts(variant, simulations=int(os.environ.get("PAIXING_SPIEL_SIMS", "8")), moves=10)


def _swapped(game: Game) -> list[list[object]] | None:
    """The deal with one card of seat 1 and one of seat 2 of another rank swapped."""
    hands = [list(h) for h in game.dealt]
    a = hands[1][0]
    b = next((c for c in hands[2] if c.rank != a.rank), None)
    if b is None:
        return None
    hands[1][0], hands[2][hands[2].index(b)] = b, a
    return hands


@pytest.mark.parametrize("variant", ["doudizhu", "banzipao", "guandan", "chudadi"])
def test_hidden_cards_never_reach_a_seats_information_state(variant: str) -> None:
    """Paired deals that differ only in cards seat 0 cannot see: its information state,
    observation strings and both tensors are equal at every step both hands share."""
    game = _load(variant)
    real = game.new_initial_state()
    real.apply_action(4)
    hands = _swapped(real.game)
    assert hands is not None
    twin = game.new_initial_state()
    twin.apply_action(4)
    twin.held.game = Game(real.space.rs, 4, hands=hands, kitty=list(real.game.kitty), dealer=real.game.dealer)
    assert twin.game.hands != real.game.hands and twin.game.hands[0] == real.game.hands[0]
    steps = 0
    while not real.is_terminal() and steps < 40:
        assert real.information_state_string(0) == twin.information_state_string(0)
        assert real.observation_string(0) == twin.observation_string(0)
        assert real.information_state_tensor(0) == twin.information_state_tensor(0)
        assert real.observation_tensor(0) == twin.observation_tensor(0)
        shared = sorted(set(real.legal_actions()) & set(twin.legal_actions()))
        if real.current_player() != twin.current_player() or not shared:
            break
        action = shared[-1] if real.current_player() == 0 else shared[0]
        real.apply_action(action)
        twin.apply_action(action)
        steps += 1
    assert steps >= 5


# ---------------------------------------------------------------------- item 3: serialization
@pytest.mark.parametrize("variant", ["banzipao", "chibi-dagun", "guandan"])
def test_states_and_games_serialize(variant: str) -> None:
    game, state = _dealt(variant)
    _advance(state, 7)
    text = pyspiel.serialize_game_and_state(game, state)  # "Can't pickle local object" before
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    seat = state.current_player()
    assert state2.information_state_string(seat) == state.information_state_string(seat)
    assert state2.legal_actions() == state.legal_actions()
    assert game2.num_distinct_actions() == game.num_distinct_actions()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_a_resampled_world_serializes_as_that_world() -> None:
    game, state = _dealt("banzipao")
    _advance(state, 8)
    world = spiel.resampler(state, state.current_player(), random.Random(3))
    _advance(world, 3)
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))
    assert back.game.hands == world.game.hands and str(back) == str(world)
    assert back.game.hands != state.game.hands


# ---------------------------------------------------------------------- item 4: random simulation
SIM_FAST = ["banzipao", "chudadi", "chibi-dagun"]  # 掼蛋 (3 s) runs in the slow test of every variant


@pytest.mark.parametrize("variant", SIM_FAST)
def test_random_simulation_with_serialization(variant: str) -> None:
    pyspiel.random_sim_test(_load(variant, deals=3), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", BUILT_IN)
def test_random_simulation_on_every_variant(variant: str) -> None:
    sims = int(os.environ.get("PAIXING_SPIEL_SIMS", "3"))
    pyspiel.random_sim_test(_load(variant, deals=50), num_sims=sims, serialize=True, verbose=False)


def test_action_strings_are_one_per_legal_action() -> None:
    """Two straight flushes of other suits read alike; OpenSpiel wants distinct strings."""
    _, state = _dealt("guandan", deal=4)
    player = state.current_player()
    names = [state.action_to_string(player, a) for a in state.legal_actions()]
    assert len(set(names)) == len(names)
    assert names[0].endswith(f" #{state.legal_actions()[0]}")


# ---------------------------------------------------------------------- item 8: utility
@pytest.mark.parametrize(
    ("variant", "low", "high"),
    [
        ("doudizhu", -196_608, 196_608),  # 2 × bid 3 × 2^13 bombs × rocket 2 × (anti-)spring 2
        ("guandan", -3, 3),
        ("shuangkou", -3, 3),
        ("chudadi", -39, 117),  # 13 cards left count 3 each; the winner collects from three
        ("wushik", -50, 50),
        ("zhengshangyou", -18, 36),
    ],
)
def test_the_utility_is_the_score_tables(variant: str, low: int, high: int) -> None:
    from paixing.env.spiel_utility import utility_of
    from paixing.hands.cache import ruleset

    assert utility_of(ruleset(variant)) == spiel.Utility(low, high, True)


def test_the_game_declares_its_utility() -> None:
    game = _load("guandan")
    assert (game.min_utility(), game.max_utility()) == (-3, 3)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.utility_sum() == 0.0


def test_every_built_in_variant_is_zero_sum() -> None:
    from paixing.env.spiel_utility import utility_of
    from paixing.hands.cache import ruleset

    assert [v for v in BUILT_IN if not utility_of(ruleset(v)).zero_sum] == []


def test_a_row_that_is_no_transfer_makes_the_game_general_sum(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "rich-solo.yaml"
    path.write_text(
        "id: rich-solo\nextends: banzipao\nname: {zh: 富包牌, en: Rich solo}\n"
        "game:\n  contracts:\n    - id: baopai\n"
        "      score:\n        - {when: [declarer_won], declarer: 10, opponents: -3}\n"
        "        - {when: [not declarer_won], declarer: -9, opponents: 3}\n",
        encoding="utf-8",
    )
    game = _load(str(path))
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert _load("banzipao").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    # 反包's 18 plus 13 bonus plays of 3 from each of three; 叫牌's loser pays 13 × 3 + 18
    assert (game.min_utility(), game.max_utility()) == (-57, 135)


@pytest.mark.parametrize("variant", ["doudizhu", "chudadi", "banzipao", "paodekuai"])
def test_random_hands_stay_inside_the_declared_utility(variant: str) -> None:
    game = _load(variant, deals=40)
    r = random.Random(1)
    for deal in range(0, 40, 4):
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            state.apply_action(r.choice(state.legal_actions()))
        returns = state.returns()
        assert sum(returns) == 0
        assert all(game.min_utility() <= x <= game.max_utility() for x in returns)
