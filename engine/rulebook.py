"""Rulebooks rendered from a variant's YAML: Markdown or one self-contained HTML page, zh or en.

Everything a book says comes from the variant file (its ``{zh, en}`` texts), from the rule
language's own field descriptions, and from the small bilingual phrase tables below, which are
keyed by shape, field and option, never by game. The engine computes what the book asserts:
every example's verdict is run at render time (a failing example raises ``RulebookError``, so a
wrong book cannot be written), each hand type without an example gets one generated and checked
the same way, and dealt-hand events get their odds, exact where the combinatorics allow and
otherwise a Monte Carlo estimate labelled with its sample size and seed.

Python::

    render_rulebook("my-variant.yaml", lang="en", fmt="html")   # -> str
    write_rulebooks("docs/rulebooks")                       # every built-in variant, + README.md

Shell: ``python -m paixing.rulebook OUTDIR`` writes all books (``--check`` only compares).

The command line calls this as ``paixing rulebook VARIANT --lang zh|en --format md|html [-o FILE]``
(``engine/cli.py``).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
from paixing.rules.cards import SUIT_SYMBOLS, Card, format_cards, parse_cards
from paixing.rules.hand_rules import (
    Auction,
    CallCard,
    Contract,
    DealtEvent,
    GameRules,
    ScoreRow,
    ShownCard,
    SoloBid,
    Step,
)
from paixing.rules.loader import builtin_dir, builtin_ids, load_variant, resolve_path
from paixing.rules.models import Example, HandType, Range, Text, Variant
from pydantic import BaseModel

from .classify import classify
from .dealt import holdings
from .examples import Outcome, plays_against, run_example, run_examples
from .generate import generate
from .hand import HandView
from .moves import beats_cards
from .play import Play
from .ruleset import Ruleset, TypeInfo, ruleset

LANGS: tuple[str, ...] = ("zh", "en")
FORMATS: tuple[str, ...] = ("md", "html")

MC_DEALS = 10_000
"""Deals sampled when an event's odds have no exact formula here."""
MC_SEED = 20240601
"""Seed of those samples, printed beside every estimate so it can be reproduced."""
PER_TYPE_EXAMPLES = 3
"""At most this many examples are repeated under each hand type."""
FOCUSED = 4
"""An example about more hand types than this is shown only under the types it is about."""


class RulebookError(ValueError):
    """A book that must not be written: an example fails, or a generated example does."""


# =========================================================================== phrase tables


@dataclass(frozen=True)
class FieldDoc:
    """Take the English text from a rule-language field's description."""

    model: type[BaseModel]
    field: str


Phrase = tuple[str, "str | FieldDoc"]

