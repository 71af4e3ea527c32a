"""Issue 23 item 14 (tables and notes): a free-for-all ``simulate`` printed an empty Roles
table; ``arena paodekuai --agents search:4,greedy`` gave search two of three seats without
saying so."""

from __future__ import annotations

from pathlib import Path

import pytest
from paixing.cli import main
from paixing.cli.arena import shared_seats

DATA = Path(__file__).resolve().parents[1] / "data"


def test_a_free_for_all_prints_no_empty_roles_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DATA / "ffa-small.yaml"), "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "Roles" not in out and "Scores by seat" in out
    assert main(["simulate", "banzipao", "--games", "3"]) == 0
    assert "Roles" in capsys.readouterr().out  # a game with roles keeps its table


def test_fewer_agents_than_seats_are_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "paodekuai", "--agents", "random,greedy", "--hands", "1", "--json"]) == 0
    assert capsys.readouterr().err == (
        "note: 2 agents for 3 seats: in every seating random holds 2 seats (random,greedy,random and its "
        "rotations); to give random one seat, name one agent per seat: --agents random,greedy,greedy\n"
    )
    assert main(["arena", "paodekuai", "--agents", "random,greedy,greedy", "--hands", "1", "--json"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("names", "players", "note"),
    [
        (["a"], 4, None),
        (["a", "b", "c", "d"], 4, None),
        (["a", "b"], 4, "note: 2 agents for 4 seats: in every seating a holds 2 seats, b holds 2 seats (a,b,a,b and its "
                        "rotations); to give a one seat, name one agent per seat: --agents a,b,b,b"),
        (["a", "b", "c"], 4, "note: 3 agents for 4 seats: in every seating a holds 2 seats (a,b,c,a and its rotations); "
                             "to give a one seat, name one agent per seat: --agents a,b,c,c"),
    ],
)
def test_shared_seats_note(names: list[str], players: int, note: str | None) -> None:
    assert shared_seats(names, players) == note
