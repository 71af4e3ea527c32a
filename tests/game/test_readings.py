"""Plays whose cards read several ways without wild cards (issue 10, item 3): records store the
reading, replay makes the same play, and a player can type or pick it."""

from __future__ import annotations

import io

import pytest
from paixing.game import Game, new_game
from paixing.game.entry import AmbiguousPlay, parse_action, record_text
from paixing.game.records import replay
from paixing.game.state import Action
from paixing.hands.cache import ruleset
from paixing.hands.classify import classify
from paixing.rules.cards import parse_cards
from paixing.terminal.hand import TerminalHand
from rich.console import Console

PLANE = "3C 3H 3S 4C 4H 4S 5C 5H 5S 6C 6H 6S"


def fixed_game() -> Game:
    """斗地主 dealt so that seat 0 holds 333444555666 (a plane of four, or a plane of three
    with single wings, low or high) and deals, so it bids first."""
    rs = ruleset("doudizhu")
    mine = parse_cards(PLANE)
    rest = [c for c in rs.deck() if c not in mine]
    hands = [mine + rest[-5:], rest[:17], rest[17:34]]
    return new_game(rs, 0, hands=hands, kitty=rest[34:37], dealer=0)


@pytest.mark.parametrize(
    ("reading", "type_id", "core"),
    [("plane", "plane", "333444555666"), ("飞机", "plane", "333444555666"),
     ("444555666", "plane_singles", "444555666"), ("333444555", "plane_singles", "333444555"),
     ("plane_singles 444555666", "plane_singles", "444555666")],
)
def test_a_natural_reading_can_be_typed(reading: str, type_id: str, core: str) -> None:
    rs = ruleset("doudizhu")
    action = parse_action(rs, f"333444555666 = {reading}", parse_cards(PLANE), None)
    assert action.play is not None and action.play.type.id == type_id
    from paixing.game.readings import core as core_of

    assert core_of(action.play) == core


def test_without_a_reading_the_readings_are_named_as_they_are_typed() -> None:
    rs = ruleset("doudizhu")
    with pytest.raises(AmbiguousPlay) as err:
        parse_action(rs, "333444555666", parse_cards(PLANE), None)
    assert len(err.value.plays) == 3
    assert f"{PLANE} = plane (飞机 Plane)" in str(err.value)
    assert f"{PLANE} = 444555666 (飞机带单 Plane with single wings)" in str(err.value)


def test_every_reading_is_recorded_and_replays() -> None:
    rs = ruleset("doudizhu")
    plays = [p for p in classify(rs, parse_cards(PLANE)) if p.type.playable]
    texts = [record_text(rs, Action("play", play=p)) for p in plays]
    assert texts == [f"{PLANE} = plane", f"{PLANE} = 333444555", f"{PLANE} = 444555666"]
    for p, text in zip(plays, texts, strict=True):
        assert parse_action(rs, text, parse_cards(PLANE), None).play == p
    # a play with one reading keeps its old text; wild cards keep `= reads as`
    single = classify(rs, parse_cards("3C 3H"))[0]
    assert record_text(rs, Action("play", play=single)) == "3C 3H"


def test_a_hand_with_an_ambiguous_lead_replays_from_its_record() -> None:
    g = fixed_game()
    while g.phase == "contract":
        g.apply("bid 3" if g.turn == 0 else "pass")
    assert g.turn == 0 and g.phase == "play"
    plays = [p for p in classify(g.rs, parse_cards(PLANE)) if p.type.playable]
    g.apply(Action("play", play=plays[2]))
    assert g.actions[-1] == f"{PLANE} = 444555666"
    while not g.over:
        g.apply(g.legal_actions()[0])
    again = replay(g.to_record())
    assert again.ok, again.error
    assert again.game is not None and again.game.log == g.log


def test_the_terminal_numbers_the_readings() -> None:
    g = fixed_game()
    rs = g.rs
    buf = io.StringIO()
    con = Console(file=buf, width=120, highlight=False, color_system=None)
    lines = iter(["333444555666", "#3"])
    session = TerminalHand(g, 0, {}, lambda prompt: next(lines), con, True)
    acts = [Action("play", play=p) for p in classify(rs, parse_cards(PLANE)) if p.type.playable]
    g.phase = "play"  # only the input is under test: the hand's state is not
    g.turn = 0
    assert not session.handle("333444555666", acts)
    out = buf.getvalue()
    assert "✗ " + PLANE + " reads 3 ways; choose one:\n  #1 " + PLANE + " = plane  飞机 Plane" in out
    assert session.listed is not None and len(session.listed) == 3
    assert session.listed[2].play is not None and session.listed[2].play.type.id == "plane_singles"


def test_rank_only_input_keeps_the_hands_suited_sets() -> None:
    """赤壁打滚 seed 7, seat 0 (issue 10, item 8): the hand holds 5♣ 10♣ K♣, a one-suit 5-10-K,
    and 10♥ 10♥; `8899TTJJQ BJ` takes the hearts and leaves the clubs' set whole."""
    g = new_game("chibi-dagun", 7)
    hand = g.hands[0]
    assert all(c in hand for c in parse_cards("5C 10C KC 10H 10H"))
    action = parse_action(g.rs, "8899TTJJQ BJ", hand, None)
    assert action.play is not None
    tens = [c for c in action.play.cards if c.rank == "10"]
    assert tens == parse_cards("10H 10H")
    # where no one-suit set is at stake the lowest suits are taken, as before
    single = parse_action(g.rs, "9", hand, None)
    assert single.play is not None and single.play.cards == tuple(parse_cards("9D"))


def test_a_straight_with_the_ace_at_either_end_reads_back_from_its_record() -> None:
    """With A at both ends of the sequence row (红十: A 2 3 … K A), thirteen ranks read as
    A…K or as 2…A. The record wrote the A-low one as ``= A23456789TJQK``, but the reading was
    read back sorted by rank order (3…A2), matching neither, so the record did not replay."""
    rs = ruleset("hongshi")
    hand = parse_cards("3S 4H 5H 6C 7H 8D 9S 10D JH QD KS AH 2S")
    for play in classify(rs, hand):
        text = record_text(rs, Action("play", play=play))
        again = parse_action(rs, text, hand, None)
        assert again.play is not None and again.play.groups == play.groups, text
