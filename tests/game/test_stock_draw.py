"""``deal.stock`` and ``play.draw``: the undealt cards stay face down as a stock; the first
leader and each trick's winner draw from it; once it is empty nobody draws and play goes on. No
observation names a stock card (only how many are left); the record keeps the stock's order, so
a hand replays; a copy draws on its own."""

from __future__ import annotations

import random
import re
from pathlib import Path

import paixing
import pytest
from paixing.agents.play import play_hand, seated_bots
from paixing.agents.worlds import sample_world
from paixing.game import Game, IllegalAction, new_game
from paixing.game.events import Drew
from paixing.game.records import replay
from paixing.rules.cards import format_cards

from tests.helpers import child_text, write


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("gandengyan")


def cards(text: str) -> list[paixing.Card]:
    return paixing.parse_cards(text)


HANDS = ["3S 4H 5D 9S 9H", "4C 5C 6D KS 8H", "3C 7S 10D JH QS", "4D 6H 7C JS AC"]


def test_the_deal_leaves_a_stock_and_the_dealer_draws_before_he_leads() -> None:
    game = new_game("gandengyan", 7)
    assert game.phase == "play" and game.turn == game.dealer
    assert [len(h) for h in game.dealt] == [5, 5, 5, 5]
    assert len(game.kitty_dealt) == 34 and len(game.kitty) == 33
    assert len(game.hands[game.dealer]) == 6 and game.kitty_dealt[0] in game.hands[game.dealer]
    assert [e for e in game.log if isinstance(e, Drew)] == [Drew(game.dealer, 1, 33)]


def test_no_observation_names_a_stock_card() -> None:
    game = new_game("gandengyan", 3)
    play_hand(game, seated_bots(["greedy"] * 4, 3))
    stock = set(game.kitty)
    for seat in range(4):
        obs = game.observation(seat)
        assert obs.kitty is None and obs.stock == len(game.kitty)
        shown = set(re.findall(r"\b(?:10|[2-9JQKA])[SHCD]\b|\bBJ\b|\bRJ\b", " ".join(str(e.to_json()) for e in obs.history)))
        assert shown and not shown & set(map(str, stock))
        assert not stock & set(obs.hand)


def test_the_winner_draws_after_each_trick_until_the_stock_is_empty(rs: paixing.Ruleset) -> None:
    # a stock of two cards: the dealer's first draw, one for the first trick's winner, then none
    game = Game(rs, 0, hands=[cards(h) for h in HANDS], kitty=cards("9D 6C"), dealer=0)
    assert game.hands[0][-1] == cards("9D")[0]
    for action in ["9S 9H 9D", "pass", "pass", "pass"]:
        game.apply(action)
    assert game.turn == 0 and game.kitty == [] and cards("6C")[0] in game.hands[0]
    for action in ["3S 4H 5D", "4C 5C 6D", "pass", "pass", "pass"]:
        game.apply(action)
    assert game.turn == 1 and len(game.hands[1]) == 2  # the stock is empty: no draw
    draws = [e for e in game.log if isinstance(e, Drew)]
    assert draws == [Drew(0, 1, 1), Drew(0, 1, 0)]
    assert game.observation(2).stock == 0


def test_the_record_keeps_the_stock_and_replays(rs: paixing.Ruleset) -> None:
    game = play_hand(new_game(rs, 11), seated_bots(["random"] * 4, 11))
    record = game.to_record()
    assert record["kitty"] == format_cards(game.kitty_dealt)
    assert any(e["event"] == "draw" for e in record["events"])
    result = replay(record)
    assert result.ok, result.error
    fixed = Game(rs, 0, hands=game.dealt, kitty=game.kitty_dealt, dealer=game.dealer)
    for action in game.actions:
        fixed.apply(action)
    assert fixed.over and fixed.scores == game.scores


def test_a_copy_draws_on_its_own(rs: paixing.Ruleset) -> None:
    game = Game(rs, 0, hands=[cards(h) for h in HANDS], kitty=cards("9D 6C KH 8D"), dealer=0)
    copy = game.copy()
    for g in (game, copy):
        for action in ["9S 9H 9D", "pass", "pass", "pass"]:
            g.apply(action)
    assert game.kitty == copy.kitty == cards("KH 8D") and game.kitty is not copy.kitty
    assert game.hands == copy.hands


