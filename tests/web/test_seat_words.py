"""What a state message says of the seats and the log: badges only where the game has them
(a fixed side's own partners; a declarer and his partner once known), every log event named in
the file's words (a hand type, a contract, a multiplier, a dealt-hand event), and every word the
table page shows from the one table of interface strings (engine/web/i18n.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from paixing.game.events import EVENTS
from paixing.game.state import Game
from paixing.hands.cache import ruleset
from paixing.web.app import create_app
from paixing.web.i18n import STRINGS
from paixing.web.seatview import TableFacts, event_names, named, state_message
from starlette.applications import Starlette
from starlette.testclient import TestClient

from tests.web.conftest import settings_for
from tests.web.test_serve import new_table

JS = Path(__file__).parents[2] / "engine" / "web" / "static" / "table.js"


def advanced(variant: str, steps: int, seed: int = 3) -> Game:
    g = Game(ruleset(variant), seed=seed)
    pick = random.Random(1)
    for _ in range(steps):
        if g.over:
            break
        g.apply(pick.choice(g.legal_actions()))
    return g


def badges(g: Game, seat: int | None) -> list[str | None]:
    facts = TableFacts("x", 0, 1, [{"kind": "bot"}] * g.n, [0] * g.n, None)
    return [s["role"] for s in state_message(g, seat, facts, 10)["seats"]]


@pytest.mark.parametrize("variant", ["guandan", "shuangkou", "wushik"])
def test_fixed_sides_show_each_seat_its_own_partner(variant: str) -> None:
    g = advanced(variant, 30)
    assert badges(g, 0) == [None, None, "partner", None]
    assert badges(g, 1) == [None, None, None, "partner"]
    assert badges(g, None) == [None] * 4  # a spectator is nobody's partner


def test_a_declarer_game_shows_the_declarer_to_all() -> None:
    g = advanced("banzipao", 30)
    assert g.observation(0).declarer == 3
    assert badges(g, 0) == badges(g, None) == [None, None, None, "declarer"]


def test_log_events_carry_the_files_names() -> None:
    names = event_names(ruleset("doudizhu"))
    assert named({"event": "factor", "id": "spring", "times": 2}, names)["name"] == {"zh": "春天", "en": "spring"}
    assert named({"event": "factor", "id": "reverse_spring", "times": 2}, names)["name"] == {"zh": "反春", "en": "reverse spring"}
    assert named({"event": "contract", "id": "landlord", "declarer": 0}, names)["name"]["zh"] == "地主"
    assert named({"event": "play", "seat": 0, "cards": "3S 4S 5S 6S 7S", "type": "straight"}, names)["name"]["zh"] == "顺子"
    assert named({"event": "pass", "seat": 1}, names) == {"event": "pass", "seat": 1}
    chibi = event_names(ruleset("chibi-dagun"))
    assert named({"event": "instant_win", "id": "tianzha", "seat": 1}, chibi)["name"]["zh"] == "天炸奖励"  # the dealt-hand event, not the hand type


def test_a_state_message_names_its_log() -> None:
    g = advanced("banzipao", 30)
    facts = TableFacts("x", 0, 1, [{"kind": "bot"}] * g.n, [0] * g.n, None)
    log = state_message(g, 0, facts, 100)["log"]
    contract = next(e for e in log if e["event"] == "contract")
    assert contract["name"]["zh"] in {"包牌", "反包", "叫牌"} and contract["id"] in {"baopai", "fanbao", "jiaopai"}
    assert all("name" in e for e in log if e["event"] == "play")


def test_every_event_kind_and_page_word_is_in_the_strings_table() -> None:
    assert {k[3:] for k in STRINGS if k.startswith("ev.")} == set(EVENTS.names())
    js = JS.read_text(encoding="utf-8")
    used = set(re.findall(r"\bw\.(\w+)", js)) - {"roles", "ev", "mine"}
    assert used <= {k[4:] for k in STRINGS if k.startswith("tbl.")}
    # the reader's own verb ("You pass") where English differs: an event kind, the same Chinese word
    mine = {k[5:] for k in STRINGS if k.startswith("mine.")}
    assert mine <= set(EVENTS.names()) and all(STRINGS[f"mine.{k}"][0] == STRINGS[f"ev.{k}"][0] for k in mine)
    assert not re.search(r'[\u4e00-\u9fff]', js.replace("大王", "").replace("小王", ""))  # no Chinese word in the script


def test_the_table_page_carries_the_strings(tmp_path: Path) -> None:
    with TestClient(create_app_for(tmp_path)) as client:
        code = new_table(client, ["human", "bot:greedy", "bot:greedy"], "doudizhu")["code"]
        page = client.get(f"/t/{code}?lang=en").text
    assert '<script type="application/json" id="page-strings">' in page
    assert '"tbl.yourTurn": "Your turn"' in page and '"ev.tribute_back": "returns"' in page


def create_app_for(tmp_path: Path) -> Starlette:
    return create_app(settings_for(tmp_path))
