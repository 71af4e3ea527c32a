"""Scripted whole hands: one YAML fixture per hand in ``tests/fixtures/hands/``, each pinning
a scoring row of RULINGS.md (or a regional variant's difference) in actual play.

Fixture format (one hand per file)::

    variant: banzipao                # a built-in variant id
    description: >-                  # what the hand shows (the row it pins)
      ...
    dealer: 0                        # 庄家 (banzipao: the holder of 7S)
    hand_number: 2                   # optional (default 1): >1 makes 赤壁打滚 show the first dealt card
    match: {levels: [J, "10"], declarers: 0, previous: [0, 1, 3, 2]}   # optional: the match state
                                     # the hand is dealt with (a later hand of a match: tribute)
    level: J                         # optional: the level rank (default: from the match state)
    previous_places: [2, 1, 0, 3]    # optional: the seats of the hand before by place (an
                                     # exchange by places: 大富豪)
    wild_ranks: ["5", "9"]           # optional: the ranks the variant's ``draw_wild`` steps draw,
                                     # in draw order (default: drawn from the seed)
    seed: 0                          # optional (default 0)
    deal:                            # cards per seat, in dealt order, suited notation (7S 10H BJ)
      - 7S 7H ...                    # seat 0; seats are numbered in playing order
      - ...
    kitty: 3D 4D 5D                  # optional (斗地主's 底牌)
    actions:                         # applied in order; each must be legal when applied
      - bid baopai
      - pass
      - 3S 3H 4S 4H 5S 5H
    expect:
      events:                        # partial event dicts (``to_json()``) that must appear in ``g.log`` in order
        - {event: contract, id: baopai, declarer: 0}
        - {event: bonus, seat: 0, pay: 3}
      absent:                        # optional: partial event dicts that must not appear at all
        - {event: reward, id: qixi}
      called: 9C                     # optional: ``g.called`` (the shown or called card)
      result: {side_totals: [22, 22]}  # optional: partial ``g.result.to_json()``
      scores: [9, -3, -3, -3]        # final scores (rewards, bonuses and the contract)
      winners: [0]                   # optional
      reason: first_out              # optional
    refused_by: {variant: banzipao, action: 2}  # optional (regional variants): the same deal under
                                     # this other variant plays the same actions up to ``action``
                                     # (0-based), and refuses that one
    xfail: "engine: ..."             # optional: the engine disagrees with RULINGS.md (strict xfail)

Every hand is also replayed from its record (``paixing.records.replay(g.to_record())``), which
must succeed and reproduce the scores. The deal (with the kitty) must be exactly the variant's
deck, and where the variant names the dealer's card (板子炮: 7S) the fixture's 庄家 must hold it.

File names start with the variant: ``bz-`` 板子炮, ``gz-`` guizhou-banzipao, ``cd-`` 赤壁打滚,
``cds-`` chibi-dagun-server, ``dd-`` 斗地主, ``pdk-`` 跑得快, ``cdd-`` 锄大地, ``tw-`` 大老二
(Taiwan), ``zsy-`` 争上游, ``ddl-`` 癞子斗地主, ``ddt-`` 天地癞子, ``tl-`` Tiến Lên, ``pd-`` Pusoy Dos, ``sk-`` 双扣, ``gdy-`` 干瞪眼 (its ``kitty`` is the stock, top card first), ``dfg-`` 大富豪, ``hs-`` 红十, ``tc-`` Tichu, ``ffa-`` and ``sp-`` (special cards) the test variants of tests/data/ (a
``variant`` ending in ``.yaml`` is a file relative to tests/).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from paixing import parse_cards, ruleset
from paixing.game import Game, IllegalAction
from paixing.game.dealt import instant_winner
from paixing.game.records import replay
from ruamel.yaml import YAML

from tests.helpers import HANDS, TESTS

FIXTURES = sorted(HANDS.glob("*.yaml"))


def load(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        data = YAML(typ="safe", pure=True).load(f)
    assert isinstance(data, dict), f"{path.name}: a fixture is a mapping"
    return data


def params() -> list[Any]:
    out = []
    for path in FIXTURES:
        data = load(path)
        marks = [pytest.mark.xfail(strict=True, reason=data["xfail"])] if data.get("xfail") else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


def variant_ref(name: str) -> str:
    """A built-in id, or a test variant file named relative to tests/."""
    return str(TESTS / name) if name.endswith(".yaml") else name


def matches(event: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(k in event and event[k] == v for k, v in want.items())


def play_fixture(fx: dict[str, Any], variant: str | None = None, stop: int | None = None) -> Game:
    """Deal the fixture's hand and apply its actions (the first ``stop`` of them, if given)."""
    rs = ruleset(variant_ref(variant or fx["variant"]))
    game = Game(
        rs,
        fx.get("seed", 0),
        hands=[parse_cards(h) for h in fx["deal"]],
        kitty=parse_cards(fx.get("kitty", "")),
        dealer=fx["dealer"],
        hand_number=fx.get("hand_number", 1),
        match=fx.get("match"),
        level=fx.get("level"),
        wild_ranks=fx.get("wild_ranks"),
        previous_places=fx.get("previous_places"),
    )
    for i, action in enumerate(fx.get("actions", [])[:stop]):
        assert not game.over, f"action {i} ({action!r}): the hand is already over"
        game.apply(str(action))
    return game


