"""Which cards a play uses (issue 23, item 5): where suits can matter later in a variant, every
distinct set of cards is its own legal play — for the move list, the game's legal actions and
so the bots and environments; where no play ever reads a suit, one play per reading with the
lowest cards of each rank (docs/rule-language.md, *Which cards a play uses*)."""

from __future__ import annotations

import pytest
from paixing import legal_plays, parse_cards
from paixing import ruleset as compile_ruleset
from paixing.cli import app
from paixing.game.state import Game
from typer.testing import CliRunner


def notations(variant: str, hand: str, last: str | None = None, only: str | None = None) -> list[str]:
    rs = compile_ruleset(variant)
    target = None
    if last is not None:
        target = next(p for p in legal_plays(rs, parse_cards(last)) if len(p) == len(parse_cards(last)))
    return [p.notation for p in legal_plays(rs, parse_cards(hand), target) if only is None or p.type.id == only]


def test_every_pair_of_three_jacks_answers_a_pair() -> None:
    """``paixing moves chudadi --hand "JC JD JS" --last "8H 8D"`` listed JD JC and JD JS (one
    per suit of the higher card) but never JC JS: keeping the ♦J decides later singles."""
    result = CliRunner().invoke(app, ["moves", "chudadi", "--hand", "JC JD JS", "--last", "8H 8D"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "JD JC JS on 8D 8H",
        "1\tpair\t对子\tPair\tJD JC",
        "2\tpair\t对子\tPair\tJD JS",
        "3\tpair\t对子\tPair\tJC JS",
        "3 legal plays on 8D 8H",
        "pass is allowed",
    ]


def test_a_straight_for_each_three_held() -> None:
    """A ♦3/♣3/♠3 hand listed only the straight with the ♦3 (and only ♦3 ♣3, ♦3 ♠3 as pairs)."""
    plays = notations("chudadi", "3D 3C 3S 4H 5H 6H 7H")
    assert [p for p in plays if len(p.split()) == 5] == ["3D 4H 5H 6H 7H", "3C 4H 5H 6H 7H", "3S 4H 5H 6H 7H"]
    assert [p for p in plays if len(p.split()) == 2] == ["3D 3C", "3D 3S", "3C 3S"]


def test_full_houses_are_every_choice_of_cards() -> None:
    """Three 4s and three 9s: each trio over each pair of the other rank, by its own cards
    (there were two, one per trio, with the lowest pair)."""
    assert notations("chudadi", "4D 4C 4S 9D 9H 9S", only="full_house") == [
        "4D 4C 4S 9D 9H", "4D 4C 4S 9D 9S", "4D 4C 4S 9H 9S",
        "4D 4C 9D 9H 9S", "4D 4S 9D 9H 9S", "4C 4S 9D 9H 9S",
    ]


def test_the_game_offers_the_cards_a_player_keeps_apart() -> None:
    """The game's legal actions (what bots, the terminal and the environments choose from)
    hold every set of cards: here a ♣J ♠J pair keeps the ♦J for later."""
    rs = compile_ruleset("chudadi")
    hands = [parse_cards(h) for h in ("8D 8H 3C", "JC JD JS 4C", "5D 5C 5H 5S", "6D 6C 6H 6S")]
    game = Game(rs, 0, hands=hands, dealer=0)
    game.apply("8D 8H")
    assert [str(a) for a in game.legal_actions()] == ["JD JC", "JD JS", "JC JS", "pass"]
    game.apply(game.legal_actions()[2])
    assert sorted(map(str, game.hands[1])) == ["4C", "JD"]


def test_where_no_play_reads_a_suit_one_play_per_reading() -> None:
    """斗地主 never reads a suit: the reduction stays (one pair of jacks, the lowest cards)."""
    assert notations("doudizhu", "JC JD JS", "8H 8D") == ["JD JC"]
    assert not any(t.every_set for t in compile_ruleset("doudizhu").types)


@pytest.mark.parametrize(
    ("variant", "matters"),
    [
        ("chudadi", True),  # singles and pairs compare by suit; flushes
        ("big-two-taiwan", True),
        ("guandan", True),  # straight flushes (one suit)
        ("wushik", True),  # 5-10-K of one suit
        ("banzipao", True),  # a called card reveals its holder's side when played
        ("doudizhu", False),
        ("paodekuai", False),  # the ♠3 obligation puts the card into the first play itself
        ("zhengshangyou", False),
    ],
)
def test_whether_suits_matter_is_read_from_the_rules(variant: str, matters: bool) -> None:
    assert {t.every_set for t in compile_ruleset(variant).types} == {matters}


def test_a_one_suit_type_keeps_its_suit() -> None:
    """A straight flush is made only of cards of its suit; a straight of the same ranks of
    every mix of suits (the four ♥ cards and the two 3s: two straights, one straight flush)."""
    plays = legal_plays(compile_ruleset("chudadi"), parse_cards("3D 3H 4H 5H 6H 7H"))
    five = sorted((p.type.id, p.notation) for p in plays if len(p) == 5)
    assert five == [
        ("flush", "3H 4H 5H 6H 7H"),
        ("straight", "3D 4H 5H 6H 7H"),
        ("straight", "3H 4H 5H 6H 7H"),
        ("straight_flush", "3H 4H 5H 6H 7H"),
    ]


# --------------------------------------------------------------- cards that cannot make a difference
def test_a_card_no_straight_flush_can_use_stands_in_for_its_rank() -> None:
    """掼蛋 reads suits only in straight flushes: the ♥6 of a ♥3-♥7 run is told apart, the ♦6
    and ♣6 (no ♦ or ♣ run possible) stand in for each other. Pairs of 6s: ♦6♣6 once (not ♦6♣6
    and, as before, also ♦6♦6 …), and ♦6♥6, which breaks the run."""
    assert notations("guandan", "3H 4H 5H 6H 7H 6D 6C 9S", only="pair") == ["6D 6C", "6D 6H"]
    rs = compile_ruleset("guandan")
    assert (rs.suits_anywhere, [rs.types[i].id for i in rs.suit_types]) == (False, ["straight_flush"])


def test_without_a_run_one_pair_per_rank() -> None:
    """No straight flush in reach: no card is told apart, one play per reading (the lowest)."""
    assert notations("guandan", "6D 6C 6S 9S", only="pair") == ["6D 6C"]


def test_five_ten_king_tells_apart_only_its_ranks() -> None:
    """赤壁打滚 reads suits only in 5-10-K: the suits of its 5s, 10s and Ks count; two 7s of
    different suits stand in for each other."""
    rs = compile_ruleset("chibi-dagun")
    assert (rs.suits_anywhere, sorted(rs.types[i].id for i in rs.suit_types)) == (False, ["za510k", "zheng510k"])
    game = Game(rs, 0, hands=[parse_cards(h) for h in ("7D 7C 7S 5D 5C 10D KD", "3D", "3C", "4D")], dealer=0)
    game.phase, game.turn = "play", 0  # a hand with no contract step run: nothing is called
    pairs = [str(a) for a in game.legal_actions() if a.play is not None and a.play.type.id == "pair"]
    assert pairs == ["5D 5C", "7D 7C"]


def test_jokers_that_stand_in_for_each_other_are_one_choice() -> None:
    """赤壁打滚's wild jokers are alike (its four-joker type names all four): a 3 with one
    joker is one pair, whichever joker; outside a game, where any card may be the shown one,
    each joker is its own choice."""
    rs = compile_ruleset("chibi-dagun")
    assert rs.wilds_alike and rs.marks_cards
    game = Game(rs, 0, hands=[parse_cards(h) for h in ("3D BJ RJ 9S", "4D", "4C", "4S")], dealer=0)
    game.phase, game.turn = "play", 0
    assert [str(a) for a in game.legal_actions()] == [
        "3D", "9S", "BJ = 3", "3D BJ = 33", "9S BJ = 99", "BJ RJ = 33", "3D BJ RJ = 333", "9S BJ RJ = 999",
    ]
    assert notations("chibi-dagun", "3D BJ RJ 9S") == [
        "3D", "9S", "BJ", "RJ", "3D BJ", "3D RJ", "9S BJ", "9S RJ", "BJ RJ", "3D BJ RJ", "9S BJ RJ",
    ]


def test_the_called_card_is_told_apart_until_it_reveals_its_holder() -> None:
    """板子炮: the partner's copy of the called card is its own play (playing it reveals him);
    once the partner is known the cards of that rank stand in for each other again."""
    rs = compile_ruleset("banzipao")
    game = Game(rs, 0, hands=[parse_cards(h) for h in ("AS AH AC 9D", "3D", "3C", "4D")], dealer=0)
    game.phase, game.turn = "play", 0
    game.called = parse_cards("AH")[0]
    game.seats.partner = 0
    assert [str(a) for a in game.legal_actions()] == ["9D", "AC", "AH", "AC AH", "AC AS", "AC AH AS"]
    game.seats.partner_known = True
    assert [str(a) for a in game.legal_actions()] == ["9D", "AC", "AC AH", "AC AH AS"]