P: dict[str, Phrase] = {
    # headings ---------------------------------------------------------------------------
    "h.contents": ("目录", "Contents"),
    "h.overview": ("概况", "Overview"),
    "h.cards": ("牌与发牌", "Cards and the deal"),
    "h.ranks": ("点数与花色", "Ranks and suits"),
    "h.wilds": ("癞子", "Wild cards"),
    "h.types": ("牌型", "Hand types"),
    "h.compare": ("出牌的大小", "How plays compare"),
    "h.events": ("发牌后即判的牌", "Dealt-hand events"),
    "h.odds": ("概率", "Odds"),
    "h.contracts": ("定约与竞叫", "Contracts and bidding"),
    "h.play": ("出牌与收墩", "Play and tricks"),
    "h.end": ("一局的结束与计分", "End of the hand and scoring"),
    "h.examples": ("例子", "Examples"),
    "h.notes": ("裁定与说明", "Rulings and notes"),
    "h.differs": ("与 {parent} 的不同", "How it differs from {parent}"),
    "h.steps": ("定约步骤", "Contract steps"),
    "h.type_examples": ("例子", "Examples"),
    "h.bonuses": ("每墩奖励", "Trick bonuses"),
    "h.score": ("计分表", "Score table"),
    "h.legend": ("记牌法", "How cards are written"),
    # table headers ---------------------------------------------------------------------
    "th.item": ("项目", "Item"),
    "th.value": ("内容", "Value"),
    "th.rung": ("级", "Rung"),
    "th.type": ("牌型", "Hand type"),
    "th.key": ("比较", "Compared by"),
    "th.same": ("与谁比较", "Compares with"),
    "th.event": ("事件", "Event"),
    "th.match": ("判定", "Match"),
    "th.effect": ("效果", "Effect"),
    "th.pay": ("其余每家付", "Each other player pays"),
    "th.details": ("说明", "Details"),
    "th.seat": ("指定的一家", "One given seat"),
    "th.any_seat": ("任意一家", "Some seat"),
    "th.method": ("算法", "Method"),
    "th.when": ("条件", "When"),
    "th.scores": ("得分（每人）", "Scores (per player)"),
    "th.note": ("说明", "Note"),
    "th.ranks": ("点数", "Ranks"),
    "th.rank": ("点数", "Rank"),
    "th.points": ("分值", "Points"),
    "th.change": ("变化", "Change"),
    "th.path": ("键", "Key"),
    "th.parent": ("{parent}", "{parent}"),
    "th.child": ("本变体", "This variant"),
    "th.meaning": ("含义", "Meaning"),
    "th.variant": ("变体", "Variant"),
    "th.zh": ("中文", "中文 (Chinese)"),
    "th.en": ("英文", "English"),
    # overview ------------------------------------------------------------------------
    "ov.players": ("人数", "Players"),
    "ov.players_n": ("{n}人", "{n}"),
    "ov.extends": ("基于", "Extends"),
    "ov.extends_v": ("{parent}（不同之处见最后一节）", "{parent} (the last section lists what differs)"),
    "ov.id": ("变体代号", "Variant id"),
    "ov.source": (
        "本规则书由 paixing 根据 {file} 生成，请勿手工修改。书中的每个例子都是测试程序执行过的事实。",
        "Generated by paixing from {file}; do not edit by hand. Every example in this book is a fact the test suite executes.",
    ),
    "ov.no_game": (
        "本变体只定义牌型与比较，不含发牌、定约与计分的规则。",
        "This variant defines hand types and how they compare only: no deal, contracts or scoring.",
    ),
    # cards and deal --------------------------------------------------------------------
    "deck.packs": ("牌的副数", "Packs"),
    "deck.packs_v": ("{n}副（每副52张）", "{n} × 52 cards"),
    "deck.jokers": ("大小王", "Jokers"),
    "deck.jokers_yes": ("保留（每副小王、大王各一张）", "kept (one small and one big joker per pack)"),
    "deck.jokers_no": ("去掉", "taken out"),
    "deck.remove": ("每副去掉的牌", "Taken out of every pack"),
    "deck.total": ("总张数", "Cards in play"),
    "deal.each": ("每家张数", "Cards dealt to each seat"),
    "deal.each_default": ("{n}（去掉底牌后平分）", "{n} (the deck less the kitty, split evenly)"),
    "deal.kitty": ("底牌", "Kitty (face down)"),
    "deal.direction": ("发牌与出牌方向", "Direction of deal and play"),
    "deal.counter_clockwise": ("逆时针", "counter-clockwise"),
    "deal.clockwise": ("顺时针", "clockwise"),
    "dealer.first": ("第一局的庄家", "Dealer of the first hand"),
    "dealer.later": ("以后各局的庄家", "Dealer of later hands"),
    "dealer.holder": ("拿到 ", "the player dealt "),
    "dealer.holder_after": (" 的玩家", ""),
    "dealer.random_card": ("发牌时随机翻开一张牌，拿到这张牌的玩家", "a card is turned at random during the deal; its receiver deals"),
    "dealer.random_seat": ("随机选定的一家", "a seat drawn at random"),
    "dealer.same": ("与第一局相同", "the same rule as the first hand"),
    "dealer.previous_first_out": ("上一局最先出完牌的玩家", "the previous hand's first player out"),
    "dealer.role": (
        "庄家最先说话，通常也最先出牌。",
        "The dealer speaks first in the contract phase and usually leads first.",
    ),
    "legend.text": (
        "点数从小到大写作 3 4 5 6 7 8 9 10 J Q K A 2；花色 ♠ 黑桃、♥ 红桃、♣ 梅花、♦ 方片（红桃、方片为红色）；★BJ 为小王，★RJ 为大王；只写点数不写花色的牌表示花色不限。",
        "Ranks are written 3 4 5 6 7 8 9 10 J Q K A 2; suits ♠ spades, ♥ hearts, ♣ clubs, ♦ diamonds (hearts and diamonds in red); ★BJ is the small joker and ★RJ the big joker; a rank with no suit means any card of that rank.",
    ),
    "legend.input": (
        "在命令行里输入牌时写作 7S、10H、TD、BJ、RJ 或只写点数（55667788）。",
        "On the command line cards are typed 7S, 10H, TD, BJ, RJ, or ranks only (55667788).",
    ),
    # ranks -----------------------------------------------------------------------------
    "ranks.order": ("点数大小（小 → 大）", "Rank order (low → high)"),
    "ranks.sequence": ("可以相连的点数（按连牌顺序）", "Ranks that chain (in sequence order)"),
    "ranks.never": ("不参与连牌", "Never in a chain"),
    "ranks.no_wrap": ("连牌不能绕圈。", "Sequences do not wrap around."),
    "ranks.suits": ("花色大小（小 → 大）", "Suit order (low → high)"),
    "ranks.suits_used": ("只用于按花色比较的牌型：{types}。", "Used only by the hand types that compare by suit: {types}."),
    # wild cards ------------------------------------------------------------------------
    "wild.cards": ("癞子", "Wild cards"),
    "wild.stand": (
        "癞子可以当任何天然点数（在要求同花色的组合里也当所需的花色），在连牌中可以代替一整组。",
        "A wild card stands for any natural rank (and, in a one-suit set, the needed suit); it may fill a whole group of a chain.",
    ),
    "wild.alone": (
        "只用癞子出牌时，癞子算作 {rank}：一张是单张 {rank}，两张是一对 {rank}，依此类推。",
        "Played with other wild cards only, wild cards count as {rank}: one is a single {rank}, two a pair of {rank}s, and so on.",
    ),
    "wild.exclusive": ("例外：正好是 ", "Exception: exactly "),
    "wild.exclusive_after": ("（牌型「{type}」）时只算这个牌型。", " (the hand type “{type}”) read only as that type."),
    "wild.mixed": (
        "癞子与天然牌一起出时，所有可能的读法都算（见「出牌的大小」）。",
        "Played with natural cards, they read in every way the shapes allow (see “How plays compare”).",
    ),
    "wild.no_kickers": ("癞子不能当带牌。", "Wild cards are never kickers."),
    # hand type definitions (by shape) ---------------------------------------------------
    "shape.group_one": ("任意一张牌", "Any one card"),
    "shape.group": ("{size}同点数的牌", "{size} cards of one rank"),
    "shape.chain": ("{length}连续的点数，每个点数{group}", "{length} consecutive ranks, {group} cards of each"),
    "shape.chain_free": ("各组张数可以不同", "the groups may differ in size"),
    "shape.chain_same": ("各组张数相同", "every group the same size"),
    "shape.set": ("{ranks} 各一张", "One card each of {ranks}"),
    "shape.set_same": ("同一花色", "all of one suit"),
    "shape.set_mixed": ("天然牌不全是同一花色", "the natural cards not all of one suit"),
    "shape.set_any": ("花色不限", "any suits"),
    "shape.cards": ("正好是这些牌：", "Exactly these cards: "),
    "shape.distinct": ("{n}张点数各不相同的牌", "{n} cards, all of different ranks"),
    "shape.unplayable": (
        "不作为一手牌打出：这是发牌后判定的牌型。",
        "Never played as one play: a pattern of the dealt hand.",
    ),
    "unit.rank": ("个", ""),
    "unit.card": ("张", ""),
    "range.min": ("{min}{unit}或以上", "{min} or more"),
    "range.max": ("{max}{unit}或以下", "{max} or fewer"),
    "range.span": ("{min}到{max}{unit}", "{min} to {max}"),
    "range.exact": ("{n}{unit}", "{n}"),
    # kickers ---------------------------------------------------------------------------
    "kick.fixed1": ("另带 {n} 张单牌", "Plus {n} single card{s} (kickers)"),
    "kick.fixed2": ("另带 {n} 对", "Plus {n} pair{s} (kickers)"),
    "kick.per1": ("每组另带一张单牌", "Plus one single card per group (kickers)"),
    "kick.per2": ("每组另带一对", "Plus one pair per group (kickers)"),
    "kick.other": ("带牌的点数与主体不同", "kickers are of ranks not used by the core"),
    "kick.same_ok": ("带牌可以与主体同点数", "kickers may share the core's ranks"),
    "kick.distinct": ("各份带牌点数互不相同", "every kicker unit is of a different rank"),
    "kick.not": ("带牌合起来不能含有：{types}", "the kickers together may not contain: {types}"),
    "kick.longer": (
        "带牌不能含有与主体相邻、可接成更长连牌的一整组",
        "the kickers may not hold a full group next to the core that would make it a longer chain",
    ),
    "kick.natural": ("带牌不能是癞子", "kickers are natural cards"),
    "kick.no_key": ("带牌不参与比较。", "Kickers never count in the comparison."),
    # wild limits -----------------------------------------------------------------------
    "wl.none": ("不能有癞子", "No wild cards"),
    "wl.any": ("可以有癞子", "Wild cards allowed"),
    "wl.max": ("最多 {n} 张癞子", "At most {n} wild card{s}"),
    "wl.min": ("至少 {n} 张癞子", "At least {n} wild card{s}"),
    "wl.min_natural": ("至少 {n} 张天然牌", "At least {n} natural card{s}"),
    # comparison ------------------------------------------------------------------------
    "cmp.rung": ("位于阶梯第 {rungs} 级。", "On rung {rungs} of the ladder."),
    "cmp.rungs": ("按张数位于阶梯第 {rungs} 级。", "On rungs {rungs} of the ladder, by number of cards."),
    "cmp.by": ("比较{features}。", "Compared by {features}."),
    "cmp.by_many": ("依次比较{features}。", "Compared by {features}."),
    "cmp.by_short": ("{features}", "{features}"),
    "cmp.then": ("、", ", then "),
    "cmp.none": ("同类之间互不能打，先出者为大", "Never beat each other: the first one stands"),
    "cmp.same": ("只与{features}相同的比较。", "Only plays with the same {features} compare."),
    "cmp.same_short": ("且{features}相同", "with the same {features}"),
    "cmp.any": ("—", "—"),
    "cmp.class": ("与{types}同属一类，互相比较。", "It forms one class with {types}: they compare with each other."),
    "cmp.class_short": ("与{types}同类", "its class: {types} too"),
    "cmp.own": ("同牌型", "its own type"),
    "cmp.length_only": ("仅 {length} 张", "{length} cards only"),
    "cmp.equal": ("相等时不能打。", "Equal plays never beat each other."),
    "feat.length": ("张数", "number of cards"),
    "feat.length_cap": ("张数（{cap}张及以上算相同）", "number of cards ({cap} or more count alike)"),
    "feat.top_chain": ("最大的点数", "top rank"),
    "feat.top_group": ("点数", "rank"),
    "feat.top_other": ("最大的点数", "highest rank"),
    "feat.groups": ("各组（大组在前，先比张数再比点数）", "its groups, largest first (by size, then rank)"),
    "feat.suit": ("花色（{suits}）", "suit ({suits})"),
    "feat.natural": ("是否无癞子（无癞子者大）", "natural cards only (beats a play with wild cards)"),
    "ladder.intro": (
        "阶梯从低到高排列。高一级的任何牌都大于低一级的任何牌，不论点数与张数；同一级里，只有同一类、并且满足比较条件的牌才能比较，比较结果大的胜，相等的不能打。",
        "The ladder runs from low to high. Any play on a higher rung beats every play on a lower rung, whatever its rank or length; on one rung, plays compare only within one class and when the required features match; the greater wins and equal plays never beat each other.",
    ),
    "ladder.readings": (
        "一手牌可以有几种读法时，出牌者选定其中一种；没有指定读法时，A 的某一种读法大于 B 的每一种读法，才算 A 大于 B。",
        "A play with several readings is made as one of them; where no reading is given, A beats B when some reading of A beats every reading of B.",
    ),
    "ladder.unplayable": ("不在阶梯上（不出）：{types}。", "Not on the ladder (never played): {types}."),
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
        "{n} × 每家概率（精确）减去重叠部分的蒙特卡洛估计：{deals} 次发牌中有 {hits} 次两家或以上同时拥有（随机种子 {seed}）",
        "{n} × the one-seat odds (exact) less a Monte Carlo estimate of the overlap: {hits} of {deals} deals had two or more holders (seed {seed})",
    ),
    "odds.mc_seats": (
        "蒙特卡洛估计：{deals} 次发牌、{seats} 个座位中出现 {hits} 次（随机种子 {seed}）",
        "Monte Carlo estimate: {hits} in {seats} seats of {deals} deals (seed {seed})",
    ),
    "odds.exact_excl": ("精确：两家不可能同时拥有，等于 {n} × 每家概率", "exact: no two seats can both hold it, so {n} × the one-seat odds"),
    "odds.mc": (
        "蒙特卡洛估计：{deals} 次发牌中出现 {hits} 次（随机种子 {seed}）",
        "Monte Carlo estimate: {hits} in {deals} deals (seed {seed})",
    ),
    "odds.one_in": ("约 {n} 次中 1 次", "about 1 in {n}"),
    "odds.zero": ("0（不可能）", "0 (impossible)"),
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
    "step.twin_redraw": (
        "如果两张都在庄家手里，改亮第二张之后发给他的下一张牌（依此类推）。",
        "If he holds both copies, the call is the next card dealt to him after the second copy (and so on).",
    ),
    "step.auction": (
        "从庄家起依次叫分，可以叫 {values} 中比当前更高的分，或者不叫；叫到最高分立即结束。叫得最高者做「{contract}」。",
        "In turn from the dealer, each may bid a higher value of {values} or pass; the top value ends it at once. The highest bidder plays “{contract}”.",
    ),
    "step.redeal": ("都不叫时重新发牌。", "If nobody bids, the cards are dealt again."),
    "step.dealer_plays": ("都不叫时庄家以最低分做。", "If nobody bids, the dealer plays at the lowest value."),
    "step.kitty": ("叫得者拿走底牌。", "The winner takes the kitty into his hand."),
    "steps.default": ("以上步骤都没有定约时：「{contract}」。", "If the steps make no contract: “{contract}”."),
    "c.teams": ("双方", "Sides"),
    "c.solo": ("定约者一人对其余所有人", "the declarer alone against all the others"),
    "c.duel": ("反叫者对被他反叫的定约者，一对一，其余人旁观", "the counter-declarer against the declarer he countered, one against one; the others sit out"),
    "c.partners": ("定约者与搭档对其余玩家", "the declarer and his partner against the others"),
    "c.leader": ("首先出牌", "First lead"),
    "c.lead_declarer": ("定约者", "the declarer"),
    "c.lead_opponent": ("对手（一对一时为被反叫者）", "an opponent (in a duel, the player who was countered)"),
    "c.lead_dealer": ("庄家", "the dealer"),
    "c.multipliers": ("倍数", "Multipliers"),
    "mult.bid": ("乘以叫分", "× the winning bid"),
    "mult.per_play": ("每打出一手「{type}」，×{f}", "× {f} for every “{type}” played"),
    "mult.spring": (
        "春天 ×{f}：定约者出完而对手一张未出，或对手出完而定约者只出过第一手",
        "× {f} for a spring: the declarer went out and no opponent played a card, or the opponents went out and the declarer made only his first play",
    ),
    # play ------------------------------------------------------------------------------
    "play.tricks": (
        "领出者可以出任何一手牌；之后每人依次出一手大于上一手的牌，或者不要。自最后一手牌之后，其余还有牌的玩家都不要时，出这手牌的玩家赢得这一墩，并领出下一墩。",
        "The leader may make any play; each player in turn then plays a play that beats the last one, or passes. When every other player still holding cards has passed since the last play, its player wins the trick and leads the next.",
    ),
    "play.capture": ("赢墩所得", "The trick winner takes"),
    "play.none": ("什么也不得", "nothing"),
    "play.cards": ("墩里的牌（计张数）", "the cards (counted)"),
    "play.points": ("墩里的牌的分数", "the point values of the cards"),
    "play.total": ("整副牌共 {total} 分。", "The deck holds {total} points."),
    "play.after_out": ("赢墩者已出完时", "When the trick winner has gone out"),
    "play.next_active": ("由下一位还有牌的玩家领出", "the next player still in leads"),
    "play.partner_if_revealed": (
        "如果他的搭档已经公开并且还有牌，由搭档领出，否则由下一位还有牌的玩家领出",
        "his partner leads if known and still in, otherwise the next player still in",
    ),
    "bonus.intro": (
        "以下列牌赢得一墩时，其余每家付给赢墩者（只算第一条符合的）：",
        "Winning a trick with these plays is paid by each other player to the winner (the first matching line applies):",
    ),
    "bonus.any": ("任意", "any"),
    "bonus.only": ("只在这些定约中：{contracts}。", "Only in these contracts: {contracts}."),
    "bonus.ending_yes": ("结束本局的那一手也有奖励。", "The play that ends the hand earns its bonus too."),
    "bonus.ending_no": ("结束本局的那一手没有奖励。", "The play that ends the hand earns no bonus."),
    # end and score ---------------------------------------------------------------------
    "end.when": ("何时结束", "The hand ends"),
    "end.first_out": ("有人出完牌时立即结束", "as soon as anyone goes out"),
    "end.partners": (
        "最先出完的两家是搭档时结束，否则打到只剩 {left} 家有牌",
        "when the first two players out are partners, otherwise when the players still holding cards are down to {left}",
    ),
    "end.winner": ("胜负", "Who wins"),
    "end.win_first_out": ("最先出完者的一方胜", "the side of the first player out"),
    "end.win_captures": (
        "比较双方所得（经过下面的转移），搭档双双先出完时除外",
        "compare what each side captured (after the transfers below), unless partners went out first",
    ),
    "end.transfers": ("结束时的转移", "Transfers at the end"),
    "end.captured": ("最后一家所得", "the last player's captures"),
    "end.hand": ("最后一家手里剩下的牌", "the cards left in the last player's hand"),
    "end.to_first_out": ("归最先出完者", "go to the first player out"),
    "end.to_second_out": ("归第二个出完者", "go to the second player out"),
    "end.to_third_out": ("归第三个出完者", "go to the third player out"),
    "end.to_void": ("作废，不算给任何人", "count for nobody"),
    "end.threshold": ("获胜所需", "To win"),
    "end.win_above": ("所得超过 {n}", "more than {n}"),
    "end.more": ("所得较多", "the larger total"),
    "end.tie": ("相等时", "A tie"),
    "end.tie_at": ("相等或正好 {n} 时", "A tie, or exactly {n}"),
    "end.tie_first_out_side": ("归最先出完者的一方", "goes to the first player out's side"),
    "score.intro": (
        "按顺序找第一条条件成立的行计分，数字是每人的得分：",
        "The first row whose condition holds pays; amounts are per player:",
    ),
    "score.times": ("得分再乘以上面的倍数。", "Scores are multiplied by the factors above."),
    "cond.declarer_wins_true": ("定约方胜", "the declarer's side wins"),
    "cond.declarer_wins_false": ("定约方负", "the declarer's side loses"),
    "cond.double_out_true": ("最先出完的两家是搭档", "the first two players out are partners"),
    "cond.double_out_false": ("最先出完的两家不是搭档", "the first two players out are not partners"),
    "cond.losers_captured": ("输方在墩中所得为 {n}（转移前）", "the losers captured {n} in tricks (before transfers)"),
    "cond.losers_total": ("输方经转移后共 {n}", "the losers end with {n} after the transfers"),
    "cond.always": ("总是", "always"),
    "cond.otherwise": ("其他情况", "otherwise"),
    "cond.and": ("，并且", "; and "),
    "sc.winners": ("每个赢家 {w}，每个输家 {l}", "each winner {w}, each loser {l}"),
    "sc.declarer": ("定约者 {n}", "declarer {n}"),
    "sc.partner": ("搭档 {n}", "partner {n}"),
    "sc.opponents": ("每个对手 {n}", "each opponent {n}"),
    "sc.bystanders": ("每个旁观者 {n}", "each bystander {n}"),
    # examples --------------------------------------------------------------------------
    "ex.statement": (
        "书中的每个例子都是测试程序执行过的事实：变体文件里的例子由 tests/test_examples.py（以及 paixing validate）执行，为没有例子的牌型生成的例子由 tests/test_rulebook.py 执行。书里写出的结论都是生成本书时由引擎算出的；只要有一个例子不成立，本书就无法生成。",
        "Every example in this book is a fact the test suite executes: the variant file's examples by tests/test_examples.py (and paixing validate), the examples generated for hand types that have none by tests/test_rulebook.py. The verdicts shown were computed by the engine when this book was rendered; a single failing example stops the book from being generated.",
    ),
    "ex.beats": (" 大于 ", " beats "),
    "ex.not_beats": (" 不大于（打不过） ", " does not beat "),
    "ex.reads": (" 读作 ", " reads as "),
    "ex.invalid": (" 不是合法的牌", " is not a valid play"),
    "ex.or": ("；或 ", "; or "),
    "ex.as": ("，当作 ", ", as "),
    "ex.core": ("（", " ("),
    "ex.kickers": (" 带 ", " with kickers "),
    "ex.core_end": ("）", ")"),
    "ex.hand": ("手牌 ", "Hand "),
    "ex.on": ("，上家出 ", ", on "),
    "ex.lead": ("，首先出牌", ", leading"),
    "ex.plays": ("：可以出 {n} 种：", ": {n} legal play{s}: "),
    "ex.no_play": ("：没有能出的牌（只能不要）", ": no legal play (pass)"),
    "ex.sep": ("，", ", "),
    "ex.order": ("从小到大（每一手都大于前面的每一手）：", "Low to high (each beats every earlier one): "),
    "ex.lt": (" < ", " < "),
    "ex.checked": ("已验证", "checked"),
    "ex.number": ("例 {n}", "Example {n}"),
    "ex.generated": ("生成的例子", "generated example"),
    # differences -----------------------------------------------------------------------
    "diff.intro": (
        "本变体在 {parent} 的基础上修改（extends）。合并之后，与 {parent} 不同的正是下面这些键：",
        "This variant extends {parent}. After merging, it differs from {parent} in exactly these keys:",
    ),
    "diff.changed": ("改变", "changed"),
    "diff.added": ("新增", "added"),
    "diff.removed": ("删除", "removed"),
    "diff.absent": ("（无）", "(absent)"),
    "diff.count": ("{n} 项", "{n} items"),
    "diff.none": ("没有不同。", "No differences."),
    "diff.type": ("牌型「{name}」", "hand type “{name}”"),
    # index -----------------------------------------------------------------------------
    "index.title": ("规则书 Rulebooks", "Rulebooks 规则书"),
    "index.intro": (
        "由 variants/ 里的 YAML 文件生成（python -m paixing.rulebook docs/rulebooks）；书中每个例子都由测试执行。",
        "Generated from the YAML files in variants/ (python -m paixing.rulebook docs/rulebooks); every example in them is executed by the tests.",
    ),
    # small words -----------------------------------------------------------------------
    "w.yes": ("是", "yes"),
    "w.no": ("否", "no"),
    "w.list": ("、", ", "),
    "w.none": ("无", "none"),
    "w.colon": ("：", ": "),
    "w.semicolon": ("；", "; "),
    "w.period": ("。", "."),
    "w.space": ("", " "),
    "w.comma": ("，", ", "),
}
"""Every sentence a book says that does not come from the variant file: ``key -> (zh, en)``.
Keys name a shape, a field or an option of the rule language, never a game."""

