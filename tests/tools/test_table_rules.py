"""The terminal says a play obligation before the player breaks it (issue 23, item 10), and the
cards-left calls 报单/报双 as a table hears them (item 8)."""

from __future__ import annotations

import io
from collections.abc import Callable

from paixing.terminal import play
from rich.console import Console


def run(variant: str, seed: int, read: Callable[[io.StringIO], str]) -> tuple[int, str]:
    buf = io.StringIO()
    con = Console(file=buf, width=120, highlight=False, color_system=None)
    code = play(variant, seat=0, seed=seed, input_fn=lambda _: read(buf), console=con)
    return code, buf.getvalue()


def typed(lines: list[str]) -> Callable[[io.StringIO], str]:
    it = iter(lines)

    def read(buf: io.StringIO) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_the_first_lead_says_the_card_it_must_hold() -> None:
    # 锄大地 seed 5: you hold 3♦ and lead the first trick; the first play must contain it
    code, out = run("chudadi", 5, typed(["66"]))
    assert code == 1
    assert out.endswith(
        "── Your turn (play) ──\n"
        "Contract: 各自为战 Every player for himself\n"
        "Cards left: 下家 13 · 对家 13 · 上家 13\n"
        "Your hand (13): 3♦ 3♥  5♦  6♥ 6♠  7♦ 7♥  8♣  10♣  J♦  K♦ K♠  2♣\n"
        "You lead: the first play of the hand must contain 3D.\n"  # was "You lead: play anything."
        "> 66\n"
        "✗ the first play of the hand must contain 3D\n"
        "> \n"
        "Input ended (EOF): the hand is abandoned.\n"
    )


def test_cards_left_are_called_and_the_warning_rule_said() -> None:
    # 跑得快 seed 3: 下家 plays down to two cards, then one; your next single must be your highest
    def read(buf: io.StringIO) -> str:
        out = buf.getvalue()
        if "play your highest single." not in out:
            return "#1"
        if "> K\n" not in out:
            return "K"
        raise EOFError

    code, out = run("paodekuai", 3, read)
    assert code == 1
    assert (
        "下家: 6♣  单张 Single  (2 left)\n"
        "下家 has 2 cards left (报双).\n"
        "上家: 7♠  单张 Single  (8 left)\n"
        "── Your turn (play) ──\n"
        "Contract: 各自为战 Every player for himself\n"
        "Cards left: 下家 2 · 上家 8\n"
        "Your hand (7): 4♣  8♥  9♥ 9♠  Q♣  K♥  A♦\n"
        "Trick: 下家 6♣ · 上家 7♠\n"
        "To beat: 7♠  单张 Single by 上家\n"  # no "— or pass": 有大必压 takes the pass away
        "Rule: you must beat when you can.\n"
        "> #1\n"
        "You: 8♥  单张 Single  (6 left)\n"
        "下家: Q♥  单张 Single  (1 left)\n"
        "下家 has 1 card left (报单).\n"
        "上家: pass\n"
        "── Your turn (play) ──\n"
        "Contract: 各自为战 Every player for himself\n"
        "Cards left: 下家 1 · 上家 8\n"
        "Your hand (6): 4♣  9♥ 9♠  Q♣  K♥  A♦\n"
        "Trick: 下家 6♣ · 上家 7♠ · You 8♥ · 下家 Q♥ · 上家 pass\n"
        "To beat: Q♥  单张 Single by 下家\n"
        "Rule: you must beat when you can.\n"
        "Rule: the next player has 1 card(s) or fewer: play your highest single.\n"
        "> K\n"
        "✗ the next player has 1 card(s) or fewer: play your highest single\n"
    ) in out
