"""Calls (``game.calls``) scored by whether the caller went out first, the round of calls on the
first 8 cards of the deal (an ``announce`` step with ``cards_seen``), the fixed points of a
double win (``end.rules[].points``), per-seat scores by the sides' margin and a match to 1,000:
tests/data/special-calls.yaml."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from paixing.agents.bots import RandomBot
from paixing.game import IllegalAction
from paixing.game.events import Announced, CallScored, Deal, DealtRest
from paixing.game.facts import HandFacts
from paixing.game.match import MatchState, advance
from paixing.game.records import replay
from paixing.game.settle import settle
from paixing.game.state import Game
from paixing.hands.cache import ruleset
from paixing.rules.cards import format_cards, parse_cards
from paixing.rules.loader import VariantError, load_variant

from tests.helpers import DATA, write

FILE = DATA / "special-calls.yaml"
HANDS = [
    "MJ 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH DR",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC PH",
    "DOG 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
]


def dealt() -> Game:
    return Game(ruleset(str(FILE)), 0, hands=[parse_cards(h) for h in HANDS])


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_the_round_on_the_first_8_cards_shows_only_those() -> None:
    g = dealt()
    assert (g.phase, g.turn) == ("contract", 0)
    assert legal(g) == ["pass", "announce grand"]
    obs = g.observation(0)
    assert format_cards(obs.hand) == "MJ 2S 3S 4S 5S 6S 7S 8S"
    assert obs.cards_left == (8, 8, 8, 8)
    deal = next(e for e in obs.history if isinstance(e, Deal))
    assert deal.hands == ("MJ 2S 3S 4S 5S 6S 7S 8S", None, None, None)
    g.apply("announce grand")
    assert g.turn == 1 and legal(g) == ["pass", "announce grand"]
    assert format_cards(g.observation(1).hand) == "2H 3H 4H 5H 6H 7H 8H 9H"
    for action in ("pass", "announce grand", "pass"):
        g.apply(action)
    assert g.phase == "contract" and [len(h) for h in g.hands] == [14, 14, 14, 14]  # the pass step
    rest = [e for e in g.observation(1).history if isinstance(e, DealtRest)]
    assert len(rest) == 1 and rest[0].hands[0] is None and rest[0].hands[2] is None
    assert rest[0].hands[1] is not None and sorted(parse_cards(rest[0].hands[1])) == sorted(parse_cards("10H JH QH KH AH DR"))
    assert [(e.seat, e.call) for e in g.log if isinstance(e, Announced)] == [(0, "grand"), (2, "grand")]


def test_a_call_the_round_does_not_offer_is_refused() -> None:
    g = dealt()
    with pytest.raises(IllegalAction, match="^announce small is not allowed now; choose pass, announce grand$"):
        g.apply("announce small")
    with pytest.raises(IllegalAction, match="^announce needs one argument: announce <call>$"):
        g.apply("announce")


def _to_play(g: Game, calls: dict[int, str]) -> None:
    """The round (``calls``: seat → call made), then each player passes his first legal cards."""
    while g.phase == "contract":
        if legal(g)[0] == "pass":
            g.apply(f"announce {calls[g.turn]}" if g.turn in calls else "pass")
        else:
            g.apply(legal(g)[0])


def test_the_play_call_is_offered_until_the_first_play() -> None:
    g = dealt()
    _to_play(g, {0: "grand"})
    assert g.phase == "play"
    bots = [RandomBot(s) for s in range(4)]
    seen = set()
    while not g.over:
        seat = g.turn
        offered = "announce small" in legal(g)
        may = seat != 0 and seat not in {s for s, _ in g.calls} and not g.plays_made[seat] and g.gift is None and g.wishing is None
        assert offered == may, (seat, legal(g))
        if offered and seat == 3:
            g.apply("announce small")
            assert g.turn == 3 and "announce small" not in legal(g)  # his turn goes on
            seen.add(seat)
            continue
        action = bots[seat].choose(g.observation(seat))
        if action.kind == "announce":
            continue
        g.apply(action)
    assert seen == {3}
    assert [(e.seat, e.call) for e in g.log if isinstance(e, Announced)] == [(0, "grand"), (3, "small")]
    scored = [e for e in g.log if isinstance(e, CallScored)]
    assert [(e.seat, e.call, e.made) for e in scored] == [(0, "grand", g.finish[0] == 0), (3, "small", g.finish[0] == 3)]
    sides = g.result.facts["side_totals"]  # type: ignore[union-attr]
    assert g.scores == [sides[0] - sides[1], sides[1] - sides[0]] * 2


def test_a_call_after_the_first_play_is_refused() -> None:
    g = dealt()
    _to_play(g, {})
    seat = g.turn
    g.apply(g.legal_actions()[0])
    while g.turn != seat:
        g.apply("pass" if "pass" in legal(g) else g.legal_actions()[0])
        if g.over:
            return
    with pytest.raises(IllegalAction, match="^announce small is not allowed now: "):
        g.apply("announce small")


RS = ruleset(str(FILE))
GAME = RS.variant.game
assert GAME is not None
CONTRACT = GAME.contracts[0]


def facts(finish: tuple[int, ...], captured: tuple[int, ...], hand_values: tuple[int, ...], calls: tuple[tuple[int, str], ...]) -> HandFacts:
    left = tuple(0 if s in finish else 3 for s in range(4))
    return HandFacts(4, -1, -1, (0, 1, 0, 1), (0, 1, 2, 3), finish, captured, hand_values, left, (5, 5, 5, 5), calls=calls)


def test_a_double_win_scores_200_to_0_and_the_calls() -> None:
    f = facts((0, 2), (40, 30, 10, 20), (0, 0, 0, 0), ((0, "grand"), (1, "small"), (2, "small")))
    result = settle(CONTRACT, f, GAME.calls)
    assert result.reason == "double_out"
    assert result.facts["side_totals"] == [200 + 200 - 100, 0 - 100]
    assert result.facts["calls"] == [
        {"seat": 0, "id": "grand", "made": True, "points": 200},
        {"seat": 1, "id": "small", "made": False, "points": -100},
        {"seat": 2, "id": "small", "made": False, "points": -100},
    ]
    assert result.scores == [400, -400, 400, -400]


def test_card_points_with_the_last_players_transfers_and_calls() -> None:
    # seat 1 out first, then 0, then 3: seat 2 last, with 10 captured and 15 in his hand
    f = facts((1, 0, 3), (30, 20, 10, 25), (0, 0, 15, 0), ((1, "small"), (0, "grand")))
    result = settle(CONTRACT, f, GAME.calls)
    # side 0: 30 (seat 2's 10 goes to seat 1) − 200; side 1: 20 + 10 + 25 + 15 (his hand to the other side) + 100
    assert result.facts["side_totals"] == [30 - 200, 70 + 100]
    assert result.scores == [-340, 340, -340, 340]
    plain = settle(CONTRACT, facts((1, 0, 3), (30, 20, 10, 25), (0, 0, 15, 0), ()), GAME.calls)
    assert plain.facts["side_totals"] == [30, 70] and "calls" not in plain.facts and plain.scores == [-40, 40, -40, 40]


def test_the_match_counts_the_sides_points_to_1000() -> None:
    session = GAME.session
    assert session is not None and session.points is not None and session.points.target == 1000
    f = facts((0, 2), (40, 30, 10, 20), (0, 0, 0, 0), ((0, "grand"),))
    after = advance(session, MatchState(points=(650, 900)), CONTRACT, f, [0] * 4, GAME.calls)
    assert (after.points, after.winner) == ((1050, 900), 0)
    f = facts((1, 0, 3), (30, 20, 10, 25), (0, 0, 15, 0), ((1, "small"),))
    after = advance(session, MatchState(points=(950, 800)), CONTRACT, f, [0] * 4, GAME.calls)
    assert (after.points, after.winner) == ((980, 970), -1)


def test_records_replay_with_calls() -> None:
    for seed in range(4):
        g = Game(RS, seed)
        rng = random.Random(seed)
        while not g.over:
            g.apply(rng.choice(list(g.legal_actions())))
        result = replay(g.to_record())
        assert result.ok, result.error
        assert result.scores == g.scores


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("calls: [grand], cards_seen: 8", "calls: [grnd], cards_seen: 8",
     "game.steps[0].announce.calls[0]: unknown call 'grnd' (did you mean 'grand'?)"),
    ("calls: [grand], cards_seen: 8", "calls: [grand, small], cards_seen: 8",
     "game.steps[0].announce.calls[1]: 'small' has when: before_first_play; a round of calls offers calls with when: announce"),
    ("cards_seen: 8", "cards_seen: 14", "game.steps[0].announce.cards_seen: 14: must be fewer than the 14 cards each player is dealt"),
    ("- margin: 1", "- {margin: 1, when: [\"caller.place == 1\"]}",
     "game.contracts[0].score[0].when[0]: 'caller.place == 1': 'caller' is only defined in a call's made conditions"),
    ('made: ["caller.place == 1"]}', 'made: ["caller.place = 1"]}',
     "game.calls[1].made[0]: 'caller.place = 1': unknown operator '='; use one of <= >= == != < >"),
])
def test_loader_checks(tmp_path: Path, old: str, new: str, problem: str) -> None:
    for name in ("special-cards.yaml", "special-points.yaml", "special-effects.yaml", "special-wish.yaml", "special-pass.yaml"):
        write(tmp_path / name, (DATA / name).read_text(encoding="utf-8"))
    text = FILE.read_text(encoding="utf-8")
    assert old in text
    write(tmp_path / "special-calls.yaml", text.replace(old, new))
    with pytest.raises(VariantError) as err:
        load_variant(str(tmp_path / "special-calls.yaml"))
    assert [p.split(": ", 1)[1] for p in err.value.problems][0] == problem  # a misspelt call: grand offered by none too


def test_a_round_with_a_call_nobody_offers(tmp_path: Path) -> None:
    for name in ("special-cards.yaml", "special-points.yaml", "special-effects.yaml", "special-wish.yaml", "special-pass.yaml"):
        write(tmp_path / name, (DATA / name).read_text(encoding="utf-8"))
    text = FILE.read_text(encoding="utf-8").replace("    - announce: {calls: [grand], cards_seen: 8}\n", "")
    write(tmp_path / "special-calls.yaml", text)
    with pytest.raises(VariantError) as err:
        load_variant(str(tmp_path / "special-calls.yaml"))
    assert [p.split(": ", 1)[1] for p in err.value.problems] == ["game.calls[0].when: 'grand' has when: announce, but no announce step offers it"]
