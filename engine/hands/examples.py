"""Running a variant's ``examples:``: the executable facts the tests check and the rulebook prints.

``EXAMPLE_KINDS`` is the registry of kinds of example. An entry is an ``ExampleKind``: the keys
of ``Example`` that select it and its check, a function of the ruleset and the example returning
a ``Verdict`` (passed, what was expected, what the engine found); entries are in precedence
order. A new kind is its keys on ``Example`` (rules/models.py), one entry here and its writer in
``paixing.rulebook.sections.examples.EXAMPLE_WRITERS``; ``tests/rules/test_registries.py`` checks
that the keys and the two registries agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.moves import NotAPlay, beats_cards, legal_plays
from paixing.hands.play import Play
from paixing.hands.view import UnknownCard, check_in_deck
from paixing.rules.cards import Card, CardError, format_cards, parse_cards
from paixing.rules.registry import Registry

if TYPE_CHECKING:
    from paixing.rules.models import Example


@dataclass(frozen=True)
class ExampleResult:
    """One example's result: ``ok``, and what was expected and found when it is not."""

    index: int
    example: Example
    ok: bool
    expected: str
    found: str

    def describe(self) -> str:
        if not self.expected:  # the example could not be run: bad cards or not a play
            return f"examples[{self.index}]: {self.found}"
        return f"examples[{self.index}]: expected {self.expected}, found {self.found}"


def play_label(play: Play) -> str:
    """How a play is written in examples: its cards, and ``= reading`` when wilds stand in."""
    return f"{play.notation} = {play.reads_as}" if play.wild_as else play.notation


def _cards(rs: Ruleset, text: str) -> list[Card]:
    """Parse an example's cards and check the deck can supply them."""
    cards = parse_cards(text)
    check_in_deck(rs, cards)
    return cards


def plays_against(rs: Ruleset, hand: str, last: str | None) -> list[Play]:
    """Legal plays of ``hand`` on the cards ``last``: plays that beat every reading of ``last``."""
    cards = _cards(rs, hand)
    if last is None:
        return legal_plays(rs, cards)
    targets = [p for p in classify(rs, _cards(rs, last)) if p.type.playable]
    if not targets:
        return []
    result = legal_plays(rs, cards, targets[0])
    for other in targets[1:]:
        allowed = {p.identity for p in legal_plays(rs, cards, other)}
        result = [p for p in result if p.identity in allowed]
    return result


def hand_ruleset(rs: Ruleset, ex: Example) -> Ruleset:
    """The ruleset of the hand an example assumes (its drawn wild ranks, its level; else the
    variant's): its check runs with it and the rulebook writes its sentence with it, so the
    two cannot disagree."""
    if ex.wild_ranks or ex.level is not None:
        return rs.for_hand(level=ex.level, wild_ranks=ex.wild_ranks)
    return rs


def run_example(rs: Ruleset, index: int, ex: Example) -> ExampleResult:
    """Check one example against the engine (for the hand it assumes: drawn wild ranks, a
    level); an invalid play in it is a failed outcome."""
    rs = hand_ruleset(rs, ex)
    try:
        return _run(rs, index, ex)
    except (NotAPlay, UnknownCard, CardError) as exc:
        return ExampleResult(index, ex, False, "", str(exc))


Verdict = tuple[bool, str, str]
"""(holds, what was expected, what was found)."""


def _order(rs: Ruleset, ex: Example) -> Verdict:
    """``order:``: each play beats every earlier one and none beats a later one."""
    assert ex.order is not None
    for i, low in enumerate(ex.order):
        for high in ex.order[i + 1 :]:
            if not beats_cards(rs, _cards(rs, high), _cards(rs, low)):
                return False, f"{high} beats {low}", "it does not"
            if beats_cards(rs, _cards(rs, low), _cards(rs, high)):
                return False, f"{low} does not beat {high}", "it does"
    return True, "ladder order", "as expected"


def _beats(rs: Ruleset, ex: Example) -> Verdict:
    """``beats:`` / ``does_not_beat:``: one comparison without a reading given."""
    assert ex.play is not None
    want = ex.beats is not None
    target = ex.beats if want else ex.does_not_beat
    assert target is not None
    got = beats_cards(rs, _cards(rs, ex.play), _cards(rs, target))
    verb = "beats" if want else "does not beat"
    return got == want, f"{ex.play} {verb} {target}", f"beats={got}"


def _readings(rs: Ruleset, ex: Example) -> Verdict:
    """``classify:`` (type ids) and/or ``reads_as:`` (what the cards stand for)."""
    assert ex.play is not None
    found = classify(rs, _cards(rs, ex.play))
    if ex.classify is not None:
        got_types = sorted(p.type.id for p in found)
        if got_types != sorted(ex.classify):
            return False, f"{ex.play} reads as {sorted(ex.classify)}", str(got_types)
    if ex.reads_as is not None:
        got_as = sorted(p.reads_as for p in found)
        want_as = sorted(format_notation(rs, x) for x in ex.reads_as)
        if got_as != want_as:
            return False, f"{ex.play} reads as {want_as}", str(got_as)
    return True, "readings", "as expected"


def _legal(rs: Ruleset, ex: Example) -> Verdict:
    """``count:`` and/or ``plays:``: the legal plays of ``hand`` on ``last``."""
    assert ex.hand is not None
    plays = plays_against(rs, ex.hand, ex.last)
    if ex.count is not None and len(plays) != ex.count:
        return False, f"{ex.count} legal plays", str(len(plays))
    if ex.plays is not None:
        labels = sorted(play_label(p) for p in plays)
        wanted = sorted(" = ".join(format_notation(rs, part) for part in x.split(" = ")) for x in ex.plays)
        if labels != wanted:
            return False, str(wanted), str(labels)
    return True, "legal plays", "as expected"


@dataclass(frozen=True)
class ExampleKind:
    """One kind of example: the ``Example`` keys that select it, and how it is checked."""

    keys: tuple[str, ...]
    check: Callable[[Ruleset, Example], Verdict]


EXAMPLE_KINDS: Registry[ExampleKind] = Registry("example kind", [
    ("order", ExampleKind(("order",), _order)),
    ("beats", ExampleKind(("beats", "does_not_beat"), _beats)),
    ("readings", ExampleKind(("classify", "reads_as"), _readings)),
    ("legal", ExampleKind(("count", "plays"), _legal)),
])
"""Example kind → its keys and check, in precedence order (an example giving keys of two
kinds is the first kind's). The rulebook writes each kind with its entry of
``paixing.rulebook.sections.examples.EXAMPLE_WRITERS`` (same names; a test checks)."""


def example_kind(ex: Example) -> str:
    """The kind of ``ex``: the first kind, in precedence order, whose keys it gives."""
    for name, kind in EXAMPLE_KINDS.items():
        if any(getattr(ex, key) is not None for key in kind.keys):
            return name
    raise AssertionError("the Example model requires one kind")


def _run(rs: Ruleset, index: int, ex: Example) -> ExampleResult:
    return ExampleResult(index, ex, *EXAMPLE_KINDS[example_kind(ex)].check(rs, ex))


def format_notation(rs: Ruleset, text: str) -> str:
    """Normalise a card string to the engine's own spelling (sorted, canonical tokens)."""
    return format_cards(rs.sort_cards(parse_cards(text)))


def run_examples(rs: Ruleset) -> list[ExampleResult]:
    return [run_example(rs, i, ex) for i, ex in enumerate(rs.variant.examples)]
