"""Hand types and how they compare: the generic definition lines (each shape's own ``shape.*``
phrases come from its module in ``paixing.hands.shapes``), ranges, kickers, wild-card limits,
the comparison features and the ladder.
"""

from __future__ import annotations

from .base import Phrase

PHRASES: dict[str, Phrase] = {
    # hand type definitions: each shape's own phrases come from its module (added below) ---
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
    "kick.perN1": ("每组另带 {n} 张单牌", "Plus {n} single cards per group (kickers)"),
    "kick.perN2": ("每组另带 {n} 对", "Plus {n} pairs per group (kickers)"),
    "kick.fewer": ("带牌也可以少于此数或不带", "fewer kickers, or none, are also allowed"),
    "shape.last_only": ("只能作为最后一手牌打出（出完手中的牌）。", "Only as a player's last cards (the play empties the hand)."),
    "kick.other": ("带牌的点数与主体不同", "kickers are of ranks not used by the core"),
    "kick.same_ok": ("带牌可以与主体同点数", "kickers may share the core's ranks"),
    "kick.distinct": ("各份带牌点数互不相同", "every kicker unit is of a different rank"),
    "kick.not": ("带牌合起来不能含有：{types}", "the kickers together may not contain: {types}"),
    "kick.longer": (
        "带牌不能含有与主体相邻、可接成更长连牌的一整组",
        "the kickers may not hold a full group next to the core that would make it a longer chain",
    ),
    "kick.wilds.no": ("带牌不能是癞子", "kickers are natural cards"),
    "kick.wilds.complete": (
        "癞子可以和一张天然牌配成带的对子，但不能单独作带牌",
        "a wild card may complete a kicker pair beside one natural card, but wild cards alone are never a kicker",
    ),
    "kick.wilds.any": ("带牌也可以是癞子，单独或和天然牌一起", "kickers may be wild cards too, alone or beside natural cards"),
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
    "cmp.also": ("另外可以压：{plays}。", "It also beats {plays}."),
    "cmp.also_short": ("另可压{plays}", "also beats {plays}"),
    "cmp.also_ranks": ("{ranks}的{type}", "a {type} of {ranks}"),
    "cmp.step": ("只能被恰好大{step}点的同类牌压。", "It is beaten within its class only by a play exactly {step} rank(s) higher."),
    "cmp.step_short": ("只能大{step}点", "exactly {step} rank(s) higher"),
    "cmp.step_free": ("{ranks}不受此限，可压任何较小的同类牌。", "Plays of {ranks} are free of this: they beat any lower play of the class."),
    "cmp.step_free_short": ("{ranks}除外", "{ranks} excepted"),
    "cmp.length_only": ("仅{length}", "{length} cards only"),
    "cmp.equal": ("相等时不能打。", "Equal plays never beat each other."),
    "feat.length": ("张数", "number of cards"),
    "feat.length_cap": ("张数（{cap}张及以上算相同）", "number of cards ({cap} or more count alike)"),
    "feat.top_other": ("最大的点数", "highest rank"),
    "feat.groups": ("各组（大组在前，先比张数再比点数）", "its groups, largest first (by size, then rank)"),
    "feat.suit": ("花色（{suits}）", "suit ({suits})"),
    "feat.wild_alone": ("是否只有癞子（单张凤凰比所压的牌大半级）", "wild cards alone (a lone Phoenix: half a rank above the card it beats)"),
    "feat.natural": ("是否无癞子（无癞子者大）", "natural cards only (beats a play with wild cards)"),
    "feat.ranks": ("各张的点数（从大到小逐一比较）", "every rank, highest first"),
    "feat.category": ("牌型大小（{category}）", "the type's category ({category})"),
    "ladder.intro": (
        "阶梯从低到高排列。高一级的任何牌都大于低一级的任何牌，不论点数与张数；同一级里，只有同一类、并且满足比较条件的牌才能比较，比较结果大的胜，相等的不能打。",
        "The ladder runs from low to high. Any play on a higher rung beats every play on a lower rung, whatever its rank or length; on one rung, plays compare only within one class and when the required features match; the greater wins and equal plays never beat each other.",
    ),
    "ladder.readings": (
        "一手牌可以有几种读法时，出牌者选定其中一种；没有指定读法时，A 的某一种读法大于 B 的每一种读法，才算 A 大于 B。",
        "A play with several readings is made as one of them; where no reading is given, A beats B when some reading of A beats every reading of B.",
    ),
    "ladder.unplayable": ("不在阶梯上（不出）：{types}。", "Not on the ladder (never played): {types}."),
}
