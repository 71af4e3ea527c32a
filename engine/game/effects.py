"""Trick effects: what a play does to its trick beyond having to be beaten (``play.trick_effects``).

A registry of small functions, one per kind of ``paixing.rules.hand_rules.TrickEffect``
(``tests/rules/test_registries.py`` checks the keys agree): each reads the effect's model and
the play just made and returns what happens to the trick, or None when the play does not
trigger it. ``Game`` applies the first one that triggers. The outcomes: ``close``, the trick
ends now, won by the play (a card that ends the trick); ``partner``, it ends so and the
player's partner leads (a card that passes the lead). A later kind (a trick given away) is one more function and, if it needs one,
one more outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from paixing.hands.play import Play
from paixing.rules.cards import parse_cards
from paixing.rules.hand_rules import EndsTrick, GiveTrick, LeadToPartner, TrickEffect
from paixing.rules.registry import Registry

Outcome = Literal["close", "partner", "partner_next"]
"""What a triggered effect does: ``close``, the trick ends at once, won by the play, whose
player leads next; ``partner``, the trick ends so and his partner leads next (``partner_next``:
or, the partner out, the next player still in after the partner)."""
EffectFn = Callable[[Any, Play, "Play | None"], "Outcome | None"]
EFFECTS: Registry[EffectFn] = Registry("trick effect")
"""Trick effect kind → its function (model, play, the play it beat or None on a lead) →
outcome or None."""


@EFFECTS.register("ends_trick")
def _ends_trick(body: EndsTrick, play: Play, beaten: Play | None) -> Outcome | None:
    """The play reads as holding a card of one of the ranks (its groups: a sequence through the
    rank, a wild card standing for it), or is made of the cards; on a play of ``on``'s types."""
    if body.on and (beaten is None or beaten.type.id not in body.on):
        return None
    if body.cards and _made_of(play, body.cards):
        return "close"
    ranks = play.type.tables.ranks
    held = {ranks[r] for r, _ in play.groups} | {ranks[r] for r, _ in play.naturals}
    return "close" if any(r in held for r in body.ranks) else None


def _made_of(play: Play, texts: list[str]) -> bool:
    """Whether ``play`` is exactly the cards ``texts`` name."""
    return sorted(map(str, play.cards)) == sorted(str(c) for text in texts for c in parse_cards(text))


@EFFECTS.register("lead_to_partner")
def _lead_to_partner(body: LeadToPartner, play: Play, beaten: Play | None) -> Outcome | None:
    """The play is made of the cards (``partner_next``: the next player after a partner out)."""
    if not _made_of(play, body.cards):
        return None
    return "partner_next" if body.partner_out == "next_after_partner" else "partner"


@EFFECTS.register("give_trick")
def _give_trick(body: GiveTrick, play: Play, beaten: Play | None) -> Outcome | None:
    """Nothing when played: the trick is given away when it closes (``gives_away``)."""
    return None


def gives_away(effects: list[TrickEffect], play: Play) -> bool:
    """Whether the trick won by ``play`` is given to an opponent of the winner's choice."""
    return any(e.give_trick is not None and _made_of(play, e.give_trick.cards) for e in effects)


def trick_outcome(effects: list[TrickEffect], play: Play, beaten: Play | None) -> tuple[str, Outcome] | None:
    """The first effect ``play`` (made on ``beaten``) triggers: (its kind, its outcome), or None."""
    for effect in effects:
        outcome = EFFECTS[effect.kind](effect.body, play, beaten)
        if outcome is not None:
            return effect.kind, outcome
    return None
