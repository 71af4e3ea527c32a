"""The table's result line words why the hand ended as the rulebook does (zh and en), never
with a rule's id such as ``first_out`` or ``three_out``."""

from __future__ import annotations

from pathlib import Path

from paixing.agents.bots import make_bot
from paixing.game.session import Session
from paixing.game.state import Game
from paixing.hands.cache import ruleset
from paixing.web.app import create_app
from paixing.web.seatview import reason_words, result_json
from starlette.testclient import TestClient

from tests.web.conftest import settings_for
from tests.web.test_serve import new_table, play_to_end

WORDS = {
    "first_out": {"zh": "有人出完牌时结束，最先出完者的一方胜",
                  "en": "when anyone goes out, and the first player out's side wins"},
    "double_out": {"zh": "最先出完的两家是搭档时结束，最先出完者的一方胜",
                   "en": "when the first two players out are partners, and the first player out's side wins"},
    "three_out": {"zh": "只剩不超过 1 家有牌时结束，最先出完者的一方胜",
                  "en": "when no more than 1 player left with cards, and the first player out's side wins"},
}


def played(variant: str, seed: int) -> Game:
    g = Session.start(ruleset(variant)).next_game(seed)
    bots = [make_bot("greedy", s) for s in range(g.n)]
    while not g.over:
        g.apply(bots[g.turn].choose(g.observation(g.turn)))
    return g


def test_each_ending_in_the_rulebooks_words() -> None:
    found = {}
    for variant, seeds in (("doudizhu", [0]), ("guandan", range(6))):
        for seed in seeds:
            g = played(variant, seed)
            assert g.result is not None
            found[g.result.reason] = reason_words(g)
    assert found == WORDS


def test_the_result_message_carries_the_words_and_keeps_the_ids() -> None:
    g = played("guandan", 0)
    assert g.result is not None
    out = result_json(g)
    assert out["reason_id"] == g.result.reason and out["reason"] == "first_out"
    assert out["reason_words"] == WORDS[g.result.reason]


def test_a_served_hand_ends_with_the_words(tmp_path: Path) -> None:
    with TestClient(create_app(settings_for(tmp_path, actions_per_second=50))) as client:
        code = new_table(client, ["human", "bot:greedy", "bot:greedy"], "doudizhu")["code"]
        with client.websocket_connect(f"/ws/t/{code}") as ws:
            final = play_to_end(ws)
    assert final["result"]["reason"] == "first_out"
    assert final["result"]["reason_words"] == WORDS["first_out"]


def test_the_page_shows_the_words_not_the_id() -> None:
    js = (Path(__file__).parents[2] / "engine" / "web" / "static" / "table.js").read_text(encoding="utf-8")
    assert '(result.reason_words ? result.reason_words[lang] : result.reason)' in js