SHAPE_KEYS = ("group", "chain", "set", "cards", "distinct_ranks")
"""The shapes a hand type may have; each has its ``shape.*`` phrases."""


def _doc(model: type[BaseModel], name: str) -> str:
    """A field's description as one line of text."""
    text = model.model_fields[name].description or ""
    return re.sub(r"``([^`]*)``", r"\1", " ".join(text.split()))


def say(lang: str, key: str, **kw: Any) -> str:
    """The phrase ``key`` in ``lang`` with ``kw`` filled in; ``s`` is "s" when ``n != 1``."""
    zh, en = P[key]
    text: str | FieldDoc = zh if lang == "zh" else en
    if isinstance(text, FieldDoc):
        text = _doc(text.model, text.field)
    if "n" in kw and "s" not in kw:
        kw["s"] = "" if kw["n"] == 1 else "s"
    return text.format(**kw)


def tr(text: Text | None, lang: str) -> str:
    """A variant's bilingual text in ``lang``."""
    if text is None:
        return ""
    return text.zh if lang == "zh" else text.en


def _join(lang: str, items: Iterable[str]) -> str:
    return say(lang, "w.list").join(items)


def _plural_s(n: int) -> str:
    return "" if n == 1 else "s"


def _range(lang: str, r: Range, unit: str) -> str:
    u = say(lang, unit)
    if r.max is None:
        return say(lang, "range.min", min=r.min, unit=u)
    if r.max == r.min:
        return say(lang, "range.exact", n=r.min, unit=u)
    if r.min == 0:
        return say(lang, "range.max", max=r.max, unit=u)
    return say(lang, "range.span", min=r.min, max=r.max, unit=u)


# =========================================================================== drawing cards


@dataclass(frozen=True)
class Face:
    """One card as drawn: rank, suit symbol (or joker label), colour class, its notation."""

    rank: str
    suit: str
    cls: str
    title: str

    @property
    def text(self) -> str:
        return f"{self.rank}{self.suit}"


def face(card: Card) -> Face:
    if card.is_joker:
        return Face("★", card.rank, "joker joker-red" if card.rank == "RJ" else "joker joker-black", card.rank)
    if card.suit is None:
        return Face(card.rank, "", "open", card.rank)
    color = "red" if card.suit in ("H", "D") else "black"
    return Face(card.rank, SUIT_SYMBOLS[card.suit], color, f"{card.rank}{card.suit}")


def suit_face(suit: str) -> Face:
    """A suit on its own (the suit order)."""
    return Face("", SUIT_SYMBOLS[suit], "red" if suit in ("H", "D") else "black", suit)


Seg = dict[str, Any]
"""A piece of rich text: ``{"text": str}``, ``{"cards": [Face]}`` or ``{"strong": str}``."""
Rich = list[Seg]


def T(text: str) -> Seg:
    return {"text": text}


def C(cards: Iterable[Card]) -> Seg:
    return {"cards": [face(c) for c in cards]}


def B(text: str) -> Seg:
    return {"strong": text}


def cards_of(rs: Ruleset, notation: str) -> list[Card]:
    """Cards of a notation string, sorted the way the engine prints them (wilds last)."""
    return rs.sort_cards(parse_cards(notation))


def as_written(notation: str) -> list[Card]:
    """Cards of a notation string in the order the variant file wrote them."""
    return parse_cards(notation)


def rank_cards(ranks: Iterable[str]) -> list[Card]:
    return [Card(r) for r in ranks]


# =========================================================================== facts (engine)


@dataclass(frozen=True)
class Shown:
    """An example as the book shows it: its number (None when generated) and its outcome."""

    number: int | None
    example: Example
    outcome: Outcome


@dataclass(frozen=True)
class Odds:
    """The chance of one dealt-hand event, for one given seat and for some seat."""

    event: DealtEvent
    seat: float
    seat_exact: bool
    seat_formula: str | None
    """The exact count of hands over C(deck, k), as ``count / C(N,k)``, when printable."""
    any_seat: float
    any_method: str
    """``zero``; ``ie`` (exact, inclusion–exclusion over seats); ``excl`` (exact: no two seats
    can hold it); ``overlap`` (n × exact one-seat odds less an estimated overlap); ``mc``."""
    holders: int = 0
    """Monte Carlo: seats holding it, summed over the sampled deals."""
    any_hits: int = 0
    """Monte Carlo: deals where some seat holds it."""
    overlap: int = 0
    """Monte Carlo: holders beyond the first, summed over the deals."""


@dataclass(frozen=True)
class Facts:
    """What the engine computes for a book, shared by both languages and both formats."""

    rs: Ruleset
    source: str
    outcomes: tuple[Outcome, ...]
    generated: dict[str, Shown]
    mentions: dict[str, tuple[int, ...]]
    odds: tuple[Odds, ...]
    cards_each: int
    parent: Variant | None


