"""Plays out of turn (``play.out_of_turn``): after each play that leaves its trick open, the seats
holding a play of a listed type that beats it (the player and the seat whose turn comes next
excepted) are asked one at a time, from the player's next seat on: bomb out of turn, or decline
(``pass``). The deal below (tests/data/special-window.yaml) gives seat 0 four 8s, seat 2 four
9s and seat 3 two straight flushes (2D…6D, 10D…AD); seat 1 holds no bomb. The whole hand is the
scripted tests/fixtures/hands/sp-window.yaml; here, each part."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paixing.agents.bots import GreedyBot, RandomBot
from paixing.game import Game, IllegalAction
from paixing.game.events import Declined, OutOfTurn, Played
from paixing.game.records import game_from_record, replay
from paixing.hands.cache import ruleset
from paixing.rules.cards import parse_cards
from paixing.rules.loader import VariantError, load_variant

from tests.helpers import DATA, console, run, write

FILE = DATA / "special-window.yaml"
DEAL = [
    "MJ DOG 2S 3S 4S 8S JS QS 2H 3H 4H 8H 8C 8D",
    "DR PH 5S 6S 7S 5H 6H 7H 10H JH 5C 6C 7D 10S",
    "9S 9H 9D 9C KS KH AS AH QH QC JC 10C 4C 3C",
    "2D 3D 4D 5D 6D 10D JD QD KD AD KC AC 7C 2C",
]
NINES = "9C 9D 9H 9S"
EIGHTS = "8C 8D 8H 8S"
FLUSHES = ["2D 3D 4D 5D 6D", "10D JD QD KD AD"]


def after(*moves: str) -> Game:
    g = Game(ruleset(str(FILE)), hands=[parse_cards(h) for h in DEAL], dealer=0)
    for move in moves:
        g.apply(move)
    return g


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def tail(g: Game, n: int) -> list[dict[str, object]]:
    return [e.to_json() for e in g.log[-n:]]


def test_the_window_asks_the_holders_from_the_players_left() -> None:
    g = after("2S")  # seat 1's turn next: seats 2 and 3 may interrupt, seat 0 played
    assert (g.turn, g.window) == (2, (1, (2, 3)))
    assert legal(g) == [NINES, "pass"]
    obs = g.observation(2)
    assert obs.turn == 2 and obs.out_of_turn and [str(a) for a in obs.legal] == [NINES, "pass"]
    assert g.observation(1).out_of_turn and not g.observation(1).legal
    g.apply("pass")
    assert (g.turn, g.window) == (3, (1, (3,)))
    assert legal(g) == [*FLUSHES, "pass"]
    g.apply("pass")
    assert (g.turn, g.window) == (1, None)
    assert not g.observation(1).out_of_turn and "pass" in legal(g)
    assert tail(g, 2) == [{"event": "declined", "seat": 2}, {"event": "declined", "seat": 3}]
    assert str(g.actions) == "ActionLog(['2S', 'pass', 'pass'])"


def test_the_next_seat_is_never_asked_and_the_order_starts_after_the_player() -> None:
    g = after("2S", "pass", "pass", "5S")  # seat 2 comes next: it bombs in its own turn if it likes
    assert (g.turn, g.window) == (3, (2, (3, 0)))
    g.apply("pass")
    assert (g.turn, legal(g)) == (0, [EIGHTS, "pass"])


def test_a_bomb_out_of_turn_beats_and_the_trick_goes_on_from_the_bomber() -> None:
    g = after("2S", NINES)
    assert tail(g, 2) == [{"event": "out_of_turn", "seat": 2}, {"event": "play", "seat": 2, "cards": NINES, "type": "bomb"}]
    assert g.last is not None and g.last[0] == 2 and g.window is None
    assert g.turn == 3  # the seat after the bomber; seat 0's four 8s do not beat four 9s
    assert legal(g) == [*FLUSHES, "pass"]
    for move in ("pass", "pass", "pass"):
        g.apply(move)
    assert g.log[-2].to_json() == {"event": "trick", "seat": 2, "captured": 0}
    assert g.turn == 2


def test_a_play_out_of_turn_opens_a_window_of_its_own() -> None:
    g = after("2S", "pass", "pass", "5S", "pass", EIGHTS)
    assert (g.turn, g.window) == (2, (1, (2, 3)))  # seat 1 comes after seat 0 now
    assert legal(g) == [NINES, "pass"]
    g.apply(NINES)
    assert (g.turn, g.window) == (3, None)  # seat 3 is next: it answers in its turn


def test_no_window_after_the_dog_nor_on_a_closed_trick() -> None:
    g = after("DOG")
    assert (g.window, g.turn, g.last) == (None, 2, None)
    assert not any(isinstance(e, Declined | OutOfTurn) for e in g.log)
    g = after("2S", "pass", "pass", "5S", "pass", "pass", "pass", "pass", "pass")
    assert g.last is None and g.window is None and g.turn == 1


def test_the_window_opens_once_the_wish_is_made_and_the_wish_binds_no_one_in_it() -> None:
    g = after("MJ")
    assert (g.turn, g.wishing, g.window) == (0, (0, 1), None)
    g.apply("wish A")
    assert (g.turn, g.window) == (2, (1, (2, 3)))
    assert legal(g) == [NINES, "pass"]  # seat 2 holds aces: in its turn it would have to play one
    g.apply("pass")
    g.apply("pass")
    assert (g.turn, g.wish) == (1, "A")


def test_a_bomb_out_of_turn_meets_the_wish() -> None:
    g = after("MJ", "wish 9", NINES)
    assert g.wish is None and g.log[-1].to_json() == {"event": "wish_met", "seat": 2, "rank": "9"}


@pytest.mark.parametrize(("moves", "move", "message"), [
    (("2S",), "KS", "KS is not allowed out of turn: play a Four of a kind or Straight flush that beats 2S, or pass"),
    (("2S",), "QH QC", "QC QH does not beat 2S"),
    (("2S",), "2D 3D 4D 5D 6D", "2D is not in your hand"),
    (("2S",), "gift 1", "gift 1 is not allowed now: no trick is to be given away"),
    (("2S",), "wish 7", "wish 7 is not allowed now: only the player of the wish's card wishes, at once"),
    (("2S", "pass"), "2D 3D 4D 5D 6D = straight", "2D 3D 4D 5D 6D does not beat 2S"),
    (("2S", "pass"), "AD", "AD is not allowed out of turn: play a Four of a kind or Straight flush that beats 2S, or pass"),
])
def test_anything_else_is_refused(moves: tuple[str, ...], move: str, message: str) -> None:
    g = after(*moves)
    before = (g.turn, g.window, len(g.log))
    with pytest.raises(IllegalAction) as err:
        g.apply(move)
    assert str(err.value) == message
    assert (g.turn, g.window, len(g.log)) == before


def test_a_typed_play_of_other_cards_of_an_offered_reading_is_taken() -> None:
    """Suits matter in this variant (straight flushes): the generator offers one single 2 (2H,
    keeping the spades together), and the wish's obligation still lets 2S be typed."""
    assert "2S" not in legal(after()) and "2H" in legal(after())
    g = after("2S")
    assert g.log[-1] == Played(0, "2S", "single")


