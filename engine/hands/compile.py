"""Compile a Variant once into the tables every hot path reads.

Ranks become small integers (their place in ``ranks.order``, see tables.py); a hand becomes a
count vector over those integers plus a number of wild cards. Each hand type becomes a
``TypeInfo`` whose shape functions (generate, match, contains, top) are bound here, once, from
the shape registry: the hot paths never dispatch on a shape.

Steps: rank tables → each shape's params → each TypeInfo (kicker rules need the other types'
params) → the Ruleset. Nothing is mutated after it is built.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from paixing.hands.features import FeatureContext, compile_features
from paixing.hands.ruleset import ContainsFn, Ruleset, TypeInfo, deal_deck
from paixing.hands.shapes import SHAPES, Shape
from paixing.hands.suited import (
    every_set_generate,
    never_as_generate,
    never_as_match,
    suited_generate,
    suited_match,
)
from paixing.hands.tables import BIG, NO_PARAMS, HandParams, RankTables, rank_tables
from paixing.rules.cards import Card, parse_cards

if TYPE_CHECKING:
    from paixing.rules.models import HandType, Variant

__all__ = ["BIG", "Ruleset", "TypeInfo", "compile_variant"]

Rungs = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class _Shaped:
    """A hand type's shape compiled on its own: what the other types' kicker rules read."""

    kind: Shape
    params: Any
    contains: ContainsFn


def _shaped(spec: HandType, tables: RankTables) -> _Shaped:
    kind = SHAPES[spec.shape]
    params = kind.compile(spec, tables)
    return _Shaped(kind, params, kind.contains(params, tables))


def _ladder(variant: Variant) -> dict[str, Rungs]:
    """Hand type id → its (min length, max length, rung) entries."""
    ladder: dict[str, list[tuple[int, int, int]]] = {}
    for rung, entries in enumerate(variant.ladder):
        for entry in entries:
            lo, hi = (entry.length.min, BIG if entry.length.max is None else entry.length.max) if entry.length else (0, BIG)
            ladder.setdefault(entry.type, []).append((lo, hi, rung))
    return {k: tuple(v) for k, v in ladder.items()}


def _classes(variant: Variant) -> list[int]:
    """Each hand type's comparison class number (types sharing ``compare.class`` share one)."""
    classes: dict[str, int] = {}
    return [classes.setdefault(t.compare.class_ or t.id, len(classes)) for t in variant.hand_types]


def _kicker_rules(spec: HandType, ids: list[str], shaped: list[_Shaped]) -> dict[str, Any]:
    """``may_not_contain`` as indices, a cap where the forbidden shape allows, tests otherwise."""
    banned = tuple(ids.index(x) for x in (spec.kickers.may_not_contain if spec.kickers else []))
    cap = BIG
    forbid = []
    for o in banned:
        other = shaped[o]
        most = other.kind.kicker_cap(other.params)
        if most is not None:
            cap = min(cap, most)
        else:
            forbid.append((other.kind.needs(other.params), other.contains))
    return {"may_not_contain": banned, "kick_cap": cap, "kick_forbid": tuple(forbid)}


def _ladder_fields(rungs: Rungs) -> dict[str, Any]:
    fixed = rungs[0][2] if len(rungs) == 1 and rungs[0][:2] == (0, BIG) else -1
    return {"rungs": rungs, "max_rung": max((r for _, _, r in rungs), default=-1), "fixed_rung": fixed}


def _suit_reading(specs: list[HandType], shaped: list[_Shaped]) -> tuple[bool, tuple[int, ...]]:
    """How the hand types read suits: whether some type of any ranks compares them (a
    ``compare.key`` or ``compare.same`` with ``suit`` on a shape of any ranks: every
    card's suit can then decide a later comparison), and which other types read them (a
    one-suit or mixed-suit shape: flushes, straight flushes, 5-10-K). Where only those read
    them, a card no such play of the hand can use may stand in for any other card of its rank
    (``suited.apart``)."""
    anywhere = False
    reading = []
    for i, (spec, me) in enumerate(zip(specs, shaped, strict=True)):
        compares = "suit" in spec.compare.key or "suit" in spec.compare.same
        if compares and me.kind.ranks(me.params) is None:
            anywhere = True
        elif compares or me.kind.suits(me.params) != "any":
            reading.append(i)
    return anywhere, tuple(reading)


