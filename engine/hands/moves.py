"""The public questions about plays: legal plays for a hand, and whether cards beat cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import Any

from paixing.hands.classify import classify
from paixing.hands.lazy import Item, item_len, made, play_list
from paixing.hands.play import Play, beats
from paixing.hands.ruleset import GenerateFn, Ruleset, TypeInfo
from paixing.hands.shapes.base import SHAPES
from paixing.hands.tables import BIG
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards


def legal_plays(rs: Ruleset, hand: Iterable[Card] | HandView, target: Play | None = None) -> list[Play]:
    """Every distinct play the hand can make on ``target`` (any play on a free lead).

    A ``last_play_only`` type is offered only as the whole hand. Order is deterministic:
    hand-type order of the variant, then the order each shape enumerates (low ranks and short
    chains first). The list makes each play when it is first read (see ``paixing.hands.lazy``).

    Unchecked: ``hand`` must be Cards the deck of ``rs`` can supply (or a view made from ``rs``)
    and ``target`` a play of ``rs``; ``paixing.legal_plays`` checks that first.
    """
    hv = hand if isinstance(hand, HandView) else HandView(rs, hand)
    if target is None:
        entries, by_gate = _lead(rs)
        key: tuple[Any, ...] = ()
        top = -1
    else:
        entries, by_gate, key = _answers(rs, target)
        top = key[0] if key else -1
    # The gates, from the count vector alone (see ``Needs``): the types a hand of this largest
    # group (natural, and with the wild cards) and number of wild cards can play at all, once
    # per plan and such hand.
    counts = hv.counts
    nat = max(counts)  # a variant has ranks: counts is never empty
    n_wild = len(hv.wilds)
    gate = (nat, n_wild)
    asked = by_gate.get(gate)
    if asked is None:
        asked = by_gate[gate] = _gated(entries, nat, n_wild)
    out = play_list(hv)
    for t, gen, length, step, check, pick, fill in asked:
        if pick is not None and pick(counts).count(0) > (n_wild if n_wild < fill else fill):
            continue  # too few of the named ranks held
        # Each shape enumerates every play once (tests check no identity repeats).
        plays = gen(rs, hv, t, length, -1 if step < 0 else top + step)
        if not check:
            out += plays
        elif check == KEY_ONLY:
            out += [p for p in made(plays, hv) if p.key > key]
        else:
            out += [p for p in made(plays, hv) if beats(p, target)]  # type: ignore[arg-type]
    return out


Pick = Callable[[list[int]], tuple[int, ...]]
"""Reads the counts of some ranks off a count vector (``operator.itemgetter``)."""

Needs = tuple[int, int, int, "Pick | None", int]
"""What a hand needs before any play of a type is possible, read off the count vector: natural
cards of one rank, cards of one rank with the wild cards, wild cards, and the ranks every play
holds (their counts' reader, or None) with how many of them wild cards may fill at most."""

Answer = tuple[TypeInfo, GenerateFn, "int | None", int, int, int, int, int, "Pick | None", int]
"""One type asked when answering a play (or leading): (type, its generator, length its plays
must have or None, the step from the target's top to the floor passed to the generator or -1
for none, how each play must still be checked: 0 not at all, ``KEY_ONLY`` or ``BEATS``) and the
type's ``Needs``."""

Asked = tuple[TypeInfo, GenerateFn, "int | None", int, int, "Pick | None", int]
"""An ``Answer`` a hand passed the numeric gates of: what is left to test and to call."""

Plan = tuple[tuple[Answer, ...], dict[tuple[int, int], tuple[Asked, ...]]]
"""A plan's answers, and those asked of a hand by (its largest natural group, its wild cards)."""

KEY_ONLY = 1
"""Check a play by its key alone (its rung and class are the target's, no feature must match)."""
BEATS = 2
"""Check a play with ``beats``."""


def _needs(t: TypeInfo) -> Needs:
    """The type's gates: a group (or chain of groups) that may hold no wild card needs that many
    natural cards of one rank; one that may, that many with the wild cards; a type needing wild
    cards (``wilds: {min}``, or made of wild cards alone: four jokers) needs them in the hand;
    a type whose plays hold named ranks (5-10-K) needs them held, but for those wild cards fill."""
    need_wild = max(t.wmin, len(t.exclusive or ()))
    ranks, wild_fills = SHAPES[t.shape].held_ranks(t.params)
    # itemgetter of one rank returns no tuple: the generator's own test decides that case
    pick = itemgetter(*ranks) if len(ranks) > 1 else None
    return (t.needs_group if t.wmax == 0 else 0, t.needs_group, need_wild, pick, t.wmax if wild_fills else 0)


def _gated(entries: tuple[Answer, ...], nat: int, n_wild: int) -> tuple[Asked, ...]:
    """The answers a hand whose largest natural group is ``nat`` and which holds ``n_wild`` wild
    cards passes the numeric gates of."""
    most = nat + n_wild
    return tuple(
        (t, gen, length, step, check, pick, fill)
        for t, gen, length, step, check, need_nat, need_most, need_wild, pick, fill in entries
        if need_most <= most and need_nat <= nat and need_wild <= n_wild
    )


def lead_plan(rs: Ruleset) -> tuple[Answer, ...]:
    """Each playable type with the generator a free lead calls (``_of_length`` for the types
    whose length the shapes cannot pre-filter) and its ``Needs``, worked out once per ruleset."""
    return _lead(rs)[0]


def _lead(rs: Ruleset) -> Plan:
    found = rs.answer_cache.get((-1, -1))
    if found is None:
        entries = tuple((t, _generator(t), None, -1, 0, *_needs(t)) for t in rs.playable_types)
        found = rs.answer_cache[(-1, -1)] = (entries, {})
    return found


def _generator(t: TypeInfo) -> GenerateFn:
    return _of_length if t.last_only or t.fewer else t.generate


def answer_plan(rs: Ruleset, target: Play) -> tuple[Answer, ...]:
    """The types that can beat a play of ``target``'s type and length, and how to ask each,
    worked out once per (type, length) and kept on the ruleset: most types of a ladder are
    skipped by rung and class, and a play of the target's own type compared by its top alone
    is generated above that top, so none of its plays needs ``beats``."""
    return _answers(rs, target)[0]


def _answers(rs: Ruleset, target: Play) -> tuple[tuple[Answer, ...], dict[tuple[int, int], tuple[Asked, ...]], tuple[Any, ...]]:
    """``answer_plan``, its gated answers and the target's key. The target keeps them: every
    other player answers the same play."""
    held = target._plan
    if held is not None and held[0] is rs:
        return held[1]
    n = len(target)
    tt = target.type
    found = rs.answer_cache.get((tt.index, n))
    if found is None:
        found = rs.answer_cache[(tt.index, n)] = (tuple(_plan(rs, tt, n, target.rung)), {})
    mine = (*found, tt.key_fn(target, n))  # one length for both (the property would count again)
    target._plan = (rs, mine)
    return mine


def _plan(rs: Ruleset, tt: TypeInfo, n: int, rung: int) -> Iterator[Answer]:
    for t in rs.playable_types:
        if t.index in tt.beaten_by:
            # its ``also_beats`` names the target's type (a chop): every play asked, ``beats`` decides
            yield (t, _generator(t), None, -1, BEATS, *_needs(t))
        elif t.max_rung > rung:
            # A higher rung: every play beats when the type has one rung (all above the target).
            yield (t, _generator(t), None, -1, BEATS if t.fixed_rung < 0 else 0, *_needs(t))
        elif t.cls == tt.cls and t.max_rung == rung and t.key:
            # (otherwise never beats: another class, only lower rungs, or no key: first one stands)
            yield (t, _generator(t), *_same_rung(t, tt, n, rung), *_needs(t))


def _same_rung(t: TypeInfo, tt: TypeInfo, n: int, rung: int) -> tuple[int | None, int, int]:
    """How to ask a type of the target's rung and class: (length, floor step, check)."""
    length = n if "length" in t.same and t.length_cap == BIG else None
    # Only a type of the target's own shape reads its top the same way.
    by_top = t.key[0] == "top" and t.shape == tt.shape
    if t.step:  # exactly so many ranks above (or a free rank): ``beats`` decides
        return length, 0 if by_top else -1, BEATS
    exact = (
        by_top and t.index == tt.index and t.key == ("top",) and t.fixed_rung == rung >= 0
        and (not t.same or (t.same == ("length",) and length is not None)) and t.floor_exact
    )
    if exact:
        return length, 1, 0
    # Every play of t is on the target's rung, in its class: when neither type has features
    # that must match, the key alone decides.
    check = KEY_ONLY if t.fixed_rung == rung >= 0 and not t.same and not tt.same else BEATS
    return length, 0 if by_top else -1, check


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

    Raises ``NotAPlay`` when either has no reading. Unchecked (``paixing.beats_cards`` checks
    the cards first).
    """
    a = _readings_or_raise(rs, play)
    b = _readings_or_raise(rs, target)
    return any(all(any(beats(z, y) for z in answering(rs, [x], y)) for y in b) for x in a)


def answering(rs: Ruleset, readings: list[Play], target: Play | None) -> list[Play]:
    """``readings`` of cards played on ``target``: where a lone wild single reads half a rank
    above the single it answers (``wildcards.half_above``), it is read at the target's rank
    (none on a ``ranks.single_only`` card: a lone wild card never answers it); ``classify``
    alone reads it as led, at ``alone_as``. Every other reading is its own in any context."""
    if target is None or not rs.tables.half_above:
        return readings
    out: list[Play] = []
    for p in readings:
        if p.naturals or len(p.wild_as) != 1 or p.type.cls != target.type.cls or not target.groups:
            out.append(p)
            continue
        r = target.groups[0][0]
        if r not in rs.tables.single_only:
            out.append(Play(p.type, p.cards, ((max(r, rs.alone_as), 1),), (), (max(r, rs.alone_as),)))
    return out


class NotAPlay(ValueError):
    """Cards that form no hand type of the variant."""


def _readings_or_raise(rs: Ruleset, cards: Iterable[Card]) -> list[Play]:
    cards = list(cards)
    found = [p for p in classify(rs, cards) if p.type.playable]
    if not found:
        raise NotAPlay(f"{format_cards(rs.sort_cards(cards)) or '(no cards)'} is not a valid play in {rs.id}")
    return found
