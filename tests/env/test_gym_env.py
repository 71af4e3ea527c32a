"""The Gymnasium learner environment (issue 20): ``gymnasium.make("paixing/<id>-v0")`` passes
Gymnasium's checker, plays one seat against any paixing agent, answers an illegal action with
the masking literature's penalty (or as configured), and adds up its rewards to the seat's
score over a hand or a whole match."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import numpy as np
import pytest
from paixing.rules.loader import builtin_ids

from tests.helpers import LEVELS

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
import paixing.env  # noqa: E402,F401  (registers paixing/<id>-v0)
from gymnasium.utils.env_checker import check_env  # noqa: E402
from paixing.env.gym import PaixingGymEnv  # noqa: E402

FAST = ["banzipao", "zhengshangyou", "wushik", "guandan"]
SLOW = [pytest.param(v, marks=pytest.mark.slow) for v in builtin_ids() if v not in FAST]


def _masked_random(env: PaixingGymEnv, rng: random.Random, seed: int) -> tuple[float, list[dict]]:
    """One episode with random legal actions: the summed reward and every info."""
    obs, info = env.reset(seed=seed)
    infos, total = [info], 0.0
    while True:
        assert obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        total += float(reward)
        infos.append(info)
        if terminated or truncated:
            return total, infos


def test_every_built_in_variant_is_registered() -> None:
    ids = {spec.id for spec in gymnasium.registry.values() if spec.namespace == "paixing"}
    assert ids == {f"paixing/{v}-v0" for v in builtin_ids()}
    assert paixing.env.register_envs() == []  # a second import registers nothing twice


@pytest.mark.parametrize("variant", FAST + SLOW)
def test_gymnasiums_checker_passes(variant: str) -> None:
    env = gymnasium.make(f"paixing/{variant}-v0", opponents="random")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_the_checker_passes_on_whole_matches() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make("paixing/wushik-v0", episode="match").unwrapped)
        check_env(PaixingGymEnv(LEVELS, episode="match", opponents="greedy"))
    assert [str(w.message) for w in caught if "spec" not in str(w.message)] == []


def test_rewards_add_up_to_the_learners_score() -> None:
    env = PaixingGymEnv("zhengshangyou", opponents="greedy", seat=1)
    rng = random.Random(0)
    for seed in range(5):
        total, infos = _masked_random(env, rng, seed)
        assert env.table.game is not None and env.table.game.over
        assert total == env.table.game.scores[1]
        assert all(i["seat"] == 1 and i["seed"] == seed and not i["illegal_action"] for i in infos)
        assert np.array_equal(infos[0]["action_mask"], env.reset(seed=seed)[0]["action_mask"])


def test_a_match_episode_sums_the_hands() -> None:
    env = PaixingGymEnv(LEVELS, episode="match", opponents="random", seat=2)
    total, infos = _masked_random(env, random.Random(1), 4)
    session = env.table.session
    assert session is not None and session.winner in (0, 1)
    assert total == session.totals[2] == sum(r["result"]["scores"][2] for r in session.records)
    assert infos[-1]["winner"] == session.winner and infos[-1]["hand"] == len(session.records) - 1 > 2
    assert len({i["level"] for i in infos}) > 1


@pytest.mark.slow  # a whole 掼蛋 match: ~10 s
def test_a_whole_guandan_match_against_greedy_players() -> None:
    env = gymnasium.make("paixing/guandan-v0", episode="match", opponents="greedy", seat=3)
    total, infos = _masked_random(env.unwrapped, random.Random(2), 6)
    session = env.unwrapped.table.session
    assert session is not None and total == session.totals[3]
    assert infos[-1]["winner"] == session.winner in (0, 1)


def test_seeded_episodes_repeat_and_unseeded_ones_differ() -> None:
    def trajectory(env: PaixingGymEnv, seed: int | None) -> list[int]:
        obs, info = env.reset(seed=seed)
        rng, moves = random.Random(9), [info["seed"]]
        while True:
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            obs, _, terminated, truncated, _ = env.step(action)
            moves.append(action)
            if terminated or truncated:
                return moves

    a, b = PaixingGymEnv("banzipao"), PaixingGymEnv("banzipao")
    assert trajectory(a, 11) == trajectory(b, 11)
    assert [trajectory(a, None) for _ in range(2)] == [trajectory(b, None) for _ in range(2)]  # seeded streams
    fresh = [PaixingGymEnv("banzipao").reset()[1]["seed"] for _ in range(3)]
    assert len(set(fresh)) == 3  # OS entropy: a fresh environment plays a fresh episode


def test_an_episode_the_learner_sits_out_is_skipped() -> None:
    """板子炮 deal 8698157313321341863: seats 2 and 3 play a 1-against-1 counter-solo, seat 0
    never acts. reset() returned that finished hand with an empty mask; it deals the next."""
    env = PaixingGymEnv("banzipao", seat=0)
    obs, info = env.reset(seed=8698157313321341863)
    assert info["skipped"] >= 1 and info["seed"] != 8698157313321341863
    assert obs["action_mask"].any()


def test_a_seat_drawn_each_episode() -> None:
    env = PaixingGymEnv("banzipao", seat=None)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2, 3}
    for s in range(3):
        _, info = env.reset(seed=s)
        assert env.table.turn == info["seat"]


def _illegal_index(env: PaixingGymEnv) -> int:
    mask = env.action_masks()
    return int(np.flatnonzero(~mask)[0])


def test_an_illegal_action_costs_the_penalty_and_changes_nothing() -> None:
    env = PaixingGymEnv("banzipao", max_illegal=3)
    obs, _ = env.reset(seed=2)
    before = list(env.table.game.actions)
    wrong = _illegal_index(env)
    for k in range(3):
        after, reward, terminated, truncated, info = env.step(wrong)
        assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, k == 2, True)
        assert np.array_equal(after["observation"], obs["observation"])
        assert list(env.table.game.actions) == before
    env.reset(seed=2)
    env.step(wrong)
    _, reward, _, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert not info["illegal_action"]  # a legal action ends the run of illegal ones


def test_an_illegal_action_can_end_the_episode_or_raise() -> None:
    env = PaixingGymEnv("banzipao", illegal="terminate", illegal_reward=-50)
    env.reset(seed=2)
    _, reward, terminated, truncated, info = env.step(_illegal_index(env))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-50.0, True, False, True)
    env = PaixingGymEnv("banzipao", illegal="raise")
    env.reset(seed=2)
    wrong = _illegal_index(env)
    with pytest.raises(ValueError, match=rf"^action {wrong} \(.*\) is not legal now$"):
        env.step(wrong)


@pytest.mark.parametrize("action", ["0", 2.5, -1, 10**6])
def test_what_is_no_index_is_a_value_error(action: object) -> None:
    env = PaixingGymEnv("banzipao")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="banzipao's action space"):
        env.step(action)  # type: ignore[arg-type]


def test_opponents_by_name_list_object_factory_and_module_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lowest_agent.py").write_text(
        "class Lowest:\n"
        "    name = 'lowest'\n"
        "    made = []\n"
        "    def __init__(self, seed):\n"
        "        Lowest.made.append(seed)\n"
        "    def choose(self, obs):\n"
        "        return obs.legal[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    env = PaixingGymEnv("zhengshangyou", opponents="greedy,lowest_agent:Lowest")
    _masked_random(env, random.Random(0), 3)
    import lowest_agent  # type: ignore[import-not-found]

    assert len(lowest_agent.Lowest.made) == 1  # built for the hand, seeded
    seen = []

    class Recorder:
        name = "recorder"

        def choose(self, obs):  # type: ignore[no-untyped-def]
            seen.append(obs.seat)
            return obs.legal[-1]

    _masked_random(PaixingGymEnv("zhengshangyou", opponents=[Recorder(), lambda seed: Recorder()]), random.Random(0), 1)
    assert set(seen) == {1, 2}
    _masked_random(PaixingGymEnv("zhengshangyou", opponents="search:5"), random.Random(0), 1)


@pytest.mark.parametrize(("options", "message"), [
    ({"opponents": "gredy"}, r"^unknown opponent 'gredy' \(choose random, greedy, search, module:Class, an agent or a factory\)$"),
    ({"opponents": "random,random,random"}, r"^3 opponents given for 2 opponent seats \(give one, or one per seat\)$"),
    ({"opponents": "nosuchmodule:Agent"}, r"^opponent 'nosuchmodule:Agent': cannot import 'nosuchmodule' \(ModuleNotFoundError: No module named 'nosuchmodule'\)$"),
    ({"opponents": 5}, r"^an opponent is a name, an agent with choose\(obs\) or a factory seed -> agent, not 5$"),
    ({"seat": 4}, r"^seat must be one of 0 … 3 or None \(drawn each episode\), not 4$"),
    ({"illegal": "ignore"}, r"^illegal must be one of penalty, terminate, raise, not 'ignore'$"),
    ({"render_mode": "rgb_array"}, r"^render_mode must be one of ansi, human or None, not 'rgb_array'$"),
])
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PaixingGymEnv("banzipao" if "opponents" not in options else "zhengshangyou", **options)  # type: ignore[arg-type]
