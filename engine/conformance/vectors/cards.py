"""Classify, beats and legal-play cases: from the sample plays (every hand type, length, ladder
rung and wild-card limit), from every example of the variant file, and seeded random ones.

Each builder yields ``(request, rule, why)``; ``build`` adds the expected answer, drops
repeats and numbers the cases. Requests use card notation with the cards sorted the variant's
way, so the same seed always writes the same file.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.moves import legal_plays
from paixing.hands.play import Play
from paixing.rules.cards import Card, format_cards, parse_cards
from paixing.rules.models import Example

from .answers import answer
from .params import hand_keys, params_of, sample_hand
from .rules import merge, rule_of
from .samples import Sample, samples

Built = tuple[dict[str, Any], dict[str, Any], str]
"""(request without id, rule tag, why the case is there)."""
MOVES_HAND_MAX = 10
"""Sample plays longer than this get no legal-plays case (the answer would be huge)."""


def _text(rs: Ruleset, cards: list[Card] | tuple[Card, ...]) -> str:
    return format_cards(rs.sort_cards(list(cards)))


def _playable(rs: Ruleset, text: str) -> list[Play]:
    return [p for p in classify(rs, parse_cards(text)) if p.type.playable]


def _tag(rs: Ruleset, *texts: str) -> dict[str, Any]:
    return merge(*(rule_of(rs, classify(rs, parse_cards(t))) for t in texts))


def _classify_cases(rs: Ruleset, found: list[Sample]) -> Iterator[Built]:
    for s in found:
        text = s.notation(rs)
        yield {"op": "classify", "cards": text}, _tag(rs, text), f"{s.type_id}, {s.length} cards, {s.why}"


def _representatives(rs: Ruleset, found: list[Sample]) -> list[Sample]:
    """One play per (hand type, rung): the first sample that reads as that type there."""
    seen: set[tuple[str, int]] = set()
    out: list[Sample] = []
    for s in found:
        if s.why == "over-wild-limit":
            continue
        plays = [p for p in _playable(rs, s.notation(rs)) if p.type.id == s.type_id]
        if plays and (s.type_id, plays[0].rung) not in seen:
            seen.add((s.type_id, plays[0].rung))
            out.append(s)
    return out


def _beats(rs: Ruleset, a: str, b: str, why: str) -> Iterator[Built]:
    if a != b or why.startswith("equal"):
        yield {"op": "beats", "play": a, "target": b}, _tag(rs, a, b), why


def _beats_cases(rs: Ruleset, found: list[Sample]) -> Iterator[Built]:
    """Within a type: each sample against the next (lengths and keys) both ways, and against
    itself; across types and rungs: every representative against every other."""
    usable = [s for s in found if s.why != "over-wild-limit" and _playable(rs, s.notation(rs))]
    for a, b in zip(usable, usable[1:], strict=False):
        if a.type_id == b.type_id:
            x, y = a.notation(rs), b.notation(rs)
            yield from _beats(rs, x, y, f"{a.type_id}: {a.why} {a.length} against {b.why} {b.length}")
            yield from _beats(rs, y, x, f"{a.type_id}: {b.why} {b.length} against {a.why} {a.length}")
    for s in usable:
        yield from _beats(rs, s.notation(rs), s.notation(rs), f"equal {s.type_id} plays")
    reps = _representatives(rs, usable)
    for a in reps:
        for b in reps:
            if a is not b:
                yield from _beats(rs, a.notation(rs), b.notation(rs), f"rungs: {a.type_id} against {b.type_id}")


def _extra(rs: Ruleset, used: tuple[Card, ...], rng: random.Random, n: int) -> list[Card]:
    left = rs.deck()
    for c in used:
        left.remove(c)
    return rng.sample(left, min(n, len(left)))


def _moves_cases(rs: Ruleset, found: list[Sample], rng: random.Random) -> Iterator[Built]:
    """Each representative with three more cards, on a free lead and against the lowest play
    of its own type and length."""
    lowest = {(s.type_id, s.length): s for s in reversed(found) if s.why == "lowest"}
    for s in _representatives(rs, found):
        if len(s.cards) > MOVES_HAND_MAX:
            continue
        hand = _text(rs, list(s.cards) + _extra(rs, s.cards, rng, 3))
        yield {"op": "moves", "hand": hand, "last": None}, _tag(rs, s.notation(rs)), f"{s.type_id} on a free lead"
        low = lowest.get((s.type_id, s.length))
        if low is not None:
            last = low.notation(rs)
            yield {"op": "moves", "hand": hand, "last": last}, _tag(rs, last), f"{s.type_id} against the lowest"


def _example_cases(rs: Ruleset, index: int, ex: Example) -> Iterator[Built]:
    why = f"example {index}"
    if ex.play is not None and (ex.classify is not None or ex.reads_as is not None):
        yield {"op": "classify", "cards": ex.play}, _tag(rs, ex.play), why
    for target in (ex.beats, ex.does_not_beat):
        if ex.play is not None and target is not None:
            yield {"op": "beats", "play": ex.play, "target": target}, _tag(rs, ex.play, target), why
    for low, high in zip(ex.order or [], (ex.order or [])[1:], strict=False):
        yield {"op": "beats", "play": high, "target": low}, _tag(rs, high, low), why
        yield {"op": "beats", "play": low, "target": high}, _tag(rs, high, low), why
    if ex.hand is not None:
        tag = _tag(rs, ex.last) if ex.last else merge()
        yield {"op": "moves", "hand": ex.hand, "last": ex.last}, tag, why


def _random_hand(rs: Ruleset, rng: random.Random, lo: int, hi: int) -> list[Card]:
    deck = rs.deck()
    return rng.sample(deck, rng.randint(lo, min(hi, len(deck))))


def _random_play(rs: Ruleset, rng: random.Random) -> str:
    plays = legal_plays(rs, _random_hand(rs, rng, 5, 10))
    return _text(rs, rng.choice(plays).cards)


def _random_cases(rs: Ruleset, n: int, seed: int) -> Iterator[Built]:
    """``n`` random cases, classify, beats and moves in turn, from ``seed`` alone."""
    rng = random.Random(f"paixing-vectors:{rs.id}:{seed}")
    for i in range(n):
        kind = i % 3
        if kind == 0:
            text = _random_play(rs, rng) if rng.random() < 0.5 else _text(rs, _random_hand(rs, rng, 1, 8))
            yield {"op": "classify", "cards": text}, _tag(rs, text), "random"
        elif kind == 1:
            a, b = _random_play(rs, rng), _random_play(rs, rng)
            yield {"op": "beats", "play": a, "target": b}, _tag(rs, a, b), "random"
        else:
            hand = _text(rs, _random_hand(rs, rng, 4, 9))
            last = _random_play(rs, rng) if rng.random() < 0.5 else None
            yield {"op": "moves", "hand": hand, "last": last}, _tag(rs, last) if last else _tag(rs), "random"


def _builders(rs: Ruleset, random_n: int, seed: int) -> list[tuple[Ruleset, Iterator[Built]]]:
    """Each builder with the hand its cases assume: the sample hand (``params.sample_hand``)
    for samples and random cases, each example's own hand for its cases."""
    hand = sample_hand(rs)
    found = list(samples(hand))
    rng = random.Random(f"paixing-vectors:{rs.id}:moves")
    return [
        (hand, _classify_cases(hand, found)),
        (hand, _beats_cases(hand, found)),
        (hand, _moves_cases(hand, found, rng)),
        *((ex_rs, _example_cases(ex_rs, i, ex)) for i, ex, ex_rs in _examples(rs)),
        (hand, _random_cases(hand, random_n, seed)),
    ]


