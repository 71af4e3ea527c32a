"""The priority window of ``play.out_of_turn``: which plays a seat may make out of turn.

After a play that leaves its trick open, ``Game`` asks the seats that may interrupt it one at a
time (``Game.window``); these functions answer, from a seat's hand alone, whether it can. They
run after every play of a variant with the piece, so the first question is the cheap one: a
hand holding no play of the listed types at all (most hands: no bomb) is never asked whether
one beats, and ``Game`` keeps that answer while the hand stays the same.
"""

from __future__ import annotations

from collections.abc import Collection

from paixing.hands.compile import Ruleset
from paixing.hands.generate import generate
from paixing.hands.moves import legal_plays
from paixing.hands.play import Play
from paixing.hands.view import HandView


def holds_any(rs: Ruleset, view: HandView, types: Collection[str]) -> bool:
    """Whether the hand holds a play of one of ``types`` at all, whatever it must beat. A hand
    that holds none never will while it only loses cards (a play of a smaller hand is one of
    the larger hand)."""
    by_id = rs.type_by_id
    return any(generate(rs, view, by_id[t]) for t in types if t in by_id)


def fewer(view: HandView, before: HandView) -> bool:
    """Whether ``view`` is ``before``'s hand less some cards, under the same rules: a hand that
    held no play of some types holds none then either."""
    return (
        view.ruleset is before.ruleset
        and len(view.cards) < len(before.cards)
        and not view.card_counts - before.card_counts
    )


def out_of_turn_plays(rs: Ruleset, view: HandView, target: Play, types: Collection[str]) -> list[Play]:
    """The plays of ``types`` the hand can make on ``target``: ``legal_plays``' own, in its
    order, so that a window offers the very plays a turn would."""
    return [p for p in legal_plays(rs, view, target) if p.type.id in types]


def refusal(rs: Ruleset, text: str, target: Play, types: Collection[str]) -> str:
    """Why ``text`` (an action's) is refused out of turn: what may be played, and the pass."""
    names = " or ".join(t.name.en for t in rs.types if t.id in types)
    return f"{text} is not allowed out of turn: play a {names} that beats {target.notation}, or pass"
