"""The hand a case assumes, in a variant whose hand rules depend on the hand: its level rank
(``ranks.level``, a session's level) and the wild ranks its ``draw_wild`` steps draw.

In such a variant a card case only has an answer for a given hand (a 5 is wild only where 5 was
drawn), so every request of the variant carries these per-hand parameters (``hand_keys``:
``level``, ``wild_ranks``) and is answered with ``Ruleset.for_hand`` (``hand_rules``). The
generated cases assume one hand (``sample_hand``): the variant's own level and wild ranks drawn
as its steps draw them, from a seed that is the variant's id (the same file always gives the
same hand); an example assumes the hand it names. The diff compares variants in these hands too.
"""

from __future__ import annotations

import random
from typing import Any

from paixing.game.steps.draw_wild import candidates
from paixing.hands.compile import Ruleset

HAND_KEYS = ("level", "wild_ranks")
"""The per-hand parameters a request may carry, in this order."""


def hand_keys(rs: Ruleset) -> tuple[str, ...]:
    """The per-hand parameters the variant's requests carry: ``level`` when it has a level rank,
    ``wild_ranks`` when wild ranks are drawn; none (requests as before) otherwise."""
    v = rs.variant
    wild = v.wildcards.cards if v.wildcards is not None else []
    keys = []
    if v.ranks.level is not None or "level_heart" in wild:
        keys.append("level")
    if "drawn" in wild:
        keys.append("wild_ranks")
    return tuple(keys)


def sample_hand(rs: Ruleset) -> Ruleset:
    """The hand generated cases assume: ``rs`` itself when it is already compiled for a hand or
    nothing is drawn, else ``rs`` with wild ranks drawn as its ``draw_wild`` steps draw them (in
    turn, each among the ranks still free), from the seed ``paixing-vectors:<id>:hand``."""
    if rs.hand.wild_ranks or "wild_ranks" not in hand_keys(rs) or rs.variant.game is None:
        return rs
    rng = random.Random(f"paixing-vectors:{rs.id}:hand")
    hand = rs
    for step in rs.variant.game.steps:
        if step.draw_wild is not None:
            drawn = rng.sample(candidates(hand, step.draw_wild), step.draw_wild.ranks)
            hand = hand.for_hand(level=hand.hand.level, wild_ranks=(*hand.hand.wild_ranks, *drawn))
    return hand


def params_of(rs: Ruleset, keys: tuple[str, ...]) -> dict[str, Any]:
    """The request fields that name the hand ``rs`` is compiled for (only ``keys``)."""
    values = {"level": rs.hand.level or rs.variant.ranks.level, "wild_ranks": list(rs.hand.wild_ranks)}
    return {k: values[k] for k in keys}


def hand_rules(rs: Ruleset, request: dict[str, Any]) -> Ruleset:
    """The variant compiled for the hand a request names (``rs`` when it names none)."""
    if not any(k in request for k in HAND_KEYS):
        return rs
    return rs.for_hand(level=request.get("level"), wild_ranks=tuple(request.get("wild_ranks") or ()))
