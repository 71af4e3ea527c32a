"""The public questions of ``paixing`` with their inputs checked, so that a caller's mistake is
one clear error instead of an ``AttributeError`` deep inside or a silent wrong answer.

The engine calls the unchecked functions (``classify``, ``legal_plays`` … in their modules):
its hands come from its own deals. A library user's cards are checked here against the deck
(five 3S from one pack are refused, not read as ``3S 3S 3S 3S``), a ruleset must be one, and
a target play must be a play of the same variant (a rocket of another game is refused).
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


def _cards(rs: Ruleset, cards: Any, what: str) -> list[Card]:
    """``cards`` as a list of Cards the deck can supply; TypeError or UnknownCard otherwise."""
    if isinstance(cards, HandView):
        return list(cards.cards)
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise TypeError(f"{what}: expected Card objects (paixing.parse_cards('3S 3H')), got {type(cards).__name__}")
    out = list(cards)
    for c in out:
        if not isinstance(c, Card):
            raise TypeError(f"{what}: expected Card objects (paixing.parse_cards('3S 3H')), got {type(c).__name__}")
    check_in_deck(rs, out)
    return out


def _own_play(rs: Ruleset, play: Any, what: str) -> Play:
    if not isinstance(play, Play):
        raise TypeError(f"{what}: expected a Play (from classify or legal_plays), got {type(play).__name__}")
    if rs.type_by_id.get(play.type.id) is not play.type:
        raise ValueError(f"{what}: {play.notation} is a play of another variant, not of {rs.id}")
    return play


def classify(rs: Ruleset, cards: Iterable[Card], only: TypeInfo | None = None) -> list[Play]:
    """Every reading of exactly these cards (see ``paixing.hands.classify.classify``)."""
    rs = _ruleset(rs)
    if only is not None and rs.type_by_id.get(getattr(only, "id", None)) is not only:  # type: ignore[arg-type]
        raise ValueError(f"only: not a hand type of {rs.id}")
    return classify_unchecked(rs, _cards(rs, cards, "cards"), only)


def legal_plays(rs: Ruleset, hand: Iterable[Card], target: Play | None = None) -> list[Play]:
    """Every distinct play the hand can make on ``target`` (see ``paixing.hands.moves``)."""
    rs = _ruleset(rs)
    cards = hand if isinstance(hand, HandView) else _cards(rs, hand, "hand")
    if target is not None:
        _own_play(rs, target, "target")
    return legal_plays_unchecked(rs, cards, target)


def beats_cards(rs: Ruleset, play: Iterable[Card], target: Iterable[Card]) -> bool:
    """Whether ``play`` beats ``target`` (see ``paixing.hands.moves.beats_cards``)."""
    rs = _ruleset(rs)
    return beats_cards_unchecked(rs, _cards(rs, play, "play"), _cards(rs, target, "target"))


def _same_variant(play: Any, target: Any) -> None:
    for what, p in (("play", play), ("target", target)):
        if not isinstance(p, Play):
            raise TypeError(f"{what}: expected a Play (from classify or legal_plays), got {type(p).__name__}")
    if play.type.tables is not target.type.tables:  # each compiled variant has its own tables
        raise ValueError("play and target are plays of different variants")


def beats(play: Play, target: Play) -> bool:
    """Whether ``play`` may be played on ``target`` (see ``paixing.hands.play.beats``)."""
    _same_variant(play, target)
    return beats_unchecked(play, target)


def why(play: Play, target: Play) -> str:
    """One sentence explaining ``beats(play, target)``."""
    _same_variant(play, target)
    return why_unchecked(play, target)