def _source_path(ref: str) -> Path:
    p = Path(ref)
    if p.suffix in (".yaml", ".yml") or "/" in ref:
        return p
    return resolve_path(ref)


def _source_name(ref: str) -> str:
    path = _source_path(ref)
    try:
        if path.resolve().parent == builtin_dir().resolve():
            return f"variants/{path.name}"
    except OSError:
        pass
    return path.name


@lru_cache(maxsize=32)
def _facts_cached(ref: str, mtime: float) -> Facts:
    rs = ruleset(ref)
    v = rs.variant
    outcomes = tuple(run_examples(rs))
    bad = [o for o in outcomes if not o.ok]
    if bad:
        raise RulebookError(
            "\n".join([f"{v.id}: an example fails, so its rulebook cannot be rendered:"] + [o.describe() for o in bad])
        )
    mentions = _mentions(rs)
    generated: dict[str, Shown] = {}
    for t in rs.types:
        if not mentions.get(t.id):
            generated[t.id] = generated_example(rs, t)
    parent = None
    if v.extends:
        parent = load_variant(resolve_path(v.extends, _source_path(ref).parent))
    n = v.players
    k = 0
    odds: tuple[Odds, ...] = ()
    if v.game is not None:
        kitty = v.game.deal.kitty
        k = v.game.deal.cards_each or (len(rs.deck()) - kitty) // n
        odds = event_odds(rs, k)
    return Facts(rs, _source_name(ref), outcomes, generated, mentions, odds, k, parent)


def facts(ref: str) -> Facts:
    """The engine's facts for a variant reference (cached per file version)."""
    path = _source_path(ref)
    mtime = path.stat().st_mtime if path.is_file() else 0.0
    return _facts_cached(ref, mtime)


def _readings(rs: Ruleset, notation: str) -> list[Play]:
    return classify(rs, parse_cards(notation))


def example_types(rs: Ruleset, ex: Example) -> tuple[set[str], set[str]]:
    """Hand types an example mentions: (primary: what ``play`` is or is said to be; all)."""
    primary: set[str] = set(ex.classify or [])
    everything: set[str] = set(primary)
    if ex.play is not None:
        found = {p.type.id for p in _readings(rs, ex.play)}
        primary |= found
        everything |= found
    for text in [ex.beats, ex.does_not_beat, ex.last, *(ex.order or [])]:
        if text is not None:
            everything |= {p.type.id for p in _readings(rs, text)}
    if ex.order:
        primary |= {p.type.id for p in _readings(rs, ex.order[-1])}
    if ex.hand is not None:
        everything |= {p.type.id for p in plays_against(rs, ex.hand, ex.last)}
    return primary, everything


def _mentions(rs: Ruleset) -> dict[str, tuple[int, ...]]:
    """For each hand type, the examples that mention it, most focused first (at most a few)."""
    ranked: dict[str, list[tuple[int, int, int]]] = {}
    for i, ex in enumerate(rs.variant.examples):
        primary, everything = example_types(rs, ex)
        for tid in everything:
            if tid in primary or len(everything) <= FOCUSED:
                ranked.setdefault(tid, []).append((0 if tid in primary else 1, len(everything), i))
    return {tid: tuple(sorted(i for *_, i in sorted(rows)[:PER_TYPE_EXAMPLES])) for tid, rows in ranked.items()}


def generated_example(rs: Ruleset, t: TypeInfo) -> Shown:
    """A canonical play of type ``t`` drawn from the whole deck, as a checked ``classify`` fact:
    the shortest natural play among the first ones generated, preferring a single reading."""
    hv = HandView(rs, rs.deck())
    best: tuple[tuple[int, int, int], Play] | None = None
    for i, play in enumerate(generate(rs, hv, t)):
        if i >= 400:
            break
        readings = classify(rs, play.cards)
        score = (1 if play.wild_as else 0, 0 if len(readings) == 1 else 1, len(play))
        if best is None or score < best[0]:
            best = (score, play)
    if best is None:
        raise RulebookError(f"{rs.id}: hand type {t.id!r} has no example and no play of it can be made from the deck")
    play = best[1]
    cards = list(play.cards)
    if t.shape in ("group", "chain", "distinct_ranks"):
        # suits play no part in these shapes: write the ranks only, as the examples do
        cards = [c if c.is_joker else Card(c.rank) for c in cards]
    notation = format_cards(rs.sort_cards(cards))
    ids = sorted(p.type.id for p in classify(rs, cards))
    ex = Example(play=notation, classify=ids)
    outcome = run_example(rs, -1, ex)
    if not outcome.ok or t.id not in ids:
        raise RulebookError(f"{rs.id}: the example generated for {t.id!r} fails: {outcome.describe()}")
    return Shown(None, ex, outcome)


# =========================================================================== odds


Poly = list[int]


def _mul(a: Poly, b: Poly, k: int) -> Poly:
    out = [0] * (min(len(a) + len(b) - 1, k + 1))
    for i, x in enumerate(a):
        if not x or i > k:
            continue
        for j, y in enumerate(b):
            if i + j > k:
                break
            out[i + j] += x * y
    return out


def _prod(polys: Iterable[Poly], k: int) -> Poly:
    out: Poly = [1]
    for p in polys:
        out = _mul(out, p, k)
    return out


def _choose_poly(c: int, ok: Callable[[int], bool]) -> Poly:
    """Ways to take j of ``c`` copies, for the j that ``ok`` allows."""
    return [comb(c, j) if ok(j) else 0 for j in range(c + 1)]


def _at_least(m: int) -> Callable[[int], bool]:
    return lambda j: j >= m


def _coef(p: Poly, k: int) -> int:
    return p[k] if k < len(p) else 0


def _rank_copies(rs: Ruleset) -> tuple[list[int], int]:
    """Copies in the deck of each natural rank (by rank index), and of wild cards."""
    per = [0] * len(rs.ranks)
    wild = 0
    for card, n in rs.deck_counts.items():
        if card.rank in rs.rank_index:
            per[rs.rank_index[card.rank]] += n
        else:
            wild += n
    return per, wild


def _wild_usable(rs: Ruleset, t: TypeInfo) -> bool:
    return bool(rs.wild_names) and t.wmax > 0


def _good_ranks(rs: Ruleset, event: DealtEvent, by_id: dict[str, DealtEvent], seen: frozenset[str] = frozenset()) -> Callable[[int], bool] | None:
    """For an event on a group type without wild cards: which counts of a rank make it count
    (``not_with`` events, when both count per rank, take their ranks first); None otherwise."""
    t = rs.type_by_id[event.hand_type]
    if t.shape != "group" or t.kickers is not None or _wild_usable(rs, t) or event.id in seen:
        return None
    g = t.gmin
    excluded: list[Callable[[int], bool]] = []
    if event.per_rank:
        for oid in event.not_with:
            other = by_id.get(oid)
            if other is None or not other.per_rank or other.effect != "reward" or event.effect != "reward":
                continue
            fn = _good_ranks(rs, other, by_id, seen | {event.id})
            if fn is None:
                return None
            excluded.append(fn)
    return lambda j: j >= g and not any(f(j) for f in excluded)


def seat_count(rs: Ruleset, event: DealtEvent, k: int) -> int | None:
    """How many k-card hands (of the deck's physical cards) trigger ``event``; None when this
    module has no exact formula for it (then the odds are estimated)."""
    t = rs.type_by_id[event.hand_type]
    per, wild = _rank_copies(rs)
    n_cards = sum(per) + wild
    by_id = {e.id: e for e in (rs.variant.game.dealt_events if rs.variant.game else [])}
    if event.match == "whole_hand":
        if t.shape != "distinct_ranks":
            return None
        if k != t.distinct:
            return 0
        return _coef(_prod(([1, c] for c in per if c), k), k)
    if t.kickers is not None:
        return None
    if t.shape == "cards":
        need = Counter(dict(t.exact))
        copies = rs.deck_counts
        factors: list[Poly] = []
        used = 0
        for card, m in need.items():
            if card.suit is None and not card.is_joker:
                c = per[rs.rank_index[card.rank]]
                if any(o.rank == card.rank and o is not card for o in need):
                    return None
            else:
                c = copies.get(card, 0)
            used += c
            factors.append(_choose_poly(c, _at_least(m)))
        factors.append([comb(n_cards - used, j) for j in range(n_cards - used + 1)])
        return _coef(_prod(factors, k), k)
    if _wild_usable(rs, t):
        return None
    if t.wmin > 0:
        return 0
    free_wild: Poly = [comb(wild, j) for j in range(wild + 1)]
    total = comb(n_cards, k)
    if t.shape == "group":
        good = _good_ranks(rs, event, by_id)
        if good is None:
            return None
        bad = _prod((_choose_poly(c, lambda j: not good(j)) for c in per), k)
        return total - _coef(_mul(bad, free_wild, k), k)
    if t.shape == "chain":
        if event.not_with and event.per_rank:
            return None
        window = t.kmin
        if window > len(rs.seq):
            return 0
        return total - _no_run(rs, per, free_wild, t.gmin, window, k)
    if t.shape == "distinct_ranks":
        # fewer than d ranks held at all
        d = t.distinct
        states: dict[int, Poly] = {0: [1]}
        for c in per:
            nxt: dict[int, Poly] = {}
            some = [0] + [comb(c, j) for j in range(1, c + 1)]
            for held, poly in states.items():
                nxt[held] = _add(nxt.get(held, [0]), poly)
                if c and held + 1 < d:
                    nxt[held + 1] = _add(nxt.get(held + 1, [0]), _mul(poly, some, k))
            states = nxt
        missing = sum(_coef(_mul(p, free_wild, k), k) for p in states.values())
        return total - missing
    if t.shape == "set":
        assert t.set_ranks
        if t.suits == "any":
            factors = [_choose_poly(per[r], lambda j: j >= 1) for r in t.set_ranks]
            rest = n_cards - sum(per[r] for r in t.set_ranks)
            factors.append([comb(rest, j) for j in range(rest + 1)])
            return _coef(_prod(factors, k), k)
        if t.suits == "same":
            return _suited_sets(rs, t, k)
    return None


def _add(a: Poly, b: Poly) -> Poly:
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


def _no_run(rs: Ruleset, per: list[int], free_wild: Poly, g: int, window: int, k: int) -> int:
    """Hands with no ``window`` consecutive sequence ranks each held at least ``g`` times."""
    states: dict[int, Poly] = {0: [1]}
    for r in rs.seq:
        c = per[r]
        good = _choose_poly(c, lambda j: j >= g)
        bad = _choose_poly(c, lambda j: j < g)
        nxt: dict[int, Poly] = {}
        for run, poly in states.items():
            nxt[0] = _add(nxt.get(0, [0]), _mul(poly, bad, k))
            if run + 1 < window:
                nxt[run + 1] = _add(nxt.get(run + 1, [0]), _mul(poly, good, k))
        states = nxt
    rest: Poly = [1]
    in_seq = set(rs.seq)
    for r, c in enumerate(per):
        if r not in in_seq:
            rest = _mul(rest, [comb(c, j) for j in range(c + 1)], k)
    rest = _mul(rest, free_wild, k)
    return sum(_coef(_mul(p, rest, k), k) for p in states.values())


