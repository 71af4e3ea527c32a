"""The search agent (paixing.agents.search) and the worlds it searches (paixing.agents.worlds):
budgets, worlds that agree with the observation, and a bot that sees only its observation."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from paixing.agents.bots import BOTS, GreedyBot, make_bot, seat_bots
from paixing.agents.search import DEFAULT_ROLLOUTS, SearchBot, candidates, parse_budget, parse_scope
from paixing.agents.worlds import sample_world, sample_worlds
from paixing.arena import arena, parse_agents
from paixing.game.actions import PASS
from paixing.game.observation import Observation
from paixing.game.state import Game, new_game


def test_budget_parsing() -> None:
    assert parse_budget("") == (DEFAULT_ROLLOUTS, None)
    assert parse_budget("200") == (200, None)
    assert parse_budget("50ms") == (None, 0.05)
    assert parse_budget("2s") == (None, 2.0)
    assert parse_budget("1.5s") == (None, 1.5)
    for bad in ("x", "0", "-3", "5m", "ms", "0ms", "10 rollouts"):
        with pytest.raises(ValueError, match="bad search budget"):
            parse_budget(bad)


def test_registered_with_a_budget() -> None:
    assert BOTS["search"] is SearchBot
    bot = make_bot("search:12", 3)
    assert isinstance(bot, SearchBot) and (bot.rollouts, bot.seconds) == (12, None)
    assert make_bot("search", 3).rollouts == DEFAULT_ROLLOUTS  # type: ignore[attr-defined]
    assert seat_bots("search:8", 3) == ["search:8"] * 3
    with pytest.raises(ValueError, match="bot 'greedy' takes no budget"):
        make_bot("greedy:5")
    with pytest.raises(ValueError, match="bad search budget 'lots'"):
        make_bot("search:lots")


def _twins(variant: str, seed: int, moves: int) -> tuple[Game, Game, int]:
    """The hand after ``moves`` greedy actions, and a twin that differs only in one unplayed
    card swapped between the two hands the seat to act cannot see (the same actions replayed)."""
    real = new_game(variant, seed)
    for _ in range(moves):
        real.apply(GreedyBot(0).choose(real.observation(real.turn)))
    seat = real.turn
    a, b = [s for s in range(real.n) if s != seat][:2]
    ca = next(c for c in real.hands[a] if c not in real.hands[b] and c in real.dealt[a])
    cb = next(c for c in real.hands[b] if c not in real.hands[a] and c in real.dealt[b])
    dealt = [list(h) for h in real.dealt]
    dealt[a][dealt[a].index(ca)], dealt[b][dealt[b].index(cb)] = cb, ca
    twin = Game(real.rs, real.seed, hands=dealt, kitty=real.kitty, dealer=real.dealer)
    for text in real.actions:
        twin.apply(text)
    return real, twin, seat


def _public(obs: Observation) -> tuple[object, ...]:
    return (obs.hand, obs.cards_left, tuple(obs.history), tuple(obs.legal), obs.phase, obs.turn)


@pytest.mark.parametrize(("variant", "moves"), [("doudizhu", 0), ("doudizhu", 9), ("banzipao", 14)])
def test_search_sees_only_the_observation(variant: str, moves: int) -> None:
    """Two hands that differ only in cards the seat cannot see give it the same observation, and
    the same seeded agent then builds the same worlds and makes the same choice."""
    one, two, seat = _twins(variant, 5, moves)
    assert one.hands != two.hands
    obs1, obs2 = one.observation(seat), two.observation(seat)
    assert _public(obs1) == _public(obs2)
    w1, w2 = sample_worlds(obs1, random.Random(7), 3), sample_worlds(obs2, random.Random(7), 3)
    assert w1 and [w.hands for w in w1] == [w.hands for w in w2]
    assert all(w.hands != one.hands for w in w1)
    picks = [SearchBot(9, "4").choose(obs) for obs in (obs1, obs2)]
    assert picks[0] == picks[1]


@pytest.mark.parametrize("variant", ["banzipao", "chibi-dagun", "doudizhu"])
def test_worlds_agree_with_the_observation(variant: str) -> None:
    """A world keeps the seat's hand, every hand's size, the public history and the legal
    actions; its hidden cards are the cards the seat has not seen."""
    game = new_game(variant, 21)
    bots = [GreedyBot(s) for s in range(game.n)]
    rng = random.Random(1)
    checked = 0
    while not game.over and checked < 4:
        seat = game.turn
        obs = game.observation(seat)
        if len(game.actions) % 10 == 5 and checked < 4:
            for world in sample_worlds(obs, rng, 2):
                assert Counter(world.hands[seat]) == Counter(game.hands[seat])
                assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
                seen = world.observation(seat)
                assert list(seen.history) == list(obs.history)
                assert seen.legal == obs.legal
                unseen = Counter(c for s, h in enumerate(game.hands) if s != seat for c in h)
                if obs.kitty is None:
                    unseen.update(game.kitty)
                    unseen_w = Counter(c for s, h in enumerate(world.hands) if s != seat for c in h) + Counter(world.kitty)
                    assert unseen_w == unseen
                checked += 1
        game.apply(bots[seat].choose(obs))
    assert checked == 4  # two worlds at each of two decisions


def _shown_card_hand() -> tuple[Game, int]:
    """A chibi-dagun hand in trick play under the shown-card contract, at the turn of a seat
    other than the dealer, the dealer still holding the shown card."""
    for seed in range(4, 40):
        game = new_game("chibi-dagun", seed)
        seat = (game.dealer + 1) % game.n
        while not game.over and (game.turn != seat or game.phase != "play"):
            game.apply(GreedyBot(0).choose(game.observation(game.turn)))
        if not game.over and game.called is not None and game.called in game.hands[game.dealer]:
            return game, seat
    raise AssertionError("no hand kept its shown card")


def test_a_world_for_a_shown_card_keeps_it_with_the_dealer() -> None:
    """chibi-dagun shows one of the dealer's cards at random: the world's deal order is rotated
    until the same card is shown, so the dealer holds it in every world."""
    game, seat = _shown_card_hand()
    obs = game.observation(seat)
    world = sample_world(obs, random.Random(3))
    assert world is not None and world.called == game.called
    assert world.log[1:] == list(obs.history)[1:]
    for other in sample_worlds(obs, random.Random(4), 4):  # re-dealt worlds keep it there too
        assert game.called in other.hands[game.dealer]


def test_candidates() -> None:
    game = new_game("doudizhu", 2)
    while game.phase != "play":
        game.apply(GreedyBot(0).choose(game.observation(game.turn)))
    obs = game.observation(game.turn)
    first = GreedyBot(0).choose(obs)
    options = candidates(obs, first, 4)
    assert options[0] == first and len(options) == 4 and PASS not in options  # a lead: no pass
    assert len({a.play.type.id for a in options[1:] if a.play is not None}) == 3


def test_scope() -> None:
    """``search:contract:8`` searches the contract phase only; in play it is the greedy bot."""
    assert parse_scope("contract:8") == ("contract", "8")
    assert parse_scope("contract") == ("contract", "")
    assert parse_scope("8") == ("all", "8")
    bot = make_bot("search:contract:8", 1)
    assert (bot.scope, bot.rollouts) == ("contract", 8)  # type: ignore[attr-defined]
    game = new_game("doudizhu", 3)
    while game.phase != "play":
        game.apply(GreedyBot(0).choose(game.observation(game.turn)))
    for _ in range(6):
        obs = game.observation(game.turn)
        assert bot.choose(obs) == GreedyBot(0).choose(obs)
        game.apply(GreedyBot(0).choose(obs))
    with pytest.raises(ValueError, match="bad search budget 'everything:8'"):
        make_bot("search:everything:8")


@pytest.mark.slow
def test_search_beats_greedy() -> None:
    """The README's 斗地主 measurement, on its first deals (``PAIXING_ARENA_DEALS``, 40 by
    default; CI runs it small): the contract-phase search wins points from the greedy bot."""
    deals = int(os.environ.get("PAIXING_ARENA_DEALS", "40"))
    result = arena("doudizhu", parse_agents("search:contract:8,greedy,greedy"), deals, seed=1)
    search = result.agents[0]
    assert search.agent == "search:contract:8" and search.hands == 3 * deals
    assert search.mean > 0
    if deals >= 40:
        assert search.low is not None and search.low > 0
