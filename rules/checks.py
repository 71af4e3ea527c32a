"""Cross-references pydantic cannot check field by field, one small check per concern.

Each check takes the validated ``Variant`` and yields ``Located`` problems (a key path and a
message); ``semantic_problems`` runs them in order. A new concern is a new ``Check`` function
appended to ``CHECKS`` (a ``Registry`` keyed by the function's name); the messages are the
loader's, so they read ``path.to.key: what is wrong``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .base import Range
from .cards import EXTRAS, CardError, full_pack, parse_cards
from .extends import load_chain, merge, merge_chain
from .game_checks import game_problems
from .models import HandType, Variant
from .positions import PosDict
from .problems import Located, did_you_mean, where
from .registry import Registry
from .shapes import SHAPES

Check = Callable[[Variant], Iterator[Located]]


def _type_ids(v: Variant) -> list[str]:
    return [t.id for t in v.hand_types]


def _wild(v: Variant) -> set[str]:
    return set(v.wildcards.cards) if v.wildcards else set()


def deck_and_wildcards(v: Variant) -> Iterator[Located]:
    """Jokers and flower cards are either ranks or wild, and wild cards exist in the deck."""
    known_ranks = set(v.ranks.order)
    wild = _wild(v)
    if v.deck.extra.get("FL") and not v.wildcards:
        yield Located(("deck", "extra"), "a flower card FL has no rank: list it in wildcards.cards")
    if v.wildcards:
        both = wild & known_ranks
        if both:
            yield Located(("wildcards", "cards"), f"{sorted(both)} are wild and also ranks in ranks.order")
        if not v.deck.jokers and wild & {"BJ", "RJ"}:
            yield Located(("wildcards", "cards"), "the deck has no jokers (deck.jokers is false)")
        if v.deck.extra.get("FL") and "FL" not in wild:
            yield Located(("deck", "extra"), "a flower card FL has no rank: list it in wildcards.cards")
        if "FL" in wild and not v.deck.extra.get("FL"):
            yield Located(("wildcards", "cards"), "the deck has no flower cards (deck.extra has no FL)")
        if "level_heart" in wild and v.ranks.level is None:
            yield Located(("wildcards", "cards"), "level_heart needs a level rank: set ranks.level (the level of a hand not given one)")
    if v.deck.jokers and not wild and not {"BJ", "RJ"} <= known_ranks:
        yield Located(("ranks", "order"), "the deck has jokers: list BJ and RJ in ranks.order or make them wild")


def _type_cards(v: Variant, ids: list[str], i: int, t: HandType) -> Iterator[Located]:
    """A set names known ranks; a fixed-cards type names cards in the notation."""
    if t.set is not None:
        for r in t.set.ranks:
            if r not in v.ranks.order:
                yield Located(("hand_types", i, "set", "ranks"), f"rank {r!r} is not in ranks.order")
    if t.cards is not None:
        for j, token in enumerate(t.cards):
            try:
                parse_cards(token)
            except CardError as exc:
                yield Located(("hand_types", i, "cards", j), str(exc))


def _type_kickers(v: Variant, ids: list[str], i: int, t: HandType) -> Iterator[Located]:
    """Kickers: only on a group or chain, exclusions name known types, and wild kickers
    (``kickers.wilds``) only of other ranks than the core's."""
    if t.kickers is None:
        return
    if t.shape not in ("group", "chain"):
        yield Located(("hand_types", i, "kickers"), "kickers attach only to a group or chain shape")
    if t.kickers.wilds != "no" and not t.kickers.other_ranks:
        yield Located(("hand_types", i, "kickers", "wilds"), "kickers.wilds needs other_ranks: true")
    for j, other in enumerate(t.kickers.may_not_contain):
        if other not in ids:
            yield Located(("hand_types", i, "kickers", "may_not_contain", j), f"unknown hand type {other!r}{did_you_mean(other, ids)}")


