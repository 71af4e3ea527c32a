"""Terminal play (paixing.terminal.play): whole hands typed line by line, refused moves,
bad notation, EOF, usage errors, and piped stdin in a subprocess."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Callable, Iterable

import paixing.terminal as terminal
import pytest
from paixing.agents.play import seated_bots
from paixing.game import PASS, Action, Game, new_game
from paixing.game.conditions import ranked
from paixing.terminal import make_bots, play
from rich.console import Console

from tests.helpers import DOCS, console, feed

LIMIT = 3000
"""Lines a scripted player types at most (then EOF), so a loop cannot hang the tests."""

Strategy = Callable[[Game], Action]
"""How the scripted human plays, for re-running the hand in the test."""


def first_option(g: Game) -> Action:
    return g.legal_actions()[0]


def pass_if_allowed(g: Game) -> Action:
    acts = g.legal_actions()
    return PASS if PASS in acts else acts[0]


def expected_game(variant: str, seed: int, seat: int, bots: str, human: Strategy) -> Game:
    """The same hand played directly on the engine: same seed, same bots, same human choices."""
    g = new_game(variant, seed)
    choosers = make_bots(bots, seed, [s for s in range(g.n) if s != seat])
    while not g.over:
        if g.turn == seat:
            g.apply(human(g))
        else:
            g.apply(choosers[g.turn](g, g.turn))
    return g


def always_first_option() -> Callable[[str], str]:
    """Types ``?`` then ``#1`` forever: the first listed option at every turn."""
    state = {"n": 0}

    def read(prompt: str = "") -> str:
        state["n"] += 1
        if state["n"] > LIMIT:
            raise EOFError
        return "?" if state["n"] % 2 else "#1"

    return read


def pass_then_first(buf: io.StringIO) -> Callable[[str], str]:
    """Types ``pass``; when that is refused (a ✗ line), ``?`` and ``#1``."""
    queue: list[str] = []
    calls = {"n": 0}

    def read(prompt: str = "") -> str:
        calls["n"] += 1
        if calls["n"] > LIMIT:
            raise EOFError
        if queue:
            return queue.pop(0)
        tail = buf.getvalue().splitlines()[-2:]  # the last line is the prompt
        if tail and tail[0].startswith("✗"):
            queue.append("#1")
            return "?"
        return "pass"

    return read


def score_table(out: str) -> dict[int, dict[str, str]]:
    """Rows of the final score table by seat number: {seat: {column: cell}}."""
    lines = out.splitlines()
    header_at = max(i for i, line in enumerate(lines) if "┃ seat" in line)
    columns = [c.strip() for c in lines[header_at].strip("┃").split("┃")]
    rows: dict[int, dict[str, str]] = {}
    for line in lines[header_at + 2 :]:
        if not line.startswith("│"):
            break
        cells = [c.strip() for c in line.strip("│").split("│")]
        m = re.search(r"\((\d+)\)", cells[0])
        assert m, line
        rows[int(m.group(1))] = dict(zip(columns, cells, strict=True))
    return rows


def check_end(out: str, g: Game, seat: int) -> None:
    assert g.result is not None
    rows = score_table(out)
    assert sorted(rows) == list(range(g.n))
    for s, row in rows.items():
        assert int(row["score"].replace("+", "")) == g.scores[s], (s, row, g.scores)
        places = ranked(g.facts())  # those out, then the last player once only one holds cards
        place = str(places.index(s) + 1) if s in places else "—"
        assert row["place"] == place
        if g.rules.play.capture != "none" and g.contract is not None:
            assert row["captured"] == str(g.captured[s])
    assert rows[seat]["seat"].startswith("You")
    assert re.search(r"^Result: ", out, re.M)
    assert "Winners: " in out


HANDS = [
    ("banzipao", 0, 0),
    ("banzipao", 3, 2),
    ("banzipao", 17, 0),
    ("banzipao", 1441, 1),  # 十三烂: an instant win right after the deal
    ("chibi-dagun", 0, 0),
    ("chibi-dagun", 2, 1),
    ("chibi-dagun", 30, 3),  # a 天炸 reward
    ("doudizhu", 0, 0),
    ("doudizhu", 1, 2),
]


@pytest.mark.parametrize(("variant", "seed", "seat"), HANDS)
def test_whole_hand_first_option(variant: str, seed: int, seat: int) -> None:
    con, buf = console()
    code = play(variant, seat=seat, seed=seed, input_fn=always_first_option(), console=con)
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    check_end(out, expected_game(variant, seed, seat, "greedy", first_option), seat)


