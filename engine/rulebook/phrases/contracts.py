"""Contracts: the frame of the contract phase, the sides, the first lead and the multipliers of a
contract. Each step kind's own ``step.*`` sentences live in its class in ``paixing.game.steps``
(its ``phrases``), next to the ``describe`` that names them.
"""

from __future__ import annotations

from .base import Phrase

PHRASES: dict[str, Phrase] = {
    # contracts -------------------------------------------------------------------------
    "steps.intro": ("定约阶段依次进行以下步骤：", "The contract phase, in order:"),
    "steps.default": ("以上步骤都没有定约时：「{contract}」。", "If the steps make no contract: “{contract}”."),
    "steps.none": ("没有定约步骤：每一局都打「{contract}」。", "There are no contract steps: every hand is played as “{contract}”."),
    "c.teams": ("双方", "Sides"),
    "c.solo": ("定约者一人对其余所有人", "the declarer alone against all the others"),
    "c.duel": ("反叫者对被他反叫的定约者，一对一，其余人旁观", "the counter-declarer against the declarer he countered, one against one; the others sit out"),
    "c.partners": ("定约者与搭档对其余玩家", "the declarer and his partner against the others"),
    "c.each": ("各自为战：最先出完者胜，其余每人都输，名次依出完顺序", "every player for himself: the first out wins, every other player loses; places follow the order players go out"),
    "c.holders": (
        "拿着指定牌的人一方对其余的人（一人拿齐则一人对其余所有人），各方在打出或亮出这些牌之前保密",
        "the holders of the named cards against the rest (one player holding them all plays alone), each side secret until such a card is played or shown",
    ),
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