def _type_also_beats(v: Variant, ids: list[str], i: int, t: HandType) -> Iterator[Located]:
    """``compare.also_beats`` names known types (not the type itself) and known ranks."""
    for j, also in enumerate(t.compare.also_beats):
        where_ = ("hand_types", i, "compare", "also_beats", j)
        if also.type not in ids:
            yield Located((*where_, "type"), f"unknown hand type {also.type!r}{did_you_mean(also.type, ids)}")
        elif also.type == t.id:
            yield Located((*where_, "type"), f"{t.id!r} already compares with itself by compare.key")
        for r in also.ranks or ():
            if r not in v.ranks.order:
                yield Located((*where_, "ranks"), f"rank {r!r} is not in ranks.order")
        for k, text in enumerate(also.cards or ()):
            try:
                parse_cards(text)
            except CardError as exc:
                yield Located((*where_, "cards", k), str(exc))


def _type_step_free(v: Variant, ids: list[str], i: int, t: HandType) -> Iterator[Located]:
    """``compare.step_free`` names ranks of the variant."""
    for r in t.compare.step_free:
        if r not in v.ranks.order:
            yield Located(("hand_types", i, "compare", "step_free"), f"rank {r!r} is not in ranks.order")


_PER_TYPE = (_type_cards, _type_kickers, _type_also_beats, _type_step_free)


def hand_types(v: Variant) -> Iterator[Located]:
    """Each hand type on its own (cards, kickers, suit key), type by type."""
    ids = _type_ids(v)
    for i, t in enumerate(v.hand_types):
        for check in _PER_TYPE:
            yield from check(v, ids, i, t)


def ladder(v: Variant) -> Iterator[Located]:
    """The ladder names known types, each length of a type once, and every playable type."""
    ids = _type_ids(v)
    placed: dict[str, int] = {}
    spans: dict[str, list[tuple[int, float]]] = {}
    for step, rung in enumerate(v.ladder):
        for j, entry in enumerate(rung):
            if entry.type not in ids:
                yield Located(("ladder", step, j), f"unknown hand type {entry.type!r}{did_you_mean(entry.type, ids)}")
                continue
            lo = entry.length.min if entry.length else 0
            hi: float = float("inf") if entry.length is None or entry.length.max is None else entry.length.max
            if any(lo <= b and a <= hi for a, b in spans.get(entry.type, [])):
                # one play on two rungs would both beat and lose to the same plays
                yield Located(("ladder", step, j), f"hand type {entry.type!r} is on the ladder twice for the same lengths")
            spans.setdefault(entry.type, []).append((lo, hi))
            placed[entry.type] = step
    for t in v.hand_types:
        if t.playable and t.id not in placed:
            yield Located(("hand_types", ids.index(t.id), "id"), f"hand type {t.id!r} is not on the ladder")


def compare_classes(v: Variant) -> Iterator[Located]:
    """Types sharing a comparison class compare by the same key."""
    classes: dict[str, tuple[list[Any], list[Any]]] = {}
    for i, t in enumerate(v.hand_types):
        cls = t.compare.class_ or t.id
        spec = (list(t.compare.key), list(t.compare.same))
        if cls in classes and classes[cls] != spec:
            yield Located(("hand_types", i, "compare"), f"class {cls!r} is compared differently by another hand type")
        classes.setdefault(cls, spec)


def game(v: Variant) -> Iterator[Located]:
    """The ``game:`` section's cross-references (see ``game_checks``)."""
    if v.game is not None:
        yield from game_problems(v, _type_ids(v))


def _dealt_names(v: Variant) -> set[str]:
    """The card names (ranks, jokers, extra cards) the variant's deck deals."""
    names = set(v.ranks.order) | set(v.deck.extra)
    if v.deck.jokers:
        names |= {"BJ", "RJ"}
    return names


def _card_problem(text: str, names: set[str]) -> str | None:
    """What is wrong with card notation ``text`` for a deck dealing ``names``, or None."""
    try:
        cards = parse_cards(text)
    except CardError as exc:
        return str(exc)
    foreign = next((c for c in cards if c.rank not in names), None)
    return None if foreign is None else f"{foreign} is not a card of this deck"


def deck_remove(v: Variant) -> Iterator[Located]:
    """``deck.remove`` names cards of the pack, each with its suit (a bad token used to count
    as one card removed, and only the engine stumbled on it, with a traceback)."""
    names = {c.rank for c in full_pack(True)}
    for i, text in enumerate(v.deck.remove):
        problem = _card_problem(text, names)
        if problem is None and any(c.suit is None and not c.is_special for c in parse_cards(text)):
            problem = f"{text!r} names no suit: write the card to remove, e.g. 2S"
        if problem is not None:
            yield Located(("deck", "remove", i), problem)


