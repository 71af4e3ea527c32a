"""Cards passed at the deal (the ``pass_cards`` contract step): each player in turn from the
dealer chooses one card per receiver (``give <card>``), nobody else sees the choices, and the
cards change hands at once when the last player has chosen; the holder of ``leader_card`` leads.
The whole hand is the scripted tests/fixtures/hands/sp-pass.yaml; here, the step itself."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from paixing.game import IllegalAction
from paixing.rules.cards import format_cards
from paixing.rules.loader import VariantError, load_variant

from tests.game.test_scripted_hands import play_fixture
from tests.helpers import DATA, HANDS, run, write

FILE = DATA / "special-pass.yaml"
FIXTURE = yaml.safe_load((HANDS / "sp-pass.yaml").read_text(encoding="utf-8"))


def after(n: int):  # type: ignore[no-untyped-def]
    return play_fixture(FIXTURE, stop=n)


def test_each_chooses_in_turn_unseen() -> None:
    g = after(2)
    assert (g.phase, g.turn) == ("contract", 0)
    assert [str(a) for a in g.legal_actions()] == ["give MJ", *(f"give {c}" for c in ["2D", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"])]
    assert len(g.hands[0]) == 12  # the two cards chosen are set aside for their receivers
    assert g.observation(1).cards_left == (12, 14, 14, 14)  # how many: public; which: not
    assert all(e.kind != "cards_passed" for e in g.observation(1).history)
    g.apply("give 2D")
    assert g.turn == 1 and "give 2D" in [str(a) for a in after(0).legal_actions()]


def test_a_card_chosen_cannot_be_chosen_again() -> None:
    g = after(1)
    with pytest.raises(IllegalAction, match="^give 4H is not allowed now; choose "):
        g.apply("give 4H")


def test_the_exchange_and_the_leader() -> None:
    g = after(12)
    assert [format_cards(h) for h in g.hands] == [
        "MJ 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH DR",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC PH",
        "DOG 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    ]
    assert (g.phase, g.turn) == ("play", 0)


def test_environments_and_rulebook() -> None:
    result = run("rulebook", str(FILE), "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert ("After the deal every player passes 3 card(s) at once: one to the player 1 place(s) after him; one to the "
            "player 2 place(s) after him; one to the player 3 place(s) after him; only the receiver sees a card passed. "
            "After the pass the holder of 1MJ leads.") in result.stdout
    pytest.importorskip("pettingzoo")
    from paixing.env.actions import action_space

    space = action_space(str(FILE))
    assert sum(space.describe(i).startswith("give ") for i in range(space.size)) == 56


@pytest.mark.parametrize(("to", "leader", "problem"), [
    ("[1, 4]", "MJ", "game.steps[0].pass_cards.to[1]: 4: a receiver is 1 to 3 places after the player"),
    ("[1, 1]", "MJ", "game.steps[0].pass_cards.to[1]: 1 is listed twice: a player passes one card to each receiver"),
    ("[1, 2, 3]", "MJJ", "game.steps[0].pass_cards.leader_card: bad card token 'MJJ' at position 1: the special cards FL, MJ, DOG, PH, DR are tokens of their own"),
])
def test_loader_checks(tmp_path: Path, to: str, leader: str, problem: str) -> None:
    for name in ("special-cards.yaml", "special-points.yaml", "special-effects.yaml", "special-wish.yaml"):
        write(tmp_path / name, (DATA / name).read_text(encoding="utf-8"))
    write(tmp_path / "special-pass.yaml", FILE.read_text(encoding="utf-8").replace("to: [1, 2, 3], leader_card: MJ", f"to: {to}, leader_card: {leader}"))
    with pytest.raises(VariantError) as err:
        load_variant(str(tmp_path / "special-pass.yaml"))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == [problem]
