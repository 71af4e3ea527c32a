"""Per-hand parameters of the hand layer: the level rank and wild ranks drawn after the deal.

Two tiny test variants (tests/data/laizi-*.yaml): ``laizi-tiny`` draws one wild rank after its
auction (``draw_wild``); ``laizi-level`` has a level rank (7 unless a hand is told another) whose
heart is wild (``level_heart``). Every legal-move set here is exact.
"""

from __future__ import annotations

import pytest
from paixing import parse_cards, ruleset
from paixing.game import Game
from paixing.game.records import replay
from paixing.hands.classify import classify
from paixing.hands.moves import beats_cards, legal_plays
from paixing.hands.ruleset import Ruleset

from tests.helpers import DATA


def rules(name: str) -> Ruleset:
    return ruleset(str(DATA / f"{name}.yaml"))


def leads(rs: Ruleset, hand: str, last: str | None = None) -> list[tuple[str, str, str]]:
    target = classify(rs, parse_cards(last))[0] if last else None
    return sorted((p.type.id, p.notation, p.reads_as) for p in legal_plays(rs, parse_cards(hand), target))


def test_for_hand_is_cached_on_the_base() -> None:
    rs = rules("laizi-tiny")
    five = rs.for_hand(wild_ranks=("5",))
    assert rs.for_hand(wild_ranks=["5"]) is five
    assert five.for_hand() is rs and five.base is rs
    assert rs.for_hand() is rs
    assert five.hand.wild_ranks == ("5",) and five.variant is rs.variant
    with pytest.raises(ValueError, match="'X' is not a rank of laizi-tiny"):
        rs.for_hand(wild_ranks=("X",))


def test_level_rank_ranks_below_the_jokers_except_in_sequences() -> None:
    rs = rules("laizi-tiny").for_hand(level="9")
    assert rs.ranks == ("3", "4", "5", "6", "7", "8", "10", "J", "Q", "K", "A", "2", "9", "BJ", "RJ")
    assert leads(rs, "3 9 A BJ", "2") == [("single", "9", "9"), ("single", "BJ", "BJ")]
    # in a straight the 9 keeps its place: 8 9 10 is beaten by 9 10 J and 10 J Q only
    # (cards written low to high in the hand's order: the level 9 last)
    assert leads(rs, "9 10 J Q", "8 9 10") == [("straight", "TJ9", "TJ9"), ("straight", "TJQ", "TJQ")]
    assert beats_cards(rs, parse_cards("9 9"), parse_cards("2 2"))
    assert not beats_cards(rs.base, parse_cards("9 9"), parse_cards("2 2"))


def test_drawn_rank_is_wild_and_pure_wilds_read_as_their_rank() -> None:
    base = rules("laizi-tiny")
    rs = base.for_hand(wild_ranks=("5",))
    assert leads(rs, "3 4 5S 5H") == [
        ("pair", "3 5H", "33"),
        ("pair", "4 5H", "44"),
        ("pair", "5H 5S", "55"),
        ("single", "3", "3"),
        ("single", "4", "4"),
        ("single", "5H", "5"),
        ("straight", "3 5H 5S", "345"),
        ("straight", "34 5H", "345"),
        ("straight", "34 5H 5S", "3456"),
        ("straight", "4 5H 5S", "345"),
        ("straight", "4 5H 5S", "456"),
    ]
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("5S 5H"))] == [("pair", "55")]
    # before the draw nothing is wild
    assert leads(base, "3 4 5S 5H") == [
        ("pair", "5H 5S", "5H 5S"),
        ("single", "3", "3"),
        ("single", "4", "4"),
        ("single", "5H", "5H"),
        ("straight", "34 5H", "34 5H"),
    ]


def test_two_drawn_ranks_alone_read_as_either_rank() -> None:
    rs = rules("laizi-tiny").for_hand(wild_ranks=("5", "9"))
    assert sorted(p.reads_as for p in classify(rs, parse_cards("5S 9H"))) == ["55", "99"]
    assert leads(rs, "5S 9H", "4 4") == [("pair", "5S 9H", "55"), ("pair", "5S 9H", "99")]