def _suited_sets(rs: Ruleset, t: TypeInfo, k: int) -> int:
    """Hands holding all the set's ranks in one suit, by inclusion–exclusion over suits."""
    from itertools import combinations

    copies = rs.deck_counts
    n_cards = sum(copies.values())
    suits = list(rs.variant.ranks.suits)
    total = 0
    for size in range(1, len(suits) + 1):
        for chosen in combinations(suits, size):
            need = {Card(rs.ranks[r], s) for r in t.set_ranks for s in chosen}
            factors = [_choose_poly(copies.get(card, 0), lambda j: j >= 1) for card in need]
            rest = n_cards - sum(copies.get(card, 0) for card in need)
            factors.append([comb(rest, j) for j in range(rest + 1)])
            total += (-1) ** (size + 1) * _coef(_prod(factors, k), k)
    return total


def _falling(c: int, j: int) -> int:
    out = 1
    for i in range(j):
        out *= c - i
    return out


def any_seat_exact(rs: Ruleset, event: DealtEvent, k: int, p_seat: Fraction) -> tuple[Fraction, str] | None:
    """P(some seat holds the event) when it can be computed exactly here."""
    n = rs.variant.players
    if p_seat == 0:
        return Fraction(0), "zero"
    t = rs.type_by_id[event.hand_type]
    per, _wild = _rank_copies(rs)
    n_cards = len(rs.deck())
    if event.match == "contains" and t.shape == "cards":
        for card, m in t.exact:
            c = per[rs.rank_index[card.rank]] if card.suit is None and not card.is_joker else rs.deck_counts.get(card, 0)
            if 2 * m > c:
                return n * p_seat, "excl"
        return None
    if event.match == "whole_hand" and t.shape == "distinct_ranks" and k == t.distinct:
        held = [c for c in per if c]
        if k != len(held):
            return None  # a hand may skip ranks: no closed form here
        total = Fraction(0)
        deals = 1
        for j in range(1, n + 1):
            deals *= comb(n_cards - (j - 1) * k, k)
            ways = 1
            for c in held:
                ways *= _falling(c, j)
            total += (-1) ** (j + 1) * comb(n, j) * Fraction(ways, deals)
        return total, "ie"
    return None


def _claimed(rs: Ruleset, e: DealtEvent, hands: Sequence[Sequence[Card]], by_id: dict[str, DealtEvent], memo: dict[str, dict[int, set[int]]]) -> dict[int, set[int]]:
    """The engine's ``holdings`` for one event, with the ranks it yields to others removed as
    ``dealt.rewards`` does: seat → ranks counted (a seat holding it without ranks maps to {-1})."""
    if e.id in memo:
        return memo[e.id]
    shared: dict[int, set[int]] = {}
    if e.effect == "reward":
        for oid in e.not_with:
            other = by_id.get(oid)
            if other is not None and other.effect == "reward":
                for seat, ranks in _claimed(rs, other, hands, by_id, memo).items():
                    shared.setdefault(seat, set()).update(r for r in ranks if r >= 0)
    mine = {s: set(r) for s, r in shared.items()}
    found: dict[int, set[int]] = {}
    t = rs.type_by_id[e.hand_type]
    if t.shape in ("group", "chain") and e.match == "contains":
        # A play of a group or chain shape holds gmin cards of one rank (wild cards included):
        # a hand without that many cannot hold it, and needs no move generation.
        hands = [h if _may_hold(rs, t, h) else [] for h in hands]
        if not any(hands):
            memo[e.id] = found
            return found
    for h in holdings(rs, e, hands, mine):
        found[h.seat] = (mine.get(h.seat, set()) - shared.get(h.seat, set())) if e.per_rank else {-1}
    memo[e.id] = found
    return found


def _may_hold(rs: Ruleset, t: TypeInfo, hand: Sequence[Card]) -> bool:
    wild = sum(1 for c in hand if rs.is_wild(c)) if t.wmax > 0 else 0
    counts = Counter(c.rank for c in hand if not rs.is_wild(c))
    return max(counts.values(), default=0) + wild >= t.gmin


def monte_carlo(rs: Ruleset, events: Sequence[DealtEvent], k: int, deals: int = MC_DEALS, seed: int = MC_SEED) -> dict[str, tuple[int, int, int]]:
    """Deal ``deals`` random hands (the engine's deck, ``k`` cards a seat) and count, per event,
    by the engine's ``holdings``: seats holding it, deals where some seat holds it, and holders
    beyond the first."""
    assert rs.variant.game is not None
    n = rs.variant.players
    by_id = {e.id: e for e in rs.variant.game.dealt_events}
    rng = random.Random(seed)
    deck = rs.deck()
    counts = {e.id: [0, 0, 0] for e in events}
    for _ in range(deals):
        rng.shuffle(deck)
        hands = [deck[i * k : (i + 1) * k] for i in range(n)]
        memo: dict[str, dict[int, set[int]]] = {}
        for e in events:
            held = len(_claimed(rs, e, hands, by_id, memo))
            c = counts[e.id]
            c[0] += held
            c[1] += held > 0
            c[2] += max(0, held - 1)
    return {eid: (a, b, c) for eid, (a, b, c) in counts.items()}


def seat_formula(rs: Ruleset, event: DealtEvent, k: int, count: int) -> str:
    """The numerator of the one-seat odds as a formula where one reads off the shape."""
    t = rs.type_by_id[event.hand_type]
    per, _ = _rank_copies(rs)
    n_cards = len(rs.deck())
    held = [c for c in per if c]
    if event.match == "whole_hand" and t.shape == "distinct_ranks" and k == len(held) and len(set(held)) == 1 and count:
        return f"{held[0]}^{k}"
    if event.match == "contains" and t.shape == "cards":
        copies = [
            (per[rs.rank_index[card.rank]] if card.suit is None and not card.is_joker else rs.deck_counts.get(card, 0), m)
            for card, m in t.exact
        ]
        if all(c == m for c, m in copies):
            m = sum(m for _, m in copies)
            return f"C({n_cards - m},{k - m})"
    return _power(count)


def event_odds(rs: Ruleset, k: int) -> tuple[Odds, ...]:
    """Odds of every dealt-hand event of the variant with ``k`` cards a seat."""
    game = rs.variant.game
    if game is None:
        return ()
    n = rs.variant.players
    n_cards = len(rs.deck())
    total = comb(n_cards, k)
    exact: dict[str, tuple[Fraction, str, tuple[Fraction, str] | None]] = {}
    need_mc: list[DealtEvent] = []
    for e in game.dealt_events:
        count = seat_count(rs, e, k)
        if count is None:
            need_mc.append(e)
            continue
        p = Fraction(count, total)
        formula = seat_formula(rs, e, k, count)
        anyp = any_seat_exact(rs, e, k, p)
        exact[e.id] = (p, f"{formula} / C({n_cards},{k})", anyp)
        if anyp is None:
            need_mc.append(e)
    hits = monte_carlo(rs, need_mc, k) if need_mc else {}
    out: list[Odds] = []
    for e in game.dealt_events:
        if e.id not in exact:
            holders, any_hits, overlap = hits[e.id]
            out.append(Odds(e, holders / (n * MC_DEALS), False, None, any_hits / MC_DEALS, "mc", holders, any_hits, overlap))
            continue
        p, formula, anyp = exact[e.id]
        if anyp is not None:
            out.append(Odds(e, float(p), True, formula, float(anyp[0]), anyp[1]))
            continue
        holders, any_hits, overlap = hits[e.id]
        estimate = n * p - Fraction(overlap, MC_DEALS)
        out.append(Odds(e, float(p), True, formula, float(estimate), "overlap", holders, any_hits, overlap))
    return tuple(out)


def format_prob(p: float) -> str:
    """A probability printed the same way in every book: 4 significant digits."""
    if p == 0:
        return "0"
    if p >= 0.01:
        return f"{p:.4f}"
    return f"{p:.4e}"


def _power(n: int) -> str:
    """``n`` as b^e (e >= 3, the largest such base up to 64) when it is one, else the integer."""
    for b in range(64, 1, -1):
        e, m = 0, n
        while m > 1 and m % b == 0:
            m //= b
            e += 1
        if m == 1 and e >= 3:
            return f"{b}^{e}"
    return str(n)


# =========================================================================== the book (text)