def _example_cards(ex: Any) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Every card text of an example, with its key path below the example."""
    for key in ("play", "beats", "does_not_beat", "hand", "last"):
        text = getattr(ex, key)
        if text is not None:
            yield (key,), text
    for key in ("plays", "reads_as", "order"):
        for j, entry in enumerate(getattr(ex, key) or []):
            for part in entry.split(" = ") if key == "plays" else [entry]:
                yield (key, j), part


def examples(v: Variant) -> Iterator[Located]:
    """Examples name cards of the deck in the notation, and known hand types."""
    ids = _type_ids(v)
    names = _dealt_names(v)
    for i, ex in enumerate(v.examples):
        for loc, text in _example_cards(ex):
            problem = _card_problem(text, names)
            if problem is not None:
                yield Located(("examples", i, *loc), problem)
        for key in ("classify",):
            for j, tid in enumerate(getattr(ex, key) or []):
                if tid not in ids:
                    yield Located(("examples", i, key, j), f"unknown hand type {tid!r}{did_you_mean(tid, ids)}")


def chains_in_a_wrapped_sequence(v: Variant) -> Iterator[Located]:
    """With a rank at both ends of the sequence a chain spans at least two ranks (a one-rank
    chain of A would be read twice)."""
    seq = v.ranks.sequence
    wrap = len(seq) > 2 and seq[0] == seq[-1]
    for i, t in enumerate(v.hand_types):
        if wrap and t.chain is not None and t.chain.length.min < 2:
            yield Located(
                ("hand_types", i, "chain", "length"),
                f"{seq[0]} sits at both ends of ranks.sequence: a chain needs a length of at least 2",
            )


MAX_NUMBER = 1_000_000
"""The largest number (in size) a variant file may write: scores, pays, factors, sizes and
lengths are all far below it, and a score of 10**30 used to overflow the run's means."""
NON_NEGATIVE = frozenset(
    {"min", "max", "size", "group", "count", "per_group", "pay", "factor", "length_cap", "distinct_ranks",
     "cards_each", "kitty", "packs", "players", "win_above", "min_natural", "category", "FL", "bystanders"}
)
"""Keys whose numbers count or size something: a negative one is an error."""
COUNTS_CARDS = frozenset({"size", "group", "length"})
"""Ranges that count the cards of a set, a group or the groups of a chain: at least 1."""
_BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def _bad_text(text: str) -> str | None:
    """The first control character in ``text`` (newlines and tabs are layout, allowed)."""
    for ch in text:
        if (ch < " " and ch not in "\n\t") or "\x7f" <= ch <= "\x9f" or ch in _BIDI:
            return ch
    return None


