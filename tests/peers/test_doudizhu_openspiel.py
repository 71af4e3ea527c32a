"""benchmarks/movegen_openspiel.py builds the states it claims, and OpenSpiel's 斗地主 differs
from paixing's ``doudizhu`` exactly as docs/performance.md says (each difference pinned on one
hand): no 四带二, no chain from a rank held four times, no rocket among a plane's kickers, a
bomb may answer the rocket, and a pass among a response's moves. Everything else is the same
set of plays.
"""

from __future__ import annotations

import sys

import pytest

from tests.helpers import ROOT

pytest.importorskip("pyspiel")
sys.path.insert(0, str(ROOT / "benchmarks"))

import movegen_doudizhu as ddz  # noqa: E402
import movegen_openspiel as ospiel  # noqa: E402
import paixing  # noqa: E402
from paixing.hands import legal_plays  # noqa: E402


@pytest.fixture(scope="module")
def os_() -> object:
    loaded = ospiel.load_openspiel()
    assert loaded is not None
    return loaded


@pytest.fixture(scope="module")
def rs() -> paixing.Ruleset:
    return paixing.ruleset("doudizhu")


def _theirs(os_: object, state: object) -> set[str]:
    return ospiel.answer_reader(os_, ddz.rl_string)(state.legal_actions())  # type: ignore[attr-defined]


def _ours(rs: paixing.Ruleset, hand: str, target: str | None = None, kind: str = "") -> dict[str, str]:
    tplay = ddz.read_target(rs, target, kind) if target else None
    return {ddz.play_string(p.cards): p.type_id for p in legal_plays(rs, ddz.engine_cards(hand), tplay)}


def _lead(os_: object, hand: str) -> object:
    """A lead of ``hand`` (any size): the landlord first plays the rest of his 20 as singles."""
    rest = ddz.rest_of(hand)
    return ospiel.lead_state(os_, hand, rest, filler=rest[-(20 - len(hand)):] if len(hand) < 20 else "")


def _only_ours(os_: object, rs: paixing.Ruleset, hand: str) -> dict[str, str]:
    state = _lead(os_, hand)
    ours = _ours(rs, hand)
    theirs = _theirs(os_, state)
    assert theirs <= set(ours), "OpenSpiel returned a play paixing does not"
    return {s: t for s, t in ours.items() if s not in theirs}


def test_lead_state_deals_the_hand_to_the_landlord_who_leads(os_: object) -> None:
    hand = "3334445556789TJQKA2B"
    state = ospiel.lead_state(os_, hand, ddz.rest_of(hand))
    assert state.current_player() == 0  # type: ignore[attr-defined]
    assert "My hand 3334445556789TJQKA2(BWJ)" in state.observation_string(0)  # type: ignore[attr-defined]
    assert "Pass" not in {state.action_to_string(a) for a in state.legal_actions()}  # type: ignore[attr-defined]


def test_seventeen_card_lead_plays_the_filler_first(os_: object) -> None:
    hand = "33445566778899TTJ"
    state = ospiel.lead_state(os_, hand, ddz.rest_of(hand), filler="KKK")
    assert state.current_player() == 0  # type: ignore[attr-defined]
    assert "My hand 33445566778899TTJ\n" in state.observation_string(0)  # type: ignore[attr-defined]


def test_no_four_with_two(os_: object, rs: paixing.Ruleset) -> None:
    missing = _only_ours(os_, rs, "33337TJQ")
    assert missing and set(missing.values()) == {"four_two_singles"}


def test_no_chain_from_a_rank_held_four_times(os_: object, rs: paixing.Ruleset) -> None:
    missing = _only_ours(os_, rs, "333345678")
    chains = {s: t for s, t in missing.items() if t != "four_two_singles"}
    assert chains == {"34567": "straight", "345678": "straight"}  # 45678 is there


def test_no_rocket_among_a_planes_kickers(os_: object, rs: paixing.Ruleset) -> None:
    assert _only_ours(os_, rs, "333444BR") == {"333444BJRJ": "plane_singles"}


def test_a_response_counts_the_pass(os_: object, rs: paixing.Ruleset) -> None:
    hand, target = "3456789TJQKA22BR7", "6"
    state = ospiel.response_state(os_, hand, target, "solo", ddz.rest_of(hand))
    assert state is not None and state.current_player() == 1  # type: ignore[attr-defined]
    actions = state.legal_actions()  # type: ignore[attr-defined]
    ours = _ours(rs, hand, target, "solo")
    assert _theirs(os_, state) == set(ours)
    assert len(actions) == len(ours) + 1  # OpenSpiel's moves include the pass


def test_four_with_two_targets_have_no_state(os_: object) -> None:
    hand = "345679TJQKA22BR77"
    assert ospiel.response_state(os_, hand, "88889T", "four_two_solo", ddz.rest_of(hand)) is None


def test_a_bomb_answers_the_rocket(os_: object, rs: paixing.Ruleset) -> None:
    hand = "33455668JJJJQKA22"
    state = ospiel.response_state(os_, hand, "BR", "rocket", ddz.rest_of(hand))
    assert state is not None
    assert _ours(rs, hand, "BR", "rocket") == {}
    assert _theirs(os_, state) == {"JJJJ"}  # OpenSpiel's rocket is beaten by any bomb
