"""Examples and differences: the verdict words of each example kind (beats, reads as, legal
plays, order) and the table of what a variant changes of its parent.
"""

from __future__ import annotations

from .base import Phrase

PHRASES: dict[str, Phrase] = {
    # examples --------------------------------------------------------------------------
    "ex.statement": (
        "书中的每个例子都是测试程序执行过的事实：变体文件里的例子由 tests/tools/test_examples.py（以及 paixing validate）执行，为没有例子的牌型生成的例子由 tests/tools/test_rulebook.py 执行。书里写出的结论都是生成本书时由引擎算出的；只要有一个例子不成立，本书就无法生成。",
        "Every example in this book is a fact the test suite executes: the variant file's examples by tests/tools/test_examples.py (and paixing validate), the examples generated for hand types that have none by tests/tools/test_rulebook.py. The verdicts shown were computed by the engine when this book was rendered; a single failing example stops the book from being generated.",
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
    "ex.no_kickers": (" 不带牌", " with no kickers"),
    "ex.params": ("{params}：", "With {params}: "),
    "ex.wild_ranks": ("癞子为 {ranks}", "wild rank{s} {ranks}"),
    "ex.wild_named": ("{name}为 {rank}", "{name} {rank}"),
    "ex.wild_rank": ("癞子", "the wild rank"),
    "ex.level": ("级牌为 {rank}", "level rank {rank}"),
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
    "diff.cases_intro": (
        "下面的实例由引擎计算（从最短的牌找起）：两者判断不同的牌，按引起不同的键分组，每个键列出最短的几例。",
        "Computed by the engine, shortest first: concrete cases on which the two disagree, grouped by the key that causes them, the shortest few per key.",
    ),
    "diff.hand_wilds": (
        "两者在同一手牌中比较：翻出的癞子为 {ranks}。",
        "Both are compared in one hand, where the wild rank(s) drawn are {ranks}.",
    ),
    "diff.hand_level": ("级牌为 {rank}。", "The level rank is {rank}."),
    "diff.q_classify": ("{cards} 是什么牌型", "what {cards} is"),
    "diff.q_beats": ("{play} 能否打 {target}", "whether {play} beats {target}"),
    "diff.q_moves": ("手牌 {hand} 首出可出的牌", "the plays of {hand} on a lead"),
    "diff.q_score": ("一手{contract}（{n} 步）的得分", "the scores of a {contract} hand ({n} actions)"),
    "diff.beats_yes": ("能", "beats"),
    "diff.beats_no": ("不能", "does not beat"),
    "diff.not_dealt": ("（不发这些牌）", "(cards not dealt)"),
    "diff.nothing": ("（无）", "(none)"),
    "diff.no_play": ("不成牌", "not a play"),
    "diff.sep": ("；", "; "),
}
