"""The shapes a hand type may have, as the rule language writes them.

``SHAPES`` is the one list of shape keys (with each key's value type): ``HandType`` has one
field per key and its validator and ``.shape`` read this mapping, and the engine's shape
registry (paixing.hands.shapes) must hold exactly these keys (a test checks). A new shape adds
its model here, its key to ``SHAPES`` and its field on ``HandType`` (rules/models.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from .base import Model, Range


def _rank_text(value: Any) -> Any:
    """YAML reads an unquoted 3 or 10 as a number; a rank is meant."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


RankName = Annotated[str, BeforeValidator(_rank_text), Field(pattern=r"^(3|4|5|6|7|8|9|10|J|Q|K|A|2|BJ|RJ|MJ|DOG|DR)$")]
"""A rank of ``ranks.order``: the thirteen natural ranks, the jokers, and the special cards that
may rank (the Mah Jong ``MJ``, the Dog ``DOG``, the Dragon ``DR``)."""


class Group(Model):
    """n cards of one rank (单张, 对子, 三条, 炸弹 …)."""

    size: Range
    """How many cards of the rank."""


class Chain(Model):
    """k consecutive groups in sequence order (顺子, 连对, 飞机, 板子炮, 滚筒, 摇摆 …)."""

    group: Range
    """How many cards each group holds."""
    length: Range
    """How many consecutive ranks (groups) the chain spans."""
    same_size: bool = True
    """Whether every group must hold the same number of cards (false for 摇摆: 444433333)."""
    suits: Literal["same", "any"] = "any"
    """``same``: every card of the chain is of one suit (同花顺, a straight flush; the suit is
    then part of the play); ``any``: suits are ignored. A one-suit chain takes no kickers; its
    wild cards (where the type allows them) stand in for cards of its suit."""


class Flush(Model):
    """n cards of one suit, any ranks (同花)."""

    size: Range
    """How many cards. A flush takes natural cards only; its suit is part of the play."""


class RankSet(Model):
    """Named ranks, one card of each (5-10-K)."""

    ranks: list[RankName]
    """The ranks, each exactly once."""
    suits: Literal["same", "mixed", "any"] = "any"
    """``same``: all one suit (正); ``mixed``: the natural cards are not all one suit (杂);
    ``any``: suits are ignored."""


SHAPES: dict[str, Any] = {
    "group": Group,
    "chain": Chain,
    "set": RankSet,
    "cards": list[str],
    "distinct_ranks": int,
    "flush": Flush,
}
"""Shape key (a field of HandType) → the type of its value, in the order errors list them."""
