"""Properties of the engine on small random hands, for every built-in variant.

The oracle is brute force: every distinct sub-multiset of the hand (enumerated by per-card
counts; cards are hashable ``Card(rank, suit)``) is read with ``classify``, and the readings
are compared with what ``legal_plays`` generates. Hands are drawn from the variant's own deck,
biased towards a few adjacent ranks (and, where the variant has one, towards the ranks of a
set such as 5-10-K) so that pairs, triples, chains, bombs and jokers occur often.

They are compared by ``Play.identity``: where suits can matter later in the variant (锄大地,
掼蛋, 板子炮 …: ``TypeInfo.every_set``) an identity holds the play's cards, so the legal plays
must be every distinct set of cards of every reading; elsewhere one play per reading, whichever
cards of a rank it picks. Where suits matter only through some types (掼蛋's straight flush,
打滚's 5-10-K), cards whose suit no reading of those types in the hand can read stand in for
each other (``suited.apart``): the oracle finds those cards by brute force too (``oracle_apart``)
and compares the sets with such cards named by their rank alone (``class_identity``).

Default run: ``max_examples`` from the Hypothesis profile (50), hands of up to 8 cards.
``@pytest.mark.slow`` tests repeat each property with more examples and hands of up to 12.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from functools import lru_cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from paixing import Card, Play, Ruleset, beats, parse_cards
from paixing import ruleset as load_ruleset
from paixing.conformance.suite import apart_by_brute_force, class_identity
from paixing.hands.classify import classify  # unchecked: some cases hold more copies than a deck
from paixing.hands.generate import generate
from paixing.hands.moves import answering, legal_plays
from paixing.hands.play import also_beats
from paixing.hands.view import HandView
from paixing.rules.cards import JOKERS

from tests.helpers import DATA

Cards = tuple[Card, ...]

SMALL = 8
"""Largest hand in the default run."""
LARGE = 12
"""Largest hand in the slow run (hands drawn from the whole deck stay at ``LARGE_ANY``)."""
LARGE_ANY = 9
SLOW_EXAMPLES = {"ci": 100, "slow": 2000}.get(os.environ.get("HYPOTHESIS_PROFILE", "default"), 300)
"""Examples per slow property: small under the ``ci`` profile, large under ``slow``."""

slow_settings = settings(max_examples=SLOW_EXAMPLES)


# ------------------------------------------------------------------------------ brute force
def canon(cards: Iterable[Card]) -> Cards:
    """A multiset of cards as a canonical tuple (sorted by notation)."""
    return tuple(sorted(cards, key=lambda c: (c.rank, c.suit or "")))


def sub_multisets(hand: Iterable[Card]) -> Iterator[Cards]:
    """Every distinct non-empty sub-multiset of ``hand``, each exactly once, canonical."""
    items = sorted(Counter(hand).items(), key=lambda kv: (kv[0].rank, kv[0].suit or ""))
    for pick in itertools.product(*(range(n + 1) for _, n in items)):
        sub = tuple(card for (card, _), k in zip(items, pick, strict=True) for _ in range(k))
        if sub:
            yield sub


@lru_cache(maxsize=500_000)
def readings(rs: Ruleset, cards: Cards) -> tuple[Play, ...]:
    """``classify`` of a canonical multiset, cached across examples."""
    return tuple(classify(rs, cards))


def brute_force(
    rs: Ruleset, hand: Iterable[Card], target: Play | None = None
) -> set[tuple[object, ...]]:
    """Class identities (``class_identity``) of every playable reading of every sub-multiset
    (that beats ``target``), each read as played on ``target`` (``moves.answering``: a lone
    Phoenix at the target's rank, none on a Dog or Dragon), as ``paixing check``'s brute force."""
    out: list[Play] = []
    hand = tuple(hand)
    for sub in sub_multisets(hand):
        for r in answering(rs, list(readings(rs, sub)), target):
            if r.type.last_only and len(sub) != len(hand):
                continue  # legal only as the player's last cards
            if r.type.playable and (target is None or beats(r, target)):
                out.append(r)
    return set(class_identities(rs, hand, out))


def identities(plays: Iterable[Play]) -> set[tuple[object, ...]]:
    return {p.identity for p in plays}


def oracle_apart(rs: Ruleset, hand: Cards) -> set[Card] | None:
    """The cards of ``hand`` a play must tell apart from the others of their rank, by brute
    force over every reading of every sub-multiset (``paixing check``'s own brute force:
    ``conformance.suite.apart_by_brute_force``; the generator finds them its own way)."""
    return apart_by_brute_force(rs, hand, all_readings(rs, hand))


def class_identities(rs: Ruleset, hand: Cards, plays: Iterable[Play]) -> list[tuple[object, ...]]:
    apart = oracle_apart(rs, hand)
    return [class_identity(rs, p, apart) for p in plays]


def describe(rs: Ruleset, ids: Iterable[tuple[object, ...]], pool: Iterable[Play], hand: Cards | None = None) -> list[str]:
    """Readable names for identities (class identities in ``hand``, if given), for assertion
    messages."""
    pool = list(pool)
    by_id = dict(zip(class_identities(rs, hand, pool), pool, strict=True)) if hand is not None else {p.identity: p for p in pool}
    return sorted(repr(by_id[i]) if i in by_id else str(i) for i in ids)


def all_readings(rs: Ruleset, hand: Iterable[Card]) -> list[Play]:
    return [r for sub in sub_multisets(hand) for r in readings(rs, sub)]


def is_sub_multiset(part: Iterable[Card], whole: Iterable[Card]) -> bool:
    return not (Counter(part) - Counter(whole))


def signature(p: Play) -> tuple[object, ...]:
    """What a reading says in cards: type, the natural ranks used, and what each wild stands
    for (rank, and suit in a one-suit set). Different signatures are different plays."""
    rs = p.type.tables
    naturals = sorted(c.rank for c in p.cards if not rs.is_wild(c))
    stands = sorted((c.rank, c.suit or "") for c in p.stands_for)
    suit = p.suit if p.type.suited else -1
    return (p.type_id, tuple(naturals), tuple(stands), suit)


# ------------------------------------------------------------------------------ strategies
@st.composite
def hands(draw: st.DrawFn, variant_id: str, max_size: int = SMALL, max_any: int = SMALL) -> Cards:
    """A hand from the variant's deck: jokers drawn on their own (0-4), the rest from a window
    of 1-4 adjacent ranks, from the ranks of a set type (5-10-K), or from the whole deck.
    (Strategies take the variant id, not the Ruleset, to keep Hypothesis's reprs short.)"""
    rs = load_ruleset(variant_id)
    deck = rs.deck()
    joker_ix = [i for i, c in enumerate(deck) if c.is_special]
    natural_ranks = [r for r in rs.ranks if r not in JOKERS]
    set_ranks = {rs.ranks[r] for t in rs.types if t.shape == "set" for r in t.params.ranks}
    suited = any(t.suited for t in rs.types)
    modes = ["window", "window", "window", "deck"] + (["set"] if set_ranks else []) + (["suit", "suit"] if suited else [])
    mode = draw(st.sampled_from(modes))
    limit = max_size
    suits: set[str | None] = {c.suit for c in deck}
    if mode == "suit":
        # mostly one suit (flushes, straight flushes), from a window wide enough for a chain
        suits = {draw(st.sampled_from(sorted(rs.tables.suit_names)))}
        width = draw(st.integers(5, len(natural_ranks)))
        start = draw(st.integers(0, len(natural_ranks) - width))
        allowed = set(natural_ranks[start : start + width])
    elif mode == "window":
        width = draw(st.integers(1, 4))
        start = draw(st.integers(0, len(natural_ranks) - width))
        allowed = set(natural_ranks[start : start + width])
    elif mode == "set":
        allowed = set(set_ranks)
    else:
        allowed = set(natural_ranks)
        limit = min(max_size, max_any)
    pool = [i for i, c in enumerate(deck) if not c.is_joker and c.rank in allowed and c.suit in suits]
    jokers: list[int] = []
    if joker_ix:
        jokers = draw(
            st.lists(st.sampled_from(joker_ix), unique=True, max_size=min(4, len(joker_ix), limit))
        )
    room = limit - len(jokers)
    # a dense hand (nearly full, from a narrow window) makes long bombs, chains and 摇摆 likely
    dense = mode == "window" and draw(st.booleans())
    least = min(len(pool), max(0, room - 2)) if dense else 0
    picks = st.integers(0, len(pool) - 1)
    naturals = [pool[k] for k in draw(st.lists(picks, unique=True, min_size=least, max_size=room))]
    hand = [deck[i] for i in jokers + naturals]
    return tuple(draw(st.permutations(hand)))


@st.composite
def targets(draw: st.DrawFn, variant_id: str, max_size: int = SMALL) -> Play:
    """A target play: a reading of a random sub-multiset of another random hand."""
    rs = load_ruleset(variant_id)
    other = draw(hands(variant_id, max_size))
    candidates = [r for r in all_readings(rs, other) if r.type.playable]
    assume(candidates)
    # pick a length first, so long plays (bombs, chains) are as likely as singles
    length = draw(st.sampled_from(sorted({len(r) for r in candidates}, reverse=True)))
    candidates = [r for r in candidates if len(r) == length]
    return candidates[draw(st.integers(0, len(candidates) - 1))]


# ------------------------------------------------------------------------------ properties
def check_free_lead(rs: Ruleset, hand: Cards) -> None:
    """(a) legal_plays on a free lead = every playable reading of every sub-multiset."""
    plays = legal_plays(rs, hand)
    got = set(class_identities(rs, hand, plays))
    assert len(got) == len(plays), f"duplicate identities in legal_plays: {plays}"
    want = brute_force(rs, hand)
    pool = plays + all_readings(rs, hand)
    assert got == want, (
        f"hand {hand}: missing {describe(rs, want - got, pool, hand)}, extra {describe(rs, got - want, pool, hand)}"
    )


def check_with_target(rs: Ruleset, hand: Cards, target: Play) -> None:
    """(b) legal_plays against a target = readings of sub-multisets that beat it."""
    plays = legal_plays(rs, hand, target)
    got = set(class_identities(rs, hand, plays))
    assert len(got) == len(plays), f"duplicate identities in legal_plays: {plays}"
    for p in plays:
        assert beats(p, target), f"{p!r} is offered against {target!r} but does not beat it"
    want = brute_force(rs, hand, target)
    pool = plays + all_readings(rs, hand)
    assert got == want, (
        f"hand {hand} on {target!r}: missing {describe(rs, want - got, pool, hand)}, "
        f"extra {describe(rs, got - want, pool, hand)}"
    )


def check_generated_plays_classify(rs: Ruleset, hand: Cards) -> None:
    """(c) every generated play's cards come from the hand and read back as that play."""
    for p in legal_plays(rs, hand):
        assert is_sub_multiset(p.cards, hand), f"{p!r} uses cards not in {hand}"
        assert len(p) == len(p.cards)
        back = [r for r in classify(rs, p.cards) if r.identity == p.identity]
        assert back, f"{p!r} does not classify as itself: {classify(rs, p.cards)}"
        (r,) = back
        assert r.type_id == p.type_id
        assert Counter(parse_cards(r.reads_as)) == Counter(parse_cards(p.reads_as))
        assert (r.rung, r.cls, r.same, r.key) == (p.rung, p.cls, p.same, p.key)


def check_beats_order(rs: Ruleset, hand_a: Cards, hand_b: Cards) -> None:
    """(d) beats is irreflexive, asymmetric and transitive; higher rung always beats; on one rung
    different classes never compare; within one class it is a strict weak order. A type's
    ``compare.also_beats`` (a chop) is the exception to "classes never compare", and its edges do
    not chain (three pairs beat a 2 that beats an ace, not the ace), nor do the edges a
    ``compare.step`` allows within a class (6 on 5, 5 on 4, not 6 on 4; there incomparability is
    not transitive either): transitivity is asked of the other edges, and two ``also_beats``
    edges may answer each other (asymmetry is asked where one edge is plain)."""
    pool = list({p.identity: p for p in legal_plays(rs, hand_a) + legal_plays(rs, hand_b)}.values())
    n = len(pool)
    beaten: list[set[int]] = [set() for _ in range(n)]
    plain: list[set[int]] = [set() for _ in range(n)]
    for i, p in enumerate(pool):
        assert not beats(p, p), f"{p!r} beats itself"
        for j, q in enumerate(pool):
            if beats(p, q):
                beaten[i].add(j)
                if not also_beats(p, q) and not (p.type.step and p.rung == q.rung):
                    plain[i].add(j)
            if p.rung > q.rung:
                assert j in beaten[i], f"{p!r} is on a higher rung than {q!r} but does not beat it"
            elif p.rung == q.rung and p.cls != q.cls:
                assert j not in plain[i], f"{p!r} beats {q!r} of another class on its rung"
    for i in range(n):
        for j in beaten[i]:
            # two also_beats edges may answer each other (the lone joker and the ♠3 of 大富豪)
            if j in plain[i] or i in plain[j]:
                assert i not in beaten[j], f"{pool[i]!r} and {pool[j]!r} beat each other"
        for j in plain[i]:
            missing = plain[j] - beaten[i]
            assert not missing, (
                f"not transitive: {pool[i]!r} > {pool[j]!r} > {pool[min(missing)]!r} "
                f"but not {pool[i]!r} > {pool[min(missing)]!r}"
            )
    # within one comparison group (rung, class, required features): incomparability is transitive
    groups: dict[tuple[object, ...], list[int]] = defaultdict(list)
    for i, p in enumerate(pool):
        groups[(p.rung, p.cls, p.same)].append(i)
    for members in groups.values():
        if any(pool[m].type.step for m in members):
            continue  # exactly one rank higher: 6 !> 8 !> 5 but 6 > 5
        for i, j, k in itertools.permutations(members[:25], 3):
            if j not in beaten[i] and k not in beaten[j]:
                assert k not in beaten[i], (
                    f"not a weak order: {pool[i]!r} !> {pool[j]!r} !> {pool[k]!r} but {pool[i]!r} > {pool[k]!r}"
                )


def check_identities(rs: Ruleset, hand: Cards) -> None:
    """(e) identity is exactly "the same reading": readings of the same cards that say different
    things have different identities, and plays of one identity say the same thing and compare
    the same way. Uses the raw generator (no de-duplication) and ``classify`` on every subset."""
    hv = HandView(rs, hand)
    raw = [p for t in rs.types if t.playable for p in generate(rs, hv, t, every_set=True)]
    raw += all_readings(rs, hand)
    by_identity: dict[tuple[object, ...], Play] = {}
    by_cards: dict[Cards, list[Play]] = defaultdict(list)
    for p in raw:
        first = by_identity.setdefault(p.identity, p)
        if first is not p:
            assert signature(first) == signature(p), f"{first!r} and {p!r} share an identity"
            assert len(first) == len(p)
            assert (first.rung, first.cls, first.same, first.key) == (
                p.rung,
                p.cls,
                p.same,
                p.key,
            ), f"{first!r} and {p!r} share an identity but compare differently"
        by_cards[canon(p.cards)].append(p)
    for same_cards in by_cards.values():
        for p, q in itertools.combinations(same_cards, 2):
            if signature(p) != signature(q):
                assert p.identity != q.identity, (
                    f"{p!r} and {q!r} read differently but are one identity"
                )
    for sub in sub_multisets(hand):
        rs_ = readings(rs, sub)
        assert len({r.identity for r in rs_}) == len(rs_), f"classify repeats a reading of {sub}"


# ------------------------------------------------------------------------------ default run
@given(data=st.data())
def test_free_lead_equals_brute_force(ruleset: Ruleset, data: st.DataObject) -> None:
    check_free_lead(ruleset, data.draw(hands(ruleset.id), label="hand"))


@given(data=st.data())
def test_legal_plays_on_target_equal_brute_force(ruleset: Ruleset, data: st.DataObject) -> None:
    hand = data.draw(hands(ruleset.id), label="hand")
    target = data.draw(targets(ruleset.id), label="target")
    check_with_target(ruleset, hand, target)


@given(data=st.data())
def test_generated_plays_classify(ruleset: Ruleset, data: st.DataObject) -> None:
    check_generated_plays_classify(ruleset, data.draw(hands(ruleset.id), label="hand"))


@given(data=st.data())
def test_beats_is_a_strict_order(ruleset: Ruleset, data: st.DataObject) -> None:
    a = data.draw(hands(ruleset.id), label="hand_a")
    b = data.draw(hands(ruleset.id), label="hand_b")
    check_beats_order(ruleset, a, b)


@given(data=st.data())
def test_identity_is_the_reading(ruleset: Ruleset, data: st.DataObject) -> None:
    check_identities(ruleset, data.draw(hands(ruleset.id), label="hand"))


@given(data=st.data())
def test_legal_plays_ignore_hand_order(ruleset: Ruleset, data: st.DataObject) -> None:
    hand = data.draw(hands(ruleset.id), label="hand")
    shuffled = data.draw(st.permutations(hand), label="shuffled")
    first = legal_plays(ruleset, hand)
    assert [p.identity for p in legal_plays(ruleset, hand)] == [p.identity for p in first]
    assert identities(legal_plays(ruleset, shuffled)) == identities(first)


# ------------------------------------------------------------------------------ test variants
TEST_VARIANTS = [os.path.join(DATA, f) for f in ("suits-five.yaml", "kickers-last.yaml")]
"""Variants written for the tests (not built in): suits in comparison, flush, straight flush,
A at both ends of the sequence, kickers per group and fewer, last-play-only types, never_as."""


@pytest.mark.parametrize("path", TEST_VARIANTS, ids=os.path.basename)
@given(data=st.data())
def test_test_variants_brute_force(path: str, data: st.DataObject) -> None:
    """Properties (a)-(e) on the test variants."""
    rs = load_ruleset(path)
    hand = data.draw(hands(path), label="hand")
    check_free_lead(rs, hand)
    check_with_target(rs, hand, data.draw(targets(path), label="target"))
    check_generated_plays_classify(rs, hand)
    check_identities(rs, hand)
    check_beats_order(rs, hand, data.draw(hands(path), label="hand_b"))


# ------------------------------------------------------------------------------ fixed cases
MULTI_READINGS = [
    ("chibi-dagun", "34 BJ BJ RJ RJ", {"pair_chain", "plane"}),
    ("chibi-dagun", "5 BJ BJ BJ", {"pair_chain", "bomb"}),
    ("doudizhu", "333444555666", {"plane", "plane_singles"}),
    ("doudizhu-rlcard", "333444555666", {"plane"}),
]


@pytest.mark.parametrize(("variant_id", "text", "types"), MULTI_READINGS)
def test_multiple_readings_are_distinct_plays(variant_id: str, text: str, types: set[str]) -> None:
    """(e) on known cases: one multiset, several readings, each its own legal play."""
    rs = load_ruleset(variant_id)
    cards = parse_cards(text)
    found = classify(rs, cards)
    assert {p.type_id for p in found} == types
    assert len(identities(found)) == len(found) >= 2 or variant_id == "doudizhu-rlcard"
    lead = identities(p for p in legal_plays(rs, cards) if Counter(p.cards) == Counter(cards))
    assert lead == identities(found)


FIXED_HANDS = [
    ("banzipao", "333444555"),
    ("banzipao", "33445566 2"),
    ("banzipao", "3S 4S 5S 6S 7S 8S 9S TS"),
    ("chibi-dagun", "44445555"),
    ("chibi-dagun", "444455555"),
    ("chibi-dagun", "3333333 BJ"),
    ("chibi-dagun", "5S 10S KS 5H 10D BJ"),
    ("chibi-dagun", "3 4 BJ BJ RJ RJ"),
    ("chibi-dagun", "KKAA22 BJ RJ"),
    ("doudizhu", "333444555 BJ RJ"),
    ("doudizhu", "3333 44 BJ RJ"),
    ("doudizhu-rlcard", "333444555 BJ RJ"),
    ("doudizhu-rlcard", "333444 5555 6"),
    (TEST_VARIANTS[0], "AS 2S 3S 4S 5S 6S 2D"),
    (TEST_VARIANTS[0], "10S JS QS KS AS 10D JD"),
    (TEST_VARIANTS[0], "3D 3C 3S 4H 4S 4D"),
    (TEST_VARIANTS[1], "333444 5 6 7 FL"),
    (TEST_VARIANTS[1], "3333 4 5 6 BJ"),
]


@pytest.mark.parametrize(("variant_id", "text"), FIXED_HANDS)
def test_fixed_hands(variant_id: str, text: str) -> None:
    """Properties (a), (c), (e) on hands with long bombs, 摇摆, planes and kickers, which the
    default-size random run reaches only rarely."""
    rs = load_ruleset(variant_id)
    hand = tuple(parse_cards(text))
    check_free_lead(rs, hand)
    check_generated_plays_classify(rs, hand)
    check_identities(rs, hand)
    check_beats_order(rs, hand, hand)


def test_brute_force_enumerates_each_sub_multiset_once() -> None:
    hand = parse_cards("3S 3S 3H BJ")
    subs = list(sub_multisets(hand))
    assert len(subs) == 3 * 2 * 2 - 1
    assert len(set(subs)) == len(subs)


# ------------------------------------------------------------------------------ slow run
@pytest.mark.slow
@slow_settings
@given(data=st.data())
def test_free_lead_equals_brute_force_large(ruleset: Ruleset, data: st.DataObject) -> None:
    check_free_lead(ruleset, data.draw(hands(ruleset.id, LARGE, LARGE_ANY), label="hand"))


@pytest.mark.slow
@slow_settings
@given(data=st.data())
def test_legal_plays_on_target_equal_brute_force_large(
    ruleset: Ruleset, data: st.DataObject
) -> None:
    hand = data.draw(hands(ruleset.id, LARGE, LARGE_ANY), label="hand")
    target = data.draw(targets(ruleset.id, LARGE), label="target")
    check_with_target(ruleset, hand, target)


@pytest.mark.slow
@slow_settings
@given(data=st.data())
def test_generated_plays_classify_large(ruleset: Ruleset, data: st.DataObject) -> None:
    check_generated_plays_classify(
        ruleset, data.draw(hands(ruleset.id, LARGE, LARGE_ANY), label="hand")
    )


@pytest.mark.slow
@slow_settings
@given(data=st.data())
def test_beats_is_a_strict_order_large(ruleset: Ruleset, data: st.DataObject) -> None:
    a = data.draw(hands(ruleset.id, LARGE, LARGE_ANY), label="hand_a")
    b = data.draw(hands(ruleset.id, LARGE, LARGE_ANY), label="hand_b")
    check_beats_order(ruleset, a, b)


@pytest.mark.slow
@slow_settings
@given(data=st.data())
def test_identity_is_the_reading_large(ruleset: Ruleset, data: st.DataObject) -> None:
    check_identities(ruleset, data.draw(hands(ruleset.id, LARGE, LARGE_ANY), label="hand"))
