"""The text form of a reading: how a play whose cards read several ways is written and read back.

Cards can read several ways with wild cards (``55 BJ`` is a pair or a trio) and without them
(``333444555666`` is a plane of four trios, or three trios with three single wings, the wings
low or high). A record must replay the play that was made and a player must be able to type
it, so the text after ``=`` names the reading with words of three kinds:

- **cards**: what the play reads as (``55 BJ = 555``: the wild card stands for a 5), or its
  core without kickers (``333444555666 = 444555666``: the trios 4–6, the 3s as wings);
- **a hand type**: its id or its 中文 name (``333444555666 = plane``);
- both, when neither alone is enough (``= plane_singles 444555666``).

``reading_text`` writes the shortest such form that leaves one reading; ``pick`` reads one
back. Text without ``=`` stays what it was, so records written before readings were stored
still replay (a play with one reading needs none).
"""

from __future__ import annotations

from collections.abc import Sequence
from weakref import WeakKeyDictionary

from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.play import Play, stood_for
from paixing.rules.cards import Card, CardError, format_cards, parse_cards


class BadReading(ValueError):
    """A reading after ``=`` that names no hand type and is not cards."""


def core(play: Play) -> str:
    """The play's core (its groups, kickers left out) written by rank: ``444555666``."""
    ranks = play.type.tables.ranks
    return format_cards([Card(ranks[r]) for r, n in play.groups for _ in range(n)])


def _matches(play: Play, types: set[str], cards: str | None, written: str | None = None) -> bool:
    """``written``: the cards as typed, in their order: a chain's core read back as written
    (with A at both ends, A…K and 2…A hold the same ranks; sorted, they are one text)."""
    if types and play.type.id not in types and play.type.name.zh not in types:
        return False
    return cards is None or cards in (play.reads_as, core(play)) or (written is not None and written == core(play))


def pick(rs: Ruleset, readings: Sequence[Play], reading: str) -> list[Play]:
    """The readings that ``reading`` (the text after ``=``) names."""
    words = reading.split()
    known = {t.id for t in rs.types} | {t.name.zh for t in rs.types}
    types = {w for w in words if w in known}
    rest = " ".join(w for w in words if w not in known)
    cards: str | None = None
    written: str | None = None
    if rest:
        try:
            typed = parse_cards(rest)
            cards = stood_for(rs.tables, typed)
        except CardError as exc:
            raise BadReading(f"after '=', name a hand type or the cards the play reads as: {exc}") from None
        written = format_cards(typed)
    found = [p for p in readings if _matches(p, types, cards, written)]
    exact = [p for p in found if written is not None and written == core(p)]
    return exact or found


def reading_text(play: Play, readings: Sequence[Play]) -> str:
    """``cards = reading``: the shortest text that names ``play`` among ``readings`` (all
    readings of its cards); the bare notation when it has no other reading."""
    others = [p for p in readings if p.identity != play.identity]
    if not others:
        return f"{play.notation} = {play.reads_as}" if play.wild_as else play.notation
    words: list[list[str]] = []
    if play.wild_as:
        words.append([play.reads_as])
    words += [[play.type.id], [core(play)], [play.type.id, core(play)]]
    if play.wild_as:
        words += [[play.reads_as, play.type.id], [play.reads_as, play.type.id, core(play)]]
    for choice in words:
        types = {w for w in choice if w == play.type.id}
        cards = next((w for w in choice if w != play.type.id), None)
        if not any(_matches(p, types, cards) for p in others):
            return f"{play.notation} = {' '.join(choice)}"
    return f"{play.notation} = {play.type.id} {core(play)}"


def record_text(rs: Ruleset, play: Play, notation: str | None = None) -> str:
    """The text a record stores for ``play``: its notation, and its reading when its cards
    read several ways. How many readings some cards have is looked up once per distinct cards
    (by rank alone where no hand type looks at suits): most plays repeat, and a record is
    written for every play of every simulated hand. ``notation``: the play's, when the caller
    has it already."""
    counts = _COUNTS.get(rs)
    if counts is None:
        named = frozenset(c for t in rs.types if t.spec.cards for c in parse_cards(" ".join(t.spec.cards)) if c.suit is not None)
        counts = _COUNTS[rs] = _Counts(any(t.suits != "any" for t in rs.types), named)
    key = counts.key(rs, play.cards)
    count = counts.get(key)
    if count is None:
        if len(counts) >= _CACHE_SIZE:
            counts.clear()
        count = counts[key] = len(_playable(rs, play.cards))
    if count <= 1:
        notation = notation or play.notation
        return f"{notation} = {play.reads_as}" if play.wild_as else notation
    readings = _playable(rs, play.cards)
    mine = next((p for p in readings if p.identity == play.identity), play)
    return reading_text(mine, readings)


class _Counts(dict[str, int]):
    """Cards (as far as their readings go) → how many playable readings they have, per ruleset."""

    def __init__(self, suited: bool, named: frozenset[Card] = frozenset()) -> None:
        super().__init__()
        self.suited = suited
        """Some hand type looks at suits: the key says whether the cards share one."""
        self.named = named
        """Cards a hand type names with their suit (``cards: [10H, 10D]``): the key keeps them
        as they are (10D 10H reads two ways where 10C 10S reads one)."""

    def key(self, rs: Ruleset, cards: Sequence[Card]) -> str:
        """The cards by rank (wild and special cards as they are); where a hand type looks at
        suits, whether the natural cards share one suit — all that shapes test of suits."""
        named = self.named
        by_rank = format_cards(rs.sort_cards([c if c.is_special or rs.is_wild(c) or c in named else Card(c.rank) for c in cards]))
        if not self.suited:
            return by_rank
        suits = {c.suit for c in cards if not rs.is_wild(c)}
        return f"{by_rank}|{int(len(suits) == 1 and None not in suits)}"


_COUNTS: WeakKeyDictionary[Ruleset, _Counts] = WeakKeyDictionary()
_CACHE_SIZE = 1 << 16


def _playable(rs: Ruleset, cards: Sequence[Card]) -> list[Play]:
    return [p for p in classify(rs, cards) if p.type.playable]
