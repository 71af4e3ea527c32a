"""The Dragon's trick given away (``trick_effects: give_trick``): when a trick won by the Dragon
closes, its winner's one decision is ``gift <seat>`` among his opponents (a legal action like
any other: the game, the record, the terminal, the bots and the environments take it), then he
leads, or the hand is settled. With daifugo's ``lead_to_partner`` for the Dog. The whole hand is
the scripted tests/fixtures/hands/sp-dog-dragon.yaml; here, the decision itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from paixing.game import IllegalAction
from paixing.game.actions import Action
from paixing.game.records import replay
from paixing.rules.loader import VariantError, load_variant

from tests.game.test_scripted_hands import play_fixture
from tests.helpers import DATA, HANDS, run, write

FILE = DATA / "special-effects.yaml"
FIXTURE = yaml.safe_load((HANDS / "sp-dog-dragon.yaml").read_text(encoding="utf-8"))
GIFT = FIXTURE["actions"].index("gift 2")


def at_gift():  # type: ignore[no-untyped-def]
    return play_fixture(FIXTURE, stop=GIFT)


def test_the_winner_chooses_an_opponent() -> None:
    g = at_gift()
    assert (g.turn, g.gift) == (1, (1, 10, False))
    assert [str(a) for a in g.legal_actions()] == ["gift 0", "gift 2"]
    assert [str(a) for a in g.observation(1).legal] == ["gift 0", "gift 2"]
    g.apply("gift 0")
    assert (g.captured[0], g.captured[1], g.turn, g.gift) == (10, 0, 1, None)
    assert g.log[-1].to_json() == {"event": "lead", "seat": 1}


@pytest.mark.parametrize(("move", "message"), [
    ("pass", "pass is not allowed now: give the trick to an opponent (gift 0 or gift 2)"),
    ("gift 3", "gift 3 is not allowed now: give the trick to an opponent (gift 0 or gift 2)"),
    ("2H", "2H is not allowed now: give the trick to an opponent (gift 0 or gift 2)"),
    ("gift x", "gift: give the trick to a seat, e.g. gift 1"),
])
def test_anything_else_is_refused(move: str, message: str) -> None:
    g = at_gift()
    with pytest.raises(IllegalAction) as err:
        g.apply(move)
    assert str(err.value) == message
    assert g.gift == (1, 10, False)


def test_no_gift_outside_the_dragons_trick() -> None:
    g = play_fixture(FIXTURE, stop=2)
    with pytest.raises(IllegalAction, match="^gift 1 is not allowed now: no trick is to be given away$"):
        g.apply(Action("gift", value=1))


def test_the_record_replays_the_gift(tmp_path: Path) -> None:
    g = play_fixture(FIXTURE)
    record = g.to_record()
    assert "gift 2" in record["actions"]
    assert replay(record).scores == g.scores
    path = write(tmp_path / "hand.json", json.dumps(record))
    shown = run("show", str(path), "--all")
    assert shown.exit_code == 0, shown.stderr
    assert "gives the trick (10 points) to" in shown.stdout


def test_the_environments_have_a_slot_per_seat() -> None:
    pytest.importorskip("pettingzoo")
    from paixing.env.actions import action_space

    space = action_space(str(FILE))
    slots = [space.describe(i) for i in range(space.size) if space.describe(i).startswith("gift")]
    assert slots == ["gift 0", "gift 1", "gift 2", "gift 3"]
    g = at_gift()
    assert [space.describe(i) for i in space.legal_indices(g.legal_actions())] == ["gift 0", "gift 2"]


def test_the_rulebook_says_it() -> None:
    result = run("rulebook", str(FILE), "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert "A trick won by ✸DR is given to an opponent of the winner's choice; the winner still leads the next" in result.stdout


def test_the_cards_are_notation(tmp_path: Path) -> None:
    for name in ("special-cards.yaml", "special-points.yaml"):
        write(tmp_path / name, (DATA / name).read_text(encoding="utf-8"))
    write(tmp_path / "special-effects.yaml", FILE.read_text(encoding="utf-8").replace("cards: [DR]", "cards: [DRX]"))
    with pytest.raises(VariantError) as err:
        load_variant(str(tmp_path / "special-effects.yaml"))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == [
        "game.play.trick_effects[1].give_trick.cards[0]: bad card token 'DRX' at position 1: the special cards FL, MJ, DOG, PH, DR are tokens of their own"]


def test_the_dog_with_the_partner_out_leads_to_the_next_after_him() -> None:
    moves = [
        "MJ 2S 3S 4S 5S", "2H 3H 4H 5H 6H", "3C 4C 5C 6C 7C", "pass", "pass", "pass",
        "8C 9C 10C JC QC KC AC", "pass", "pass", "pass", "2C PH", "pass", "pass", "pass",
        "2D", "6S", "pass", "pass", "DOG",
    ]
    g = play_fixture({**FIXTURE, "actions": moves})
    assert g.finish == [2]
    assert [e.to_json() for e in g.log[-3:]] == [
        {"event": "trick_effect", "seat": 0, "effect": "lead_to_partner"},
        {"event": "trick", "seat": 0, "captured": 0},
        {"event": "lead", "seat": 3},
    ]