def _wilds_alike(tables: RankTables, shaped: list[_Shaped], deck: list[Card]) -> bool:
    """Whether the deck's wild cards stand in for each other (``Ruleset.wilds_alike``): every
    exact-card type names either none of them or all of them, each with all its copies."""
    copies = Counter(c for c in deck if tables.is_wild(c))
    if len(copies) <= 1:
        return True
    for me in shaped:
        if me.kind.named_cards:
            named = {card: m for card, m in me.params.exact if card in copies}
            if named and named != dict(copies):
                return False
    return True


PARTNER_STEP_KINDS = frozenset({"call_card", "shown_card"})
"""The contract steps that name the declarer's partner by a card: ``rules.hand_rules``'
``PARTNER_STEP_KINDS``, written out because the hand layer reads a stored variant (plain
objects, no model classes) without importing the models; tests/rules/test_registries.py
checks that the two agree."""


def _reveals_by_card(variant: Variant) -> bool:
    """Whether a contract step names a card whose play reveals its holder's side (a called or
    shown partner card: ``picks_partner``)."""
    game = variant.game
    return game is not None and any(s.kind in PARTNER_STEP_KINDS for s in game.steps)


def _cards_matter(variant: Variant) -> bool:
    """Whether which card of a rank is played can matter later whatever the hand types say: a
    type beats another only when made of named cards (``compare.also_beats`` with ``cards``), or
    a suit lock reads the suits of every play (``suit_lock``)."""
    if any(a.cards for t in variant.hand_types for a in t.compare.also_beats):
        return True
    game = variant.game
    return game is not None and any(o.kind == "suit_lock" for o in game.play.obligations)


def _bound(kind: Shape, params: Any, spec: HandType, tables: RankTables, wmax: int, every_set: bool) -> dict[str, Any]:
    """The shape's generate and match, wrapped once here where the type needs it: the suit of
    the top card for a type compared by suit (every set of cards, where suits matter later),
    the ranks wild cards never stand for."""
    generate, match = kind.generate, kind.match
    own = kind.suits(params) == "same"
    suited = own or "suit" in spec.compare.key or "suit" in spec.compare.same
    if suited and not own:
        match = suited_match(match)
    one = suited_generate(generate) if suited and not own else generate
    generate = every_set_generate(generate) if every_set and not kind.named_cards else one
    if wmax and tables.never_as:
        generate, match = never_as_generate(generate, tables.never_as), never_as_match(match, tables.never_as)
        one = never_as_generate(one, tables.never_as)
    return {"generate": generate, "generate_one": one, "match": match, "suited": suited, "every_set": every_set}


def _type_info(
    i: int, spec: HandType, tables: RankTables, me: _Shaped, cls: int, rungs: Rungs, kick: dict[str, Any], every_set: bool
) -> TypeInfo:
    kind, params = me.kind, me.params
    length_cap = spec.compare.length_cap or BIG
    ctx = FeatureContext(kind.top, params, tables, length_cap, spec.compare.category)
    key, same = tuple(spec.compare.key), tuple(spec.compare.same)
    wmax = (BIG if spec.wilds.max is None else spec.wilds.max) if tables.any_wild else 0
    return TypeInfo(
        index=i,
        id=spec.id,
        name=spec.name,
        spec=spec,
        shape=kind.key,
        params=params,
        tables=tables,
        contains_fn=me.contains,
        key_fn=compile_features(ctx, key),
        same_fn=compile_features(ctx, same),
        suits=kind.suits(params),
        wmin=spec.wilds.min,
        wmax=wmax,
        min_natural=spec.wilds.min_natural,
        kickers=spec.kickers,
        cls=cls,
        key=key,
        same=same,
        length_cap=length_cap,
        playable=spec.playable,
        last_only=spec.last_play_only,
        fewer=spec.kickers is not None and spec.kickers.fewer,
        needs=kind.needs(params),
        needs_group=kind.needs_group(params),
        floor_exact=kind.floor_exact(params),
        exclusive=kind.exclusive_wilds(params, tables),
        **kick,
        **_ladder_fields(rungs),
        **_bound(kind, params, spec, tables, wmax, every_set),
    )


