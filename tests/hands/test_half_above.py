"""A lone wild single half a rank above the single it answers (``wildcards.half_above``: Tichu's
Phoenix): read at the target's rank with the ``wild_alone`` half (led: at ``alone_as``), never
on a ``ranks.single_only`` card (the Dragon), never in a bomb. The generator, ``classify`` in
context (``moves.answering``), a typed move, ``beats_cards`` and ``paixing beats`` agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from paixing.game.actions import IllegalAction
from paixing.game.entry import check_play, parse_action
from paixing.hands.checked import beats, beats_cards, classify, legal_plays
from paixing.hands.compile import compile_variant
from paixing.hands.moves import answering
from paixing.rules.cards import parse_cards
from paixing.rules.loader import VariantError, load_variant

from tests.helpers import DATA, run, write

FILE = DATA / "special-cards.yaml"


@pytest.fixture(scope="module")
def rs():  # type: ignore[no-untyped-def]
    return compile_variant(load_variant(str(FILE)))


def one(rs, text: str):  # type: ignore[no-untyped-def]
    (play,) = classify(rs, parse_cards(text))
    return play


def shown(plays) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(f"{p.type.id} {p.notation} as {[p.type.tables.ranks[r] for r in p.wild_as]}" for p in plays)


def test_led_it_is_half_above_alone_as(rs) -> None:  # type: ignore[no-untyped-def]
    ph = one(rs, "PH")
    assert (ph.groups, ph.naturals, ph.wild_as, ph.key) == (((1, 1),), (), (1,), (1, 1))
    assert beats(ph, one(rs, "MJ")) and beats(one(rs, "2S"), ph) and not beats(one(rs, "MJ"), ph)
    assert shown(legal_plays(rs, parse_cards("PH 7S"))) == [
        "pair 7S PH as ['7']", "single 7S as []", "single PH as ['MJ']"]


def test_on_a_single_it_reads_that_rank(rs) -> None:  # type: ignore[no-untyped-def]
    target = one(rs, "7H")
    plays = legal_plays(rs, parse_cards("PH 7S 9H"), target)
    assert shown(plays) == ["single 9H as []", "single PH as ['7']"]
    ph = next(p for p in plays if p.naturals == ())
    assert beats(one(rs, "8S"), ph) and not beats(one(rs, "7S"), ph)
    (again,) = answering(rs, [one(rs, "PH")], target)
    assert again == ph


def test_never_on_the_dragon_nor_the_dog(rs) -> None:  # type: ignore[no-untyped-def]
    assert list(legal_plays(rs, parse_cards("PH 7S"), one(rs, "DR"))) == []
    assert answering(rs, [one(rs, "PH")], one(rs, "DOG")) == []
    assert beats_cards(rs, parse_cards("PH"), parse_cards("AS"))
    assert not beats_cards(rs, parse_cards("PH"), parse_cards("DR"))


def test_not_in_a_bomb(rs) -> None:  # type: ignore[no-untyped-def]
    assert classify(rs, parse_cards("PH 5S 5H 5D")) == []
    assert [p.type.id for p in classify(rs, parse_cards("5C 5S 5H 5D"))] == ["bomb"]


def test_a_typed_move_reads_it_in_context(rs) -> None:  # type: ignore[no-untyped-def]
    hand = parse_cards("PH 7S 9H")
    target = one(rs, "KH")
    action = parse_action(rs, "PH", hand, target)
    assert action.play is not None and action.play.wild_as == (rs.rank_index["K"],)
    check_play(rs, action.play, hand, target)
    with pytest.raises(IllegalAction, match="^PH does not beat DR$"):
        parse_action(rs, "PH", hand, one(rs, "DR"))


def test_the_command_line_says_why() -> None:
    result = run("beats", str(FILE), "PH", "AS")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == (
        "PH beats AS (Single beats Single: it is a lone wild card, half a rank above (Single PH as A against Single AS))")
    result = run("beats", str(FILE), "AS", "PH")
    assert result.stdout.strip() == "AS beats PH (Single beats Single: its rank is higher (Single AS against Single PH as MJ))"


def test_the_single_must_read_the_half(tmp_path: Path) -> None:
    text = FILE.read_text(encoding="utf-8").replace("compare: {key: [top, wild_alone]}", "compare: {key: [top]}")
    path = write(tmp_path / "special-cards.yaml", text.split("examples:")[0])
    with pytest.raises(VariantError) as err:
        load_variant(str(path))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == [
        "hand_types[0].compare.key: wildcards.half_above: the single type 'single' must compare by [top, wild_alone] (the half rank of a lone wild card)"]
