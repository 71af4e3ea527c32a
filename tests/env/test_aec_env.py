"""The PettingZoo AEC environment (issue 20): PettingZoo's classic observation form, fresh deals
on unseeded resets and reproducible seeded ones, PettingZoo's seed and render tests, no hidden
card in a seat's observation, and episodes that are whole matches or hands at a level."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from paixing.game.state import Game, new_game
from paixing.hands.cache import ruleset
from paixing.rules.loader import builtin_ids

from tests.helpers import LEVELS

pytest.importorskip("pettingzoo")
from paixing.env import env, raw_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

FAST = ["banzipao", "zhengshangyou", "wushik", "guandan"]
SLOW = [pytest.param(v, marks=pytest.mark.slow) for v in builtin_ids() if v not in FAST]


def _play_out(e: object, rng: random.Random, limit: int = 100_000) -> dict[str, float]:
    """Play ``e`` to its end with random legal indices; each agent's summed rewards."""
    total: dict[str, float] = {}
    for _ in range(limit):
        if not e.agents:  # type: ignore[attr-defined]
            return total
        agent = e.agent_selection  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            e.step(None)  # type: ignore[attr-defined]
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))  # type: ignore[attr-defined]
    raise AssertionError("the episode did not end")


def test_the_observation_is_pettingzoos_classic_form() -> None:
    e = raw_env("guandan")
    e.reset(seed=3)
    space = e.observation_space("seat_0")
    for agent in e.possible_agents:
        obs = e.observe(agent)
        assert sorted(obs) == ["action_mask", "observation"]
        assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (e.table.flat.size,)
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (e.space.size,)
        assert obs in space
        features = e.features(agent)
        assert "action_mask" not in features
        flat = np.concatenate([features[k].ravel().astype(np.float32) for k in sorted(features)])
        assert np.array_equal(obs["observation"], flat)  # the arrays by name, as gymnasium's Dict orders them
        for key, array in e.table.flat.unflatten(obs["observation"]).items():
            assert np.array_equal(array, features[key])
    to_act = e.observe(e.agent_selection)["action_mask"]
    assert sorted(np.flatnonzero(to_act)) == sorted(e.legal_actions())
    assert all(e.observe(a)["action_mask"].sum() == 0 for a in e.possible_agents if a != e.agent_selection)


def _hands(e: object) -> list[list[str]]:
    return [[str(c) for c in h] for h in e.game.hands]  # type: ignore[attr-defined]


def test_an_unseeded_reset_deals_a_fresh_hand() -> None:
    """reset() dealt seed 0 (then 1, 2 …) in every new environment: the same hands in every
    run. It draws from a generator seeded from OS entropy now."""
    first, second = raw_env("banzipao"), raw_env("banzipao")
    first.reset()
    second.reset()
    assert _hands(first) != _hands(second)
    dealt = _hands(first)
    first.reset()
    assert _hands(first) != dealt
    assert len({first.table.seed, second.table.seed}) == 2


def test_a_seeded_reset_is_reproducible_and_starts_a_stream() -> None:
    a, b = raw_env("banzipao"), raw_env("banzipao")
    a.reset(seed=7)
    assert _hands(a) == [[str(c) for c in h] for h in new_game("banzipao", 7).hands]  # paixing play --seed 7
    stream = []
    for _ in range(3):
        a.reset()
        stream.append((a.table.seed, _hands(a)))
    b.reset(seed=7)
    assert [(b.reset(), b.table.seed, _hands(b))[1:] for _ in range(3)] == stream
    assert len({seed for seed, _ in stream}) == 3
    a.reset(seed=stream[1][0])  # an episode's seed plays it again
    assert _hands(a) == stream[1][1]