def test_copies_and_records_replay_the_windows(tmp_path: Path) -> None:
    g = after("2S", "pass")
    other = g.copy()
    assert (other.window, other.turn, legal(other)) == (g.window, g.turn, legal(g))
    other.apply("pass")
    assert g.window == (1, (3,)) and other.window is None
    g = after("2S", "pass", "pass", "5S", "pass", EIGHTS)
    again = game_from_record(g.to_record(), str(FILE), scripted=True)
    for action in g.to_record()["actions"]:
        again.apply(action)
    assert again.log == g.log and (again.turn, again.window) == (2, (1, (2, 3)))
    bots = [GreedyBot(s) for s in range(4)]
    while not g.over:
        g.apply(bots[g.turn].choose(g.observation(g.turn)))
    back = replay(g.to_record(), str(FILE))
    assert back.ok, back.error
    assert back.game is not None and back.game.log == g.log
    path = write(tmp_path / "hand.json", json.dumps(g.to_record()))
    shown = run("show", str(path), "--all")
    assert shown.exit_code == 0, shown.stderr
    said = [x for x in shown.stdout.splitlines() if "turn" in x][1:6]
    assert said == ["Seat 2: no play out of turn", "Seat 3: no play out of turn", "Seat 3: no play out of turn",
                    "Out of turn! Seat 0 interrupts ahead of the turn order.", "Seat 2: no play out of turn"]