def _examples(rs: Ruleset) -> Iterator[tuple[int, Example, Ruleset]]:
    """Every example with the hand it assumes (its ``level`` and ``wild_ranks``)."""
    for i, ex in enumerate(rs.variant.examples):
        yield i, ex, rs.for_hand(level=ex.level, wild_ranks=ex.wild_ranks)


def card_cases(rs: Ruleset, random_n: int = 0, seed: int = 0) -> list[dict[str, Any]]:
    """Every classify, beats and moves case of the variant, with its expected answer, in a
    fixed order (samples, examples, random), repeats dropped; ids are not yet set. In a
    variant with per-hand parameters each request names its hand (``params.hand_keys``)."""
    keys = hand_keys(rs)
    out: list[dict[str, Any]] = []
    seen: dict[str, dict[str, Any]] = {}
    for hand, built in _builders(rs, random_n, seed):
        params = params_of(hand, keys)
        for request, rule, why in built:
            request = {**request, **params}
            key = repr(sorted(request.items()))
            if key in seen:
                if why not in seen[key]["why"].split("; "):
                    seen[key]["why"] += f"; {why}"  # an example met again is still named
                continue
            if _answerable(hand, request):
                seen[key] = {**request, "expect": answer(rs, request), "rule": rule, "why": why}
                out.append(seen[key])
    return out


def _answerable(rs: Ruleset, request: dict[str, Any]) -> bool:
    """Beats needs two plays and moves a play to beat (the CLI refuses anything else)."""
    if request["op"] == "beats":
        return bool(_playable(rs, request["play"])) and bool(_playable(rs, request["target"]))
    if request["op"] == "moves" and request.get("last"):
        return bool(_playable(rs, request["last"]))
    return True
