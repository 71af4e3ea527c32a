"""The public questions about plays: legal plays for a hand, and whether cards beat cards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from paixing.hands.classify import classify
from paixing.hands.lazy import Item, item_len, made, play_list
from paixing.hands.play import Play, beats
from paixing.hands.ruleset import GenerateFn, Ruleset, TypeInfo
from paixing.hands.tables import BIG
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards


def legal_plays(rs: Ruleset, hand: Iterable[Card] | HandView, target: Play | None = None) -> list[Play]:
    """Every distinct play the hand can make on ``target`` (any play on a free lead).

    A ``last_play_only`` type is offered only as the whole hand. Order is deterministic:
    hand-type order of the variant, then the order each shape enumerates (low ranks and short
    chains first). The list makes each play when it is first read (see ``paixing.hands.lazy``).
    """
    hv = hand if isinstance(hand, HandView) else HandView(rs, hand)
    # The largest group the hand can form: types needing more are skipped without a call.
    most = max(hv.counts) + len(hv.wilds)  # a variant has ranks: counts is never empty
    out = play_list(hv)
    if target is None:
        for t, gen in lead_plan(rs):
            if t.needs_group <= most:
                # Each shape enumerates every play once (tests check no identity repeats).
                out += gen(rs, hv, t, None, -1)
        return out
    key = target.key
    top = key[0] if key else -1
    for t, gen, length, step, check in answer_plan(rs, target):
        if t.needs_group <= most:
            plays = gen(rs, hv, t, length, -1 if step < 0 else top + step)
            out += [p for p in made(plays, hv) if beats(p, target)] if check else plays
    return out


Answer = tuple[TypeInfo, GenerateFn, "int | None", int, bool]
"""One type asked when answering a play: (type, its generator, length its plays must have or
None, the step from the target's top to the floor passed to the generator or -1 for none,
whether each play must still be checked with ``beats``)."""


def lead_plan(rs: Ruleset) -> tuple[tuple[TypeInfo, GenerateFn], ...]:
    """Each playable type with the generator a free lead calls (``_of_length`` for the types
    whose length the shapes cannot pre-filter), worked out once per ruleset."""
    found = rs.answer_cache.get((-1, -1))
    if found is None:
        found = rs.answer_cache[(-1, -1)] = tuple((t, _generator(t)) for t in rs.playable_types)
    return found


def _generator(t: TypeInfo) -> GenerateFn:
    return _of_length if t.last_only or t.fewer else t.generate


def answer_plan(rs: Ruleset, target: Play) -> tuple[Answer, ...]:
    """The types that can beat a play of ``target``'s type and length, and how to ask each,
    worked out once per (type, length) and kept on the ruleset: most types of a ladder are
    skipped by rung and class, and a play of the target's own type compared by its top alone
    is generated above that top, so none of its plays needs ``beats``. The target keeps its
    plan too: every other player answers the same play."""
    held = target._plan
    if held is not None and held[0] is rs:
        return held[1]
    n = len(target)
    found = rs.answer_cache.get((target.type.index, n))
    if found is None:
        found = rs.answer_cache[(target.type.index, n)] = tuple(_plan(rs, target.type, n, target.rung))
    target._plan = (rs, found)
    return found


def _plan(rs: Ruleset, tt: TypeInfo, n: int, rung: int) -> Iterator[Answer]:
    for t in rs.playable_types:
        if t.max_rung > rung:
            # A higher rung: every play beats when the type has one rung (all above the target).
            yield (t, _generator(t), None, -1, t.fixed_rung < 0)
            continue
        if t.cls != tt.cls:
            continue
        length = n if "length" in t.same and t.length_cap == BIG else None
        # Only a type of the target's own shape reads its top the same way.
        by_top = bool(t.key) and t.key[0] == "top" and t.shape == tt.shape
        exact = (
            by_top and t.index == tt.index and t.key == ("top",) and t.fixed_rung == rung >= 0
            and (not t.same or (t.same == ("length",) and length is not None)) and t.floor_exact
        )
        yield (t, _generator(t), length, 1 if exact else (0 if by_top else -1), not exact)


def _of_length(rs: Ruleset, hv: HandView, t: TypeInfo, length: int | None, floor: int) -> Iterable[Item]:
    """Plays of ``t`` of ``length`` cards (any when None), for the types whose length the
    shapes cannot pre-filter: the whole hand for ``last_play_only``, any length for ``fewer``
    kickers."""
    if t.last_only:
        if length is not None and length != len(hv.cards):
            return []
        length = len(hv.cards)
    if not t.fewer:
        return t.generate(rs, hv, t, length, floor)
    plays = t.generate(rs, hv, t, None, floor)
    return plays if length is None else [p for p in plays if item_len(p) == length]


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