def test_a_variant_without_a_stock_draws_nothing() -> None:
    game = play_hand(new_game("paodekuai", 1), seated_bots(["random"] * 3, 1))
    assert not [e for e in game.log if isinstance(e, Drew)]
    assert game.observation(0).stock == 0


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_other_table_sizes_are_a_child_of_one_line(tmp_path: Path, players: int) -> None:
    path = write(tmp_path / "child.yaml", child_text("gandengyan", f"players: {players}\n"))
    rs = paixing.ruleset(str(path))
    for seed in range(5):
        game = play_hand(new_game(rs, seed), seated_bots(["random"] * players, seed))
        assert game.over and sum(game.scores) == 0
        assert len(game.kitty_dealt) == 54 - 5 * players


def test_the_stock_order_never_reaches_an_observation(rs: paixing.Ruleset) -> None:
    """The same deal with the stock below the dealer's card shuffled again gives seat 1 the same
    observation after every move both hands allow, until seat 1 itself draws: which cards the
    others draw, and the order of the stock, reach no other seat."""
    rng = random.Random(5)
    moves = 0
    for seed in range(8):
        real = new_game(rs, seed, dealer=0)
        stock = list(real.kitty_dealt[1:])
        rng.shuffle(stock)
        twin = Game(rs, seed, hands=real.dealt, kitty=[real.kitty_dealt[0], *stock], dealer=0)
        bots = seated_bots(["greedy"] * 4, seed)
        while not real.over and not any(isinstance(e, Drew) and e.seat == 1 for e in real.log):
            mine, theirs = real.observation(1), twin.observation(1)
            assert [e.to_json() for e in mine.history] == [e.to_json() for e in theirs.history]
            assert (mine.hand, mine.cards_left, mine.stock, mine.kitty) == (theirs.hand, theirs.cards_left, theirs.stock, theirs.kitty)
            action = bots[real.turn].choose(real.observation(real.turn))
            if str(action) not in {str(a) for a in twin.legal_actions()}:
                break  # a drawn card the twin's player does not hold
            real.apply(action)
            twin.apply(str(action))
            moves += 1
    assert moves > 60, moves  # not a vacuous pairing (93 moves in all)


def test_a_search_world_agrees_with_the_seat_after_draws(rs: paixing.Ruleset) -> None:
    """``sample_world`` rebuilds a hand with draws from the observation alone: the seat's own
    draws where it drew them, the others' played cards in their hands or draws; every decision
    of a greedy hand has a world with the seat's hand, the cards left and the stock."""
    worlds = 0
    for seed in range(1):
        game = new_game(rs, seed)
        bots = seated_bots(["greedy"] * 4, seed)
        rng = random.Random(seed)
        while not game.over:
            obs = game.observation(game.turn)
            world = sample_world(obs, rng)
            assert world is not None
            seen = world.observation(game.turn)
            assert sorted(map(str, seen.hand)) == sorted(map(str, obs.hand))
            assert (seen.cards_left, seen.stock) == (obs.cards_left, obs.stock)
            worlds += 1
            game.apply(bots[game.turn].choose(obs))
    assert worlds > 15


def test_a_leader_left_with_a_lone_joker_hands_the_lead_on(rs: paixing.Ruleset) -> None:
    """A lone joker is no play: a leader who holds only one, the stock empty, may only pass,
    and the next player leads (found by 10,000 random hands: the hand had no legal action)."""
    hands = [cards("5S BJ"), cards("3S 4S"), cards("3H 4H"), cards("3C 4C")]
    game = Game(rs, 0, hands=hands, kitty=[], dealer=0)
    for action in ["5S", "pass", "pass", "pass"]:
        game.apply(action)
    assert game.turn == 0 and game.last is None and game.hands[0] == cards("BJ")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    assert game.turn == 1 and game.last is None and game.trick == []
    assert [e.to_json() for e in game.log[-2:]] == [{"event": "pass", "seat": 0}, {"event": "lead", "seat": 1}]
    with pytest.raises(IllegalAction, match="^you lead: you must play$"):
        game.apply("pass")