class Book:
    """Builds the language-resolved data the templates render."""

    def __init__(self, f: Facts, lang: str) -> None:
        self.f = f
        self.rs = f.rs
        self.v = f.rs.variant
        self.lang = lang

    # helpers -------------------------------------------------------------------------
    def s(self, key: str, **kw: Any) -> str:
        return say(self.lang, key, **kw)

    def name(self, type_id: str) -> str:
        return tr(self.rs.type_by_id[type_id].name, self.lang)

    def names(self, type_ids: Iterable[str]) -> str:
        return _join(self.lang, (self.name(t) for t in type_ids))

    def contract_name(self, cid: str) -> str:
        assert self.v.game is not None
        for c in self.v.game.contracts:
            if c.id == cid:
                return tr(c.name, self.lang)
        return cid

    def event_name(self, eid: str) -> str:
        assert self.v.game is not None
        for e in self.v.game.dealt_events:
            if e.id == eid:
                return tr(e.name, self.lang)
        return eid

    def paren(self, text: str) -> str:
        return f"（{text}）" if self.lang == "zh" else f" ({text})"

    def probability(self, p: float, exact: bool) -> str:
        """``p`` with "about 1 in N"; an estimate is marked ≈."""
        text = format_prob(p) if exact else "≈ " + format_prob(p)
        if p > 0:
            text += self.paren(self.s("odds.one_in", n=f"{round(1 / p):,}"))
        return text

    def signed(self, n: int) -> str:
        return f"+{n}" if n > 0 else str(n)

    # sections ------------------------------------------------------------------------
    def build(self) -> dict[str, Any]:
        v, lang = self.v, self.lang
        other = "en" if lang == "zh" else "zh"
        sections: list[tuple[str, str]] = [
            ("overview", self.s("h.overview")),
            ("cards", self.s("h.cards")),
            ("ranks", self.s("h.ranks")),
        ]
        if self.rs.wild_names:
            sections.append(("wilds", self.s("h.wilds")))
        sections += [("types", self.s("h.types")), ("compare", self.s("h.compare"))]
        if v.game is not None:
            if v.game.dealt_events:
                sections.append(("events", self.s("h.events")))
            sections += [
                ("contracts", self.s("h.contracts")),
                ("play", self.s("h.play")),
                ("end", self.s("h.end")),
            ]
        sections.append(("examples", self.s("h.examples")))
        if v.notes:
            sections.append(("notes", self.s("h.notes")))
        if self.f.parent is not None:
            sections.append(("differs", self.s("h.differs", parent=tr(self.f.parent.name, lang))))
        return {
            "lang": lang,
            "colon": self.s("w.colon"),
            "html_lang": "zh-Hans" if lang == "zh" else "en",
            "id": v.id,
            "title": tr(v.name, lang),
            "alt_title": tr(v.name, other),
            "t": {key.split(".", 1)[1]: self.s(key) for key in P if key.startswith("h.") and "{" not in P[key][0]},
            "th": {key.split(".", 1)[1]: self.s(key) for key in P if key.startswith("th.") and "{" not in P[key][0]},
            "sections": [{"id": sid, "title": title} for sid, title in sections],
            "source": self.s("ov.source", file=self.f.source),
            "description": tr(v.description, lang),
            "overview": self.overview(),
            "legend": [self.s("legend.text"), self.s("legend.input")],
            "deck": self.deck(),
            "dealer_role": self.s("dealer.role") if v.game is not None else "",
            "no_game": self.s("ov.no_game") if v.game is None else "",
            "ranks": self.ranks(),
            "wilds": self.wilds(),
            "types": [self.hand_type(t) for t in self.rs.types],
            "ladder": self.ladder(),
            "events": self.events(),
            "contracts": self.contracts(),
            "play": self.play(),
            "ending": self.ending(),
            "examples": {
                "statement": self.s("ex.statement"),
                "facts": [self.fact(Shown(o.index + 1, o.example, o)) for o in self.f.outcomes],
            },
            "notes": [{"id": n.id, "text": tr(n.text, lang)} for n in v.notes],
            "differs": self.differs(),
        }

    def overview(self) -> list[tuple[str, Rich]]:
        v = self.v
        rows: list[tuple[str, Rich]] = [
            (self.s("ov.id"), [T(v.id)]),
            (self.s("ov.players"), [T(self.s("ov.players_n", n=v.players))]),
        ]
        if self.f.parent is not None:
            rows.append((self.s("ov.extends"), [T(self.s("ov.extends_v", parent=f"{tr(self.f.parent.name, self.lang)} ({self.f.parent.id})"))]))
        return rows

    def deck(self) -> list[tuple[str, Rich]]:
        v, deck = self.v, self.v.deck
        rows: list[tuple[str, Rich]] = [
            (self.s("deck.packs"), [T(self.s("deck.packs_v", n=deck.packs))]),
            (self.s("deck.jokers"), [T(self.s("deck.jokers_yes" if deck.jokers else "deck.jokers_no"))]),
        ]
        if deck.remove:
            rows.append((self.s("deck.remove"), [C(cards_of(self.rs, " ".join(deck.remove)))]))
        rows.append((self.s("deck.total"), [T(str(len(self.rs.deck())))]))
        g = v.game
        if g is None:
            return rows
        each = str(g.deal.cards_each) if g.deal.cards_each is not None else self.s("deal.each_default", n=self.f.cards_each)
        rows.append((self.s("deal.each"), [T(each)]))
        if g.deal.kitty:
            rows.append((self.s("deal.kitty"), [T(str(g.deal.kitty))]))
        rows.append((self.s("deal.direction"), [T(self.s(f"deal.{g.deal.direction}"))]))
        first: Rich
        if g.dealer.first_hand == "holder":
            assert g.dealer.card is not None
            first = [T(self.s("dealer.holder")), C(parse_cards(g.dealer.card)), T(self.s("dealer.holder_after"))]
        else:
            first = [T(self.s(f"dealer.{g.dealer.first_hand}"))]
        rows.append((self.s("dealer.first"), first))
        rows.append((self.s("dealer.later"), [T(self.s(f"dealer.{g.dealer.later_hands}"))]))
        return rows

    def ranks(self) -> dict[str, Any]:
        r = self.v.ranks
        never = [x for x in r.order if x not in r.sequence]
        by_suit = [t.id for t in self.rs.types if "suit" in t.key or "suit" in t.same]
        rows: list[tuple[str, Rich]] = [
            (self.s("ranks.order"), [C(rank_cards(r.order))]),
            (self.s("ranks.sequence"), [C(rank_cards(r.sequence))]),
        ]
        if never:
            rows.append((self.s("ranks.never"), [C(rank_cards(never))]))
        if by_suit:
            suits: Rich = []
            for i, suit in enumerate(r.suits):
                if i:
                    suits.append(T(" < "))
                suits.append({"cards": [suit_face(suit)]})
            rows.append((self.s("ranks.suits"), suits))
        return {
            "rows": rows,
            "notes": [self.s("ranks.no_wrap")] + ([self.s("ranks.suits_used", types=self.names(by_suit))] if by_suit else []),
        }

    def wilds(self) -> list[Rich]:
        w = self.v.wildcards
        if w is None:
            return []
        lines: list[Rich] = [
            [T(self.s("wild.cards") + self.s("w.colon")), C(Card(c) for c in w.cards)],
            [T(self.s("wild.stand"))],
            [T(self.s("wild.alone", rank=w.alone_as))],
        ]
        for t in self.rs.types:
            if t.shape == "cards" and all(self.rs.is_wild(c) for c, _ in t.exact):
                exact = self.rs.sort_cards(list(Counter(dict(t.exact)).elements()))
                lines.append([T(self.s("wild.exclusive")), C(exact), T(self.s("wild.exclusive_after", type=tr(t.name, self.lang)))])
        lines.append([T(self.s("wild.mixed"))])
        if any(t.kickers for t in self.rs.types):
            lines.append([T(self.s("wild.no_kickers"))])
        return lines

    # hand types -------------------------------------------------------------------
    def definition(self, t: TypeInfo) -> list[Rich]:
        spec: HandType = t.spec
        lang = self.lang
        out: list[Rich] = []
        if spec.group is not None:
            size = spec.group.size
            if size.min == size.max == 1:
                out.append([T(self.s("shape.group_one"))])
            else:
                out.append([T(self.s("shape.group", size=_range(lang, size, "unit.card")))])
        elif spec.chain is not None:
            ch = spec.chain
            line = self.s("shape.chain", length=_range(lang, ch.length, "unit.rank"), group=_range(lang, ch.group, "unit.card"))
            if ch.group.min != ch.group.max:
                line += self.s("w.semicolon") + self.s("shape.chain_same" if ch.same_size else "shape.chain_free")
            out.append([T(line)])
        elif spec.set is not None:
            ranks = " ".join(spec.set.ranks)
            out.append([T(self.s("shape.set", ranks=ranks) + self.s("w.semicolon") + self.s(f"shape.set_{spec.set.suits}"))])
        elif spec.cards is not None:
            out.append([T(self.s("shape.cards")), C(self.rs.sort_cards(parse_cards(" ".join(spec.cards))))])
        else:
            out.append([T(self.s("shape.distinct", n=spec.distinct_ranks))])
        if spec.kickers is not None:
            k = spec.kickers
            if k.count == "per_group":
                head = self.s(f"kick.per{k.size}")
            else:
                head = self.s(f"kick.fixed{k.size}", n=k.count)
            parts = [self.s("kick.other" if k.other_ranks else "kick.same_ok")]
            if k.distinct_ranks:
                parts.append(self.s("kick.distinct"))
            if k.may_not_contain:
                parts.append(self.s("kick.not", types=self.names(k.may_not_contain)))
            if k.no_longer_chain:
                parts.append(self.s("kick.longer"))
            if self.rs.wild_names:
                parts.append(self.s("kick.natural"))
            out.append([T(head + self.s("w.colon") + self.s("w.semicolon").join(parts) + self.s("w.period"))])
        if self.rs.wild_names and spec.shape in ("group", "chain", "set") and spec.kickers is None:
            w = spec.wilds
            bits: list[str] = []
            if w.max == 0:
                bits.append(self.s("wl.none"))
            else:
                if w.max is not None:
                    bits.append(self.s("wl.max", n=w.max))
                if w.min:
                    bits.append(self.s("wl.min", n=w.min))
                if w.min_natural:
                    bits.append(self.s("wl.min_natural", n=w.min_natural))
                if not bits:
                    bits.append(self.s("wl.any"))
            out.append([T(self.s("w.semicolon").join(bits) + self.s("w.period"))])
        if not spec.playable:
            out.append([T(self.s("shape.unplayable"))])
        else:
            out.append([T(self.rung_text(t) + self.s("w.space") + self.compare_sentence(t))])
            if spec.kickers is not None:
                out.append([T(self.s("kick.no_key"))])
        return out

    def rung_text(self, t: TypeInfo) -> str:
        rungs = sorted({r + 1 for _, _, r in t.rungs})
        return self.s("cmp.rung" if len(rungs) == 1 else "cmp.rungs", rungs=_join(self.lang, (str(r) for r in rungs)))

    def feature(self, t: TypeInfo, name: str) -> str:
        if name == "length":
            if t.spec.compare.length_cap is not None:
                return self.s("feat.length_cap", cap=t.spec.compare.length_cap)
            return self.s("feat.length")
        if name == "top":
            return self.s({"chain": "feat.top_chain", "group": "feat.top_group"}.get(t.shape, "feat.top_other"))
        if name == "suit":
            suits = " > ".join(SUIT_SYMBOLS[s] for s in reversed(self.v.ranks.suits))
            return self.s("feat.suit", suits=suits)
        return self.s(f"feat.{name}")

    def key_text(self, t: TypeInfo) -> str:
        if not t.key:
            return self.s("cmp.none")
        return self.s("cmp.by_short", features=self.s("cmp.then").join(self.feature(t, f) for f in t.key))

    def same_text(self, t: TypeInfo) -> str:
        mates = [u.id for u in self.rs.types if u.cls == t.cls and u.id != t.id]
        text = self.s("cmp.class_short", types=self.names(mates)) if mates else self.s("cmp.own")
        if t.same:
            text += self.s("w.comma") + self.s("cmp.same_short", features=_join(self.lang, (self.feature(t, f) for f in t.same)))
        return text

    def compare_sentence(self, t: TypeInfo) -> str:
        if not t.key:
            text = self.s("cmp.none") + self.s("w.period")
        else:
            key = "cmp.by" if len(t.key) == 1 else "cmp.by_many"
            text = self.s(key, features=self.s("cmp.then").join(self.feature(t, f) for f in t.key))
        extra = []
        mates = [u.id for u in self.rs.types if u.cls == t.cls and u.id != t.id]
        if mates:
            extra.append(self.s("cmp.class", types=self.names(mates)))
        if t.same:
            extra.append(self.s("cmp.same", features=_join(self.lang, (self.feature(t, f) for f in t.same))))
        if extra:
            text += self.s("w.space") + self.s("w.space").join(extra)
        return text

    def hand_type(self, t: TypeInfo) -> dict[str, Any]:
        other = "en" if self.lang == "zh" else "zh"
        shown: list[Shown] = [
            Shown(i + 1, self.f.outcomes[i].example, self.f.outcomes[i]) for i in self.f.mentions.get(t.id, ())
        ]
        if t.id in self.f.generated:
            shown.append(self.f.generated[t.id])
        return {
            "id": t.id,
            "name": tr(t.name, self.lang),
            "alt_name": tr(t.name, other),
            "definition": self.definition(t),
            "description": tr(t.spec.description, self.lang),
            "examples": [self.fact(x) for x in shown],
        }

    def ladder(self) -> dict[str, Any]:
        rows: list[dict[str, Any]] = []
        for rung, entries in enumerate(self.v.ladder, start=1):
            for entry in entries:
                t = self.rs.type_by_id[entry.type]
                name = tr(t.name, self.lang)
                if entry.length is not None:
                    name += self.paren(self.s("cmp.length_only", length=_range(self.lang, entry.length, "unit.card")))
                rows.append({"rung": rung, "type_id": t.id, "type": name, "key": self.key_text(t), "same": self.same_text(t)})
        for row in rows:
            same = [r for r in rows if r["rung"] == row["rung"]]
            row["span"] = len(same) if same[0] is row else 0
            row["parity"] = "odd" if row["rung"] % 2 else "even"
        unplayable = [t.id for t in self.rs.types if not t.playable]
        return {
            "intro": self.s("ladder.intro"),
            "rows": rows,
            "after": self.s("cmp.equal") + self.s("w.space") + self.s("ladder.readings"),
            "unplayable": self.s("ladder.unplayable", types=self.names(unplayable)) if unplayable else "",
        }

    # examples ------------------------------------------------------------------------
    def reading(self, p: Play) -> Rich:
        segs: Rich = [B(tr(p.type.name, self.lang))]
        if p.wild_as:
            segs += [T(self.s("ex.as")), C(cards_of(self.rs, p.reads_as))]
        elif p.type.kickers is not None:
            ranks = self.rs.ranks
            core = Counter({r: n for r, n in p.groups})
            kick = Counter({r: n for r, n in p.naturals}) - core
            segs += [
                T(self.s("ex.core")),
                C(Card(ranks[r]) for r in sorted(core.elements())),
                T(self.s("ex.kickers")),
                C(Card(ranks[r]) for r in sorted(kick.elements())),
                T(self.s("ex.core_end")),
            ]
        return segs

    def play_item(self, p: Play) -> Rich:
        segs: Rich = [C(p.cards)]
        if p.wild_as:
            segs += [T(" = "), C(cards_of(self.rs, p.reads_as))]
        return segs

    def fact(self, shown: Shown) -> dict[str, Any]:
        """One example as rich text, with the verdict computed by the engine now."""
        rs, ex = self.rs, shown.example
        if not shown.outcome.ok:
            raise RulebookError(f"{rs.id}: {shown.outcome.describe()}")
        segs: Rich
        if ex.order is not None:
            segs = [T(self.s("ex.order"))]
            for i, text in enumerate(ex.order):
                if i:
                    segs.append(T(self.s("ex.lt")))
                segs.append(C(as_written(text)))
        elif ex.beats is not None or ex.does_not_beat is not None:
            assert ex.play is not None
            target = ex.beats if ex.beats is not None else ex.does_not_beat
            assert target is not None
            verdict = beats_cards(rs, parse_cards(ex.play), parse_cards(target))
            segs = [C(as_written(ex.play)), T(self.s("ex.beats" if verdict else "ex.not_beats")), C(as_written(target))]
        elif ex.classify is not None or ex.reads_as is not None:
            assert ex.play is not None
            readings = _readings(rs, ex.play)
            segs = [C(as_written(ex.play))]
            if not readings:
                segs.append(T(self.s("ex.invalid")))
            else:
                segs.append(T(self.s("ex.reads")))
                for i, p in enumerate(readings):
                    if i:
                        segs.append(T(self.s("ex.or")))
                    segs += self.reading(p)
        else:
            assert ex.hand is not None
            plays = plays_against(rs, ex.hand, ex.last)
            segs = [T(self.s("ex.hand")), C(as_written(ex.hand))]
            if ex.last is not None:
                segs += [T(self.s("ex.on")), C(as_written(ex.last))]
            else:
                segs.append(T(self.s("ex.lead")))
            if plays:
                segs.append(T(self.s("ex.plays", n=len(plays))))
                for i, p in enumerate(plays):
                    if i:
                        segs.append(T(self.s("ex.sep")))
                    segs += self.play_item(p)
            else:
                segs.append(T(self.s("ex.no_play")))
        label = self.s("ex.number", n=shown.number) if shown.number is not None else self.s("ex.generated")
        return {
            "label": label,
            "colon": self.s("w.colon"),
            "anchor": f"ex-{shown.number}" if shown.number is not None else "",
            "segs": segs,
            "note": tr(ex.note, self.lang),
            "checked": self.paren("✓ " + self.s("ex.checked")),
        }

    # dealt events --------------------------------------------------------------------
    def events(self) -> dict[str, Any] | None:
        g = self.v.game
        if g is None or not g.dealt_events:
            return None
        rows = []
        for e in g.dealt_events:
            details = []
            if e.not_with:
                details.append(self.s("ev.not_with", events=_join(self.lang, (self.event_name(x) for x in e.not_with))))
            if e.effect == "instant_win":
                details.append(self.s(f"ev.{e.tie}"))
            rows.append(
                {
                    "id": e.id,
                    "name": tr(e.name, self.lang),
                    "type": self.name(e.hand_type),
                    "type_id": e.hand_type,
                    "match": self.s(f"ev.{e.match}"),
                    "effect": self.s(f"ev.{e.effect}"),
                    "pay": self.s("ev.pay_rank", pay=e.pay) if e.per_rank else str(e.pay),
                    "details": self.s("w.semicolon").join(details),
                }
            )
        odds = []
        n = self.v.players
        semi = self.s("w.semicolon")
        for o in self.f.odds:
            method: list[str] = []
            mc = {"deals": f"{MC_DEALS:,}", "seed": MC_SEED}
            if o.any_method == "zero":
                seat = anyp = self.s("odds.zero")
                method.append(self.s("odds.exact"))
            else:
                seat = self.probability(o.seat, exact=o.seat_exact)
                if not o.seat_exact:
                    method.append(self.s("odds.mc_seats", hits=o.holders, seats=f"{n * MC_DEALS:,}", **mc))
                elif o.seat_formula and ("C(" in o.seat_formula.split("/")[0] or "^" in o.seat_formula or len(o.seat_formula.split(" /")[0]) <= 12):
                    method.append(self.s("odds.exact_formula", formula=o.seat_formula))
                else:
                    method.append(self.s("odds.exact"))
                anyp = self.probability(o.any_seat, exact=o.any_method in ("ie", "excl"))
                if o.any_method == "ie":
                    method.append(self.s("odds.exact_ie"))
                elif o.any_method == "excl":
                    method.append(self.s("odds.exact_excl", n=n))
                elif o.any_method == "overlap":
                    method.append(self.s("odds.mc_overlap", n=n, hits=o.overlap, **mc))
                else:
                    method.append(self.s("odds.mc", hits=o.any_hits, **mc))
            odds.append({"name": self.event_name(o.event.id), "seat": seat, "any": anyp, "method": semi.join(method)})
        return {
            "intro": self.s("ev.intro"),
            "rows": rows,
            "odds_intro": self.s("odds.intro", k=self.f.cards_each, n=len(self.rs.deck()), players=n),
            "odds": odds,
        }

    # contracts -----------------------------------------------------------------------
    def step(self, step: Step) -> str:
        body = getattr(step, step.kind)
        name = self.contract_name
        if isinstance(body, SoloBid):
            text = self.s("step.solo_bid", contract=name(body.contract))
            if body.counter is not None:
                key = "step.counter_next" if body.counter_by == "next_player" else "step.counter_any"
                text += self.s("w.space") + self.s(key, counter=name(body.counter))
            return text
        if isinstance(body, CallCard):
            return self.s("step.call_card", contract=name(body.contract))
        if isinstance(body, ShownCard):
            text = self.s(
                "step.shown_card",
                first=self.s(f"step.{body.first_hand}"),
                later=self.s(f"step.{body.later_hands}"),
                contract=name(body.contract),
            )
            if body.twin_redraw:
                text += self.s("w.space") + self.s("step.twin_redraw")
            return text
        assert isinstance(body, Auction)
        text = self.s("step.auction", values=" ".join(str(x) for x in body.values), contract=name(body.contract))
        text += self.s("w.space") + self.s("step.redeal" if body.all_pass == "redeal" else "step.dealer_plays")
        if body.kitty_to_winner and self.v.game is not None and self.v.game.deal.kitty:
            text += self.s("w.space") + self.s("step.kitty")
        return text

    def contracts(self) -> dict[str, Any] | None:
        g = self.v.game
        if g is None:
            return None
        items = []
        for c in g.contracts:
            facts: list[tuple[str, str]] = [
                (self.s("c.teams"), self.s(f"c.{c.teams}")),
                (self.s("c.leader"), self.s(f"c.lead_{c.leader}")),
            ]
            mult = self.multipliers(c)
            if mult:
                facts.append((self.s("c.multipliers"), self.s("w.semicolon").join(mult)))
            items.append({"id": c.id, "name": tr(c.name, self.lang), "facts": facts})
        return {
            "intro": self.s("steps.intro"),
            "steps": [self.step(st) for st in g.steps],
            "default": self.s("steps.default", contract=self.contract_name(g.default_contract)) if g.default_contract else "",
            "list": items,
        }

    def multipliers(self, c: Contract) -> list[str]:
        m = c.multipliers
        out = []
        if m.bid:
            out.append(self.s("mult.bid"))
        for tid, f in m.per_play.items():
            out.append(self.s("mult.per_play", type=self.name(tid), f=f))
        if m.spring != 1:
            out.append(self.s("mult.spring", f=m.spring))
        return out

    def play(self) -> dict[str, Any] | None:
        g = self.v.game
        if g is None:
            return None
        pr = g.play
        facts: list[tuple[str, str]] = [
            (self.s("play.capture"), self.s(f"play.{pr.capture}")),
            (self.s("play.after_out"), self.s(f"play.{pr.lead_after_out}")),
        ]
        points = []
        total = ""
        if pr.capture == "points" and pr.points:
            points = [{"rank": r, "points": str(n)} for r, n in pr.points.items()]
            per, _ = _rank_copies(self.rs)
            deck_total = sum(per[self.rs.rank_index[r]] * n for r, n in pr.points.items())
            total = self.s("play.total", total=deck_total)
        bonuses = None
        if g.bonuses.tricks:
            b = g.bonuses
            rows = [
                {"type": self.name(x.hand_type), "ranks": " ".join(x.ranks) if x.ranks else self.s("bonus.any"), "pay": str(x.pay)}
                for x in b.tricks
            ]
            extra = []
            if b.contracts is not None:
                extra.append(self.s("bonus.only", contracts=_join(self.lang, (self.contract_name(c) for c in b.contracts))))
            extra.append(self.s("bonus.ending_yes" if b.on_hand_ending_play else "bonus.ending_no"))
            bonuses = {"intro": self.s("bonus.intro"), "rows": rows, "notes": extra}
        return {"tricks": self.s("play.tricks"), "facts": facts, "points": points, "total": total, "bonuses": bonuses}

    def condition(self, row: ScoreRow, first: bool, only: bool) -> str:
        w = row.when
        parts = []
        if w.declarer_wins is not None:
            parts.append(self.s(f"cond.declarer_wins_{str(w.declarer_wins).lower()}"))
        if w.double_out is not None:
            parts.append(self.s(f"cond.double_out_{str(w.double_out).lower()}"))
        if w.losers_captured is not None:
            parts.append(self.s("cond.losers_captured", n=w.losers_captured))
        if w.losers_total is not None:
            parts.append(self.s("cond.losers_total", n=w.losers_total))
        if not parts:
            return self.s("cond.always" if only else "cond.otherwise")
        return self.s("cond.and").join(parts)

    def amounts(self, row: ScoreRow, c: Contract) -> str:
        if row.winners is not None:
            return self.s("sc.winners", w=self.signed(row.winners), l=self.signed(-row.winners))
        assert row.declarer is not None and row.opponents is not None
        parts = [self.s("sc.declarer", n=self.signed(row.declarer))]
        if c.teams == "partners":
            parts.append(self.s("sc.partner", n=self.signed(row.partner if row.partner is not None else row.declarer)))
        parts.append(self.s("sc.opponents", n=self.signed(row.opponents)))
        if c.teams == "duel" or row.bystanders:
            parts.append(self.s("sc.bystanders", n=self.signed(row.bystanders)))
        return self.s("w.list").join(parts)

    def ending(self) -> list[dict[str, Any]]:
        g = self.v.game
        if g is None:
            return []
        out = []
        for c in g.contracts:
            e = c.end
            facts: list[tuple[str, str]] = []
            if e.when == "first_out":
                facts.append((self.s("end.when"), self.s("end.first_out")))
            else:
                facts.append((self.s("end.when"), self.s("end.partners", left=e.left, n=e.left)))
            facts.append((self.s("end.winner"), self.s("end.win_first_out" if e.winner == "first_out" else "end.win_captures")))
            if e.winner == "captures":
                if e.transfers:
                    moves = [self.s(f"end.{x.what}") + self.s("w.space") + self.s(f"end.to_{x.to}") for x in e.transfers]
                    facts.append((self.s("end.transfers"), self.s("w.semicolon").join(moves)))
                facts.append((self.s("end.threshold"), self.s("end.win_above", n=e.win_above) if e.win_above is not None else self.s("end.more")))
                label = self.s("end.tie_at", n=e.win_above) if e.win_above is not None else self.s("end.tie")
                facts.append((label, self.s(f"end.tie_{e.tie}")))
            rows = [
                {
                    "n": i + 1,
                    "when": self.condition(row, i == 0, len(c.score) == 1),
                    "scores": self.amounts(row, c),
                    "note": tr(row.note, self.lang),
                }
                for i, row in enumerate(c.score)
            ]
            out.append(
                {
                    "id": c.id,
                    "name": tr(c.name, self.lang),
                    "facts": facts,
                    "score_intro": self.s("score.intro"),
                    "rows": rows,
                    "times": self.s("score.times") if self.multipliers(c) else "",
                }
            )
        return out

    # differences from the parent ----------------------------------------------------
    def differs(self) -> dict[str, Any] | None:
        parent = self.f.parent
        if parent is None:
            return None
        rows = []
        for path, kind, old, new in diff_variants(parent, self.v):
            rows.append(
                {
                    "path": path,
                    "change": self.s(f"diff.{kind}"),
                    "old": self.value(old, path),
                    "new": self.value(new, path),
                    "meaning": path_doc(path) if self.lang == "en" else "",
                }
            )
        pname = f"{tr(parent.name, self.lang)} ({parent.id})"
        return {
            "intro": self.s("diff.intro", parent=pname),
            "parent": tr(parent.name, self.lang),
            "rows": rows,
            "none": self.s("diff.none") if not rows else "",
            "show_meaning": self.lang == "en",
        }

    def value(self, value: Any, path: str) -> str:
        if value is MISSING or value is None:
            return self.s("diff.absent")
        if _is_text(value):
            return str(value[self.lang])
        if isinstance(value, dict) and "id" in value:
            if path.startswith("hand_types") and _is_text(value.get("name")):
                return self.s("diff.type", name=value["name"][self.lang]) + f" ({value['id']})"
            for key in ("name", "text"):
                if _is_text(value.get(key)):
                    return f"{value[key][self.lang]} ({value['id']})"
        if path == "examples" and isinstance(value, list):
            return self.s("diff.count", n=len(value))
        return compact(value)