@pytest.mark.parametrize("seed", [-1, 2.5, "3", True])
def test_a_seed_is_a_whole_number(seed: object) -> None:
    e = raw_env("banzipao")
    with pytest.raises(ValueError, match="a seed is"):
        e.reset(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", FAST + SLOW)
def test_pettingzoo_seed_and_render_tests(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # idle seats' all-zero masks
        seed_test(lambda: env(variant), num_cycles=100)
        render_test(lambda render_mode=None: env(variant, render_mode=render_mode))


@pytest.mark.parametrize("variant", ["wushik", LEVELS])
def test_pettingzoo_api_test_on_whole_matches(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(variant, episode="match"), num_cycles=100)
        seed_test(lambda: env(variant, episode="match"), num_cycles=100)


def _other_hands_reshuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same deal for ``seat`` (its hand, the kitty, the dealer); the other seats' cards
    dealt among them again."""
    hidden = [c for s, h in enumerate(game.hands) if s != seat for c in h]
    rng.shuffle(hidden)
    hands, at = [], 0
    for s, hand in enumerate(game.hands):
        if s == seat:
            hands.append(list(hand))
        else:
            hands.append(hidden[at : at + len(hand)])
            at += len(hand)
    return Game(game.rs, game.seed, hands=hands, kitty=list(game.kitty), dealer=game.dealer)


@pytest.mark.parametrize("variant", ["guandan", "banzipao", "zhengshangyou", pytest.param("doudizhu", marks=pytest.mark.slow)])
def test_hidden_cards_do_not_reach_a_seats_observation(variant: str) -> None:
    """Two deals that differ only in the cards ``seat_0`` cannot see give it the same
    observation after every move both deals allow. (Variants whose deal makes something
    public that depends on the other hands, 赤壁打滚's shown card or 锄大地's holder of ♦3
    leading, would differ rightly: they are not paired this way.)"""
    rng = random.Random(4)
    for seed in range(2):
        dealt = new_game(variant, seed)
        base = Game(ruleset(variant), seed, hands=dealt.hands, kitty=dealt.kitty, dealer=dealt.dealer)
        twin = _other_hands_reshuffled(base, 0, rng)
        assert twin.hands[0] == base.hands[0] and twin.hands[1:] != base.hands[1:]
        envs = [raw_env(variant), raw_env(variant)]
        for e, game in zip(envs, (base, twin), strict=True):
            e.reset(seed=seed)
            e.table.game = game
            e.encoder.reset()
        compared = 0
        while not base.over and compared < 40:
            first, second = envs[0].observe("seat_0"), envs[1].observe("seat_0")
            assert np.array_equal(first["observation"], second["observation"])
            assert np.array_equal(first["action_mask"], second["action_mask"])
            compared += 1
            # the same move, card for card (an index's detail 0 may be other cards in the other deal)
            legal = [{str(a): a for a in e.game.legal_actions()} for e in envs]
            common = sorted(set(legal[0]) & set(legal[1]))
            if not common:
                break
            move = rng.choice(common)
            for e, actions in zip(envs, legal, strict=True):
                e.table.apply_action(actions[move])
        assert compared > 3


def test_a_whole_match_is_one_episode() -> None:
    """episode="match": hands follow one another (levels, tribute) until a side wins; each
    agent's rewards add up to its scores summed over the match's hands."""
    e = raw_env(LEVELS, episode="match")
    e.reset(seed=5)
    total = _play_out(e, random.Random(5))
    session = e.table.session
    assert session is not None and session.winner in (0, 1)
    assert len(session.records) == e.table.hand + 1 > 3
    assert [total[a] for a in e.possible_agents] == session.totals == e.table.totals
    summed = [sum(r["result"]["scores"][s] for r in session.records) for s in range(4)]
    assert summed == session.totals
    levels = {r["level"] for r in session.records}
    assert len(levels) > 1  # played at more than the first level
    info = e.table.info()
    assert info["winner"] == session.winner and info["hand"] == e.table.hand


def test_a_seat_sees_where_the_match_stands() -> None:
    """The observation of a hand in a match carries the match state it was dealt with (each
    side's level, whose level is played), not the "unknown" of a hand alone."""
    e = raw_env(LEVELS, episode="match")
    e.reset(seed=5)
    rng = random.Random(5)
    while e.table.hand < 3:
        e.step(rng.choice(sorted(e.legal_actions())))
    state = e.game.match_state
    ranks = ["10", "J", "Q", "K", "A"]
    for seat in range(4):
        features = e.features(f"seat_{seat}")
        mine = e.encoder.sides[seat]
        seen = [ranks[int(np.flatnonzero(row)[0])] for row in features["side_levels"]]
        assert seen == [ranks[state.levels[mine]], ranks[state.levels[1 - mine]]]
        assert features["declarers"].tolist() == ([1, 0, 0] if state.declarers == mine else [0, 1, 0])


def test_a_match_that_does_not_end_is_truncated() -> None:
    e = raw_env(LEVELS, episode="match", max_hands=2)
    e.reset(seed=5)
    rng = random.Random(1)
    while not (any(e.truncations.values()) or any(e.terminations.values())):
        e.step(rng.choice(sorted(e.legal_actions())))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.table.hand == 1 and e.table.session is not None and e.table.session.winner is None


def test_a_points_match_is_one_episode() -> None:
    e = raw_env("wushik", episode="match")
    e.reset(seed=2)
    total = _play_out(e, random.Random(2))
    session = e.table.session
    assert session is not None and session.winner in (0, 1)
    assert [total[a] for a in e.possible_agents] == session.totals
    assert max(session.carried["match"]["points"]) >= 200


def test_a_hand_at_a_requested_level() -> None:
    e = raw_env(LEVELS, level="K")
    e.reset(seed=1)
    assert e.game.level == "K"
    e.reset(seed=1, options={"level": "A"})
    assert e.game.level == "A"
    e.reset(seed=1)
    assert e.game.level == "K"
    e = raw_env("guandan")
    e.reset(seed=1)
    assert e.game.level == "2"


def test_a_guandan_hand_at_level_7_deals_with_7_as_the_level() -> None:
    e = raw_env("guandan", level="7")
    e.reset(seed=1)
    assert e.game.level == "7" and e.table.info()["level"] == "7"
    assert e.game.rs.hand.level == "7"  # the hand's rules: 7 is the level rank
    assert {str(c) for c in e.game.rs.tables.wild_cards} == {"7H"}  # 逢人配: the level's heart
    features = e.features("seat_0")
    assert np.flatnonzero(features["level"]).tolist() == [5]  # 2 3 4 5 6 [7]: the observation says so
    assert features["wild"].sum() == 1
    _play_out(e, random.Random(1))  # every legal play at level 7 has an index (the space knew level 2's)
    assert e.game.over


@pytest.mark.slow  # ~8 s: a whole 掼蛋 match of random play
def test_a_whole_guandan_match() -> None:
    """Levels 2 … A, tribute and return between hands: every hand's plays have an index (the
    action space knew level 2's plays only before the level-aware index)."""
    e = raw_env("guandan", episode="match")
    e.reset(seed=3)
    total = _play_out(e, random.Random(3))
    session = e.table.session
    assert session is not None and session.winner in (0, 1)
    assert [total[a] for a in e.possible_agents] == session.totals
    assert len({r["level"] for r in session.records}) > 2


@pytest.mark.parametrize(("variant", "options", "message"), [
    ("banzipao", {"episode": "game"}, "^episode must be one of hand, match, not 'game'$"),
    ("banzipao", {"episode": "match"}, r"^banzipao has no match \(no game.session\): episode='match' needs one$"),
    ("banzipao", {"level": "7"}, r"^banzipao has no levels \(no ranks.level, no session levels\): level= does not apply$"),
    ("guandan", {"level": "X"}, r"^level 'X' is not a rank of guandan \(2 3 4 5 6 7 8 9 10 J Q K A BJ RJ\)$"),
    ("guandan", {"episode": "match", "level": "7"}, "^a match starts at its first level: level= is for episode='hand'$"),
])
def test_options_the_variant_cannot_play_are_refused(variant: str, options: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(variant, **options)