def _walk(value: Any, loc: tuple[int | str, ...]) -> Iterator[tuple[tuple[int | str, ...], Any]]:
    """Every leaf value of a validated model with its key path (keys as the file writes them)."""
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            yield from _walk(getattr(value, name), (*loc, info.alias or name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield (*loc, str(k)), str(k)
            yield from _walk(v, (*loc, str(k)))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _walk(v, (*loc, i))
    else:
        yield loc, value


def values_in_bounds(v: Variant) -> Iterator[Located]:
    """Every number within ``MAX_NUMBER`` (and not negative where it counts something), and no
    control character in any text: a file that validates prints and plays safely."""
    for loc, value in _walk(v, ()):
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            key = next((p for p in reversed(loc) if isinstance(p, str)), "")
            if abs(value) > MAX_NUMBER:
                yield Located(loc, f"{value} is too large (at most {MAX_NUMBER:,} in size)")
            elif value < 0 and key in NON_NEGATIVE:
                yield Located(loc, f"{value} cannot be negative")
            elif value < 1 and loc[0] == "hand_types" and key in ("min", "max") and loc[-2] in COUNTS_CARDS:
                yield Located(loc, f"{loc[-2]} must be at least 1 (a group or chain of no cards)")
        elif isinstance(value, str):
            bad = _bad_text(value)
            if bad is not None:
                yield Located(loc, f"control character {bad!r} in text: write plain text")


def ranges_ordered(v: Variant) -> Iterator[Located]:
    """Every range's ``min`` is at most its ``max`` (an empty range matches nothing)."""
    for loc, value in _walk_models(v, ()):
        if isinstance(value, Range) and value.max is not None and value.min > value.max:
            yield Located(loc, f"min {value.min} is more than max {value.max}")


def _walk_models(value: Any, loc: tuple[int | str, ...]) -> Iterator[tuple[tuple[int | str, ...], Any]]:
    """Every model inside a validated variant with its key path."""
    if isinstance(value, BaseModel):
        yield loc, value
        for name, info in type(value).model_fields.items():
            yield from _walk_models(getattr(value, name), (*loc, info.alias or name))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _walk_models(v, (*loc, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk_models(v, (*loc, str(k)))


def a_single_card_plays(v: Variant) -> Iterator[Located]:
    """A game needs a hand type that plays any one card: a leader must always be able to
    play, and a player down to one card could otherwise never lead it."""
    if v.game is None:
        return
    for t in v.hand_types:
        if t.playable and t.group is not None and 1 in t.group.size and t.kickers is None and not t.last_play_only:
            return
    yield Located(("hand_types",), "no playable hand type plays a single card (group: {size: 1}): a leader could be left without a play")


def wild_alone_rank(v: Variant) -> Iterator[Located]:
    """Wild cards played alone count as a rank of ``ranks.order`` the deck still holds."""
    if v.wildcards is None:
        return
    rank = v.wildcards.alone_as
    if rank not in v.ranks.order:
        yield Located(("wildcards", "alone_as"), f"rank {rank!r} is not in ranks.order")
    elif rank in v.deck.remove:
        yield Located(("wildcards", "alone_as"), f"rank {rank!r} is removed from the deck (deck.remove)")


def extra_cards(v: Variant) -> Iterator[Located]:
    """Every extra card the deck adds (the flower card aside: ``deck_and_wildcards``) is a rank
    or a wild card, and every extra card a rank or the wild cards name is dealt."""
    known = set(v.ranks.order)
    wild = _wild(v)
    dealt: dict[str, int] = {str(k): n for k, n in v.deck.extra.items()}
    for name, n in dealt.items():
        if name != "FL" and n and name not in known and name not in wild:
            yield Located(("deck", "extra", name), f"{name} has no place in the game: list it in ranks.order (a rank) or in wildcards.cards (a wild card)")
    for i, rank in enumerate(v.ranks.order):
        if rank in EXTRAS and not dealt.get(rank):
            yield Located(("ranks", "order", i), f"{rank} is not dealt: add it to deck.extra")
    if "PH" in wild and not dealt.get("PH"):
        yield Located(("wildcards", "cards"), "PH is not dealt: add it to deck.extra")


def half_above(v: Variant) -> Iterator[Located]:
    """A lone wild single half a rank above its card needs the single type to read the half:
    ``compare.key: [top, wild_alone]``."""
    if v.wildcards is None or not v.wildcards.half_above:
        return
    for i, t in enumerate(v.hand_types):
        size = t.group.size if t.group is not None else None
        if size is not None and size.min == size.max == 1 and t.kickers is None and t.compare.key != ["top", "wild_alone"]:
            yield Located(("hand_types", i, "compare", "key"), f"wildcards.half_above: the single type {t.id!r} must compare by [top, wild_alone] (the half rank of a lone wild card)")


def _copies(v: Variant, name: str) -> int:
    """How many cards named ``name`` (a rank, a joker or an extra card) the deck deals."""
    if name in EXTRAS:
        return sum(n for k, n in v.deck.extra.items() if k == name)
    removed = parse_cards(" ".join(v.deck.remove)) if v.deck.remove else []
    return v.deck.packs * sum(1 for c in full_pack(v.deck.jokers) if c.rank == name and c not in removed)


def single_only(v: Variant) -> Iterator[Located]:
    """A rank played only alone is a rank of ``order``, outside ``sequence``, dealt once."""
    for i, name in enumerate(v.ranks.single_only):
        where = ("ranks", "single_only", i)
        copies = _copies(v, name)
        if name not in v.ranks.order:
            yield Located(where, f"{name} is not in ranks.order")
        elif name in v.ranks.sequence:
            yield Located(where, f"{name} is also in ranks.sequence: a card played only alone never stands in a chain")
        elif copies != 1:
            yield Located(where, f"{name} is dealt {copies} times: a card played only alone must be dealt once")


CHECKS: Registry[Check] = Registry("loader check", [(check.__name__, check) for check in (
    deck_and_wildcards,
    extra_cards,
    single_only,
    half_above,
    deck_remove,
    hand_types,
    ladder,
    compare_classes,
    game,
    examples,
    chains_in_a_wrapped_sequence,
    values_in_bounds,
    wild_alone_rank,
    ranges_ordered,
    a_single_card_plays,
)])
"""Every semantic check by its function's name, in the order their problems are reported."""


def semantic_problems(v: Variant) -> Iterator[Located]:
    """Cross-references pydantic cannot check field by field."""
    for check in CHECKS.values():
        yield from check(v)


# -- warnings: a file that loads, but whose prose may no longer say what its rules do ---------


def _own_types(data: Any) -> dict[str, Any]:
    """A file's own hand types by id (as written in it, before merging); none when its list
    does not merge by id (a list without ids replaces the parent's whole)."""
    items = data.get("hand_types") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items or not all(isinstance(t, dict) and isinstance(t.get("id"), str) for t in items):
        return {}
    return {t["id"]: t for t in items}


def _shape_changes(own: dict[str, Any], parent: Any) -> list[str]:
    """The shape keys (``SHAPES``) whose value ``own`` changes over the ``parent`` type."""
    if not isinstance(parent, dict):
        return []
    return [k for k in SHAPES if k in own and merge(parent.get(k), own[k]) != parent.get(k)]


def stale_descriptions(path: Path) -> list[str]:
    """Warnings (``validate`` prints them and still exits 0): a file of an ``extends:`` chain
    changes a hand type's shape (any key of ``SHAPES``: ``chain.length``, ``group.size``, …)
    while its hand-written ``description`` comes from a file further up the chain, written for
    the old shape ("three or more consecutive ranks" over ``length: {min: 5}``). The shape's
    own definition line is generated, so only the prose can go stale; only the author can say
    whether it still holds, so it is a warning, silenced by writing the type's ``description``
    (or ``description: null``) in the file that changes the shape. Reported at the shape key."""
    chain = load_chain(path)
    merged_ids = [t.get("id") for t in _types_of(merge_chain(list(chain)))]
    warnings: list[str] = []
    described: set[str] = set()  # types whose description a file nearer the child wrote
    for level, (file, data) in enumerate(chain[:-1]):
        parents = {t.get("id"): t for t in _types_of(merge_chain(list(chain[level + 1 :])))}
        for tid, item in _own_types(data).items():
            if tid not in described and "description" not in item:
                index = merged_ids.index(tid) if tid in merged_ids else tid
                warnings += _stale_warning(str(file), index, item, parents.get(tid))
            if "description" in item:
                described.add(tid)
    return warnings


def _types_of(data: Any) -> list[dict[str, Any]]:
    """The hand types of merged data (those written as mappings)."""
    items = data.get("hand_types") if isinstance(data, dict) else None
    return [t for t in items if isinstance(t, dict)] if isinstance(items, list) else []


def _stale_warning(file: str, index: int | str, own: dict[str, Any], parent: Any) -> list[str]:
    """The warning for one type a file writes without a description: none unless it changes
    the shape of a ``parent`` type that has one."""
    changed = _shape_changes(own, parent)
    text = parent.get("description") if changed else None
    if not text:
        return []
    at = where(own.key_pos.get(changed[0]) if isinstance(own, PosDict) else None, file)
    old = str(text.get("en") or text.get("zh") or "") if isinstance(text, dict) else str(text)
    old = old if len(old) <= 60 else old[:59] + "…"
    tid = own["id"]
    return [
        f"{at}: warning: hand_types[{index}].{changed[0]}: changes the shape of {tid!r} but keeps the "
        f"description written for the old one ({old!r}): give {tid!r} its own description (or description: null)"
    ]
