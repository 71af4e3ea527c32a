"""A match of several hands (``game.session``): levels, promotion, the last level, points."""

from __future__ import annotations

from .base import Phrase

PHRASES: dict[str, Phrase] = {
    "h.match": ("整场比赛", "The match"),
    "m.intro": (
        "一场比赛由多局组成，两队固定；每局结束后按下面的规则记录双方的进度。",
        "A match is several hands between the same two sides; after each hand the sides' progress is kept as below.",
    ),
    "m.levels": ("双方都从{first}打起，级别依次为{ranks}。", "Both sides start at {first}; the levels are {ranks}."),
    "m.hand_level": (
        "每局打上一局赢方的级别（第一局打{first}）。",
        "Each hand is played at the level of the side that won the hand before (the first hand at {first}).",
    ),
    "m.promote": ("这一局赢的一方（头游一方）按下表升级（第一条成立的为准，不超过{top}）：", "The side that wins the hand (the first out's side) goes up by the first row that holds (never past {top}):"),
    "m.promote_row": ("{when}：升{up}级", "{when}: up {up}"),
    "m.top": ("打{top}时（本方赢得上一局、打本方的{top}），本方赢且{when}，即赢得整场比赛；否则算一次失败。", "At {top} (a side playing its own {top}, having won the hand before), it wins the match when it wins the hand and {when}; otherwise the attempt fails."),
    "m.top_any": ("处在{top}的一方，本方赢且{when}，即赢得整场比赛；否则算一次失败。", "A side at {top} wins the match when it wins a hand and {when}; otherwise the attempt fails."),
    "m.attempts": ("失败{n}次退回{first}。", "After {n} failed attempts it goes back to {first}."),
    "m.points": (
        "每局把双方的{counts}累计，一方达到{target}分且多于对方即赢得整场比赛。",
        "Each side's {counts} are added up hand by hand; a side that reaches {target} with more than the other wins the match.",
    ),
    "m.side_totals": ("所得分数（经转移后；以其他方式结束的局按该方的得分）", "points (after the transfers; in a hand that ends another way, its players' scores)"),
    "m.scores": ("得分", "scores"),
}
