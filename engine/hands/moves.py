"""The public questions about plays: legal plays for a hand, and whether cards beat cards."""

from __future__ import annotations

from collections.abc import Iterable

from paixing.hands.classify import classify
from paixing.hands.generate import generate
from paixing.hands.play import Play, beats
from paixing.hands.ruleset import Ruleset, TypeInfo
from paixing.hands.tables import BIG
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards


def legal_plays(rs: Ruleset, hand: Iterable[Card], target: Play | None = None) -> list[Play]:
    """Every distinct play the hand can make on ``target`` (any play on a free lead).

    A ``last_play_only`` type is offered only as the whole hand. Order is deterministic:
    hand-type order of the variant, then the order each shape enumerates (low ranks and short
    chains first).
    """
    hv = hand if isinstance(hand, HandView) else HandView(rs, hand)
    # The largest group the hand can form: types needing more are skipped without a call.
    most = max(hv.counts, default=0) + len(hv.wilds)
    if target is None:
        return _leads(rs, hv, most)
    rung, cls = target.rung, target.type.cls  # read once, not once per type
    out: list[Play] = []
    for t in rs.playable_types:
        if t.needs_group > most:
            continue
        higher = t.max_rung > rung
        if not higher and t.cls != cls:
            continue
        length = None
        floor = -1
        if not higher:
            if "length" in t.same and t.length_cap == BIG:
                length = len(target)
            # Only a type of the target's own shape reads its top the same way.
            if t.key and t.key[0] == "top" and t.shape == target.type.shape:
                floor = target.key[0]
        plays = _of_length(rs, hv, t, length, floor) if t.last_only or t.fewer else generate(rs, hv, t, length, floor)
        out.extend(play for play in plays if beats(play, target))
    return out


def _leads(rs: Ruleset, hv: HandView, most: int) -> list[Play]:
    """Every play on a free lead (types needing a group larger than ``most`` skipped)."""
    out: list[Play] = []
    for t in rs.playable_types:
        if t.needs_group <= most:
            # Each shape enumerates every play once (tests check no identity repeats).
            out.extend(_of_length(rs, hv, t, None, -1) if t.last_only or t.fewer else generate(rs, hv, t))
    return out


def _of_length(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterable[Play]:
    """Plays of ``t`` of ``length`` cards (any when None), for the types whose length the
    shapes cannot pre-filter: the whole hand for ``last_play_only``, any length for ``fewer``
    kickers."""
    if t.last_only:
        if length is not None and length != len(hv.cards):
            return []
        length = len(hv.cards)
    if not t.fewer:
        return generate(rs, hv, t, length, floor)
    plays = generate(rs, hv, t, None, floor)
    return plays if length is None else [p for p in plays if len(p) == length]


def beats_cards(rs: Ruleset, play: Iterable[Card], target: Iterable[Card]) -> bool:
    """Whether ``play`` beats ``target`` when no reading is given: some reading of ``play``
    beats every reading of ``target`` (RULINGS: plays with several readings).

    Raises ``NotAPlay`` when either has no reading.
    """
    a = _readings_or_raise(rs, play)
    b = _readings_or_raise(rs, target)
    return any(all(beats(x, y) for y in b) for x in a)


class NotAPlay(ValueError):
    """Cards that form no hand type of the variant."""


def _readings_or_raise(rs: Ruleset, cards: Iterable[Card]) -> list[Play]:
    cards = list(cards)
    found = [p for p in classify(rs, cards) if p.type.playable]
    if not found:
        raise NotAPlay(f"{format_cards(rs.sort_cards(cards)) or '(no cards)'} is not a valid play in {rs.id}")
    return found
