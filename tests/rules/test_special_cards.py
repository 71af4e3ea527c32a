"""Special cards (Tichu's Mah Jong, Dog, Phoenix and Dragon) as card tokens of their own.

The notation reads and writes them (``MJ DOG PH DR``); a variant adds them with ``deck.extra``
and gives each its place: a rank of ``ranks.order`` (the Mah Jong also in ``ranks.sequence``,
as the 1 of a straight), a wild card (the Phoenix), and ``ranks.single_only`` for cards played
only alone (the Dog, the Dragon). tests/data/special-cards.yaml is the deck.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from paixing.hands.checked import beats_cards, classify, legal_plays
from paixing.hands.compile import compile_variant
from paixing.rules.cards import Card, CardError, format_cards, parse_cards
from paixing.rules.loader import VariantError, load_variant

from tests.helpers import DATA, run, write

FILE = DATA / "special-cards.yaml"


@pytest.fixture(scope="module")
def rs():  # type: ignore[no-untyped-def]
    return compile_variant(load_variant(str(FILE)))


def types(rs, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(p.type.id for p in classify(rs, parse_cards(text)))


@pytest.mark.parametrize("token", ["MJ", "DOG", "PH", "DR"])
def test_tokens_round_trip(token: str) -> None:
    assert parse_cards(token.lower()) == [Card(token)]
    assert format_cards(parse_cards(f"{token} 5S")) == f"{token} 5S"
    assert Card(token).is_special and Card(token).suit is None


def test_a_bad_special_token_names_the_specials() -> None:
    with pytest.raises(CardError) as err:
        parse_cards("5S DRX")
    assert str(err.value) == "bad card token 'DRX' at position 2: the special cards FL, MJ, DOG, PH, DR are tokens of their own"


def test_the_deck_deals_each_once(rs) -> None:  # type: ignore[no-untyped-def]
    deck = rs.deck()
    assert len(deck) == 56
    assert [c for c in deck if c.is_special] == parse_cards("MJ DOG PH DR")


def test_mah_jong_is_the_one(rs) -> None:  # type: ignore[no-untyped-def]
    assert types(rs, "MJ") == ["single"]
    assert types(rs, "MJ 2S 3H 4D 5C") == ["straight"]
    assert beats_cards(rs, parse_cards("2S"), parse_cards("MJ"))
    assert not beats_cards(rs, parse_cards("MJ"), parse_cards("2S"))
    assert types(rs, "MJ PH") == []  # the Phoenix never stands for the 1 (never_as)
    assert types(rs, "MJ 3H 4D 5C PH") == ["straight"]  # but fills a gap above it


def test_dog_and_dragon_only_alone(rs) -> None:  # type: ignore[no-untyped-def]
    assert types(rs, "DR") == ["single"] and types(rs, "DOG") == ["single"]
    assert beats_cards(rs, parse_cards("DR"), parse_cards("AS"))
    assert not beats_cards(rs, parse_cards("DOG"), parse_cards("MJ"))
    assert types(rs, "PH DR") == [] and types(rs, "PH DOG") == []
    assert types(rs, "10S JS QS KS AS DR") == []
    hand = parse_cards("DR PH AS AH KS KH")
    plays = {format_cards(p.cards) for p in legal_plays(rs, hand)}
    assert "DR" in plays and not any("DR" in p and p != "DR" for p in plays)


def test_the_command_line_reads_them() -> None:
    result = run("classify", str(FILE), "mj 2s 3h 4d 5c")
    assert result.exit_code == 0, result.stderr
    assert "straight" in result.stdout and "MJ 2S 3H 4D 5C" in result.stdout


DECK = FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("extra: {MJ: 1, DOG: 1, PH: 1, DR: 1}", "extra: {MJ: 1, DOG: 1, PH: 1, DR: 1, FL: 0}", None),
    ("order: [DOG, ", "order: [",
     "deck.extra.DOG: DOG has no place in the game: list it in ranks.order (a rank) or in wildcards.cards (a wild card)"),
    ("MJ: 1, ", "", "ranks.order[1]: MJ is not dealt: add it to deck.extra"),
    (", PH: 1", "", "wildcards.cards: PH is not dealt: add it to deck.extra"),
    ("single_only: [DOG, DR]", "single_only: [DOG, MJ]",
     "ranks.single_only[1]: MJ is also in ranks.sequence: a card played only alone never stands in a chain"),
    ("DR: 1}", "DR: 2}", "ranks.single_only[1]: DR is dealt 2 times: a card played only alone must be dealt once"),
    ("single_only: [DOG, DR]", "single_only: [DOG, BJ]", "ranks.single_only[1]: BJ is not in ranks.order"),
])
def test_loader_checks(tmp_path: Path, old: str, new: str, problem: str | None) -> None:
    assert old in DECK
    text = DECK.replace(old, new, 1)
    if ", PH: 1" not in text:
        text = text.split("examples:")[0]
    if "order: [DOG" not in text:
        text = text.replace("single_only: [DOG, DR]", "single_only: [DR]")
    path = write(tmp_path / "special-cards.yaml", text)
    if problem is None:
        load_variant(str(path))
        return
    with pytest.raises(VariantError) as err:
        load_variant(str(path))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == [problem]


def test_rulebook_names_them() -> None:
    result = run("rulebook", str(FILE), "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert "| Cards added | 1 × Mah Jong (the 1) MJ, 1 × Dog DOG, 1 × Phoenix PH, 1 × Dragon DR |" in result.stdout
    assert "Dog DOG, Dragon DR: played only as a single card, never in a pair, a chain or as a kicker." in result.stdout