def test_level_heart_is_wild_and_may_be_itself() -> None:
    rs = rules("laizi-level")
    assert rs.tables.level == "7"
    assert leads(rs, "7H 7S 8S 9C") == [
        ("pair", "7S 7H", "77"),
        ("pair", "8S 7H", "88"),
        ("pair", "9C 7H", "99"),
        ("single", "7H", "7"),
        ("single", "7S", "7S"),
        ("single", "8S", "8S"),
        ("single", "9C", "9C"),
    ]
    nine = rs.for_hand(level="9")
    assert [str(c) for c in nine.tables.wild_cards] == ["9H"]
    assert leads(nine, "7H 7S 9H 9C") == [
        ("pair", "7H 7S", "7H 7S"),
        ("pair", "7H 9H", "77"),
        ("pair", "9C 9H", "99"),
        ("single", "7H", "7H"),
        ("single", "9C", "9C"),
        ("single", "9H", "9"),
    ]


def test_wild_never_stands_for_a_joker() -> None:
    rs = rules("laizi-level")
    assert leads(rs, "BJ 7H") == [("single", "7H", "7"), ("single", "BJ", "BJ")]


def play_out(game: Game) -> Game:
    while not game.over:
        game.apply(game.legal_actions()[0])
    return game


def test_draw_wild_step_announces_specialises_and_replays() -> None:
    base = rules("laizi-tiny")
    game = Game(base, 2)
    assert game.rs is base
    while game.phase == "contract":
        game.apply(game.legal_actions()[0])
    drawn = [e.to_json() for e in game.log if e.kind == "wilds_drawn"]
    assert drawn == [{"event": "wilds_drawn", "ranks": list(game.wild_ranks), "all": list(game.wild_ranks)}]
    assert game.rs is base.for_hand(wild_ranks=game.wild_ranks)
    for seat in range(3):  # every seat sees the draw and plays by the drawn rules
        obs = game.observation(seat)
        assert obs.rs is game.rs and any(e.kind == "wilds_drawn" for e in obs.history)
    play_out(game)
    again = replay(game.to_record(), base)
    assert again.ok, again.error
    assert "wild_ranks" not in game.to_record()  # a seed draws its own


def test_told_wild_ranks_and_level_are_recorded_and_replayed() -> None:
    base = rules("laizi-tiny")
    dealt = Game(base, 5)
    hands = [list(h) for h in dealt.dealt]
    game = Game(base, 5, hands=hands, kitty=dealt.kitty, dealer=dealt.dealer, wild_ranks=["K"], level="9")
    play_out(game)
    # laizi-tiny has no ranks.level: the level is recorded, the rules have no level rank
    assert game.wild_ranks == ("K",) and game.level == "9" and game.rs.hand.level is None
    record = game.to_record()
    assert (record["wild_ranks"], record["level"]) == (["K"], "9")
    again = replay(record, base)
    assert again.ok, again.error
    assert again.game is not None and again.game.rs is game.rs
    record["wild_ranks"] = ["Q"]
    assert not replay(record, base).ok


def test_wild_cards_fill_the_core_of_a_kicker_type() -> None:
    rs = ruleset("doudizhu-laizi").for_hand(wild_ranks=("5",))
    target = classify(rs, parse_cards("3 3 3 4"))[0]
    assert sorted((p.notation, p.reads_as) for p in legal_plays(rs, parse_cards("7 7 7 5 9"), target)) == [
        ("7775", "7777"),
        ("7779", "7779"),
        ("7795", "7779"),
    ]
    # every wild card sits in the core (kickers are natural): 4 wild 5s + 33 is 四带二 of 5s
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("3 3 5 5 5 5"))] == [
        ("pair_chain", "334455"),
        ("plane", "333444"),
        ("four_two_singles", "335555"),
    ]
    assert [(p.type.id, p.reads_as) for p in classify(rs, parse_cards("5 5 5 4"))] == [("trio_single", "4555"), ("soft_bomb", "4444")]