def _also_beats(spec: HandType, specs: list[HandType], tables: RankTables) -> dict[str, Any]:
    """``compare.also_beats`` as type and rank indices, and which types name this one."""
    ids = [t.id for t in specs]
    also = tuple(
        (
            ids.index(a.type),
            None if a.ranks is None else frozenset(tables.rank_index[r] for r in a.ranks),
            None if a.cards is None else tuple(sorted(c for text in a.cards for c in parse_cards(text))),
        )
        for a in spec.compare.also_beats
    )
    beaten_by = frozenset(i for i, t in enumerate(specs) if any(a.type == spec.id for a in t.compare.also_beats))
    return {"also_beats": also, "beaten_by": beaten_by}


def compile_variant(variant: Variant, hand: HandParams = NO_PARAMS) -> Ruleset:
    """Build the tables for ``variant`` (for a hand with ``hand``'s parameters: its level rank,
    its drawn wild ranks). Pure: the same arguments always give equal tables."""
    tables = rank_tables(variant, hand)
    specs = variant.hand_types
    shaped = [_shaped(t, tables) for t in specs]
    ids = [t.id for t in specs]
    ladder = _ladder(variant)
    classes = _classes(variant)
    # Whether suits can matter later (docs/rule-language.md, *Which cards a play uses*): then
    # every distinct set of cards is its own play. A ``first_play`` obligation alone does not
    # count: it puts the named card into the first play itself (game/obligations/first_play.py),
    # and no later play reads a suit.
    anywhere, reading = _suit_reading(specs, shaped)
    anywhere = anywhere or _cards_matter(variant)
    marks = _reveals_by_card(variant)
    every_set = anywhere or bool(reading) or marks
    types = tuple(
        _type_info(i, t, tables, shaped[i], classes[i], ladder.get(t.id, ()), {**_kicker_rules(t, ids, shaped), **_also_beats(t, specs, tables)}, every_set)
        for i, t in enumerate(specs)
    )
    exclusive = {t.exclusive for t in types if t.exclusive is not None}
    deck = deal_deck(variant)
    alike = _wilds_alike(tables, shaped, deck)
    # Open-suit cards (rank-only notation, as peers and examples write hands) count the same;
    # wild cards (a natural wild card included) are -1.
    card_rank = {Card(c.rank): -1 if tables.is_wild(Card(c.rank)) else tables.rank_index.get(c.rank, -1) for c in deck}
    card_rank.update({c: -1 if tables.is_wild(c) else tables.rank_index.get(c.rank, -1) for c in deck})
    return Ruleset(
        variant=variant,
        tables=tables,
        ranks=tables.ranks,
        rank_index=tables.rank_index,
        seq=tables.seq,
        seq_pos=tables.seq_pos,
        suit_rank=tables.suit_rank,
        wild_names=tables.wild_names,
        alone_as=tables.alone_as,
        types=types,
        type_by_id={t.id: t for t in types},
        _playable=tuple(t for t in types if t.playable),
        exclusive_wild_sets=frozenset(exclusive),
        card_rank=card_rank,
        name_rank=None if tables.wild_cards else {c.rank: r for c, r in card_rank.items()},
        # open-suit cards too: one sorts before the suited cards of its rank
        card_index={c: i for i, c in enumerate(sorted(set(deck) | set(card_rank), key=tables.sort_key))},
        hand=hand,
        specialise=compile_variant,
        suits_anywhere=anywhere,
        suit_types=reading,
        wilds_alike=alike,
        marks_cards=marks,
    )