MISSING = object()
"""Marks a key one side of a difference does not have."""


def _is_text(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"zh", "en"}


def _by_id(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(i, dict) and "id" in i for i in items)


def diff_trees(a: Any, b: Any, path: str = "") -> list[tuple[str, str, Any, Any]]:
    """Differences between two ``model_dump()`` trees: (path, changed|added|removed, old, new).
    Lists of items with ids compare by id (as ``extends:`` merges them); lists of mappings or
    lists of the same length item by item; other lists (and the examples) whole."""
    out: list[tuple[str, str, Any, Any]] = []
    if isinstance(a, dict) and isinstance(b, dict) and not (_is_text(a) and _is_text(b)):
        for k in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{k}" if path else str(k)
            if k not in b:
                out.append((sub, "removed", a[k], MISSING))
            elif k not in a:
                out.append((sub, "added", MISSING, b[k]))
            else:
                out += diff_trees(a[k], b[k], sub)
        return out
    if isinstance(a, list) and isinstance(b, list) and (_by_id(a) or _by_id(b)) and all(isinstance(i, dict) and "id" in i for i in a + b):
        ia = {i["id"]: i for i in a}
        ib = {i["id"]: i for i in b}
        for key in list(ia) + [k for k in ib if k not in ia]:
            sub = f"{path}[{key}]"
            if key not in ib:
                out.append((sub, "removed", ia[key], MISSING))
            elif key not in ia:
                out.append((sub, "added", MISSING, ib[key]))
            else:
                out += diff_trees(ia[key], ib[key], sub)
        return out
    same_shape = isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and path != "examples"
    if same_shape and a != b and all(isinstance(x, dict | list) for x in a + b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += diff_trees(x, y, f"{path}[{i}]")
        return out
    if a != b:
        out.append((path, "changed", a, b))
    return out


def diff_variants(parent: Variant, child: Variant) -> list[tuple[str, str, Any, Any]]:
    """What ``child`` changes of its merged ``parent``; ``id`` and ``extends`` are left out."""
    a = parent.model_dump(by_alias=True)
    b = child.model_dump(by_alias=True)
    for key in ("id", "extends"):
        a.pop(key, None)
        b.pop(key, None)
    return diff_trees(a, b)


def compact(value: Any) -> str:
    """A value in YAML flow style, without the keys left at None."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        items = {k: v for k, v in value.items() if v is not None}
        if set(items) == {"type"}:
            return compact(items["type"])
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in items.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)


def _inner_model(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin is not None:
        for arg in typing.get_args(annotation):
            found = _inner_model(arg)
            if isinstance(found, type) and issubclass(found, BaseModel):
                return found
        return None
    return annotation


def path_doc(path: str) -> str:
    """The rule language's description of the key at ``path`` (e.g. ``hand_types[x].kickers``)."""
    model: Any = Variant
    doc = ""
    for part in re.sub(r"\[[^\]]*\]", "", path).split("."):
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return doc
        field = model.model_fields.get(part) or next((f for f in model.model_fields.values() if f.alias == part), None)
        if field is None:
            return doc
        doc = " ".join((field.description or "").split())
        model = _inner_model(field.annotation)
    return re.sub(r"``([^`]*)``", r"\1", doc)


# =========================================================================== rendering


def _md_cell(value: Any) -> str:
    """Text safe inside a Markdown table cell."""
    return str(value).replace("|", "\\|").replace("\n", " ")


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("paixing", "templates"),
        autoescape=lambda name: name is not None and ".html" in name,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )
    env.filters["cell"] = _md_cell
    return env


