"""What the turn block and ``status`` say of a match and of wild cards (issue 23, item 6): each
side's level and whose level the hand is played at, the level rank and the wild card, a drawn
癞子 rank after its one announcement, wild cards marked in the hand, and each side's points
during the hand."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import play_reading

run = play_reading


def until(marker: str, then: list[str] | None = None) -> Callable[[str], str | None]:
    """Option #1 until ``marker`` is printed, then the lines of ``then``, then the end."""
    rest = list(then or [])

    def read(out: str) -> str | None:
        if marker not in out:
            return "#1"
        return rest.pop(0) if rest else None

    return read


def block(out: str, start: str) -> str:
    """The text from the first ``start`` to the next prompt."""
    i = out.index(start)
    return out[i : out.index("> ", i)]


def test_a_match_hand_says_each_sides_level_and_the_wild_card() -> None:
    # 掼蛋 seed 1: 下家 & 上家 win the first hand (双上) and go up to 5; the second hand is theirs
    code, out = run("guandan", 1, until("══ Hand 2"))
    assert code == 1
    assert block(out, "── Your turn") == (
        "── Your turn (play) ──\n"
        "Contract: 掼蛋 Guandan\n"
        "Levels: You & 对家 2 · 下家 & 上家 2 — this hand is played at 2\n"
        "Level rank (级牌): 2 · wild: 2♥\n"
        "Cards left: 下家 27 · 对家 22 · 上家 22\n"
        "Your hand (27): 3♣ 3♥ 3♥  4♠  5♥  6♣ 6♥ 6♠  7♥ 7♠ 7♠  10♥  J♦ J♣  Q♦ Q♣ Q♣ Q♥ Q♠ Q♠  K♣  A♦ A♥ A♠  2♠ 2♠  BJ\n"
        "Trick: 对家 3♦ 4♦ 5♦ 6♦ 7♣ · 上家 4♦ 5♣ 6♣ 7♦ 8♣\n"
        "To beat: 4♦ 5♣ 6♣ 7♦ 8♣  顺子 Straight by 上家 — or pass\n"
    )
    hand2 = out[out.index("══ Hand 2") :]
    assert "(5♥ wild)." in hand2.splitlines()[3]
    assert block(hand2, "── Your turn").splitlines()[1:4] == [
        "Contract: 掼蛋 Guandan",
        "Levels: You & 对家 2 · 下家 & 上家 5 — this hand is played at 5 (下家 & 上家's)",
        "Level rank (级牌): 5 · wild: 5♥",
    ]


def test_a_drawn_wild_rank_stays_in_status_and_wild_cards_are_marked() -> None:
    # 癞子斗地主 seed 0: you bid 2, take the kitty, and 8 is drawn wild
    code, out = run("doudizhu-laizi", 0, until("Wild rank drawn", ["status"]))
    assert code == 1
    assert "Wild rank drawn (癞子): 8. Every card of rank 8 is wild from now on.\n— trick 1: You lead —\n" in out
    assert block(out, "── Your turn (play)") == (
        "── Your turn (play) ──\n"
        "Contract: 地主 Landlord (1 against 2) · declarer You\n"
        "Wild (癞子, drawn): every 8\n"
        "Cards left: 下家 17 · 上家 17\n"
        "Your hand (20): 4♣ 4♥ 4♠  5♦ 5♥ 5♠  6♦ 6♣  7♦  9♦ 9♣ 9♠  10♥  J♠  Q♥  K♦  A♦  2♦ 2♠  8♦*  (* wild)\n"
        "You lead: play anything.\n"
    )
    assert out.endswith(
        "> status\n"
        "Contract: 地主 Landlord (1 against 2) · declarer You\n"
        "Wild (癞子, drawn): every 8\n"
        "Cards left: 下家 17 · 上家 17\n"
        "You lead: play anything.\n"
        "> \nInput ended (EOF): the hand is abandoned.\n"
    )


def test_each_sides_points_show_during_the_hand() -> None:
    # 五十K seed 0: 下家 takes 25 points in the first trick
    code, out = run("wushik", 0, until("— trick 2"))
    assert code == 1
    assert "下家 wins the trick (+25 points).\n  Captured: You 0 · 下家 25 · 对家 0 · 上家 0 — sides: You & 对家 0 · 下家 & 上家 25\n" in out
    assert block(out[out.index("— trick 2") :], "── Your turn").splitlines()[1:5] == [
        "Contract: 两队抓分 Two teams for points",
        "Match points: You & 对家 0 · 下家 & 上家 0 — 200 wins the match",
        "Cards left: 下家 9 · 对家 10 · 上家 9",
        "Captured (points): You 0 · 下家 25 · 对家 0 · 上家 0 — sides: You & 对家 0 · 下家 & 上家 25",
    ]
