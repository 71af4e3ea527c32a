"""Giving a tribute card back (issue 23, item 7) and the aids of a real table (item 11): the
``hint`` (the greedy bot's choice from the player's observation) and the played-cards tracker
(记牌器), which only count what the seat has seen."""

from __future__ import annotations

import os

from tests.helpers import play_reading

LEVELS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "partners-levels.yaml")


run = play_reading


def test_giving_a_card_back_is_prompted_listed_and_helped_as_give() -> None:
    # partners-levels seed 2, hand 3: 上家's BJ comes to you; you give a card back
    rest = ["help", "10", "#2"]

    def read(out: str) -> str | None:
        if "Give a card back" not in out:
            return "#1"
        return rest.pop(0) if rest else None

    code, out = run(LEVELS, 2, read)
    assert code == 1
    tail = out[out.index("Tribute: 上家 gives BJ to You") :]
    assert tail.startswith(
        "Tribute: 上家 gives BJ to You\n"
        "Give a card back: type `give 10S` (? lists the cards you may give).\n"
        "Return: 对家 gives J♠ back to 下家\n"
        "── Your turn (contract) ──\n"
        "Contract: 对局 Match\n"
        "Levels: You & 对家 K · 下家 & 上家 J — this hand is played at K (You & 对家's)\n"
        "Your hand (12): 10♦ 10♦ 10♥ 10♠  J♣ J♥  Q♦ Q♥  K♣  A♦  BJ  RJ\n"
        "Give a card: type `give 10D` or just `10D` (? lists the 5 you may give).\n"
        "> help\n"
        "Commands:\n"
    )
    assert "call" not in tail[: tail.index("> 10\n")]  # was "call a card you do not hold"
    assert "  pass | p              pass: decline a bid, or do not beat the play\n" in tail
    assert "  give 10S | 10S        give back a card, for the tribute you received (? lists the cards you may give)\n" in tail
    assert "Your 5 legal options:\n  give a card: #1 10D   #2 10H   #3 10S   #4 JC   #5 JH\n" in tail
    assert (  # a rank typed alone: the suit is yours to choose, of the three 10s
        "> 10\n✗ which 10? #1 give 10D · #2 give 10H · #3 give 10S  (type one, or #N)\n"
        "> #2\nReturn: You give 10♥ back to 上家\n"
    ) in tail


def test_hint_and_tracker_at_the_table() -> None:
    lines = ["hint", "tracker", "bid 3", "hint", "#1", "status", "tracker"]
    code, out = run("doudizhu", 0, lambda _: lines.pop(0) if lines else None)
    assert code == 1
    assert "> hint\nHint (greedy bot): pass — type it or #1\n" in out
    assert (
        "> tracker\n"
        "Tracker on: shown at each of your turns (`tracker` turns it off).\n"
        "记牌器 (still out): RJ 1 · BJ 1 · 2 3 · A 3 · K 3 · Q 3 · J 3 · 10 3 · 9 3 · 8 3 · 7 3 · 6 2 · 5 1 · 4 1 · 3 4\n"
    ) in out
    assert (
        "Your hand (20): 4♣ 4♥ 4♠  5♦ 5♥ 5♠  6♦ 6♣  7♦  8♦  9♦ 9♣ 9♠  10♥  J♠  Q♥  K♦  A♦  2♦ 2♠\n"
        "记牌器 (still out): RJ 1 · BJ 1 · 2 2 · A 3 · K 3 · Q 3 · J 3 · 10 3 · 9 1 · 8 3 · 7 3 · 6 2 · 5 1 · 4 1 · 3 4\n"
        "You lead: play anything.\n"
        "> hint\n"
        "Hint (greedy bot): 4♣ 5♦ 6♦ 7♦ 8♦ 9♦ 10♥ J♠ Q♥ K♦ A♦  顺子 Straight — type 4C 5D 6D 7D 8D 9D 10H JS QH KD AD or #1\n"
        "> #1\n"
        "You: 4♣ 5♦ 6♦ 7♦ 8♦ 9♦ 10♥ J♠ Q♥ K♦ A♦  顺子 Straight  (9 left)\n"
        "下家: BJ RJ  王炸 Rocket  (15 left)\n"
    ) in out
    assert (
        "> status\n"
        "Contract: 地主 Landlord (1 against 2) · declarer You\n"
        "Cards left: 下家 15 · 上家 17\n"
        "记牌器 (still out): RJ 0 · BJ 0 · 2 2 · A 3 · K 3 · Q 3 · J 3 · 10 3 · 9 1 · 8 3 · 7 3 · 6 2 · 5 1 · 4 1 · 3 4\n"
    ) in out
    assert "> tracker\nTracker off.\n> \n" in out

