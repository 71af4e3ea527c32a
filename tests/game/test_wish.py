"""The Mah Jong's wish (the ``wish`` obligation): the player of the card names a rank at once
(``wish <rank>`` / ``wish none``, a decision offered as legal actions), and the player to act who
can legally play a natural card of that rank must, until one is played. The whole hand is the
scripted tests/fixtures/hands/sp-wish.yaml; here, each part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from paixing.game import IllegalAction
from paixing.game.obligations import Turn
from paixing.game.obligations.wish import WishRule
from paixing.hands.checked import legal_plays
from paixing.rules.cards import parse_cards
from paixing.rules.loader import VariantError, load_variant

from tests.game.test_scripted_hands import play_fixture
from tests.helpers import DATA, HANDS, run, write

FILE = DATA / "special-wish.yaml"
FIXTURE = yaml.safe_load((HANDS / "sp-wish.yaml").read_text(encoding="utf-8"))
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def after(*moves: str):  # type: ignore[no-untyped-def]
    g = play_fixture({**FIXTURE, "actions": list(moves)})
    return g


def test_the_player_of_the_card_wishes_at_once() -> None:
    g = after("MJ")
    assert (g.turn, g.wishing) == (0, (0, 1))
    assert [str(a) for a in g.legal_actions()] == ["wish none", *(f"wish {r}" for r in RANKS)]
    g.apply("wish 10")
    assert (g.turn, g.wish, g.wishing) == (1, "10", None)
    assert g.log[-1].to_json() == {"event": "wished", "seat": 0, "rank": "10"}


def test_who_can_must_play_the_rank() -> None:
    g = after("MJ", "wish 9")
    assert [str(a) for a in g.legal_actions()] == ["9H"]
    for move in ("2H", "pass"):
        with pytest.raises(IllegalAction, match="^a wish is open: you must play a card of the wished rank when you can$"):
            g.apply(move)
    g.apply("9H")
    assert g.wish is None and g.log[-1].to_json() == {"event": "wish_met", "seat": 1, "rank": "9"}
    assert "pass" in [str(a) for a in g.legal_actions()]


def test_in_a_straight_too() -> None:
    g = after("MJ 2S 3S 4S 5S", "wish 7")
    assert sorted(str(a) for a in g.legal_actions()) == ["3H 4H 5H 6H 7H", "4H 5H 6H 7H 8H", "5H 6H 7H 8H 9H", "6H 7H 8H 9H 10H", "7H 8H 9H 10H JH"]


def test_no_wish_is_free() -> None:
    g = after("MJ", "wish none")
    assert g.wish is None and len(g.legal_actions()) == 15  # 2H … AH, the Dragon and a pass


def test_who_cannot_plays_as_usual() -> None:
    rs = play_fixture(FIXTURE, stop=0).rs
    rule = WishRule("MJ", tuple(RANKS))
    hand = parse_cards("8C 9C")
    target = legal_plays(rs, parse_cards("7H"))[0]
    plays = legal_plays(rs, hand, target)
    assert rule.restrict(Turn(hand=hand, target=target, wish="7"), plays, True) == (plays, True)
    assert rule.restrict(Turn(hand=hand, target=None, wish="8"), legal_plays(rs, hand), True)[1] is False


@pytest.mark.parametrize(("when", "move", "message"), [
    ((), "wish 7", "wish 7 is not allowed now: only the player of the wish's card wishes, at once"),
    (("MJ",), "wish 1", "wish: name a rank (wish 7) or none (wish none)"),
    (("MJ",), "wish DR", "wish DR is not allowed now: wish for a rank (wish 7) or make no wish (wish none)"),
    (("MJ",), "2S", "2S is not allowed now: wish for a rank (wish 7) or make no wish (wish none)"),
])
def test_refused(when: tuple[str, ...], move: str, message: str) -> None:
    g = after(*when)
    with pytest.raises(IllegalAction) as err:
        g.apply(move)
    assert str(err.value) == message


def test_records_terminal_and_environments(tmp_path: Path) -> None:
    g = play_fixture(FIXTURE)
    path = write(tmp_path / "hand.json", json.dumps(g.to_record()))
    shown = run("show", str(path), "--all")
    assert shown.exit_code == 0, shown.stderr
    assert "wishes for a 7: whoever can play one must." in shown.stdout
    assert "the wished 7: the wish is fulfilled." in shown.stdout
    pytest.importorskip("pettingzoo")
    from paixing.env.actions import action_space

    space = action_space(str(FILE))
    assert [space.describe(i) for i in range(space.size) if space.describe(i).startswith("wish")] == [
        "wish none", *(f"wish {r}" for r in RANKS)]


def test_rulebook_and_loader(tmp_path: Path) -> None:
    result = run("rulebook", str(FILE), "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert "the player of 1MJ may at once wish for a rank (2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A) or make no wish" in result.stdout
    for name in ("special-cards.yaml", "special-points.yaml", "special-effects.yaml"):
        write(tmp_path / name, (DATA / name).read_text(encoding="utf-8"))
    write(tmp_path / "special-wish.yaml", FILE.read_text(encoding="utf-8").replace('["2", ', '[BJ, "2", ').replace("card: MJ", "card: MJX"))
    with pytest.raises(VariantError) as err:
        load_variant(str(tmp_path / "special-wish.yaml"))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == [
        "game.play.obligations[0].wish.card: bad card token 'MJX' at position 1: the special cards FL, MJ, DOG, PH, DR are tokens of their own",
        "game.play.obligations[0].wish.ranks[0]: rank 'BJ' is not in ranks.order",
    ]
