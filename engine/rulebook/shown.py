"""What the engine computes for a book, before any wording.

Every example of the variant is run (a failing one raises ``RulebookError``, so a wrong book
cannot be written); each hand type gets the few examples most about it, and a type without one
gets a generated example, checked the same way; the parent variant and the dealt-hand odds are
looked up. The result, ``Facts``, is shared by both languages and both formats and cached per
version of the variant file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from paixing.hands.cache import ruleset
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset, TypeInfo
from paixing.hands.examples import (
    ExampleResult,
    hand_ruleset,
    plays_against,
    run_example,
    run_examples,
)
from paixing.hands.generate import generate
from paixing.hands.play import Play
from paixing.hands.shapes import SHAPES
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards, parse_cards
from paixing.rules.loader import (
    PosList,
    VariantError,
    builtin_dir,
    is_builtin_file,
    load_data,
    load_variant,
    name_both_files,
    resolve_path,
    source_files,
    source_path,
)
from paixing.rules.models import Example, Variant
from paixing.rules.source_cache import cached_by_source

from .odds import Odds, event_odds

PER_TYPE_EXAMPLES = 3
"""At most this many examples are repeated under each hand type."""
FOCUSED = 4
"""An example about more hand types than this is shown only under the types it is about."""


class RulebookError(ValueError):
    """A book that must not be written: an example fails, or a generated example does."""


@dataclass(frozen=True)
class Shown:
    """An example as the book shows it: its number (None when generated) and its outcome."""

    number: int | None
    example: Example
    outcome: ExampleResult


@dataclass(frozen=True)
class Facts:
    """What the engine computes for a book, shared by both languages and both formats."""

    rs: Ruleset
    source: str
    outcomes: tuple[ExampleResult, ...]
    generated: dict[str, Shown]
    mentions: dict[str, tuple[int, ...]]
    odds: tuple[Odds, ...]
    cards_each: int
    parent: Variant | None


def _source_name(ref: str) -> str:
    path = source_files(ref)[0]
    try:
        if is_builtin_file(path) or path.resolve().parent == builtin_dir().resolve():
            return f"variants/{path.name}"
    except OSError:
        pass
    return path.name


def example_positions(ref: str) -> list[str]:
    """``file:line:col`` of each example in the merged file, where the loader recorded one
    (an inherited example is at its parent's line)."""
    try:
        path = Path(ref) if Path(ref).is_file() else resolve_path(ref)
        examples = load_data(path).get("examples")
    except (VariantError, OSError):
        return []
    if not isinstance(examples, PosList):
        return []
    return [f"{p[0]}:{p[1]}:{p[2]}" if p else str(path) for p in examples.item_pos]


def example_problems(ref: str, failed: list[ExampleResult]) -> list[str]:
    """One line per failing example, at its ``file:line:col``; an example inherited from a
    parent also names the child (``validate`` and the rulebook word a failure the same way,
    so the file being fixed is always named)."""
    positions = example_positions(ref)
    lines = [f"{positions[o.index] if o.index < len(positions) else ref}: {o.describe()}" for o in failed]
    return name_both_files(lines, str(source_path(ref)))


def failing_examples(ref: str, variant: Variant) -> list[str]:
    """``variant``'s failing examples, worded as ``example_problems`` words them (one line
    each), or the problems of a ruleset that does not compile: what ``paixing validate`` and the
    web editor report. An example that raises (a card the variant does not deal) fails."""
    try:
        rs = ruleset(variant)
    except (VariantError, ValueError) as exc:
        return [f"{ref}: {line}" for line in str(exc).splitlines()]
    failed: list[ExampleResult] = []
    for i, ex in enumerate(variant.examples):
        try:
            outcome = run_example(rs, i, ex)
        except ValueError as exc:
            outcome = ExampleResult(i, ex, False, "", str(exc))
        if not outcome.ok:
            failed.append(outcome)
    return example_problems(ref, failed)


@cached_by_source(maxsize=32)
def facts(ref: str) -> Facts:
    """The engine's facts for a variant reference (cached per version of its ``extends:`` chain)."""
    rs = ruleset(ref)
    v = rs.variant
    outcomes = tuple(run_examples(rs))
    bad = [o for o in outcomes if not o.ok]
    if bad:
        raise RulebookError("\n".join(example_problems(ref, bad)))
    mentions = _mentions(rs)
    generated: dict[str, Shown] = {}
    for t in rs.types:
        if not mentions.get(t.id):
            generated[t.id] = generated_example(rs, t)
    parent = None
    if v.extends:
        parent = load_variant(source_files(ref)[1])
    n = v.players
    k = 0
    odds: tuple[Odds, ...] = ()
    if v.game is not None:
        kitty = v.game.deal.kitty
        k = v.game.deal.cards_each or (len(rs.deck()) - kitty) // n
        odds = event_odds(rs, k)
    return Facts(rs, _source_name(ref), outcomes, generated, mentions, odds, k, parent)


def _readings(rs: Ruleset, notation: str) -> list[Play]:
    return classify(rs, parse_cards(notation))


def example_types(rs: Ruleset, ex: Example) -> tuple[set[str], set[str]]:
    """Hand types an example mentions, in the hand it assumes (its wild ranks, its level):
    (primary: what ``play`` is or is said to be; all)."""
    rs = hand_ruleset(rs, ex)
    primary: set[str] = set(ex.classify or [])
    everything: set[str] = set(primary)
    if ex.play is not None:
        found = {p.type.id for p in _readings(rs, ex.play)}
        primary |= found
        everything |= found
    for text in [ex.beats, ex.does_not_beat, ex.last, *(ex.order or [])]:
        if text is not None:
            everything |= {p.type.id for p in _readings(rs, text)}
    if ex.order:
        primary |= {p.type.id for p in _readings(rs, ex.order[-1])}
    if ex.hand is not None:
        everything |= {p.type.id for p in plays_against(rs, ex.hand, ex.last)}
    return primary, everything


def _mentions(rs: Ruleset) -> dict[str, tuple[int, ...]]:
    """For each hand type, the examples that mention it, most focused first (at most a few)."""
    ranked: dict[str, list[tuple[int, int, int]]] = {}
    for i, ex in enumerate(rs.variant.examples):
        primary, everything = example_types(rs, ex)
        for tid in everything:
            if tid in primary or len(everything) <= FOCUSED:
                ranked.setdefault(tid, []).append((0 if tid in primary else 1, len(everything), i))
    return {tid: tuple(sorted(i for *_, i in sorted(rows)[:PER_TYPE_EXAMPLES])) for tid, rows in ranked.items()}


def generated_example(rs: Ruleset, t: TypeInfo) -> Shown:
    """A canonical play of type ``t`` drawn from the whole deck, as a checked ``classify`` fact:
    the shortest natural play among the first ones generated, preferring a single reading."""
    hv = HandView(rs, rs.deck())
    best: tuple[tuple[int, int, int], Play] | None = None
    for i, play in enumerate(generate(rs, hv, t)):
        if i >= 400:
            break
        readings = classify(rs, play.cards)
        score = (1 if play.wild_as else 0, 0 if len(readings) == 1 else 1, len(play))
        if best is None or score < best[0]:
            best = (score, play)
    if best is None:
        raise RulebookError(f"{rs.id}: hand type {t.id!r} has no example and no play of it can be made from the deck")
    play = best[1]
    cards = list(play.cards)
    if SHAPES[t.shape].ranks_only and not t.suited:
        # suits play no part in these shapes: write the ranks only, as the examples do
        cards = [c if c.is_joker else Card(c.rank) for c in cards]
    notation = format_cards(rs.sort_cards(cards))
    ids = sorted(p.type.id for p in classify(rs, cards))
    ex = Example(play=notation, classify=ids)
    outcome = run_example(rs, -1, ex)
    if not outcome.ok or t.id not in ids:
        raise RulebookError(f"{rs.id}: the example generated for {t.id!r} fails: {outcome.describe()}")
    return Shown(None, ex, outcome)