def test_the_greedy_bot_declines_unless_an_opponent_is_nearly_out() -> None:
    g = after("2S")
    assert GreedyBot().choose(g.observation(2)).kind == "pass"  # and never on its partner's play
    g.apply("pass")
    assert GreedyBot().choose(g.observation(3)).kind == "pass"
    g.hands[0] = g.hands[0][:3]  # seat 0, who played, an opponent of seat 3, nearly out
    assert str(GreedyBot().choose(g.observation(3))) == FLUSHES[0]


def test_the_terminal_asks_a_human_in_a_window() -> None:
    from paixing.terminal import make_bots
    from paixing.terminal.hand import TerminalHand

    g = after("2S")
    con, buf = console(200)
    lines = iter(["pass", *["#1"] * 300])
    hand = TerminalHand(g, 2, make_bots("greedy", 0, [0, 1, 3]), lambda _: next(lines), con, False)
    assert hand.run() == 0
    out = buf.getvalue()
    first = out.index("Out of turn: before 上家's turn you may interrupt with a 炸弹 Four of a kind or 同花顺 Straight flush that beats it")
    assert "To beat: 2♠" in out[:first]
    assert "or pass (the turn then goes on).\n> You: no play out of turn\n下家: no play out of turn\n" in out[first:]
    assert g.over


def test_the_environments_act_for_the_seat_asked() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np
    from paixing.env import raw_env

    e = raw_env(str(FILE))
    rng = random.Random(1)
    windows = 0
    for seed in range(3):
        e.reset(seed=seed)
        while e.agents:
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            windows += e.game.window is not None
            assert e.agent_selection == f"seat_{e.game.turn}"
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert windows > 0
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("paixing.env.spiel")
    pyspiel.random_sim_test(pyspiel.load_game("python_paixing", {"variant": str(FILE), "deals": 3}), num_sims=2, serialize=True, verbose=False)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), greedy=st.booleans())
def test_random_hands_conserve_the_cards_and_end(seed: int, greedy: bool) -> None:
    g = Game(ruleset(str(FILE)), seed)
    bots = [GreedyBot(seed) if greedy else RandomBot(seed + s) for s in range(4)]
    deck = sorted(map(str, g.rs.deck()))
    for _ in range(2000):
        if g.over:
            break
        if g.window is not None:
            after_seat, asked = g.window
            assert g.turn == asked[0] and after_seat not in asked and g.last is not None and g.last[0] not in asked
            assert all(a.kind == "pass" or a.play.type.id in ("bomb", "straight_flush") for a in g.legal_actions())  # type: ignore[union-attr]
        g.apply(bots[g.turn].choose(g.observation(g.turn)))
        played = [c for e in g.log if isinstance(e, Played) for c in e.cards.split()]
        assert sorted(played + [str(c) for h in g.hands for c in h]) == deck
    assert g.over
    back = replay(g.to_record())
    assert back.ok and back.game is not None and back.game.log == g.log, back.error


def test_rulebook_and_loader(tmp_path: Path) -> None:
    result = run("rulebook", str(FILE), "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert ("| Out of turn | after each play that leaves its trick open, each other player holding a play "
            "(Four of a kind, Straight flush) that beats it is asked in turn") in result.stdout
    for name in ("special-cards.yaml", "special-points.yaml", "special-effects.yaml", "special-wish.yaml"):
        write(tmp_path / name, (DATA / name).read_text(encoding="utf-8"))
    text = FILE.read_text(encoding="utf-8").replace("types: [bomb, straight_flush]", "types: [bomb, straightflush]")
    path = write(tmp_path / "special-window.yaml", text)
    with pytest.raises(VariantError) as err:
        load_variant(str(path))
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "straightflush" in x)
    col = text.splitlines()[line - 1].index("straightflush") + 1
    assert err.value.problems == [
        f"{path}:{line}:{col}: game.play.out_of_turn.types[1]: unknown hand type 'straightflush' (did you mean 'straight_flush'?)",
    ]