@pytest.mark.parametrize(("variant", "seed", "seat"), HANDS)
def test_whole_hand_passing(variant: str, seed: int, seat: int) -> None:
    con, buf = console()
    code = play(variant, seat=seat, seed=seed, bots="random", input_fn=pass_then_first(buf), console=con)
    out = buf.getvalue()
    assert code == 0, out[-2000:]
    check_end(out, expected_game(variant, seed, seat, "random", pass_if_allowed), seat)


# deterministic bots for the scenario tests, whatever paixing.bots does ----------------------


def _fixed_bots(kind: str) -> Callable[..., dict[int, terminal.Chooser]]:
    def choose(g: Game, seat: int) -> Action:
        acts = g.legal_actions()
        return pass_if_allowed(g) if kind == "passive" else acts[0]

    def make(name: str, seed: int, seats: list[int]) -> dict[int, terminal.Chooser]:
        return {s: choose for s in seats}

    return make


def _after(out: str, marker: str) -> list[str]:
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith(marker))
    return lines[i:]


def test_refused_play_prints_one_line_and_prompts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "make_bots", _fixed_bots("passive"))
    con, buf = console()
    # doudizhu seed 0: 上家 deals; the passive bots pass, so bidding 3 makes you the landlord,
    # leading with 4♣ 4♥ 4♠ 5♦ 5♥ 5♠ 6♦ 6♣ 7♦ 8♦ 9♦ 10♥ J♠ Q♥ K♦ A♦ 2♦ + kitty 9♣ 9♠ 2♠.
    lines = ["3", "3", "pass", "4S 4S", "hand", "ZZ"]
    code = play("doudizhu", seed=0, input_fn=feed(lines), console=con)
    out = buf.getvalue()
    assert code == 1
    assert "You: bid 3" in out
    assert "You take the kitty (底牌): 9♣ 9♠ 2♠" in out
    tail = _after(out, "— trick 1")
    text = "\n".join(tail)
    # each refusal is exactly one line, followed by a new prompt
    assert "> 3\n✗ 3 is not in your hand\n> " in text
    assert "> pass\n✗ you lead: you must play\n> " in text
    assert "> 4S 4S\n✗ 4S is not in your hand\n> " in text
    assert "> hand\nYour hand (20): 4♣ 4♥ 4♠  5♦ 5♥ 5♠" in text
    assert (
        "> ZZ\n✗ bad card token 'ZZ' at position 1: expected a card such as 7S, 10H, TD, BJ, RJ or a run "
        "of ranks such as 55667788\n> " in text
    )
    assert out.rstrip().endswith("Input ended (EOF): the hand is abandoned.")


def test_does_not_beat_and_rank_only_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "make_bots", _fixed_bots("eager"))
    con, buf = console()
    # The eager bots take their first legal option: 上家 deals and bids 1, you pass, 下家 bids 2,
    # takes the kitty and leads 3♦, 上家 plays 4♦.
    code = play("doudizhu", seed=0, input_fn=feed(["pass", "4", "3", "?", "#1", "quit", "yes"]), console=con)
    out = buf.getvalue()
    assert code == 1
    assert out.rstrip().endswith("You left the hand.")
    lines = out.splitlines()
    i = lines.index("> 4")
    assert lines[i - 1] == "To beat: 4♦  单张 Solo by 上家 — or pass"
    assert lines[i + 1] == "✗ 4C does not beat 4D"
    assert lines[i + 2].startswith("> ")
    j = lines.index("> 3")
    assert lines[j + 1] == "✗ 3 is not in your hand"
    k = lines.index("> ?")
    assert re.match(r"Your \d+ legal options?:", lines[k + 1])
    assert lines[lines.index("> #1") + 1].startswith("You: ")


def test_call_a_card_you_do_not_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "make_bots", _fixed_bots("passive"))
    con, buf = console()
    # banzipao seed 17: you deal (7♠), nobody declares 包牌, so you call a card.
    code = play("banzipao", seed=17, input_fn=feed(["pass", "3H", "3", "pass", "AS", "quit"]), console=con)
    out = buf.getvalue()
    assert code == 1
    assert "Call a card you do not hold: its holder becomes your hidden partner for 叫牌 Called partner" in out
    assert "> 3H\n✗ you hold 3H: call a card you do not hold\n> " in out
    assert "> 3\n✗ call one card with its suit, such as 3S\n> " in out
    assert "> pass\n✗ pass is not allowed now; choose call 3S" in out
    assert "You call A♠: its holder is the hidden partner until it is played." in out
    assert "called A♠ · partner hidden" in out


def test_bidding_prompt_shows_contract_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "make_bots", _fixed_bots("passive"))
    con, buf = console()
    code = play("banzipao", seed=17, input_fn=feed(["?", "包牌"]), console=con)
    out = buf.getvalue()
    assert code == 1
    assert "Declare 包牌 Solo (1 against 3)?" in out
    assert "Declarer out first: +9, others -3 each" in out
    assert "Choices: bid baopai (or baopai / 包牌) · pass (do not declare)" in out
    assert re.search(r"#1 bid baopai", out) and re.search(r"#2 pass", out)
    assert "Contract: 包牌 Solo (1 against 3) — declarer You" in out


