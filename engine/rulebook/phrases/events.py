"""Dealt-hand events and their odds: what an event matches, what it does, and how each
probability was computed (exact formula, inclusion–exclusion or a seeded Monte Carlo run).
"""

from __future__ import annotations

from paixing.rules.hand_rules import GameRules

from .base import FieldDoc, Phrase

PHRASES: dict[str, Phrase] = {
    # dealt-hand events -----------------------------------------------------------------
    "ev.intro": (
        "发牌后、定约前先检查以下事件。立即获胜的事件按列表顺序检查：第一个有人拿到的事件决定本局。",
        FieldDoc(GameRules, "dealt_events"),
    ),
    "ev.whole_hand": ("整手牌就是这个牌型", "the whole dealt hand is of this type"),
    "ev.contains": ("手里有这个牌型的牌", "some cards of the hand form this type"),
    "ev.instant_win": ("立即获胜，本局只按此结算（不定约、不出牌）", "wins at once; the hand is scored by this alone (no bidding, no play)"),
    "ev.reward": ("奖励，然后照常进行", "a reward, then the hand goes on"),
    "ev.pay_rank": ("每个点数 {pay}", "{pay} per rank"),
    "ev.not_with": ("已算作{events}的点数不再算", "ranks counted for {events} are not counted here"),
    "ev.larger_play": ("几家都有时，牌大者胜（再按顺序）", "several holders: the larger play wins (then turn order)"),
    "ev.turn_order": ("几家都有时，从庄家起按顺序先者胜", "several holders: the first in turn order from the dealer"),
    "odds.intro": (
        "每家发 {k} 张、整副 {n} 张时拿到各事件的概率（由引擎计算；不考虑事件之间的先后）：“指定的一家”是某一个座位，“任意一家”是至少有一家。",
        "The odds of each event with {k} cards to each seat from the {n}-card deck, computed by the engine (before any precedence between events): “one given seat” is one particular seat, “some seat” at least one of the {players}.",
    ),
    "odds.exact": ("精确", "exact"),
    "odds.exact_formula": ("精确：{formula}", "exact: {formula}"),
    "odds.exact_ie": ("精确（对座位容斥）", "exact (inclusion–exclusion over seats)"),
    "odds.mc_overlap": (
        "{n} × 每家概率（精确）减去重叠部分的蒙特卡洛估计：{deals} 次发牌中有 {hits} 次两家或以上同时拥有",
        "{n} × the one-seat odds (exact) less a Monte Carlo estimate of the overlap: {hits} of {deals} deals had two or more holders",
    ),
    "odds.mc_seats": (
        "蒙特卡洛估计：{deals} 次发牌、{seats} 个座位中出现 {hits} 次",
        "Monte Carlo estimate: {hits} in {seats} seats of {deals} deals",
    ),
    "odds.exact_excl": ("精确：两家不可能同时拥有，等于 {n} × 每家概率", "exact: no two seats can both hold it, so {n} × the one-seat odds"),
    "odds.mc": (
        "蒙特卡洛估计：{deals} 次发牌中出现 {hits} 次",
        "Monte Carlo estimate: {hits} in {deals} deals",
    ),
    "odds.appendix": (
        "概率表中的蒙特卡洛估计，是用引擎自己的发牌程序发 {deals} 次牌数出来的，随机种子为 {seed}；用同一种子重新生成本书，数字完全相同。其余概率是精确计算的。",
        "The Monte Carlo estimates in the odds table count {deals} deals made by the engine's own dealing, from seed {seed}: rendering the book again with that seed gives the same numbers. The other odds are exact.",
    ),
    "odds.one_in": ("约 {n} 次中 1 次", "about 1 in {n}"),
    "odds.zero": ("0（不可能）", "0 (impossible)"),
}
