"""The play part of a variant's action space, numbered without a table of plays.

A play key is ``(type, core, suit, kickers, wild cards used)``. The space is one block per
**reading** ``(type, core, suit)``, in sorted order; inside a block, the kicker multiset's
number (``multisets.Multisets``) times ``wilds + 1``, plus the number of wild cards used:

    index = offset(reading) + kickers_number × (wilds + 1) + wild_cards

The readings are what each type's shape generates from the whole deck with the type's
kickers taken off (a kicker-less copy of the variant, compiled once): the cores are few (a few
hundred; 5,148 flushes in 大老二), whereas cores × kickers were hundreds of thousands of plays
(planes with every pair of wings of the deck: 548,304 in one game, 46 s to list). The shapes own
their cores' combinatorics (a chain wrapping round, a user's own shape), so the cores are
asked of them, not re-derived here; the kickers follow one rule for every shape and are
numbered by formula.

A block holds every kicker multiset of ``lo … hi`` units of the eligible ranks (not the core's
when ``other_ranks``), at most ``cap`` units of a rank (one with ``distinct_ranks``; else what
the deck holds of the rank, plus the wild cards where kickers may be wild, within the type's
``kick_cap``), and no more cards than the largest hand (the deal plus the kitty) leaves beside
the core. A reading whose core alone exceeds the largest hand has no block. Kicker rules a
cap cannot express (``may_not_contain`` beyond a cap, ``no_longer_chain``) leave numbers that
no hand can play: the size is an upper bound of the plays, as a ``Discrete`` space's must be.

Ranks are the base ruleset's: a hand played at another level (the level rank moves up the
order) or with drawn wild ranks is compiled with other rank indices, so its plays are
translated by rank name. The readings of every level a match can play at and of every rank a
step may draw are included, and ``wilds`` is the most wild cards any of those hands holds.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from paixing.env.multisets import Multisets
from paixing.game.steps.draw_wild import candidates
from paixing.hands.compile import Ruleset, TypeInfo, compile_variant
from paixing.hands.generate import generate
from paixing.hands.kickers import kick_units
from paixing.hands.play import Play
from paixing.hands.tables import HandParams, RankTables
from paixing.hands.view import HandView

PlayKey = tuple[int, tuple[tuple[int, int], ...], int, tuple[tuple[int, int], ...], int]
"""(type index, core groups, suit or -1, kicker ranks and counts, wild cards used)."""
Groups = tuple[tuple[int, int], ...]
Reading = tuple[int, Groups, int]
"""(type index, core groups sorted by rank, suit or -1)."""
MEMO = 1 << 16
"""Plays whose number ``Readings.number`` remembers (then it starts again): a bound, so that
what the space holds does not grow with the plays a long run meets."""


def play_key(play: Play) -> PlayKey:
    """The level-1 key of a play, in its own hand's rank indices: what it reads as, its
    kickers (what wild cards there stand for included), how many wild cards it uses."""
    wild_as = play.wild_as
    t = play.type
    if not wild_as and t.kickers is None:
        return (t.index, play.groups, play.suit if t.suited else -1, (), 0)
    core = Counter({r: n for r, n in play.groups})
    core.subtract(Counter(wild_as))
    kickers = Counter(dict(play.naturals))
    kickers.subtract(core)
    kick = tuple(sorted((r, n) for r, n in kickers.items() if n > 0))
    return (t.index, play.groups, play.suit if t.suited else -1, kick, len(wild_as))


def kicker_wilds(t: TypeInfo, cards: int) -> int:
    """How many wild cards may stand in ``cards`` kicker cards (``kickers.wilds``): none, every
    kicker card (any), or all but one card of each kicker unit (complete: beside a natural)."""
    k = t.kickers
    if k is None or k.wilds == "no":
        return 0
    return cards if k.wilds == "any" else cards // k.size * (k.size - 1)


@dataclass(slots=True)
class Block:
    """The indices of one reading: ``kicks.size × (wilds + 1)`` from ``offset``."""

    reading: Reading
    offset: int
    wilds: int
    """The most wild cards a play of the block may use."""
    kicks: Multisets | None
    """The kicker multisets (None: a type without kickers, one empty multiset)."""
    ranks: tuple[int, ...]
    """The ranks a kicker may be of (a multiset's positions)."""
    unit: int
    """Cards per kicker unit."""
    where: dict[int, int]
    """Rank → its position among ``ranks``."""

    @property
    def span(self) -> int:
        return (1 if self.kicks is None else self.kicks.size) * (self.wilds + 1)


class Readings:
    """Every reading's block, and the conversions play ↔ number (see the module docstring)."""

    def __init__(self, rs: Ruleset, blocks: list[Block]) -> None:
        self.rs = rs
        self.blocks = blocks
        self.by_reading = {b.reading: b for b in blocks}
        self.offsets = [b.offset for b in blocks]
        self.size = blocks[-1].offset + blocks[-1].span if blocks else 0
        self._maps: dict[int, tuple[RankTables, tuple[int, ...] | None]] = {}
        self._memo: dict[tuple[object, ...], int] = {}
        self._blocks: dict[tuple[object, ...], tuple[Block | None, tuple[int, ...] | None]] = {}
        """(type id, core, suit) → its block and rank map: as many entries as readings × levels."""
        self._types: dict[int, TypeInfo] = {}

    def _rank_map(self, tables: RankTables) -> tuple[int, ...] | None:
        """Rank index in ``tables`` → the base ruleset's (None: the same indices)."""
        known = self._maps.get(id(tables))
        if known is None or known[0] is not tables:
            base = self.rs.rank_index
            mapping = tuple(base[name] for name in tables.ranks)
            same = mapping == tuple(range(len(mapping)))
            known = self._maps[id(tables)] = (tables, None if same else mapping)
        return known[1]

    def canonical(self, play: Play) -> PlayKey:
        """The key of ``play`` in the base ruleset's ranks, core and kickers sorted by rank."""
        t, groups, suit, kick, wilds = play_key(play)
        mapping = self._rank_map(play.type.tables)
        if mapping is not None:
            groups = tuple(sorted((mapping[r], n) for r, n in groups))
            kick = tuple(sorted((mapping[r], n) for r, n in kick))
        elif len(groups) > 1:
            groups = tuple(sorted(groups))
        return (t, groups, suit, kick, wilds)

    def index(self, play: Play) -> int:
        """The number of ``play`` inside the play part (-1 when no block holds it)."""
        t = play.type
        return self.number(t, play.groups, play.naturals, play.wild_as, play.suit if t.suited else -1)

    def number(self, t: TypeInfo, groups: Groups, naturals: Groups, wild_as: tuple[int, ...], suit: int) -> int:
        """The number of the play of these fields (a ``Play``'s, or a raw play's of
        ``paixing.hands.lazy``: a mask reads them without making the plays): -1 when no block
        holds it. Kept in a bounded memo (a random hand asks about the same plays again)."""
        memo_key = (id(t), groups, naturals, wild_as, suit)
        found = self._memo.get(memo_key)
        if found is None:
            if len(self._memo) >= MEMO:
                self._memo.clear()
            self._types.setdefault(id(t), t)  # kept alive: its id stays its own
            found = self._memo[memo_key] = self._number(t, groups, naturals, wild_as, suit)
        return found

    def _reading(self, t: TypeInfo, groups: Groups, suit: int) -> tuple[Block | None, tuple[int, ...] | None]:
        """The block of a play's reading (None: none), and its hand's rank map; kept per
        (type, core, suit), since the plays of one reading differ in kickers and wild cards."""
        key = (id(t), groups, suit)
        found = self._blocks.get(key)
        if found is None:
            mapping = self._rank_map(t.tables)
            if mapping is not None:
                groups = tuple(sorted((mapping[r], n) for r, n in groups))
            elif len(groups) > 1:
                groups = tuple(sorted(groups))
            found = self._blocks[key] = (self.by_reading.get((t.index, groups, suit)), mapping)
        return found

    def _number(self, t: TypeInfo, groups: Groups, naturals: Groups, wild_as: tuple[int, ...], suit: int) -> int:
        block, mapping = self._reading(t, groups, suit)
        wilds = len(wild_as)
        if block is None or wilds > block.wilds:
            return -1
        if not wild_as and t.kickers is None:
            return block.offset
        left = dict(naturals)  # kickers: what is read beyond the core
        for r in wild_as:
            left[r] = left.get(r, 0) + 1
        for r, n in groups:
            left[r] = left.get(r, 0) - n
        kick = [(r, n) for r, n in left.items() if n > 0]
        if block.kicks is None:
            return -1 if kick else block.offset + wilds
        if mapping is not None:
            kick = [(mapping[r], n) for r, n in kick]
        kick.sort()
        number = self._kick_number(block, kick)
        return -1 if number < 0 else block.offset + number * (block.wilds + 1) + wilds

    def _kick_number(self, block: Block, kick: Sequence[tuple[int, int]]) -> int:
        """The number of the kicker multiset ``kick`` (base ranks, ascending) in ``block``."""
        assert block.kicks is not None
        where, unit = block.where, block.unit
        units = []
        total = 0
        for r, n in kick:
            pos = where.get(r)
            if pos is None or n % unit:
                return -1
            units.append((pos, n // unit))
            total += n // unit
        try:
            return block.kicks.rank(units, total)
        except ValueError:
            return -1

    def key(self, number: int) -> PlayKey:
        """The play key numbered ``number`` (0 ≤ number < size)."""
        at = bisect.bisect_right(self.offsets, number) - 1
        block = self.blocks[at]
        kick_number, wilds = divmod(number - block.offset, block.wilds + 1)
        t, groups, suit = block.reading
        kick: tuple[tuple[int, int], ...] = ()
        if block.kicks is not None:
            kick = tuple((block.ranks[pos], x * block.unit) for pos, x in block.kicks.unrank(kick_number))
        return (t, groups, suit, kick, wilds)


# ---------------------------------------------------------------------------- building
def _hand_params(rs: Ruleset) -> list[HandParams]:
    """Every per-hand parameter set the variant's hands can be played with: the base, each
    level of its match, each rank a step may draw as wild (alone)."""
    game = rs.variant.game
    out = [rs.hand]
    if game is not None and game.session is not None and game.session.levels is not None:
        default = rs.variant.ranks.level
        out += [HandParams(None if rank == default else rank, ()) for rank in game.session.levels.ranks]
    for step in game.steps if game is not None else ():
        if step.draw_wild is not None:
            out += [HandParams(None, (rank,)) for rank in candidates(rs, step.draw_wild)]
    return list(dict.fromkeys(out))


def _drawn_wild_cards(rs: Ruleset) -> int:
    """The most wild cards the drawn ranks of a hand hold (0 where no rank is drawn)."""
    game = rs.variant.game
    ranks = sum(s.draw_wild.ranks for s in game.steps if s.draw_wild is not None) if game is not None else 0
    return ranks * max(Counter(c.rank for c in rs.deck()).values(), default=0)


def largest_hand(rs: Ruleset) -> int:
    """The most cards a seat can hold in trick play: its deal plus the kitty."""
    game = rs.variant.game
    deck = len(rs.deck())
    if game is None:
        return deck
    kitty = game.deal.kitty
    n = rs.variant.players
    each = game.deal.cards_each or (-(-(deck - kitty) // n) if game.deal.uneven else (deck - kitty) // n)
    return min(deck, each + kitty)


def _without_kickers(rs: Ruleset) -> object:
    """The variant with every hand type's kickers taken off (its cores only)."""
    v = rs.variant
    types = [t.model_copy(update={"kickers": None}) if t.kickers is not None else t for t in v.hand_types]
    return v.model_copy(update={"hand_types": types})


def _add(into: dict[Reading, int], cores: Ruleset, view: HandView, t: TypeInfo, mapping: list[int]) -> None:
    """Add the readings of type ``t`` that ``view`` makes (in base ranks, with their cards)."""
    for p in generate(cores, view, t):
        groups = tuple(sorted((mapping[r], n) for r, n in p.groups))
        into.setdefault((t.index, groups, p.suit if t.suited else -1), sum(n for _, n in groups))


def _needs_wilds(cores: Ruleset, t: TypeInfo, view: HandView, mapping: list[int], known: dict[Reading, int]) -> bool:
    """Whether wild cards may give ``t`` readings the natural decks do not: it needs them, or
    more natural copies of some card (``view``: the natural deck with as many more copies of
    each card as the hand holds wild cards) give it a reading not known yet."""
    if t.wmin > 0:
        return True
    found: dict[Reading, int] = {}
    _add(found, cores, view, t, mapping)
    return not found.keys() <= known.keys()


def _collect(rs: Ruleset) -> tuple[dict[Reading, int], dict[int, int], int]:
    """Every reading (with its core's card count), each type's largest ``kick_cap``, and the
    most wild cards a hand holds, over every hand parameter set.

    A whole deck with wild cards makes a play for every place of every wild card (four wild
    jokers in every chain), which is slow; and most readings need no wild card. So the
    readings are first those of each hand's natural cards; then, per hand with wild cards,
    those of its wild cards alone, and the types whose readings more natural cards would change (bombs longer than a rank's
    copies) or that need wild cards are generated from the whole deck."""
    bare = _without_kickers(rs)
    caps: dict[int, int] = {}
    wilds = _drawn_wild_cards(rs)
    base = rs.rank_index
    hands = []
    for params in _hand_params(rs):
        hand = rs.for_hand(params.level, params.wild_ranks)
        for t in hand.types:
            caps[t.index] = max(caps.get(t.index, 0), t.kick_cap)
        cores = compile_variant(bare, params)  # type: ignore[arg-type]
        hands.append((cores, [base[name] for name in cores.tables.ranks]))
    readings: dict[Reading, int] = {}
    for cores, mapping in hands:
        natural = HandView(cores, [c for c in cores.deck() if not cores.is_wild(c)])
        for t in cores.playable_types:
            _add(readings, cores, natural, t, mapping)
    for cores, mapping in hands:
        deck = cores.deck()
        wild = [c for c in deck if cores.is_wild(c)]
        wilds = max(wilds, len(wild))
        if not wild:
            continue
        naturals = [c for c in deck if not cores.is_wild(c)]
        more = HandView(cores, naturals + [c for c in dict.fromkeys(naturals) for _ in wild])
        whole, alone = HandView(cores, deck), HandView(cores, wild)
        for t in cores.playable_types:
            if t.wmax == 0:
                continue
            _add(readings, cores, alone, t, mapping)  # wild cards alone (the four jokers)
            if _needs_wilds(cores, t, more, mapping, readings):
                _add(readings, cores, whole, t, mapping)
    return readings, caps, wilds


@dataclass(frozen=True)
class Bounds:
    """What every block of a variant shares: the largest hand, each rank's copies in the deck,
    the most wild cards, each type's largest ``kick_cap``, and the kicker sets made so far."""

    most: int
    copies: Counter[int]
    wilds: int
    caps: dict[int, int]
    kick_sets: dict[tuple[tuple[int, ...], int, int], Multisets]


def _block(rs: Ruleset, reading: Reading, cards: int, offset: int, bounds: Bounds) -> Block | None:
    """The block of one reading (None: no play of it fits in a hand)."""
    if cards > bounds.most:
        return None
    t = rs.types[reading[0]]
    spec = t.kickers
    if spec is None:
        return Block(reading, offset, min(bounds.wilds, cards), None, (), 1, {})
    unit = spec.size
    units = kick_units(spec, len(reading[1]))
    lo, hi = (0, units - 1) if spec.fewer else (units, units)
    hi = min(hi, (bounds.most - cards) // unit)
    if hi < lo:
        return None
    extra = bounds.wilds if spec.wilds != "no" else 0
    core = {r for r, _ in reading[1]}
    cap = bounds.caps.get(t.index, t.kick_cap)
    eligible = [(r, min(bounds.copies[r] + extra, cap) // unit) for r in range(len(rs.ranks)) if not (spec.other_ranks and r in core)]
    if spec.distinct_ranks:
        eligible = [(r, min(c, 1)) for r, c in eligible]
    eligible = [(r, c) for r, c in eligible if c > 0]
    shape = (tuple(c for _, c in eligible), lo, hi)
    kicks = bounds.kick_sets.get(shape)
    if kicks is None:
        kicks = bounds.kick_sets[shape] = Multisets(*shape)
    if kicks.size == 0:
        return None
    room = cards + kicker_wilds(t, hi * unit)
    kept = tuple(r for r, _ in eligible)
    return Block(reading, offset, min(bounds.wilds, room), kicks, kept, unit, {r: i for i, r in enumerate(kept)})


def build_readings(rs: Ruleset) -> Readings:
    """The blocks of ``rs``'s play space (``rs``: a base ruleset)."""
    readings, caps, wilds = _collect(rs)
    copies = Counter(rs.rank_index[c.rank] for c in rs.deck() if c.rank in rs.rank_index)
    bounds = Bounds(largest_hand(rs), copies, wilds, caps, {})
    blocks: list[Block] = []
    offset = 0
    for reading in sorted(readings):
        block = _block(rs, reading, readings[reading], offset, bounds)
        if block is not None:
            blocks.append(block)
            offset += block.span
    return Readings(rs, blocks)