@pytest.mark.parametrize("path", params())
def test_scripted_hand(path: Path) -> None:
    fx = load(path)
    expect = fx["expect"]
    rs = ruleset(variant_ref(fx["variant"]))
    rules = rs.variant.game
    assert rules is not None
    hands = [parse_cards(h) for h in fx["deal"]]
    kitty = parse_cards(fx.get("kitty", ""))
    if rules.deal.cards_each is not None:
        sizes = [len(h) for h in hands]
        assert sizes == [rules.deal.cards_each] * len(sizes), f"cards dealt per seat: {sizes}"
    assert len(kitty) == rules.deal.kitty_size(len(rs.deck()), rs.variant.players)  # a stock: the rest
    dealt = Counter(c for h in hands for c in h) + Counter(kitty)
    deck = Counter(rs.deck())
    assert dealt == deck, f"not the variant's deck: extra {dealt - deck}, missing {deck - dealt}"
    if rules.dealer.first_hand == "holder":
        assert rules.dealer.card is not None
        (card,) = parse_cards(rules.dealer.card)
        assert card in hands[fx["dealer"]], f"the dealer must hold {card}"
    game = play_fixture(fx)
    assert game.over, f"the actions end before the hand does (turn: seat {game.turn})"

    log = [e.to_json() for e in game.log]  # fixtures match partial JSON forms of the events
    i = 0
    for want in expect.get("events", []):
        while i < len(log) and not matches(log[i], want):
            i += 1
        assert i < len(log), f"event {want} not found (in order) in the log:\n" + "\n".join(
            map(str, log)
        )
        i += 1
    for unwanted in expect.get("absent", []):
        found = [e for e in log if matches(e, unwanted)]
        assert not found, f"unexpected event {found[0]}"
    if "called" in expect:
        assert game.called is not None and parse_cards(str(game.called)) == parse_cards(
            str(expect["called"])
        )
    assert game.result is not None
    result = game.result.to_json()
    for key, value in expect.get("result", {}).items():
        assert result.get(key) == value, (
            f"result[{key!r}] is {result.get(key)!r}, expected {value!r}"
        )
    assert game.scores == expect["scores"]
    assert sum(game.scores) == 0, "scores are zero-sum"
    if "winners" in expect:
        assert sorted(result["winners"]) == sorted(expect["winners"])
    if "reason" in expect:
        assert result["reason"] == expect["reason"]

    again = replay(game.to_record(), rs)
    assert again.ok, again.error
    assert again.scores == expect["scores"]

    if "refused_by" in fx:
        other, index = fx["refused_by"]["variant"], fx["refused_by"]["action"]
        before = play_fixture(fx, variant=other, stop=index)
        with pytest.raises(IllegalAction):
            before.apply(str(fx["actions"][index]))


def test_gunlong_precedes_shisanlan() -> None:
    """Ruling 17: a 滚龙 beats a 十三烂. One pack cannot deal both (the 滚龙 takes all four cards of
    three ranks the 十三烂 needs), so no scripted hand can show it; this checks the rule itself on
    made-up hands: the 十三烂 is first in turn order from the dealer, the 滚龙 still wins."""
    rs = ruleset("banzipao")
    hands = [
        parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"),  # 十三烂, the dealer
        # the 滚龙: its 3S 4S 5S are also in the 十三烂 (not a real deal)
        parse_cards("3S 3H 3C 3D 4S 4H 4C 4D 5S 5H 5C 5D 9H"),
        parse_cards("6H 6C 7H 7C 8H 8C 10H 10C JH JC QH QC 2H"),
        parse_cards("6D 7D 8D 9C 9D 10D JD QD KH KC KD AH AC"),
    ]
    won = instant_winner(rs, hands, dealer=0)
    assert won is not None
    event, seat = won
    assert (event.id, seat) == ("gunlong", 1)


def test_fixtures_exist() -> None:
    assert FIXTURES, f"no fixtures in {HANDS}"
