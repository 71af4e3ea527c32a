"""Contracts and the steps that make them: one ``step.*`` sentence (and its parts) per step kind
of ``paixing.game.steps``, whose ``describe`` names these keys; the sides, the first lead and
the multipliers of a contract.
"""

from __future__ import annotations

from .base import Phrase

PHRASES: dict[str, Phrase] = {
    # contracts -------------------------------------------------------------------------
    "steps.intro": ("定约阶段依次进行以下步骤：", "The contract phase, in order:"),
    "step.solo_bid": ("从庄家起，每人依次可以宣布「{contract}」。", "In turn from the dealer, each player may declare “{contract}”."),
    "step.counter_next": ("宣布者的下家可以反叫「{counter}」。", "The declarer's next player may counter with “{counter}”."),
    "step.counter_any": (
        "之后还没有表态的玩家依次可以反叫「{counter}」，先叫者得。",
        "Every later player who has not spoken may counter with “{counter}”, in turn; the first to counter takes it.",
    ),
    "step.call_card": (
        "如果还没有定约，庄家叫一张自己没有的牌，拿着这张牌的人是他暗中的搭档，直到这张牌打出为止：「{contract}」。",
        "If no contract was made, the dealer calls a card he does not hold; its holder is his hidden partner until that card is played: “{contract}”.",
    ),
    "step.shown_card": (
        "庄家亮出一张牌（第一局：{first}；以后各局：{later}），拿着另一张同样牌的人是他暗中的搭档，打出这张牌时公开：「{contract}」。后面的步骤可以改变定约。",
        "The dealer shows a card (first hand: {first}; later hands: {later}); whoever holds its twin is his hidden partner, revealed when he plays it: “{contract}”. Later steps may replace this contract.",
    ),
    "step.random_own_card": ("随机一张自己的牌", "a random card of his own"),
    "step.first_dealt": ("发给他的第一张牌", "the first card dealt to him"),
    "step.next_dealt_with_twin_elsewhere": (
        "如果两张都在庄家手里，改亮第二张之后发给他的下一张牌（依此类推）。",
        "If he holds both copies, the call is the next card dealt to him after the second copy (and so on).",
    ),
    "step.auction": (
        "从庄家起依次叫分，可以叫 {values} 中比当前更高的分，或者不叫；叫到最高分立即结束。叫得最高者做「{contract}」。",
        "In turn from the dealer, each may bid a higher value of {values} or pass; the top value ends it at once. The highest bidder plays “{contract}”.",
    ),
    "step.redeal": ("都不叫时重新发牌。", "If nobody bids, the cards are dealt again."),
    "step.dealer_plays": ("都不叫时庄家以最低分做。", "If nobody bids, the dealer plays at the lowest value."),
    "step.draw_wild": (
        "随机翻出{n}个点数，亮给所有人：这些点数的牌在本手中都是癞子。",
        "{n} rank(s) are drawn at random and shown to everyone: every card of a drawn rank is wild for the rest of the hand.",
    ),
    "step.draw_wild_among": ("只从这些点数中翻：{ranks}。", "The rank is drawn among {ranks}."),
    "step.draw_wild_named": ("翻出的点数叫{zh}。", "The rank drawn is called {en} ({zh})."),
    "step.kitty": ("叫得者拿走底牌。", "The winner takes the kitty into his hand."),
    "step.tribute": (
        "定约为「{contract}」。从一场比赛的第二局起先进贡：上局末游把手中最大的一张牌（癞子除外）交给头游。",
        "The contract is “{contract}”. From the second hand of a match there is a tribute first: the last player out of the hand before gives his highest card (never a wild card) to the first out.",
    ),
    "step.tribute.double": (
        "上局头游、二游同队（双下）时，对方两人都进贡，大的给头游，小的给二游。",
        "When the first two out were partners, both players of the other side give: the higher card to the first out, the lower to the second.",
    ),
    "step.tribute.resist": ("进贡者合计持有 {cards} 时抗贡：不进贡，由头游先出。", "If the givers hold {cards} between them they resist: no tribute, and the first out leads."),
    "step.tribute.back": ("收贡者还一张不大于{rank}的牌给进贡者（自选）。", "Each receiver gives back a card of his choice, {rank} or lower."),
    "step.tribute.back_level": ("级牌比A大，不能作为不大于该点数的牌还。", "The level rank counts above the ace: its cards are not given back under that cap."),
    "step.tribute.back_any": ("收贡者还一张牌给进贡者（自选）。", "Each receiver gives back a card of his choice."),
    "step.tribute.leader.giver": ("进贡给头游者先出。", "The player whose tribute went to the first out leads."),
    "step.tribute.leader.first_out": ("上局头游先出。", "The first out of the hand before leads."),
    "steps.default": ("以上步骤都没有定约时：「{contract}」。", "If the steps make no contract: “{contract}”."),
    "steps.none": ("没有定约步骤：每一局都打「{contract}」。", "There are no contract steps: every hand is played as “{contract}”."),
    "c.teams": ("双方", "Sides"),
    "c.solo": ("定约者一人对其余所有人", "the declarer alone against all the others"),
    "c.duel": ("反叫者对被他反叫的定约者，一对一，其余人旁观", "the counter-declarer against the declarer he countered, one against one; the others sit out"),
    "c.partners": ("定约者与搭档对其余玩家", "the declarer and his partner against the others"),
    "c.each": ("各自为战：最先出完者胜，其余每人都输，名次依出完顺序", "every player for himself: the first out wins, every other player loses; places follow the order players go out"),
    "c.fixed": ("固定两队，按座位分（对家为搭档），所有人都知道", "two fixed sides by seat (partners sit opposite), known to all"),
    "c.leader": ("首先出牌", "First lead"),
    "c.lead_declarer": ("定约者", "the declarer"),
    "c.lead_opponent": ("对手（一对一时为被反叫者）", "an opponent (in a duel, the player who was countered)"),
    "c.lead_dealer": ("庄家", "the dealer"),
    "c.multipliers": ("倍数", "Multipliers"),
    "mult.bid": ("乘以叫分", "× the winning bid"),
    "mult.per_play": ("每打出一手「{type}」，×{f}", "× {f} for every “{type}” played"),
    "mult.when": ("{name} ×{f}：{cond}", "× {f} for {name}: {cond}"),
}
