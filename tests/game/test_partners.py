"""Fixed partnerships (``teams: fixed``, engine/game/teams.py): the seat map and its default,
the loader's checks on sides, matches and tributes, and the facts on a partner's place."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from paixing import ruleset
from paixing.game.conditions import Scope, compile_condition
from paixing.game.state import Game
from paixing.game.teams import TEAMS
from paixing.rules.cards import parse_cards
from paixing.rules.loader import VariantError, load_variant
from paixing.rules.scoring import Contract

from tests.helpers import LEVELS

TEXT = Path(LEVELS).read_text(encoding="utf-8")
HANDS = [parse_cards(h) for h in ("10S 10H JS JH QS QH KS KH AS AH BJ", "10C 10D JC JD QC QD KC KD AC AD RJ") * 2]


def test_every_teams_kind_builds_seats() -> None:
    assert set(TEAMS) == set(typing.get_args(Contract.model_fields["teams"].annotation))


def test_a_seat_map_other_than_opposite(tmp_path: Path) -> None:
    path = tmp_path / "partners-levels.yaml"
    path.write_text(TEXT.replace("teams: fixed", "teams: fixed\n      sides: [[0, 1], [2, 3]]"), encoding="utf-8")
    g = Game(ruleset(str(path)), 0, hands=HANDS, dealer=0)
    assert [g.seats.side(s) for s in range(4)] == [0, 0, 1, 1]
    assert g.observation(1).mates == frozenset({0})


def problems(tmp_path: Path, old: str, new: str) -> list[str]:
    path = tmp_path / "partners-levels.yaml"
    assert old in TEXT
    path.write_text(TEXT.replace(old, new), encoding="utf-8")
    with pytest.raises(VariantError) as err:
        load_variant(str(path))
    return [line.split(": ", 1)[1] for line in str(err.value).splitlines()]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("players: 4", "players: 3",
         "game.contracts[0].teams: alternate seats need an even number of players, not 3: give sides"),
        ("teams: fixed", "teams: fixed\n      sides: [[0, 1], [1, 3]]",
         "game.contracts[0].sides: two sides that hold every seat 0-3 once, not [[0, 1], [1, 3]]"),
        ("leader: dealer", "leader: declarer", "game.contracts[0].leader: fixed sides have no declarer: lead with dealer, not declarer"),
        ("ranks: [\"10\", J, Q, K, A]", "ranks: [\"10\", J, Q, K, \"2\"]", "game.session.levels.ranks[4]: '2' is not a rank of ranks.order"),
        ("max_rank: J", "max_rank: \"9\"", "game.steps[0].tribute.back.max_rank: '9' is not a rank of ranks.order"),
        ("resist_with: RJ RJ", "resist_with: RJ XX", "game.steps[0].tribute.resist_with: bad card token 'XX' at position 2"),
    ],
)
def test_loader_checks(tmp_path: Path, old: str, new: str, message: str) -> None:
    found = problems(tmp_path, old, new)
    assert any(message in p for p in found), found


def test_a_match_needs_fixed_sides(tmp_path: Path) -> None:
    found = problems(tmp_path, "teams: fixed", "teams: solo")
    assert "game.session: a match needs a teams: fixed contract (its sides keep levels and points)" in found
    assert "game.steps[0].tribute.contract: 'match' is not a teams: fixed contract" in found


def test_partner_place_facts() -> None:
    g = Game(ruleset(LEVELS), 0, hands=HANDS, dealer=0)
    g.finish = [0, 1]
    g.hands[0], g.hands[1] = [], []
    scope = Scope(g.facts())
    assert compile_condition("place(1).place == 1")(scope)
    assert not compile_condition("place(1).partner_place == 2")(scope)  # partner 2 not placed yet
    g.finish.append(3)
    g.hands[3] = []
    scope = Scope(g.facts())
    assert compile_condition("place(1).partner_place == 4")(scope)  # seat 2 is last
    assert compile_condition("place(2).partner_place == 3")(scope)
    assert compile_condition("place(-1).place == 4")(scope)