def test_hidden_partner_is_not_shown_before_the_card_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "make_bots", _fixed_bots("passive"))
    con, buf = console()
    # banzipao seed 17: you deal, nobody declares, you call 3♠ (the first option) and pass.
    code = play("banzipao", seed=17, input_fn=pass_then_first(buf), console=con)
    out = buf.getvalue()
    assert code == 0
    assert "You call 3♠" in out
    holder = next(s for s, h in enumerate(new_game("banzipao", 17).hands) if any(str(c) == "3S" for c in h))
    partner = terminal.seat_names(4, 0)[holder]
    before, revealed, _after_reveal = out.partition(f"{partner} played the called card: {partner} is your partner.")
    assert revealed, out
    assert "partner hidden" in before
    assert f"partner {partner}" not in before
    assert score_table(out)[holder]["role"] == "partner"


def test_seat_names() -> None:
    assert terminal.seat_names(4, 0) == ["You", "下家", "对家", "上家"]
    assert terminal.seat_names(4, 2) == ["对家", "上家", "You", "下家"]
    assert terminal.seat_names(3, 1) == ["上家", "You", "下家"]


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    con, buf = console()
    assert play("banzipa", input_fn=feed([]), console=con) == 2
    assert "unknown variant 'banzipa'" in capsys.readouterr().err
    assert play("doudizhu", seat=3, input_fn=feed([]), console=con) == 2
    assert capsys.readouterr().err.strip() == "seat 3 is out of range: doudizhu has seats 0–2"
    assert play("doudizhu", bots="nosuch", input_fn=feed([]), console=con) == 2
    assert capsys.readouterr().err.startswith("unknown bots 'nosuch'")
    assert buf.getvalue() == ""


def _subprocess(variant: str, seed: int, stdin: str) -> subprocess.CompletedProcess[str]:
    code = f"import sys; from paixing.terminal import play; sys.exit(play({variant!r}, seed={seed}))"
    return subprocess.run(
        [sys.executable, "-c", code],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env={"PYTHONIOENCODING": "utf-8", "COLUMNS": "120", **_env()},
    )


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "PYTHONIOENCODING")}


@pytest.mark.parametrize(("variant", "seed"), [("banzipao", 3), ("doudizhu", 1)])
def test_piped_stdin_plays_a_whole_hand(variant: str, seed: int) -> None:
    proc = _subprocess(variant, seed, "?\n#1\n" * 500)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert proc.stderr == ""
    g = expected_game(variant, seed, 0, "greedy", first_option)
    check_end(proc.stdout, g, 0)
    assert "\x1b[" not in proc.stdout  # no colour codes when stdout is a pipe
    assert "> ?\n" in proc.stdout  # piped input is echoed, so the transcript reads


def test_piped_stdin_eof_ends_cleanly() -> None:
    proc = _subprocess("banzipao", 3, "?\n")
    assert proc.returncode == 1
    assert proc.stdout.rstrip().splitlines()[-1] == "Input ended (EOF): the hand is abandoned."
    assert "Traceback" not in proc.stderr


def test_bots_come_from_the_registry() -> None:
    assert terminal.bot_names() == ["greedy", "random", "search"]
    con, buf = console()
    code = play("doudizhu", seed=4, bots="random", input_fn=always_first_option(), console=con)
    out = buf.getvalue()
    assert code == 0
    check_end(out, expected_game("doudizhu", 4, 0, "random", first_option), 0)


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_bots_are_seeded_as_simulate_seeds_game_0(bots: str) -> None:
    """The terminal's bot at each seat chooses as ``paixing simulate``'s bot at that seat in
    game 0 of a run with the same seed (one seeding rule: ``paixing.agents.play.bot_seed``)."""
    seed = 5
    g = new_game("doudizhu", seed)
    mine = make_bots(bots, seed, range(g.n))
    theirs = seated_bots([bots] * g.n, seed, 0)
    while not g.over:
        seat = g.turn
        action = mine[seat](g, seat)
        assert action == theirs[seat].choose(g.observation(seat))
        g.apply(action)


PLAY_DOC = DOCS / "play.md"


def _transcript(variant: str, seed: int, lines: Iterable[str]) -> str:
    """What ``paixing play`` prints at 100 columns without colours, trailing spaces removed."""
    buf = io.StringIO()
    con = Console(file=buf, width=100, highlight=False, color_system=None)
    play(variant, seed=seed, input_fn=feed(lines), console=con)
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines())