def render_rulebook(variant_ref: str, lang: str = "zh", fmt: str = "md") -> str:
    """The rulebook of a variant (built-in id or file) in ``lang`` (zh, en) and ``fmt`` (md,
    html). Raises ``RulebookError`` when an example fails and ``VariantError`` for a bad file."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    if fmt not in FORMATS:
        raise ValueError(f"fmt must be one of {', '.join(FORMATS)}, not {fmt!r}")
    ref = str(variant_ref)
    path = _source_path(ref)
    return _render(ref, path.stat().st_mtime if path.is_file() else 0.0, lang, fmt)


@lru_cache(maxsize=128)
def _render(ref: str, mtime: float, lang: str, fmt: str) -> str:
    book = Book(_facts_cached(ref, mtime), lang).build()
    text = environment().get_template(f"rulebook.{fmt}.j2").render(book=book, t=book["t"], th=book["th"])
    if isinstance(text, Markup):
        text = str(text)
    return re.sub(r"\n{3,}", "\n\n", text)


def render_index(ids: Sequence[str]) -> str:
    """docs/rulebooks/README.md: every book, both languages, both formats."""
    rows = []
    for vid in ids:
        v = load_variant(vid)
        rows.append({"id": vid, "zh": v.name.zh, "en": v.name.en, "extends": v.extends or ""})
    t = {k.split(".", 1)[1]: (say("zh", k), say("en", k)) for k in ("index.title", "index.intro", "th.variant", "th.zh", "th.en")}
    return environment().get_template("index.md.j2").render(rows=rows, t=t)


def book_files(ids: Sequence[str] | None = None) -> dict[str, str]:
    """File name → content of every generated book and the index."""
    ids = list(ids) if ids is not None else builtin_ids()
    out: dict[str, str] = {}
    for vid in ids:
        for lang in LANGS:
            for fmt in FORMATS:
                out[f"{vid}.{lang}.{fmt}"] = render_rulebook(vid, lang, fmt)
    out["README.md"] = render_index(ids)
    return out


def write_rulebooks(out_dir: str | Path) -> list[Path]:
    """Write every built-in variant's books (``<id>.<lang>.md|html``) and README.md into
    ``out_dir``; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in book_files().items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m paixing.rulebook OUTDIR [--check]``."""
    parser = argparse.ArgumentParser(prog="python -m paixing.rulebook", description="Render every built-in variant's rulebooks.")
    parser.add_argument("out_dir", metavar="OUTDIR", help="directory for <id>.<lang>.md|html and README.md")
    parser.add_argument("--check", action="store_true", help="only report books that differ from a fresh render (exit 1)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = [name for name, text in book_files().items() if not _same(Path(args.out_dir) / name, text)]
            for name in stale:
                print(f"stale: {Path(args.out_dir) / name}", file=sys.stderr)
            return 1 if stale else 0
        for path in write_rulebooks(args.out_dir):
            print(path)
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def _same(path: Path, text: str) -> bool:
    return path.is_file() and path.read_text(encoding="utf-8") == text


if __name__ == "__main__":
    sys.exit(main())
