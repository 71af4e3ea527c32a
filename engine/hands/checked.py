"""The public questions of ``paixing`` with their inputs checked, so that a caller's mistake is
one clear error instead of an ``AttributeError`` deep inside or a silent wrong answer.

Two doors to the same answers: ``paixing.classify``, ``paixing.legal_plays`` … (these, checked)
for a library user, and ``paixing.hands.classify``, ``paixing.hands.legal_plays`` … (in their
modules, unchecked) for the engine, whose hands come from its own deals. Here a user's cards
are checked against the deck (five 3S from one pack are refused, not read as
``3S 3S 3S 3S``), a ruleset must be one, a target play must be a play of the same variant (a
rocket of another game is refused) and a ``HandView`` must be a view of this ruleset.

The checks cost a few C-level passes over tables built once per ruleset (``check_in_deck``),
not a Python loop per card: every call pays them, and the move generation they guard takes
only a few µs on a response (docs/performance.md, "The public API's checks").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from paixing.hands.classify import classify as classify_unchecked
from paixing.hands.moves import beats_cards as beats_cards_unchecked
from paixing.hands.moves import legal_plays as legal_plays_unchecked
from paixing.hands.play import Play
from paixing.hands.play import beats as beats_unchecked
from paixing.hands.play import why as why_unchecked
from paixing.hands.ruleset import Ruleset, TypeInfo
from paixing.hands.view import HandView, check_in_deck
from paixing.rules.cards import Card


def _ruleset(rs: Any) -> Ruleset:
    if not isinstance(rs, Ruleset):
        raise TypeError(f"expected a Ruleset (paixing.ruleset('<id or file>')), got {type(rs).__name__}")
    return rs


def _view(rs: Ruleset, view: HandView, what: str) -> list[Card]:
    """The cards of a view made from ``rs`` itself; ValueError for a view of another ruleset
    (its counts are indexed by that ruleset's ranks, so its answers would be another game's)."""
    other = view.ruleset
    if other is not rs:
        if other.id != rs.id:
            raise ValueError(f"{what}: a HandView of {other.id}, not of {rs.id}")
        raise ValueError(f"{what}: a HandView of another compiled ruleset of {rs.id} (another hand's level or wild ranks): "
                         f"make it with HandView(rs, cards) from the ruleset you pass")
    check_in_deck(rs, view.cards)
    return view.cards


def _cards(rs: Ruleset, cards: Any, what: str) -> list[Card] | tuple[Card, ...]:
    """``cards`` as a list or tuple of Cards the deck can supply; TypeError, ValueError or
    UnknownCard otherwise. A list or tuple is checked as it is, not copied (the unchecked
    functions copy what they keep)."""
    if type(cards) is list or type(cards) is tuple:  # the usual call: no ABC check, no copy
        out: list[Card] | tuple[Card, ...] = cards
    elif isinstance(cards, HandView):
        return list(_view(rs, cards, what))
    elif isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise TypeError(f"{what}: expected Card objects (paixing.parse_cards('3S 3H')), got {type(cards).__name__}")
    else:
        out = list(cards)
    _all_cards(out, what)
    check_in_deck(rs, out)
    return out


def _all_cards(cards: list[Card] | tuple[Card, ...], what: str) -> None:
    """TypeError unless every item is a ``Card``. A loop, not all(map(isinstance, …)): compiled
    (the installed core) it is 5× faster; ``type(card) is Card`` first, the cheaper test."""
    for card in cards:
        if type(card) is not Card and not isinstance(card, Card):
            raise TypeError(f"{what}: expected Card objects (paixing.parse_cards('3S 3H')), got {type(card).__name__}")


def _own_play(rs: Ruleset, play: Any, what: str) -> Play:
    if not isinstance(play, Play):
        raise TypeError(f"{what}: expected a Play (from classify or legal_plays), got {type(play).__name__}")
    if rs.type_by_id.get(play.type.id) is not play.type:
        raise ValueError(f"{what}: {play.notation} is a play of another variant, not of {rs.id}")
    return play


def classify(rs: Ruleset, cards: Iterable[Card], only: TypeInfo | None = None) -> list[Play]:
    """Every reading of exactly these cards: ``paixing.hands.classify`` after checking ``rs``,
    ``only`` (a type of ``rs``) and the cards (Cards the deck can supply, or a view of ``rs``)."""
    rs = _ruleset(rs)
    if only is not None and rs.type_by_id.get(getattr(only, "id", None)) is not only:  # type: ignore[arg-type]
        raise ValueError(f"only: not a hand type of {rs.id}")
    return classify_unchecked(rs, _cards(rs, cards, "cards"), only)


def legal_plays(rs: Ruleset, hand: Iterable[Card], target: Play | None = None) -> list[Play]:
    """Every distinct play the hand can make on ``target``: ``paixing.hands.legal_plays`` after
    checking ``rs``, the hand (Cards the deck can supply, or a view made from ``rs``) and the
    target (a play of ``rs``). The usual call (a list of cards, a play of ``rs``) is checked
    here in line: a response takes only a few µs to generate, and each call of a helper costs
    a tenth of a µs interpreted."""
    if not isinstance(rs, Ruleset):
        _ruleset(rs)
    cards: Iterable[Card] | HandView
    if type(hand) is list or type(hand) is tuple:
        for card in hand:  # _all_cards, in line
            if type(card) is not Card and not isinstance(card, Card):
                _all_cards(hand, "hand")
        view = check_in_deck(rs, hand)  # a hand written rank-only: its view, counted once
        cards = hand if view is None else view
    elif isinstance(hand, HandView):
        _view(rs, hand, "hand")
        cards = hand
    else:
        cards = _cards(rs, hand, "hand")
    if target is not None and (type(target) is not Play or rs.type_by_id.get(target.type.id) is not target.type):
        _own_play(rs, target, "target")
    return legal_plays_unchecked(rs, cards, target)


def beats_cards(rs: Ruleset, play: Iterable[Card], target: Iterable[Card]) -> bool:
    """Whether ``play`` beats ``target``: ``paixing.hands.beats_cards`` after checking ``rs`` and
    both sets of cards."""
    rs = _ruleset(rs)
    return beats_cards_unchecked(rs, _cards(rs, play, "play"), _cards(rs, target, "target"))


def _same_variant(play: Any, target: Any) -> None:
    for what, p in (("play", play), ("target", target)):
        if not isinstance(p, Play):
            raise TypeError(f"{what}: expected a Play (from classify or legal_plays), got {type(p).__name__}")
    if play.type.tables is not target.type.tables:  # each compiled variant has its own tables
        raise ValueError("play and target are plays of different variants")


def beats(play: Play, target: Play) -> bool:
    """Whether ``play`` may be played on ``target``: ``paixing.hands.beats`` after checking that
    both are plays of one variant."""
    _same_variant(play, target)
    return beats_unchecked(play, target)


def why(play: Play, target: Play) -> str:
    """One sentence explaining ``beats(play, target)``."""
    _same_variant(play, target)
    return why_unchecked(play, target)