def test_play_md_transcripts_are_real_runs() -> None:
    """docs/play.md's two examples are what the terminal prints for the lines they type: the
    first whole, the second in its shown pieces (``…`` cuts), in order."""
    doc = PLAY_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```text\n(.*?)```", doc, re.S)
    typed = re.search(r"printf '([^']*)' \| COLUMNS=100", doc)
    assert typed is not None and len(blocks) == 2
    first = _transcript("doudizhu", 0, typed.group(1).split("\\n")[:-1])
    assert first == blocks[0].rstrip("\n")
    second = _transcript("banzipao", 17, ["pass", "3H", "AS", "555", "pass", *["?", "#1"] * 400])
    at = 0
    for piece in blocks[1].split("…"):
        found = second.find(piece.strip("\n"), at)
        assert found >= 0, piece
        at = found + len(piece.strip("\n"))



# issue 10: a rank is never a command, options are #N, odd numbers and Ctrl-C -----------------


def _run(variant: str, seed: int, lines: list[str]) -> tuple[int, str]:
    con, buf = console()
    code = play(variant, seed=seed, input_fn=feed(lines), console=con)
    return code, buf.getvalue()


def test_typing_the_queen_plays_it_and_never_quits() -> None:
    # banzipao seed 7: 对家 leads 4♦ 4♠ and you hold one queen; `Q` and `q` are that card.
    code, out = _run("banzipao", 7, ["pass", "Q", "q"])
    assert "> Q\n✗ QC does not beat 4D 4S\n> " in out
    assert "> q\n✗ QC does not beat 4D 4S\n> " in out
    assert "You left the hand." not in out
    assert code == 1 and out.rstrip().endswith("Input ended (EOF): the hand is abandoned.")


def test_quit_asks_for_confirmation() -> None:
    code, out = _run("banzipao", 7, ["quit", "no", "exit", "yes"])
    assert "> quit\nLeave the hand? Type yes to leave, anything else to go on.\n> no\nYou stay in the hand." in out
    assert code == 1 and out.rstrip().endswith("You left the hand.")


def test_after_the_list_a_bare_number_is_a_card() -> None:
    # doudizhu seed 0 with passive bots after `?`: `4` is the 4♣ (a solo), `#1` the first option.
    code, out = _run("doudizhu", 0, ["bid 3", "?", "4"])
    assert "> ?\nYour " in out
    assert "> 4\nYou: 4♣  单张 Solo" in out


def test_option_numbers_and_bids_that_are_not_numbers() -> None:
    huge = "#" + "9" * 4000  # long, but within a line's 4096 characters (line_input.MAX_LINE)
    code, out = _run("doudizhu", 0, ["bid ²", huge, "#0", "bid 3", "bid " + "9" * 4000])
    assert "> bid ²\n✗ bid a whole number written with 0–9, such as bid 3, not '²'\n> " in out
    assert "✗ no option #999999…: the options are #1–#3\n> " in out
    assert "> #0\n✗ no option #0: the options are #1–#3\n> " in out
    assert "✗ bid a whole number written with 0–9, such as bid 3, not '999999999999'" in out
    assert code == 1 and "Traceback" not in out


def test_ctrl_c_while_the_bots_move(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(name: str, seed: int, seats: list[int]) -> dict[int, terminal.Chooser]:
        def choose(g: Game, seat: int) -> Action:
            raise KeyboardInterrupt

        return {s: choose for s in seats}

    monkeypatch.setattr(terminal, "make_bots", interrupted)
    code, out = _run("doudizhu", 0, [])
    assert code == 1
    assert out.rstrip().splitlines()[-1] == "Interrupted: the hand is abandoned."


def test_ctrl_c_during_start_up(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def slow(variant: str) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal, "ruleset", slow)
    code, out = _run("doudizhu", 0, [])
    assert code == 1 and out == ""
    assert capsys.readouterr().err == "Interrupted: the hand is abandoned.\n"


def test_ctrl_c_in_the_command_line_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from paixing.cli import main

    def stop(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal, "play", stop)
    assert main(["play", "doudizhu"]) == 1
    assert capsys.readouterr().err == "Interrupted: the hand is abandoned.\n"


def test_every_event_kind_has_a_line_method() -> None:
    """``lines.LINES`` names a method of the renderer for every event kind of the log, so
    ``play`` and ``show`` (``RecordView``, which overrides some) word every event."""
    from paixing.game.events import EVENTS
    from paixing.terminal.lines import LINES, EventLines
    from paixing.terminal.view import RecordView

    assert set(LINES) == set(EVENTS.values())
    for name in LINES.values():
        assert callable(getattr(EventLines, name)) and callable(getattr(RecordView, name))
    assert RecordView._deal is not EventLines._deal and RecordView._kitty is not EventLines._kitty
