"""What the terminal says of free-for-all and fixed-side games (issue 23, item 9): no declarer
where the contract has none, no raw ending id, every decided place, every winner a place pays,
the seed that was typed, and a wild reading in the order of its sequence."""

from __future__ import annotations

import io
import os
from collections.abc import Callable

from paixing import classify, parse_cards, ruleset
from paixing.terminal import play
from paixing.terminal.base import reading_text
from rich.console import Console

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")
PLACES_FOUR = os.path.join(DATA, "ffa-places-four.yaml")
LEVELS = os.path.join(DATA, "partners-levels.yaml")


def first_option_until(buf: io.StringIO, stop: str) -> Callable[[str], str]:
    """Takes option #1 at every prompt; input ends once ``stop`` has been printed."""

    def read(prompt: str = "") -> str:
        if stop in buf.getvalue():
            raise EOFError
        return "#1"

    return read


def run(variant: str, seed: int, stop: str = "\x00never") -> tuple[int, str]:
    buf = io.StringIO()
    con = Console(file=buf, width=120, highlight=False, color_system=None)
    code = play(variant, seat=0, seed=seed, input_fn=first_option_until(buf, stop), console=con)
    return code, buf.getvalue()


def test_a_free_for_all_names_no_declarer_and_places_every_seat() -> None:
    code, out = run(PLACES_FOUR, 0)
    assert code == 0
    assert "declarer" not in out
    assert "Deal. Dealer (庄家): 下家.\nYour hand (6): 3♦  J♣  Q♣ Q♥ Q♠  K♣\nContract: 各自为战 Every player for himself\n" in out
    assert "── Your turn (play) ──\nContract: 各自为战 Every player for himself\nCards left: 下家 4 · 对家 4 · 上家 4\n" in out
    assert out.endswith(
        "│ You (0)  │ —    │     4 │        — │    -3 │\n"  # the last player is placed 4th, not "—"
        "│ 下家 (1) │ —    │     2 │        — │    +1 │\n"
        "│ 对家 (2) │ —    │     3 │        — │    -1 │\n"
        "│ 上家 (3) │ —    │     1 │        — │    +3 │\n"
        "└──────────┴──────┴───────┴──────────┴───────┘\n"
        "Result: first out — 上家 went out first.\n"
        "Winners: 上家, 下家.\n"  # the +1 second place wins too
    )


def test_an_ending_named_by_the_variant_is_worded_and_the_typed_seed_shown() -> None:
    # guandan seed 0: the first hand of the match ends when three are out (reason: three_out)
    code, out = run("guandan", 0, stop="══ Hand 2")
    assert code == 1
    assert out.startswith("══ Hand 1 of the match ══\n掼蛋 Guandan · 4 players · level 2 · seed 0, hand 1\n")
    assert "three_out" not in out and "declarer" not in out
    assert "│ 对家 (2) │ —    │     4 │        — │    -2 │\n" in out  # the last of four, placed
    assert "Result: first out — 上家 went out first.\nWinners: 下家, 上家.\n" in out
    assert "══ Hand 2 of the match ══\n掼蛋 Guandan · 4 players · level 4 · seed 0, hand 2\n" in out


def test_a_wild_straight_flush_reads_in_sequence_order() -> None:
    rs = ruleset("guandan").for_hand(level="2")
    plays = {p.type.id: p for p in classify(rs, parse_cards("3C 4C 5C AC 2H"))}
    assert reading_text(plays["straight_flush"]).plain == "A♣ 2♣ 3♣ 4♣ 5♣"  # was "3C 4C 5C AC 2C"
    assert reading_text(plays["straight"]).plain == "A2345"  # suits play no part: ranks only
    (bomb,) = classify(rs, parse_cards("7S 7H 7C 2H"))
    assert reading_text(bomb).plain == "7777"
